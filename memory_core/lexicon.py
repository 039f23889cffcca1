"""Spot the known entity names a message mentions, in any inflection (pure, no I/O).

A :class:`Lexicon` holds one scope's entity names in a trie of word stems, so "Ивану
Петрову" finds ``Person:Иван Петров``; ``Note:`` names are paths, found when the message
contains the path.
"""

from __future__ import annotations

import re
import unicodedata
from collections.abc import Callable, Iterable, Sequence
from collections.abc import Set as AbstractSet
from dataclasses import dataclass
from functools import lru_cache

from memory_core.english_ear import english_skeletons
from memory_core.language import STOP_WORDS, WORD_RE, is_cyrillic, normalize, stem, tokens
from memory_core.morphology import analyzer
from memory_core.name_aliases import diminutive_bases, sound_skeletons
from memory_core.name_keys import index_keys, query_keys

__all__ = ["MAX_ENTITIES", "MAX_MESSAGE_CHARS", "Lexicon", "heard_keys"]

MAX_MESSAGE_CHARS = 8192
"""Only this many leading characters of a message are read (Telegram's limit is 4096)."""

MAX_ENTITIES = 16
"""The most entity names one message can mention."""
# Runs that look like a file path: contain "/" or end in ".md".
_PATH_RE = re.compile(r"[^\s\"'`<>()\[\]{}|,;]+")
_NOTE_PREFIX = "notes/"
# kinds of entity one word of whose name names them: a person's first name or surname
_PARTIAL_KINDS = frozenset({"Person", "User"})
_MD_SUFFIX = ".md"


_NO_CHILDREN: dict[str, _Node] = {}


class _Node:
    """One step of the stem trie: children by next stem, names ending here.

    Most nodes are leaves with one name, so the children start as a shared empty dict made
    on the first write, and the names are a tuple (a set per node took a third of a
    50,000-name lexicon's memory).
    """

    __slots__ = ("children", "names")

    def __init__(self) -> None:
        self.children: dict[str, _Node] = _NO_CHILDREN
        self.names: tuple[str, ...] = ()

    def child(self, key: str) -> _Node:
        """Return the child for ``key``, making it if needed."""
        if self.children is _NO_CHILDREN:
            self.children = {}
        return self.children.setdefault(key, _Node())

    def add_name(self, name: str) -> None:
        """Record that ``name`` ends at this node."""
        if name not in self.names:
            self.names = (*self.names, name)

    def discard_name(self, name: str) -> None:
        """Forget that ``name`` ends here."""
        self.names = tuple(n for n in self.names if n != name)


@dataclass(frozen=True, slots=True)
class _Match:
    start: int  # first word index
    end: int  # one past the last word index
    names: tuple[str, ...]


def _display(name: str) -> tuple[str, str]:
    kind, sep, display = name.partition(":")
    return (kind, display) if sep else ("", name)


@lru_cache(maxsize=4096)
def _words_needed(name: str) -> int:
    """How many words of a message must spell ``name`` in another script for it to count:
    one for a person (a first name or a surname alone), else every word of the name.

    Kept per name: a common word's key reaches hundreds of notes at 50k entities ("cursor"
    484), and counting each one's words again took most of a search's name matching."""
    kind, display = _display(name)
    if kind in _PARTIAL_KINDS:
        return 1
    return len({normalize(w) for w in tokens(display)})


def _path_keys(path: str) -> set[str]:
    """All spellings of a note path a message may use: with/without ``notes/`` and ``.md``."""
    base = normalize(path.strip()).lstrip("./")
    forms = {base}
    if base.startswith(_NOTE_PREFIX):
        forms.add(base[len(_NOTE_PREFIX) :])
    for form in list(forms):
        if form.endswith(_MD_SUFFIX):
            forms.add(form[: -len(_MD_SUFFIX)])
    return {form for form in forms if "/" in form or form.endswith(_MD_SUFFIX)}


