"""The entity resolver extraction reads a scope through, built once per version of its names.

Extraction asks about every one-to-three-word span of a message whether it names a stored
entity, so the answers must come from memory, not from one query each. :class:`StoreResolver`
is :class:`~memory_core.extraction_names.GraphResolver` (Russian case forms, rough keys in
both scripts) plus:

* exact names of every type (``Note:``, ``Jira:`` included) by their case-free key;
* a second look by spelling, for names written capitalised: a full name word by word
  (:func:`memory_core.name_match.same_name`, Russian words by their lemmas,
  :func:`memory_core.morphology.lemmas`), one word only by the same spelling in the other
  script, or a first name alone written by ear in the other script, in any case, when its
  consonants and its last sound agree ("Джейсона" for ``Person:Jason Miller``, never
  "Aleksa" for ``Person:Алексей Орлов``); so ``Джейн Брукс`` finds ``Person:Jane Brooks``
  while ``Petrova`` never finds ``Petrov`` and ``march`` never finds ``Mark``; a full name
  whose first word is a nickname the person's lines record ("Dima Kovalev" for
  ``Person:Дмитрий Ковалёв`` with a line "Дима, ...") when the surname agrees.

:func:`scope_resolver` keeps one per scope in the store's caches and rebuilds it only when
the scope's names change; the owner's relatives (for "моя жена", "mom") are read fresh for
each call, from the few links of the owner's entity; the nicknames people's lines record
("все зовут Айка") are read again when the scope's lines change.
"""

from __future__ import annotations

import copy
import re
from collections.abc import Iterable, Mapping, Sequence
from functools import lru_cache

import aiosqlite

from memory_core import translit
from memory_core.caches import Versions
from memory_core.extraction_lexicon import kind_of_role
from memory_core.extraction_names import KIN_RELATIONS, GraphResolver, latin_key, morph
from memory_core.language import is_cyrillic, is_stop_word, tokens
from memory_core.matching import name_key
from memory_core.morphology import lemmas
from memory_core.name_aliases import NICKNAME_CUES, case_stems, nickname_index, sound_skeletons
from memory_core.name_heard import heard_cyrillic
from memory_core.name_match import same_name
from memory_core.name_scripts import hungarian_spelling, romance_spelling
from memory_core.naming import display_name, split_prefix
from memory_core.service import ScopedMemory

__all__ = ["StoreResolver", "nickname_lookup", "scope_resolver"]

_EXACT_ONLY = frozenset({"Note", "Jira"})
"""Types found only by their exact name: nobody says a note's path in passing."""
_MAX_WORDS = 3
_KIN_VERBS = frozenset(KIN_RELATIONS.values())


_BALTIC_NS = re.compile(r"ньш(?:а|у|ем|ом|е)?$", re.IGNORECASE)
"""A Latvian "-ņš" in Cyrillic, in any case: "Берзиньш", "Берзиньша" are "Berzins" in plain
Latin."""


@lru_cache(maxsize=16384)
def _spelling_keys(word: str) -> frozenset[str]:
    """The script-free keys one written word may have: its own, and its other spellings'."""
    forms = {word, *lemmas(word)} if is_cyrillic(word) else {word}
    forms |= {_BALTIC_NS.sub("нс", f) for f in forms if _BALTIC_NS.search(f)}
    keys = {translit.name_key(f) for f in forms}
    if is_cyrillic(word):  # "Шомодьвари": Somogyvári; "Мэрджиняну": Mărgineanu
        heard = {o for f in forms for o in (hungarian_spelling(f), romance_spelling(f))}
        keys |= {translit.name_key(o) for o in heard if o is not None}
    else:
        keys |= {translit.name_key(c) for c in translit.cyrillic_spellings(word)}
        keys |= {translit.name_key(c) for c in heard_cyrillic(word)}  # "Křenek": Крженек
    return frozenset(k for k in keys if k)


def _same_spelling(written: str, stored: str) -> bool:
    """One word spelt alike in either script; in Latin both, only as written ("Jelena" is not
    "Elena", though both are "Елена" in Cyrillic)."""
    if not is_cyrillic(written) and not is_cyrillic(stored):
        return latin_key(written) == latin_key(stored)  # "Sarah" is "Sara"
    return bool(_spelling_keys(written) & _spelling_keys(stored))


