"""Names for extraction: script-free name keys and a simple resolver.

Extraction asks an :class:`EntityResolver` whether a name it read ("Ивану Петрову", "Давид
Чен", "priya", "биллинга") is an entity the memory already holds, and which person "mom" or
"моя жена" is. :class:`GraphResolver` answers both over an in-memory graph: names compare by
:func:`name_keys` (Russian oblique cases lemmatised by pymorphy3, both scripts folded to one
rough Latin spelling), a single word also finds a person by first name, and a kin word finds
the person linked to the owner by the matching relation. A store-backed resolver with its own
transliteration and morphology can replace it: extraction only needs the protocol. Russian
names are put in the nominative by :mod:`memory_core.extraction_name_cases` (re-exported here).
"""

from __future__ import annotations

import re
import unicodedata
from collections.abc import Iterable, Mapping, Sequence
from functools import cached_property, lru_cache
from typing import TYPE_CHECKING, Protocol

from rapidfuzz import fuzz

from memory_core import morphology
from memory_core.extraction_name_cases import (
    gender_of,
    hidden_name,
    is_name,
    lemmatize_name,
    morph,
    nominative,
)
from memory_core.language import is_cyrillic, normalize, tokens
from memory_core.matching import name_key
from memory_core.name_aliases import (
    case_stems,
    diminutive_bases,
    nickname_index,
    short_form_stem,
)
from memory_core.name_case_forms import case_form_keys
from memory_core.name_scripts import marked_cyrillic, other_spellings, slavic_spelling
from memory_core.naming import display_name, split_prefix

if TYPE_CHECKING:
    from memory_core.models import Graph

__all__ = [
    "KIN_RELATIONS",
    "EntityResolver",
    "GraphResolver",
    "latin_key",
    "lemmatize_name",
    "morph",
    "name_keys",
    "transliterate",
]


class EntityResolver(Protocol):
    """What extraction needs to know about the entities a memory already holds."""

    def resolve(self, name: str, entity_type: str | None = None) -> str | None:
        """Return the existing entity ``name`` denotes (any script, case, Russian case form).

        ``name`` may carry a ``Type:`` prefix; ``entity_type`` narrows the search. ``None``
        when there is no such entity or the name is ambiguous.
        """

    def relative(self, kin: str) -> str | None:
        """Return the person the owner calls ``kin`` (a key of :data:`KIN_RELATIONS`)."""

    def ambiguous(self, name: str) -> bool:
        """Whether ``name`` fits more than one known person ("Антон" with two Antons)."""

    def of_project(self, name: str, project: str) -> str | None:
        """Return the one known person ``name`` fits who is on ``project`` ("тигран который
        на Payway"), or ``None``."""


KIN_RELATIONS: dict[str, str] = {
    "mother": "parent_of",
    "father": "parent_of",
    "parent": "parent_of",
    "daughter": "child_of",
    "son": "child_of",
    "child": "child_of",
    "wife": "married_to",
    "husband": "married_to",
    "spouse": "married_to",
    "sister": "sibling_of",
    "brother": "sibling_of",
    "sibling": "sibling_of",
}
"""The owner's relatives a kin word can name, and the relation from the relative to the owner
(``Person -[parent_of]-> User`` for a mother; ``User -[child_of]-> Person`` counts too)."""
_INVERSE = {"parent_of": "child_of", "child_of": "parent_of"}
_SEX_OF_KIN = {
    "mother": "f", "daughter": "f", "wife": "f", "sister": "f",
    "father": "m", "son": "m", "husband": "m", "brother": "m",
}  # fmt: skip
_SEX_WORDS = {
    "f": frozenset(("мама", "мать", "mom", "mother", "mum", "дочь", "дочка", "daughter", "жена",
                    "wife", "сестра", "sister")),
    "m": frozenset(("папа", "отец", "dad", "father", "сын", "son", "муж", "husband", "брат",
                    "brother")),
}  # fmt: skip