def _strip_md(path: str) -> str:
    return path[: -len(_MD_SUFFIX)] if path.endswith(_MD_SUFFIX) else path


def _path_stem(path: str) -> str:
    """Return a path without one leading ``notes/`` and one trailing ``.md``: a note's key."""
    return _strip_md(path[len(_NOTE_PREFIX) :] if path.startswith(_NOTE_PREFIX) else path)


_BRANDS = frozenset({"Name", "Orgn", "Trad"})
"""Grammemes of a word the dictionary knows only as a name, a company or a brand: it may
be an English name said in Cyrillic ("харбор"); a place ("Никосия") is not."""
_ENGLISH_SOUND = "≈"
"""Prefix of the keys of how a project's, tool's or company's Latin name sounds read as
English (see :func:`_sounds`)."""
_UNSOUNDED_KINDS = frozenset({"Note", "Jira", "Decision"})
"""Kinds whose names are paths, keys or slugs: not said aloud."""
_SOUND = "~"
"""Prefix of the keys of how a person's Latin name sounds (see :func:`_sounds`)."""
_MIN_SOUND = 3


def _sounds(kind: str, words: Sequence[str]) -> set[str]:
    """Keys of how a Latin name's words sound, for a Cyrillic spelling by ear: a person's
    ("Лоран" for Laurent, "Антунеш" for Antunes) and, read as English, a project's, tool's or
    company's ("лайтхаус" for Lighthouse, :mod:`memory_core.english_ear`); their consonant
    skeletons of 3+ letters. A note's path, a Jira key and a decision's slug have none."""
    if kind in _PARTIAL_KINDS:
        prefix, sounded = _SOUND, english_skeletons
    elif kind in _UNSOUNDED_KINDS:
        return set()
    else:
        prefix, sounded = _ENGLISH_SOUND, english_skeletons
    return {
        prefix + k
        for w in words
        if w.isalpha() and not is_cyrillic(w)
        for k in sounded(w)
        if len(k) >= _MIN_SOUND
    }


@lru_cache(maxsize=8192)
def _heard(word: str) -> frozenset[str]:
    """The sound keys of a Cyrillic message word that may be a foreign name, in its case and
    nominative: a person's when the Russian dictionary does not know the word or knows it
    only as a first name ("лоран", "антунеш"; not "ларин", a Russian surname of its own);
    an English name's also when it knows it only as a company or a brand ("харбор")."""
    if not is_cyrillic(word) or len(word) < 4:
        return frozenset()
    morph = analyzer()
    forms = {normalize(word)}
    person = english = True
    if morph is not None:
        parses = morph.parse(word.lower())[:2]
        if morph.word_is_known(word.lower()):
            person = all("Name" in p.tag.grammemes for p in parses)
            english = all(p.tag.grammemes & _BRANDS for p in parses)
        if not (person or english):
            return frozenset()
        # "лайтхаусом", "харбору": the name said in another case sounds like its nominative
        forms |= {normalize(p.normal_form) for p in parses}
    skeletons = {k for f in forms for k in sound_skeletons(f) if len(k) >= _MIN_SOUND}
    prefixes = [p for p, on in ((_SOUND, person), (_ENGLISH_SOUND, english)) if on]
    return frozenset(p + k for p in prefixes for k in skeletons)


@lru_cache(maxsize=4096)
def heard_keys(word: str) -> frozenset[str]:
    """Every key a message word may name a person by: its own, its sound as a foreign name,
    and the plain names it may be an endearing form of ("тимохи": Тимофей)."""
    return query_keys(word) | _heard(word) | _endearing_keys(word)


def _endearing_keys(word: str) -> frozenset[str]:
    """The keys of the plain names a Cyrillic word may be an endearing form of ("стасик",
    "Надюше"), when the dictionary knows the word only as a first name or not at all
    ("котик", "ручка" are words of their own)."""
    if not is_cyrillic(word) or len(word) < 4:
        return frozenset()
    morph = analyzer()
    if morph is None:
        return frozenset()
    lowered = word.lower()
    if morph.word_is_known(lowered) and not all(
        "Name" in p.tag.grammemes for p in morph.parse(lowered)[:2]
    ):
        return frozenset()
    return frozenset(k for base in diminutive_bases(word) for k in query_keys(base))