def _same_word(written: str, stored: str) -> bool:
    forms = {written, *lemmas(written)} if is_cyrillic(written) else {written}
    return any(same_name(f, stored) for f in forms)


def _same_surname(written: str, stored: str) -> bool:
    """A surname written alone, in any script and Russian case ("Петровичу", "Ованнисяна")."""
    if is_cyrillic(written) and _same_word(written, stored):
        return True
    return bool(_spelling_keys(written) & _spelling_keys(stored))


def _sounds_alike(written: str, stored: str) -> bool:
    """A word of a full name written by ear in the other script: "Майкл" for "Michael"."""
    if is_cyrillic(written) == is_cyrillic(stored):
        return False
    return bool(sound_skeletons(written) & sound_skeletons(stored))


_MIN_SURNAME = 5
"""Letters a surname typed in lowercase must have to be read as one ("lis" stays a word)."""


def _only_a_name(word: str) -> bool:
    """Whether a lowercase word can only be a name: long enough, no function word, and in
    Russian no word the dictionary knows as anything but a name ("мельник" is a miller)."""
    if len(word) < _MIN_SURNAME or is_stop_word(word) or kind_of_role(word) is not None:
        return False
    if not is_cyrillic(word):
        return True
    parses = morph().parse(word)
    known = [p for p in parses if morph().word_is_known(p.word)]
    return not known or all(any(t in p.tag for t in ("Surn", "Name", "Patr")) for p in known)


_MIN_FIRST_SKELETON = 3
"""Consonants a first name alone must sound with to find a name in the other script."""


def _first_forms(word: str) -> set[str]:
    """A written first name with its lemmas and, for a word the dictionary does not know
    as a name, its forms without a case ending ("Блейку": "Блейк")."""
    if not is_cyrillic(word):
        return {word}
    return {word, *(f.capitalize() for f in (*lemmas(word), *case_stems(word)))}


def _first_skeletons(word: str) -> frozenset[str]:
    """The sound skeletons of a first name written alone, in any Russian case ("Джейсона")."""
    found = frozenset(k for f in _first_forms(word) for k in sound_skeletons(f))
    return frozenset(k for k in found if len(k) >= _MIN_FIRST_SKELETON)


def _first_sounds_alike(written: str, stored: str) -> bool:
    """A first name alone written by ear in the other script ("Джейсона" for "Jason"): the
    same consonants and the same last sound, so "Aleksa" is not "Алексей"."""
    if is_cyrillic(written) == is_cyrillic(stored):
        return False
    wanted = {k for k in sound_skeletons(stored) if len(k) >= _MIN_FIRST_SKELETON}
    return any(
        wanted & sound_skeletons(form) and _same_end(_last_sound(form), _last_sound(stored))
        for form in _first_forms(written)
    )


_VOWEL_LETTERS = "aeiouy"


def _last_sound(word: str) -> str:
    """The last letter of a word's key, past a silent English "e" ("Blake" ends in "k")."""
    key = translit.name_key(word)
    silent_e = not is_cyrillic(word) and len(key) > 2 and key.endswith("e")
    return key[-2:-1] if silent_e and key[-2] not in _VOWEL_LETTERS else key[-1:]


def _same_end(a: str, b: str) -> bool:
    return a == b or (a not in _VOWEL_LETTERS and b not in _VOWEL_LETTERS and bool(a and b))