_TO_LATIN = str.maketrans(
    {
        "а": "a", "б": "b", "в": "v", "г": "g", "д": "d", "е": "e", "ё": "e", "ж": "zh",
        "з": "z", "и": "i", "й": "i", "к": "k", "л": "l", "м": "m", "н": "n", "о": "o",
        "п": "p", "р": "r", "с": "s", "т": "t", "у": "u", "ф": "f", "х": "h", "ц": "ts",
        "ч": "ch", "ш": "sh", "щ": "sh", "ъ": "", "ы": "y", "ь": "", "э": "e", "ю": "yu",
        "я": "ya", "і": "i", "ї": "i", "є": "e", "ґ": "g", "ў": "u",
    }
)  # fmt: skip
_SOUNDS = (
    ("dzh", "j"), ("sch", "sh"), ("yo", "e"), ("ye", "e"), ("ph", "f"), ("kh", "h"),
    ("ck", "k"), ("ch", "4"), ("c", "k"), ("q", "k"), ("w", "v"), ("x", "ks"), ("z", "s"),
    ("j", "i"), ("y", "i"), ("tz", "ts"),
)  # fmt: skip
_DOUBLE_RE = re.compile(r"(.)\1+")
_SILENT_H_RE = re.compile(r"(?<=[aeiou])h(?![aeiou])|h$")
_CLOSE_SPELLING = 75.0
"""How alike (0-100) the other words of a full name must be when one word is the same."""
_MIN_CLIPPED = 5
"""Letters a clipped tool name must keep to find the one it begins ("postgres")."""
_STEM = 3
"""Letters of a first name's key that index it for short forms ("Тима" -> Тимур)."""
_CASE_SUFFIX = re.compile(r"(.*[A-Za-z0-9])-(?:[а-яё]{1,3})", re.IGNORECASE)
"""A Latin name with a Russian case ending after a hyphen: "Ombor-ом", "Kite-у"."""


def transliterate(text: str) -> str:
    """Write Cyrillic letters in Latin (``Решение`` -> ``reshenie``); folds case too."""
    return normalize(text).translate(_TO_LATIN)


_PLAIN_LATIN = str.maketrans(
    {"ı": "i", "ł": "l", "ø": "o", "đ": "d", "ß": "ss", "æ": "ae", "œ": "oe", "ð": "d", "þ": "th"}
)
"""Latin letters no Unicode decomposition strips to a plain one ("Yıldız", "Łukasz", "Søren")."""


def _plain_latin(key: str) -> str:
    """``key`` without the marks of its Latin letters ("tomás" -> "tomas")."""
    if key.isascii():
        return key
    parts = unicodedata.normalize("NFKD", key.translate(_PLAIN_LATIN))
    return "".join(ch for ch in parts if not unicodedata.combining(ch))


def latin_key(word: str) -> str:
    """Spell a word the same rough way in either script (``Давид``/``David`` -> ``david``).

    Cyrillic is transliterated, Latin letters lose their marks (``Yıldız``/``Йылдыз``), then
    spellings of one sound are merged (``c``/``k``, ``z``/``s``, ``y``/``i``, doubled
    letters, a silent ``h``), so ``Коллинз`` and ``Collins``, ``Сергей`` and ``Sergey``,
    ``Сара`` and ``Sarah`` share a key.
    """
    key = _plain_latin(transliterate(word))
    for old, new in _SOUNDS:
        key = key.replace(old, new)
    key = _SILENT_H_RE.sub("", key)
    return _DOUBLE_RE.sub(r"\1", key)


@lru_cache(maxsize=16384)
def _word_keys(word: str) -> frozenset[str]:
    """Every key a written word may stand for: as written and each of its lemmas."""
    keys = {latin_key(word)}
    hidden = hidden_name(word) if is_cyrillic(word) else None
    if hidden is not None:
        keys.add(latin_key(hidden))
    marked = None if is_cyrillic(word) else marked_cyrillic(word)
    if marked is not None:  # "Gergő": Гергё
        keys.add(latin_key(marked))
    if is_cyrillic(word):
        keys |= {latin_key(w) for w in other_spellings(word)}  # "Ходжич": Hodžić; "Анфи": Anthi
        for parse in morph().parse(word)[:4]:
            if is_name(parse) and "plur" in parse.tag:
                continue  # "Петров" is no plural of "Пётр" here
            keys |= {
                latin_key(f)
                for f in (parse.normal_form, *morphology.full_names(parse.normal_form))
            }
            keys.add(latin_key(slavic_spelling(parse.normal_form)))
            if is_name(parse):
                keys.add(latin_key(nominative(word, gender_of(parse))[0]))
    return frozenset(keys)


def name_keys(name: str) -> list[frozenset[str]]:
    """Return, per word of a name (without its ``Type:`` prefix), the keys it may match."""
    return [_word_keys(w) for w in tokens(display_name(name))]


def _canonical_keys(name: str) -> tuple[str, ...]:
    """The one key per word of an existing entity's name (its own spelling)."""
    return tuple(latin_key(w) for w in tokens(display_name(name)))