@lru_cache(maxsize=1024)
def _script_of_person(name: str) -> bool | None:
    """For a person whose name is written in one script: whether it is Cyrillic (else None)."""
    kind, display = _display(name)
    scripts = {is_cyrillic(w) for w in tokens(display)} if kind in _PARTIAL_KINDS else set()
    return scripts.pop() if len(scripts) == 1 else None


def _plain_english(word: str, ordinary: Callable[[str], bool] | None) -> bool:
    """Whether ``word`` is an ordinary English word in lower case: it names no person whose
    name is written wholly in Cyrillic. Only that way round is a word read as itself: a
    foreign name spelled in Cyrillic ("прия", "тамта") often looks like some Russian word
    to the dictionary, while an English word a Russian surname sounds like ("pack", "bond")
    is plainly a word."""
    return bool(ordinary and word[:1].islower() and not is_cyrillic(word) and ordinary(word))


def _name_word(word: str, name: str, *, last: bool) -> bool:
    """Whether ``word`` spells a person's first name (or, with ``last``, their surname)."""
    parts = tokens(_display(name)[1])
    if len(parts) < 2:
        return False
    return not query_keys(word).isdisjoint(index_keys(parts[-1 if last else 0]))


def strangers(words: Sequence[str], matches: Sequence[_Match]) -> list[int]:
    """Where the message names a stranger in full: the first word of each such name.

    "Дмитрий Пак" is nobody in a memory of Дмитрий Цой and Людмила Пак: a first name of one
    person followed by the surname of another, with no one holding both, is someone else.
    """
    single: dict[int, tuple[str, ...]] = {}
    spanned: set[int] = set()
    for m in matches:
        if m.end - m.start == 1 and all(_display(n)[0] in _PARTIAL_KINDS for n in m.names):
            single[m.start] = (*single.get(m.start, ()), *m.names)
        else:
            spanned.update(range(m.start, m.end))
    found: list[int] = []
    for i, first in sorted(single.items()):
        second = single.get(i + 1)
        if second is None or i in spanned or i + 1 in spanned or set(first) & set(second):
            continue
        if any(_name_word(words[i], n, last=False) for n in first) and any(
            _name_word(words[i + 1], n, last=True) for n in second
        ):
            found.append(i)
    return found


