"""Build the short search query of the recall loop from a chat message (pure, no I/O).

:func:`build_query` keeps 3-8 content terms of a message: Jira keys and words of known
entity names first, then the other content words in message order, with Russian and
English stop words and chat filler removed.  :class:`Lexicon` finds which known entity names
a message mentions, inflected forms included ("Ивану Петрову" -> ``Person:Иван Петров``).

Term rules:

* A term is a word of letters/digits (:func:`memory_core.language.tokens`), or several
  words joined by single hyphens with nothing else between them: ``ESO-159``, ``Billing-v2``,
  ``on-call``, ``2025-11-02``.  Kept whole, an ISO date stays precise: quoted for FTS5 it
  becomes the phrase ``2025 11 02``, which is how ``notes/daily/2025-11-02.md`` is indexed,
  instead of three loose numbers matching every note of the year.
* Terms hold only letters, digits and inner ``-``/``.``, so no FTS5 syntax (quotes, ``*``,
  ``^``, ``:``, parentheses) can survive; the operators ``AND OR NOT NEAR`` are English stop
  words and are dropped.  Callers still quote every term when writing an FTS5 MATCH.
* One-letter words, numbers of one or two digits and terms made only of stop words are
  dropped, unless they are part of a recognised entity name (``Falcon 6`` keeps ``6`` when
  ``Project:Falcon-6`` is known).  ``02.11.2025`` is therefore just ``2025``.
"""

from __future__ import annotations

import re
import unicodedata
from collections.abc import Iterable, Sequence
from collections.abc import Set as AbstractSet
from dataclasses import dataclass

from memory_core.language import JIRA_KEY_RE, STOP_WORDS, WORD_RE, normalize, stem, tokens

__all__ = ["MAX_MESSAGE_CHARS", "MAX_TERMS", "BuiltQuery", "Lexicon", "build_query"]

MAX_TERMS = 8
"""Most terms a built query keeps."""

MAX_MESSAGE_CHARS = 8192
"""Only this many leading characters of a message are read (Telegram's limit is 4096)."""

_MAX_ENTITIES = 16
# Runs that look like a file path: contain "/" or end in ".md".
_PATH_RE = re.compile(r"[^\s\"'`<>()\[\]{}|,;]+")
_NOTE_PREFIX = "notes/"
_MD_SUFFIX = ".md"


_NO_CHILDREN: dict[str, _Node] = {}
_NO_NAMES: frozenset[str] = frozenset()


class _Node:
    """One step of the stem trie: children by next stem, names ending here.

    Most nodes are leaves with one name, so both containers start as shared empty ones and
    are made on the first write (a 50,000-name lexicon is then a third smaller).
    """

    __slots__ = ("children", "names")

    def __init__(self) -> None:
        self.children: dict[str, _Node] = _NO_CHILDREN
        self.names: set[str] | frozenset[str] = _NO_NAMES

    def child(self, key: str) -> _Node:
        """Return the child for ``key``, making it if needed."""
        if self.children is _NO_CHILDREN:
            self.children = {}
        return self.children.setdefault(key, _Node())

    def add_name(self, name: str) -> None:
        """Record that ``name`` ends at this node."""
        if isinstance(self.names, frozenset):
            self.names = set()
        self.names.add(name)

    def discard_name(self, name: str) -> None:
        """Forget that ``name`` ends here."""
        if isinstance(self.names, set):
            self.names.discard(name)


@dataclass(frozen=True, slots=True)
class _Match:
    start: int  # first word index
    end: int  # one past the last word index
    names: tuple[str, ...]


def _display(name: str) -> tuple[str, str]:
    kind, sep, display = name.partition(":")
    return (kind, display) if sep else ("", name)


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
        for word in tokens(display):
            node = node.child(stem(word))
        if node is not self._root:
            node.add_name(name)

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
        path: list[tuple[_Node, str]] = []
        node = self._root
        for word in tokens(display):
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

    def find(self, message: str) -> tuple[str, ...]:
        """Return the indexed names a message mentions, in message order.

        Args:
            message: Any text.

        Returns:
            Entity names, each once; at one position longer names come first.
        """
        text = unicodedata.normalize("NFC", message[:MAX_MESSAGE_CHARS])
        words = WORD_RE.findall(text)
        found = [name for match in self._match(words) for name in match.names]
        found.extend(self._match_paths(text))
        return tuple(dict.fromkeys(found))[:_MAX_ENTITIES]

    def _match(self, words: Sequence[str]) -> list[_Match]:
        """Find every name spelled by consecutive words, from every start position."""
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
        return matches

    @staticmethod
    def _accepted(words: Sequence[str], names: AbstractSet[str]) -> AbstractSet[str]:
        """Drop one-word matches that are more likely ordinary words than the name."""
        if not names or len(words) > 1:
            return names
        word = words[0]
        if word.isdigit():
            return set()
        if len(word) == 1 or normalize(word) in STOP_WORDS:
            return names if word.isupper() and len(word) > 1 else set()
        if word.isupper() or word.islower():
            return names
        # "Jane" (title case) is a first name, not the acronym project "JANE".
        return {name for name in names if not _display(name)[1].isupper()}

    @staticmethod
    def _rank(words: Sequence[str], names: AbstractSet[str]) -> tuple[str, ...]:
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