class StoreResolver(GraphResolver):
    """A :class:`GraphResolver` over a scope's names, with exact and by-spelling lookups.

    Args:
        names: every entity name of the scope.
        relations: links used to find the owner's relatives (see :meth:`with_kin`).
        lines: lines of those relatives, to tell a mother from a father.
        owner: the owner's ``User:`` entity (default: the first ``User:`` name).
    """

    def __init__(
        self,
        names: Iterable[str],
        relations: Iterable[tuple[str, str, str]] = (),
        lines: Mapping[str, Sequence[str]] | None = None,
        *,
        owner: str | None = None,
    ) -> None:
        every = list(dict.fromkeys(names))
        indexed = [n for n in every if split_prefix(n)[0] not in _EXACT_ONLY]
        super().__init__(indexed, relations, lines)
        self._exact = {name_key(n): n for n in every}
        self._spelled: dict[str, list[str]] = {}
        self._words = {n: tokens(display_name(n)) for n in indexed}
        self._sounded: dict[str, list[str]] = {}
        self._first_sounded: dict[str, list[str]] = {}
        for n, words in self._words.items():
            for word in words:
                for key in _spelling_keys(word):
                    self._spelled.setdefault(key, []).append(n)
            if len(words) > 1 and split_prefix(n)[0] == "Person":
                for key in sound_skeletons(words[-1]):
                    self._sounded.setdefault(key, []).append(n)
                for key in _first_skeletons(words[0]):
                    self._first_sounded.setdefault(key, []).append(n)
        if owner is not None:
            self.owner = owner

    def with_kin(
        self,
        relations: Iterable[tuple[str, str, str]],
        lines: Mapping[str, Sequence[str]],
        owner: str | None,
        nicknames: Mapping[str, list[str]] | None = None,
    ) -> StoreResolver:
        """Return a copy (sharing the name index) that knows the owner and their relatives,
        and the people's nicknames (a :func:`nickname_index`) when given."""
        twin = copy.copy(self)
        twin._relations = list(relations)
        twin._lines = dict(lines)
        if nicknames is not None:
            twin._by_nick = dict(nicknames)
        if owner is not None:
            twin.owner = owner
        return twin

    def resolve(self, name: str, entity_type: str | None = None) -> str | None:
        """See :meth:`memory_core.extraction_names.EntityResolver.resolve`."""
        prefix, rest = split_prefix(name)
        wanted = entity_type or prefix
        exact = self._exact.get(name_key(name))
        if exact is not None and (wanted is None or split_prefix(exact)[0] == wanted):
            return exact
        found = super().resolve(name, entity_type)
        return found if found is not None else self._by_spelling(rest, wanted)

    def _by_spelling(self, rest: str, wanted: str | None) -> str | None:
        written = rest.split()
        if not written or len(written) > _MAX_WORDS:
            return None
        if not all(w[:1].isupper() for w in written):  # only names written as names:
            return self._lowercase_surname(rest, wanted)  # "march" is no "Mark"
        return self._written_as_name(rest, wanted)

    def _written_as_name(self, rest: str, wanted: str | None) -> str | None:
        written = tokens(rest)
        pool = {n for w in written for k in _spelling_keys(w) for n in self._spelled.get(k, ())}
        if len(written) > 1:  # "Софи Лоран" for Sophie Laurent: found by the surname's sound
            pool |= {n for k in sound_skeletons(written[-1]) for n in self._sounded.get(k, ())}
        else:  # "Джейсона" for Jason Miller: the first name's sound, in the other script
            pool |= {
                n for k in _first_skeletons(written[0]) for n in self._first_sounded.get(k, ())
            }
        hits = [n for n in sorted(pool) if wanted is None or split_prefix(n)[0] == wanted]
        hits = [n for n in hits if self._spelled_alike(written, n)]
        return hits[0] if len(hits) == 1 else None

    def _lowercase_surname(self, rest: str, wanted: str | None) -> str | None:
        """A known person's surname typed in lowercase, alone or after the first name
        ("ладыгин", "kowal", "петра новака"), or a Russian word for a first name stored in
        Latin ("агнешка"): only a word that reads as nothing but a name."""
        written = tokens(rest)
        if wanted not in (None, "Person") or not all(_only_a_name(w) for w in written[-1:]):
            return None
        titled = " ".join(w[:1].upper() + w[1:] for w in written)
        found = self._written_as_name(titled, "Person")
        if found is None or len(written) > len(self._words[found]):
            return None
        if len(written) == 1 and is_cyrillic(rest):  # "агнешка": a first name by ear, which
            return found  # in Russian only a word the dictionary knows as no other can be
        if len(self._words[found]) < 2:
            return None
        return found if _same_surname(titled.split()[-1], self._words[found][-1]) else None

    def _spelled_alike(self, written: list[str], name: str) -> bool:
        stored = self._words[name]
        if len(written) == 1:  # one word: the same spelling in another script, no typos
            person = split_prefix(name)[0] == "Person"
            if len(stored) > 1 and person and _same_surname(written[0], stored[-1]):
                return True  # a surname alone, written as a name: "Мельник", "Hovhannisyan"
            same = len(stored) == 1 or person
            if same and _same_spelling(written[0], stored[0]):
                return True
            return person and _first_sounds_alike(written[0], stored[0])
        if len(written) == len(stored):
            first_alias = len(written) > 1 and self._nicknamed(written[0], name)
            return all(
                _same_word(w, s) or _sounds_alike(w, s) or (i == 0 and first_alias)
                for i, (w, s) in enumerate(zip(written, stored, strict=True))
            )
        return False

    def _nicknamed(self, word: str, name: str) -> bool:
        """Whether a written first name is a nickname ``name``'s lines record ("Dima Kovalev"
        for ``Person:Дмитрий Ковалёв`` whose line says "Дима"), in either script."""
        keys = {latin_key(word), *(latin_key(f) for f in _first_forms(word))}
        return any(name in self._by_nick.get(k, ()) for k in keys)