class Lexicon:
    """Index of entity names for spotting the ones a message mentions.

    Names are ``Type:display`` strings (``Person:Иван Петров``, ``Project:ESO``,
    ``Jira:ESO-159``, ``Decision:cursor-pagination``).  The display part is split into words
    and stored in a trie keyed by :func:`memory_core.language.stem`, so a message matches a
    name when it contains all of the name's words, in order, in any inflection
    (``Ивану Петрову``, ``проекта ESO``, ``cursor pagination``).  A one-word name written as a
    stop word or a single character only matches in upper case (``IT``), an all-caps one-word
    name (``Project:JANE``) does not match a title-case word (``Jane Bailey``), and a one-word
    name made of digits never matches, so ``Project:2025`` does not fire on every date.  ``Note:``
    names are paths; they match when the message contains the path, with or without
    ``notes/`` and ``.md``.

    Names are also found in another script, case or inflection, by the script-neutral keys
    of their words (:mod:`memory_core.name_keys`): ``safonov`` or ``Сафонова`` finds
    ``Person:Глеб Сафонов``, ``ЕСО`` finds ``Project:ESO``. A person's first name or surname
    alone names them (``Marco``, ``Аркадию``, ``мишки`` for ``Миша``); any other name needs
    every one of its words.

    Lookups cost a few dict probes per message word, independent of the lexicon size.
    """

    def __init__(self, names: Iterable[str] = ()) -> None:
        """Index the given names.

        Args:
            names: Entity names in ``Type:display`` form; duplicates are ignored.
        """
        self._root = _Node()
        # one key per note (its path stem), not one per spelling: at 50k entities the
        # spellings and their sets took two thirds of the lexicon's memory
        self._paths: dict[str, tuple[str, ...]] = {}
        self._names: set[str] = set()
        # script-neutral keys of each name word -> the names holding such a word
        self._keys: dict[str, tuple[str, ...]] = {}
        for name in names:
            self.add(name)

    def __len__(self) -> int:
        """Return how many names are indexed."""
        return len(self._names)

    def __contains__(self, name: object) -> bool:
        """Tell whether this exact name is indexed."""
        return name in self._names

    @property
    def names(self) -> AbstractSet[str]:
        """The indexed names (a live read-only view: copy it before changing the lexicon)."""
        return self._names

    def add(self, name: str) -> None:
        """Index one more name; a name already present is left as it is.

        Args:
            name: An entity name in ``Type:display`` form.
        """
        if name in self._names:
            return
        self._names.add(name)
        kind, display = _display(name)
        if kind == "Note":
            key = _path_stem(normalize(display.strip()).lstrip("./"))
            self._paths[key] = (*self._paths.get(key, ()), name)
            return
        node = self._root
        words = tokens(display)
        for word in words:
            node = node.child(stem(word))
        if node is not self._root:
            node.add_name(name)
        if kind != "Jira":
            for key in {k for word in words for k in index_keys(word)} | _sounds(kind, words):
                self._keys[key] = (*self._keys.get(key, ()), name)

    def remove(self, name: str) -> None:
        """Forget one name; an unknown name is ignored.

        Args:
            name: An entity name previously added.
        """
        if name not in self._names:
            return
        self._names.discard(name)
        kind, display = _display(name)
        if kind == "Note":
            key = _path_stem(normalize(display.strip()).lstrip("./"))
            owners = tuple(n for n in self._paths.get(key, ()) if n != name)
            if owners:
                self._paths[key] = owners
            else:
                self._paths.pop(key, None)
            return
        words = tokens(display)
        for word_key in {k for word in words for k in index_keys(word)} | _sounds(kind, words):
            holders = tuple(n for n in self._keys.get(word_key, ()) if n != name)
            if holders:
                self._keys[word_key] = holders
            else:
                self._keys.pop(word_key, None)
        path: list[tuple[_Node, str]] = []
        node = self._root
        for word in words:
            key = stem(word)
            child = node.children.get(key)
            if child is None:
                return
            path.append((node, key))
            node = child
        node.discard_name(name)
        for parent, key in reversed(path):  # prune branches nothing ends in any more
            child = parent.children[key]
            if child.names or child.children:
                break
            del parent.children[key]

    def find(self, message: str, ordinary: Callable[[str], bool] | None = None) -> tuple[str, ...]:
        """Return the indexed names a message mentions, in message order.

        Args:
            message: Any text.
            ordinary: Tells an ordinary English word that is no one's first name. Such
                a word written in lower case names no person by spelling their Cyrillic
                name in Latin letters: "scan every pack" is no Людмила Пак, though "Pack"
                (written as a name) and "pak" (no word at all) are.

        Returns:
            Entity names, each once; at one position longer names come first.
        """
        text = unicodedata.normalize("NFC", message[:MAX_MESSAGE_CHARS])
        words = WORD_RE.findall(text)
        found = [name for match in self._match_people(words, ordinary)[0] for name in match.names]
        found.extend(self._match_paths(text))
        return tuple(dict.fromkeys(found))[:MAX_ENTITIES]

    def _match_people(
        self, words: Sequence[str], ordinary: Callable[[str], bool] | None = None
    ) -> tuple[list[_Match], list[int]]:
        """Find every name spelled by consecutive words, from every start position (see
        :meth:`find` for ``ordinary``), and where a stranger is named in full (see
        :func:`strangers`)."""
        stems = [stem(word) for word in words]
        matches: list[_Match] = []
        for start in range(len(words)):
            node = self._root.children.get(stems[start])
            end = start + 1
            found: list[_Match] = []
            while node is not None:
                names = self._accepted(words[start:end], node.names)
                if names:
                    found.append(_Match(start, end, self._rank(words[start:end], names)))
                if end >= len(words):
                    break
                node = node.children.get(stems[end])
                end += 1
            matches.extend(reversed(found))  # longest first at each start
        taken = {i for m in matches for i in range(m.start, m.end)}
        matches.extend(self._match_keys(words, taken, ordinary))
        matches.sort(key=lambda m: m.start)
        named = strangers(words, matches)
        if not named:
            return matches, named
        # the people a stranger's name seemed to name word by word are not named
        words_of = {j for i in named for j in (i, i + 1)}
        kept = [m for m in matches if not (m.end - m.start == 1 and m.start in words_of)]
        return kept, named

    def _match_keys(
        self,
        words: Sequence[str],
        taken: set[int],
        ordinary: Callable[[str], bool] | None = None,
    ) -> list[_Match]:
        """Names whose words the message spells in another script, case or inflection."""
        hits: dict[str, set[int]] = {}
        for i, word in enumerate(words):
            if i in taken or len(word) < 3 or word.isdigit():
                continue
            if normalize(word) in STOP_WORDS and not word.istitle():
                continue  # "Том" written as a name is one ("кто такой Том"), "том" is not
            plain: bool | None = None  # a lower-case ordinary word: worked out when needed
            keys = query_keys(word) | _heard(word)
            if not any(k in self._keys for k in keys):  # "стасиком", "надюша": Стас, Надя
                keys = _endearing_keys(word)
            for key in sorted(keys):  # the same order every run
                for name in self._keys.get(key, ()):
                    if plain is None:
                        plain = _plain_english(word, ordinary)
                    if plain and _script_of_person(name) is True:
                        continue  # "pack" is no Людмила Пак (see :meth:`find`)
                    hits.setdefault(name, set()).add(i)
        return [
            _Match(min(where), max(where) + 1, (name,))
            for name, where in hits.items()
            if len(where) >= _words_needed(name)
        ]

    @staticmethod
    def _accepted(words: Sequence[str], names: tuple[str, ...]) -> tuple[str, ...]:
        """Drop one-word matches that are more likely ordinary words than the name."""
        if not names or len(words) > 1:
            return names
        word = words[0]
        if word.isdigit():
            return ()
        if len(word) == 1 or normalize(word) in STOP_WORDS:
            written_as_name = len(word) > 2 and word.istitle()  # "Том", not "том"
            return names if (word.isupper() and len(word) > 1) or written_as_name else ()
        if word.isupper() or word.islower():
            return names
        # "Jane" (title case) is a first name, not the acronym project "JANE".
        return tuple(name for name in names if not _display(name)[1].isupper())

    @staticmethod
    def _rank(words: Sequence[str], names: tuple[str, ...]) -> tuple[str, ...]:
        """Order same-stem names: the one spelled exactly as in the message first."""
        spelled = normalize(" ".join(words))

        def key(name: str) -> tuple[bool, str]:
            display = " ".join(WORD_RE.findall(_display(name)[1]))
            return (normalize(display) != spelled, name)

        return tuple(sorted(names, key=key))

    def _match_paths(self, text: str) -> list[str]:
        if not self._paths:
            return []
        found: list[str] = []
        for run in _PATH_RE.findall(text):
            if "/" not in run and _MD_SUFFIX not in run.lower():
                continue
            form = normalize(run.rstrip(".!?:")).lstrip("./")
            # the notes whose spellings (with or without notes/ and .md) include this one
            owners = {
                name
                for key in {_path_stem(form), _strip_md(form), form}
                for name in self._paths.get(key, ())
                if form in _path_keys(_display(name)[1])
            }
            found.extend(sorted(owners))
        return found