class GraphResolver:
    """An :class:`EntityResolver` over a list of entity names and the owner's relations.

    Args:
        names: existing entity names (``Type:Name``).
        relations: ``(from, relation_type, to)`` triples, used for :meth:`relative`.
        lines: observation lines by entity name, used to tell a mother from a father.
    """

    def __init__(
        self,
        names: Iterable[str],
        relations: Iterable[tuple[str, str, str]] = (),
        lines: Mapping[str, Sequence[str]] | None = None,
    ) -> None:
        self._names = list(dict.fromkeys(names))
        self._relations = list(relations)
        self._lines = lines or {}
        self._by_key = {name_key(n): n for n in self._names}
        self._keys = {n: _canonical_keys(n) for n in self._names}
        self._by_word: dict[str, list[str]] = {}
        self._by_bare: dict[str, list[str]] = {}
        for n in self._names:
            for key in set(self._keys[n]):
                self._by_word.setdefault(key, []).append(n)
            self._by_bare.setdefault(name_key(display_name(n)), []).append(n)
        self._by_nick = nickname_index(self._lines, latin_key)
        self._by_stem: dict[str, list[str]] = {}
        for n in self._names:
            if split_prefix(n)[0] == "Person" and self._keys[n]:
                self._by_stem.setdefault(self._keys[n][0][:_STEM], []).append(n)
        self.owner = next((n for n in self._names if split_prefix(n)[0] == "User"), None)

    @classmethod
    def from_graph(cls, graph: Graph) -> GraphResolver:
        """Build a resolver over a whole :class:`~memory_core.models.Graph`."""
        return cls(
            (e.name for e in graph.entities),
            ((r.from_, r.relation_type, r.to) for r in graph.relations),
            {e.name: e.observations for e in graph.entities},
        )

    def resolve(self, name: str, entity_type: str | None = None) -> str | None:
        """See :meth:`EntityResolver.resolve`."""
        prefix, rest = split_prefix(name)
        wanted = entity_type or prefix

        def fits(candidate: str) -> bool:
            return wanted is None or split_prefix(candidate)[0] == wanted

        exact = self._by_key.get(name_key(name))
        if exact is not None and fits(exact):
            return exact
        same = [n for n in self._by_bare.get(name_key(rest), ()) if fits(n)]
        if same:
            return same[0] if len(same) == 1 else None
        query = name_keys(rest)
        # every way to match shares at least one word key, so the index gives all candidates
        pool = {n for keys in query for key in keys for n in self._by_word.get(key, ())}
        hits = sorted(n for n in pool if fits(n) and self._matches(query, n))
        if not hits and len(query) == 1 and wanted in (None, "Person"):
            hits = self._other_name(rest, query[0])
        if not hits and len(query) == 1 and wanted != "Person":  # "корпы" for Project:Korpa
            keys = {latin_key(form) for form in case_stems(rest)}
            pool = {n for key in keys for n in self._by_word.get(key, ())}
            hits = sorted(n for n in pool if fits(n) and self._one_word_thing(n))
        if not hits and wanted == "Project" and len(query) == 1:  # "postgres": PostgreSQL
            hits = self._shortened(rest)
        person = not hits and wanted in (None, "Person")
        forms = case_form_keys(rest, latin_key) if person else None
        if forms is not None:  # "у Левка", "с Лілею": a case form the dictionary does not know
            pool = {n for keys in forms for key in keys for n in self._by_word.get(key, ())}
            hits = sorted(n for n in pool if fits(n) and self._person_matches(forms, n))
        latin = _CASE_SUFFIX.fullmatch(rest)
        if not hits and latin is not None:  # "Ombor-ом", "Marshrut-у": a Latin name's case
            return self.resolve(f"{prefix}:{latin[1]}" if prefix else latin[1], entity_type)
        return hits[0] if len(hits) == 1 else None

    def ambiguous(self, name: str) -> bool:
        """See :meth:`EntityResolver.ambiguous`."""
        rest = split_prefix(name)[1]

        def person(n: str) -> bool:
            return split_prefix(n)[0] == "Person"

        if len([n for n in self._by_bare.get(name_key(rest), ()) if person(n)]) > 1:
            return True
        query = name_keys(rest)
        pool = {n for keys in query for key in keys for n in self._by_word.get(key, ())}
        return len([n for n in pool if person(n) and self._matches(query, n)]) > 1

    def of_project(self, name: str, project: str) -> str | None:
        """See :meth:`EntityResolver.of_project`."""
        query = name_keys(split_prefix(name)[1])
        pool = {n for keys in query for key in keys for n in self._by_word.get(key, ())}
        people = [n for n in sorted(pool) if split_prefix(n)[0] == "Person"]
        on = [n for n in people if self._matches(query, n) and self._on(n, project)]
        return on[0] if len(on) == 1 else None

    def _on(self, person: str, project: str) -> bool:
        """Whether a link or a line of ``person`` names ``project``."""
        if any({frm, to} == {person, project} for frm, _, to in self._relations):
            return True
        return any(project in line for line in self._lines.get(person, ()))

    @cached_property
    def namesakes(self) -> tuple[str, ...]:
        """The people who share their first name with someone else the memory holds."""
        by_first: dict[str, list[str]] = {}
        for n in self._names:
            if split_prefix(n)[0] == "Person" and self._keys[n]:
                by_first.setdefault(self._keys[n][0], []).append(n)
        return tuple(n for group in by_first.values() if len(group) > 1 for n in group)

    def _shortened(self, word: str) -> list[str]:
        """The one known one-word project a tool's name clipped in chat begins ("postgres"
        for PostgreSQL, "kuber" for Kubernetes): a Latin word of five letters or more."""
        key = latin_key(word)
        if len(word) < _MIN_CLIPPED or is_cyrillic(word) or not key:
            return []
        found = [
            n for n in self._names if self._one_word_thing(n) and self._keys[n][0].startswith(key)
        ]
        return found if len(found) == 1 else []

    def _one_word_thing(self, name: str) -> bool:
        """A one-word name of anything but a person (a project, a tool, a team)."""
        return len(self._keys[name]) == 1 and split_prefix(name)[0] not in ("Person", "User")

    def _other_name(self, word: str, keys: frozenset[str]) -> list[str]:
        """The people a single word names by a nickname their lines record ("Айку" for
        "все зовут Айка"), else by a short form of their first name ("Tima" for Тимур),
        else by an affectionate form of either ("настюха" for Настя, "евочку" for Ева)."""
        found = self._nick_or_short(word, keys)
        for base in diminutive_bases(word) if not found else ():
            key = latin_key(base)
            first = [n for n in self._by_stem.get(key[:_STEM], ()) if self._keys[n][0] == key]
            found = sorted(set(first)) or self._nick_or_short(base, frozenset((key,)))
            if found:
                break
        return found

    def _nick_or_short(self, word: str, keys: frozenset[str]) -> list[str]:
        nicked = sorted({n for key in keys for n in self._by_nick.get(key, ())})
        if not nicked:  # "Бобе" for a recorded "Боба" the dictionary reads as another word
            stems = {latin_key(form) for form in case_stems(word)}
            nicked = sorted({n for key in stems for n in self._by_nick.get(key, ())})
        if nicked:
            return nicked
        stem = short_form_stem(word)
        if stem is None:
            return []
        start = latin_key(stem)
        pool = self._by_stem.get(start[:_STEM], ())
        return sorted(
            n
            for n in pool
            if self._keys[n][0].startswith(start) and len(self._keys[n][0]) > len(start) + 1
        )

    def _matches(self, query: list[frozenset[str]], name: str) -> bool:
        """Same words; or a first name alone; or a full name spelt a little differently.

        The last covers transliteration variants ("Дэвид Чен" for "David Chen", "Тейлор" for
        "Taylor"): one word the same and every other word close.
        """
        keys = self._keys[name]
        if len(query) == len(keys):
            same = [k in q for k, q in zip(keys, query, strict=True)]
            if all(same):
                return True
            return (
                len(keys) > 1
                and any(same)
                and all(
                    hit or max(fuzz.ratio(k, v) for v in q) >= _CLOSE_SPELLING
                    for hit, k, q in zip(same, keys, query, strict=True)
                )
            )
        first_name_only = len(query) == 1 and split_prefix(name)[0] == "Person"
        return first_name_only and bool(keys) and keys[0] in query[0]

    def _person_matches(self, query: list[frozenset[str]], name: str) -> bool:
        """A person whose words are those of ``query``, or whose first name it is alone."""
        keys = self._keys[name]
        if split_prefix(name)[0] != "Person" or not keys:
            return False
        if len(query) == len(keys):
            return all(k in q for k, q in zip(keys, query, strict=True))
        return len(query) == 1 and keys[0] in query[0]

    def relative(self, kin: str) -> str | None:
        """See :meth:`EntityResolver.relative`."""
        if kin not in KIN_RELATIONS or self.owner is None:
            return None
        rtype = KIN_RELATIONS[kin]
        found: list[str] = []
        for frm, rel, to in self._relations:
            if rel == rtype and to == self.owner:
                found.append(frm)
            elif rel == _INVERSE.get(rtype, rtype) and frm == self.owner:
                found.append(to)
        wanted = _SEX_OF_KIN.get(kin)
        if wanted is not None:
            found = [n for n in found if self._sex(n) in (wanted, None)]
            if len(set(found)) > 1:
                found = [n for n in found if self._sex(n) == wanted]
        found = list(dict.fromkeys(found))
        return found[0] if len(found) == 1 else None

    def _sex(self, name: str) -> str | None:
        """Tell a relative's sex from their lines ("мама", "son") or Russian first name."""
        words = set(tokens(normalize(" ".join(self._lines.get(name, ())))))
        said = [sex for sex, kin_words in _SEX_WORDS.items() if words & kin_words]
        if len(said) == 1:
            return said[0]
        first = display_name(name).split()[:1]
        if not first or not is_cyrillic(first[0]):
            return None
        genders = {gender_of(p) or "" for p in morph().parse(first[0]) if is_name(p)} - {""}
        return {"femn": "f", "masc": "m"}.get(genders.pop()) if len(genders) == 1 else None