async def scope_resolver(scoped: ScopedMemory, owner: str | None = None) -> StoreResolver:
    """Return the resolver of one scope: cached names, the owner's relatives read now.

    Args:
        scoped: the scope.
        owner: the owner's ``User:`` entity, when the caller knows it.
    """
    async with scoped.read() as conn:
        versions = await Versions.read(scoped.search_index, conn)
        cached = scoped.caches.resolvers.get(scoped.scope.value)
        if cached is None or cached[0] != versions.names:
            names = [name for _, name in sorted(await scoped.repo.named_ids(conn))]
            cached = (versions.names, StoreResolver(names))
            scoped.caches.resolvers[scoped.scope.value] = cached
        base = cached[1]
        nicks = await nickname_lookup(scoped, conn, versions)
        me = owner or base.owner
        rows = await scoped.repo.entities_by_name(conn, [me] if me else [])
        namesakes = await _namesakes_links(scoped, conn, base.namesakes, versions)
        if me is None or me not in rows:
            return base.with_kin(namesakes, {}, me, nicks)
        links = [
            (r.from_, r.relation_type, r.to)
            for r in await scoped.repo.relations_touching(conn, [rows[me].id])
            if r.relation_type in _KIN_VERBS
        ]
        kin = {end for frm, _, to in links for end in (frm, to)} - {me}
        kin_rows = await scoped.repo.entities_by_name(conn, kin)
        lines_by_id = await scoped.repo.observations_of(conn, [r.id for r in kin_rows.values()])
    lines = {n: [o.text for o in lines_by_id.get(r.id, [])] for n, r in kin_rows.items()}
    return base.with_kin([*links, *namesakes], lines, me, nicks)


async def _namesakes_links(
    scoped: ScopedMemory,
    conn: aiosqlite.Connection,
    namesakes: Sequence[str],
    versions: Versions,
) -> list[tuple[str, str, str]]:
    """The links of the people who share a first name, to tell them apart by their project
    ("тигран который на Payway"). Kept until a name or a link of the scope changes: at 10k
    entities thousands of people share a first name, and reading their links took a
    third of every "remember"."""
    if not namesakes:
        return []
    at = (versions.names, *versions.links)
    cached = scoped.caches.namesake_links.get(scoped.scope.value)
    if cached is not None and cached[0] == at:
        return cached[1]
    rows = await scoped.repo.entities_by_name(conn, namesakes)
    found = await scoped.repo.relations_touching(conn, [r.id for r in rows.values()], limit=50)
    links = [(r.from_, r.relation_type, r.to) for r in found]
    scoped.caches.namesake_links[scoped.scope.value] = (at, links)
    return links


async def nickname_lookup(
    scoped: ScopedMemory, conn: aiosqlite.Connection, versions: Versions
) -> dict[str, list[str]]:
    """The scope's nickname index: grown by the lines added since it was made, made again
    only when a name was renamed or deleted or a text changed in place."""
    at = (versions.names - versions.inserted, versions.max_observation, versions.edits)
    cached = scoped.caches.nicknames.get(scoped.scope.value)
    if cached is not None and cached[0] == at:
        return cached[1]
    grows = cached is not None and (cached[0][0], cached[0][2]) == (at[0], at[2])
    index = {k: list(v) for k, v in cached[1].items()} if grows and cached else {}
    after = cached[0][1] if grows and cached else 0
    lines: dict[str, list[str]] = {}
    for name, text in await scoped.repo.person_lines_with(conn, NICKNAME_CUES, after=after):
        lines.setdefault(name, []).append(text)
    for key, names in nickname_index(lines, latin_key).items():
        have = index.setdefault(key, [])
        have.extend(n for n in names if n not in have)
    scoped.caches.nicknames[scoped.scope.value] = (at, index)
    return index