@dataclass(frozen=True, slots=True)
class BuiltQuery:
    """The search query built from one message.

    Attributes:
        text: The kept terms, as written in the message, joined by spaces; empty when the
            message has no content words (the caller then returns recent memories).
        tokens: The kept terms lower-cased, in query order, without repeats.
        stems: The stem of each term, parallel to ``tokens`` (hyphenated terms are stemmed
            part by part: ``курсорной`` -> ``курсорн``, ``ESO-159`` -> ``eso-159``).
        entities: Names from the lexicon that the message mentions, in message order.
        jira_keys: Jira keys found in the message, as written.
    """

    text: str
    tokens: tuple[str, ...]
    stems: tuple[str, ...]
    entities: tuple[str, ...]
    jira_keys: tuple[str, ...]


@dataclass(slots=True)
class _Term:
    surface: str
    first: int  # first word index
    last: int  # one past the last word index
    jira: bool = False


def _split_terms(text: str) -> tuple[list[str], list[_Term]]:
    """Split text into words and group them into terms (hyphen compounds, dates, Jira keys)."""
    jira_spans = [(m.start(), m.end()) for m in JIRA_KEY_RE.finditer(text)]
    words: list[str] = []
    terms: list[_Term] = []
    prev_end = -1
    prev_jira = -1
    span_index = 0
    for match in WORD_RE.finditer(text):
        start, end = match.span()
        word = match.group()
        while span_index < len(jira_spans) and jira_spans[span_index][1] <= start:
            span_index += 1
        in_jira = span_index < len(jira_spans) and jira_spans[span_index][0] <= start
        jira_id = span_index if in_jira else -1
        gap = text[prev_end:start] if prev_end >= 0 else " "
        joined = gap == "-" and jira_id == prev_jira
        if joined and terms:
            last = terms[-1]
            last.surface = text[start - len(last.surface) - 1 : end]
            last.last += 1
        else:
            terms.append(_Term(word, len(words), len(words) + 1, jira=jira_id >= 0))
        words.append(word)
        prev_end, prev_jira = end, jira_id
    return words, terms


def _is_content(term: _Term, words: Sequence[str]) -> bool:
    parts = words[term.first : term.last]
    if len(parts) == 1 and (len(parts[0]) == 1 or (parts[0].isdigit() and len(parts[0]) < 3)):
        return False
    return not all(normalize(part) in STOP_WORDS for part in parts)


def _term_stem(term: _Term, words: Sequence[str]) -> str:
    return "-".join(stem(word) for word in words[term.first : term.last])


def _lower(word: str) -> str:
    """Lower-case a term, dropping marks that lower-casing adds (``İ`` -> ``i``, not ``i̇``)."""
    lowered = word.lower()
    if lowered.isascii():
        return lowered
    return "".join(ch for ch in lowered if not unicodedata.combining(ch))


def build_query(message: str, lexicon: Lexicon | None = None) -> BuiltQuery:
    """Build the recall query for one chat message.

    Jira keys come first, then terms that are part of a known entity name, then the other
    content terms in message order; stop words and filler are dropped, repeats removed and
    the result capped at :data:`MAX_TERMS`.  A short message gives fewer terms (``ESO-159``
    gives just that); nothing is padded.

    Args:
        message: The user's message, any language or junk; never raises.
        lexicon: Known entity names; without it ``entities`` is empty and no term gets the
            entity priority.

    Returns:
        The built query.
    """
    text = unicodedata.normalize("NFC", message[:MAX_MESSAGE_CHARS])
    words, terms = _split_terms(text)
    matches = lexicon._match(words) if lexicon is not None else []
    in_entity = [False] * len(words)
    entities: list[str] = []
    for match in matches:
        in_entity[match.start : match.end] = [True] * (match.end - match.start)
        entities.extend(match.names)
    if lexicon is not None:
        entities.extend(lexicon._match_paths(text))

    jira: list[_Term] = []
    named: list[_Term] = []
    other: list[_Term] = []
    for term in terms:
        if term.jira:
            jira.append(term)
        elif any(in_entity[term.first : term.last]):
            named.append(term)
        elif _is_content(term, words):
            other.append(term)

    kept: dict[str, _Term] = {}
    for term in (*jira, *named, *other):
        key = normalize(term.surface)
        if key not in kept:
            kept[key] = term
            if len(kept) == MAX_TERMS:
                break
    chosen = list(kept.values())
    return BuiltQuery(
        text=" ".join(term.surface for term in chosen),
        tokens=tuple(_lower(term.surface) for term in chosen),
        stems=tuple(_term_stem(term, words) for term in chosen),
        entities=tuple(dict.fromkeys(entities))[:_MAX_ENTITIES],
        jira_keys=tuple(dict.fromkeys(term.surface for term in jira)),
    )
