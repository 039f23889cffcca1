"""Graph-aware ranking: what a question asks for, and score spread along relations from seeds.

Recall finds *seeds*: entities the message names and entities whose words match it. Many
questions are answered one link away ("кто пм на Polaris" is the person ``-[pm_of]->``
Polaris; "где обсуждали BCN-30" is the note ``-[references]->`` the key). This module

* reads from the question's words which relation types and which kind of entity it asks
  for (:func:`asked`), in Russian and English, by word prefixes so inflections match;
* spreads the seeds' scores to their neighbours, two hops at most, with a weight per
  relation type and a decay per hop, like one step of a personalised PageRank
  (:func:`spread`). A relation the question asks about carries most of a seed's score
  across; a generic link ("mentions") carries a little.

Everything here is pure: the caller reads the relations and the entity types.
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from functools import lru_cache

from rapidfuzz.distance import OSA

from memory_core.language import STOP_WORDS
from memory_core.models import Relation
from memory_core.morphology import known_russian_word
from memory_core.name_gender import name_gender
from memory_core.reporting_line import LINE_TYPES, is_up, way_asked

__all__ = [
    "KIN_TYPES",
    "POINTER_TYPES",
    "Asked",
    "Reached",
    "asked",
    "canonical_type",
    "is_cue",
    "spread",
]

# which end of a parent-child link a kin word asks for: "моя дочь" is the child
_KIN_CUES: dict[str, str] = {
    **dict.fromkeys(("son", "daughter", "kid", "child", "сын", "доч", "дет", "ребен", "младш",
                     "старш"), "child"),
    **dict.fromkeys(
        ("parent", "родител", "мам", "пап", "mother", "father", "батя", "бате", "батю", "бати",
         "батей", "dad", "mom"),
        "parent",
    ),
}  # fmt: skip
_KIN_GENDER: dict[str, str] = {
    **dict.fromkeys(("son", "сын", "father", "dad", "пап", "батя", "бате", "батю", "бати",
                     "батей"), "masc"),
    **dict.fromkeys(("daughter", "доч", "mother", "mom", "мам"), "femn"),
}  # fmt: skip
"""Kin words that say the relative's gender ("какой стоматолог у сына": not the daughter's)."""
_ELDER_YOUNGER = re.compile(r"(?:старш|младш)(?:(ей|ая|ую|ою)|(его|ий|ему|им|ем|ом))")
""""у старшей" is the elder daughter, "у младшего" the younger son."""
KIN_TYPES = frozenset({"child_of", "parent_of"})
"""The parent-child relation types (a question's "моя дочь", "батя" follows them)."""


# word prefix (folded, ``ё`` as ``е``) -> relation types a question with that word asks about
_RELATION_CUES: dict[str, tuple[str, ...]] = {
    # work structure
    "pm": ("pm_of", "manages"),
    "пм": ("pm_of", "manages"),
    "продакт": ("pm_of",),
    "product": ("pm_of", "owns"),
    "проджект": ("pm_of", "manages"),
    "report": ("reports_to", "manages"),
    "репорт": ("reports_to", "manages"),
    "подчин": ("reports_to", "manages"),
    "отчитыва": ("reports_to", "manages"),  # "кому Вика отчитывается"
    "руковод": ("reports_to", "manages", "leads"),
    "начальни": ("reports_to", "manages"),
    "босс": ("reports_to", "manages"),
    "boss": ("reports_to", "manages"),
    "manag": ("manages", "reports_to", "pm_of"),
    "менеджер": ("manages", "reports_to", "pm_of"),
    "шеф": ("reports_to", "manages"),
    "supervis": ("reports_to", "manages"),
    "direct": ("reports_to", "manages"),
    "прям": ("reports_to", "manages"),
    "lead": ("leads", "manages", "owns"),
    "лид": ("leads", "manages", "owns"),
    "тимлид": ("leads", "manages"),
    "head": ("leads", "manages"),
    "глав": ("leads", "manages"),
    "own": ("owns", "leads"),
    "овнер": ("owns", "leads"),
    "овнит": ("owns", "leads"),  # slang: "кто овнит X"
    "овнят": ("owns", "leads"),
    "under": ("reports_to", "manages"),  # "who is under X"
    "владел": ("owns",),
    "отвеча": ("owns", "leads", "works_on", "assigned_to"),
    "responsib": ("owns", "leads", "works_on", "assigned_to"),
    "charge": ("owns", "leads", "manages"),
    "runs": ("leads", "manages", "owns"),
    "running": ("leads", "manages", "owns"),
    "заправля": ("leads", "manages", "owns"),
    "work": ("works_on", "assigned_to", "leads"),
    "работ": ("works_on", "assigned_to", "leads"),
    "делает": ("works_on", "assigned_to"),
    "строит": ("works_on", "leads"),  # "кто строит баню"
    "строят": ("works_on", "leads"),
    "build": ("works_on", "leads"),
    "пилит": ("works_on", "assigned_to"),  # slang: "кто пилит Onyx"
    "пилят": ("works_on", "assigned_to"),
    "пилил": ("works_on", "assigned_to"),
    "ведет": ("leads", "manages", "works_on"),  # "кто ведёт Onyx"
    "ведут": ("leads", "manages", "works_on"),
    "рулит": ("leads", "manages"),
    "рулят": ("leads", "manages"),
    **dict.fromkeys(("тащит", "тащат", "тащил"), ("leads", "owns", "works_on")),  # "кто тащит X"
    "занима": ("works_on", "assigned_to"),
    "участв": ("works_on",),
    "involv": ("works_on",),
    "team": ("works_on", "leads", "reports_to"),
    "команд": ("works_on", "leads", "reports_to"),
    "assign": ("assigned_to",),
    "назнач": ("assigned_to",),
    "исполнит": ("assigned_to",),
    "висит": ("assigned_to", "owns", "depends_on", "blocks"),  # "на ком висит TUL-52"
    "висят": ("assigned_to", "owns", "depends_on", "blocks"),
    "mentor": ("mentors",),
    "ментор": ("mentors",),
    "наставн": ("mentors",),
    "candidat": ("candidate_for",),
    "кандидат": ("candidate_for",),
    "client": ("client_of",),
    "customer": ("client_of",),
    "клиент": ("client_of",),
    "заказчик": ("client_of",),
    # ideas and dependencies
    "recommend": ("recommends",),
    "рекоменд": ("recommends",),
    "suggest": ("recommends",),
    "propos": ("recommends",),
    "предлож": ("recommends",),
    "предлага": ("recommends",),
    "совет": ("recommends",),
    "advis": ("recommends",),
    "push": ("recommends",),
    "идея": ("recommends",),
    "idea": ("recommends",),
    "depend": ("depends_on", "blocks"),
    "завис": ("depends_on", "blocks"),
    "block": ("blocks", "depends_on"),
    "блок": ("blocks", "depends_on"),
    "блоч": ("blocks", "depends_on"),  # slang: "что блочит X"
    "завяз": ("depends_on", "blocks"),  # "на что завязана X"
    "part": ("part_of",),
    "входит": ("part_of",),
    "часть": ("part_of",),
    # people in one's life
    "doctor": ("doctor_of",),
    "врач": ("doctor_of",),
    "доктор": ("doctor_of",),
    "педиатр": ("doctor_of",),
    "pediatr": ("doctor_of",),
    "paediatr": ("doctor_of",),
    "стоматолог": ("doctor_of",),
    "зубн": ("doctor_of",),
    "dentist": ("doctor_of",),
    "терапевт": ("doctor_of",),
    "therapist": ("doctor_of",),
    "physio": ("doctor_of",),
    "физио": ("doctor_of",),
    "ортопед": ("doctor_of",),
    **dict.fromkeys(("vet", "ветеринар", "ветврач"), ("vet_of", "doctor_of")),
    **dict.fromkeys(
        (
            "учит",
            "учат",
            "обучает",
            "преподава",
            "тренир",
            "тренер",
            "инструктор",
            "репетитор",
            "teach",
            "coach",
            "instructor",
            "tutor",
            "trainer",
        ),
        ("instructor_of", "teacher_of", "coach_of", "tutor_of", "mentors"),
    ),
    "лечит": ("doctor_of", "vet_of"),
    "лечил": ("doctor_of", "vet_of"),
    **dict.fromkeys(("классн", "классух", "класрук", "учительниц", "училк"), ("teacher_of",)),
    "механик": ("mechanic_of",),
    "mechanic": ("mechanic_of",),
    **dict.fromkeys(("сдает", "сдаёт", "сдают"), ("landlord_of",)),
    **dict.fromkeys(
        (
            "пушил",
            "пушит",
            "продвигал",
            "pushed",
            "продавил",
            "продавлива",
            "пролоббир",
            "лоббир",
            "протолкн",
            "протащил",
            "lobbied",
            "топил",  # slang: "кто топил за BigQuery"
            "топит",
            "топят",
        ),
        ("recommends", "proposed"),
    ),  # "кто продавил X": who pushed the call through
    "лечат": ("doctor_of", "vet_of"),
    "лечащ": ("doctor_of", "vet_of"),
    **dict.fromkeys(
        (
            "кардиолог",
            "невролог",
            "дерматолог",
            "офтальмолог",
            "окулист",
            "эндокринолог",
            "аллерголог",
            "гинеколог",
            "уролог",
            "хирург",
            "ортодонт",
            "логопед",
            "психотерапевт",
            "cardiolog",
            "neurolog",
            "dermatolog",
            "ophthalmolog",
            "endocrinolog",
            "allergist",
            "gyn",
            "urolog",
            "surgeon",
            "orthodont",
            "psychiatr",
            "психиатр",
        ),
        ("doctor_of",),
    ),
    "lawyer": ("lawyer_of",),
    "attorney": ("lawyer_of",),
    "адвокат": ("lawyer_of",),
    "юрист": ("lawyer_of",),
    "accountant": ("accountant_of",),
    "бухгалтер": ("accountant_of",),
    "landlord": ("landlord_of",),
    "арендодат": ("landlord_of",),
    "хозя": ("landlord_of",),
    "neighbo": ("neighbor_of",),
    "сосед": ("neighbor_of",),
    "friend": ("friend_of",),
    "друг": ("friend_of",),
    "подруг": ("friend_of",),
    "приятел": ("friend_of",),
    "wife": ("married_to",),
    "husband": ("married_to",),
    "spouse": ("married_to",),
    "жен": ("married_to",),
    "муж": ("married_to",),
    "супруг": ("married_to",),
    "married": ("married_to",),
    **dict.fromkeys(_KIN_CUES, tuple(sorted(KIN_TYPES))),  # either end, see Asked.kin
    "brother": ("sibling_of",),
    "sister": ("sibling_of",),
    "sibling": ("sibling_of",),
    "брат": ("sibling_of",),
    "сестр": ("sibling_of",),
    "godfather": ("godparent_of",),
    "godmother": ("godparent_of",),
    "крестн": ("godparent_of",),
}

# word prefix -> the kind of entity the question wants back
_TYPE_CUES: dict[str, str] = {
    "кто": "Person",
    "кого": "Person",
    "кому": "Person",
    "ком": "Person",  # "на ком висит X"
    "кем": "Person",
    "who": "Person",
    "whom": "Person",
    "whose": "Person",
    **dict.fromkeys(("чей", "чья", "чье", "чьи", "чьего", "чьей", "чьих", "чьим"), "Person"),
    "note": "Note",
    "заметк": "Note",
    "записи": "Note",
    "записях": "Note",
    "записк": "Note",
    "обсужд": "Note",
    "discuss": "Note",
    "talk": "Note",
    "всплыва": "Note",
    "упомина": "Note",
    "mention": "Note",
    "adr": "Note",
    "doc": "Note",
    "документ": "Note",
    "протокол": "Note",
    "minutes": "Note",
    "meetings": "Note",  # "which meetings was Frank in": the notes of them
    "link": "Note",
    "ссылк": "Note",
    "decid": "Decision",
    "decision": "Decision",
    "решил": "Decision",
    "решени": "Decision",
    "решал": "Decision",
    "выбрал": "Decision",
    "chose": "Decision",
    "pick": "Decision",
}

# how much of a node's score a link of each kind carries across when the question does not
# ask about that relation type (a question about it carries _ASKED)
_TYPO_CUE = 5
_PERFECTIVE_PREFIXES = ("за", "по", "на", "с")
"""Prefixes that make a perfective of an imperfective verb (see memory_core.wordforms)."""
_MIN_UNPREFIXED = 8
"""The shortest rest of a prefixed word read as its verb ("работал" in "заработал" is not)."""
"""Cue words at least this long are still recognised with one typo."""
_RELATION_PREFIXES = tuple(_RELATION_CUES)
_CACHED_WORDS = 8192
"""Words whose cues are remembered (a question's words repeat across questions)."""
_GENERIC = 0.25
_ROLE_TYPES = frozenset({"leads", "manages", "owns", "works_on", "assigned_to", "pm_of"})
"""The work links a role question asks about (see :attr:`Asked.role`)."""
WORK_TYPES = _ROLE_TYPES | frozenset(
    {"reports_to", "recommends", "proposed", "depends_on", "blocks", "part_of", "client_of",
     "candidate_for", "mentors"}
)  # fmt: skip
"""Links of work; the others (a doctor, a vet, a landlord, a teacher) are of one's life."""
POINTER_TYPES = frozenset({"mentions", "references", "covers", "documented_in", "decided_in"})
"""Links that point from a note or a decision at what it is about."""
# the links that lead to the kind of entity a question wants ("в какой заметке" -> a note)
_KIND_LINKS: dict[str, frozenset[str]] = {
    "Note": POINTER_TYPES,
    "Decision": frozenset({"decided_in", "applies_to", "recommends"}),
}
_POINTER = 0.35
_ASKED = 1.15
# a relation asked about without a "who" / "which note" / "what was decided" word: the
# linked entity is a good answer, yet the named one may be what is asked about
_ASKED_ALONE = 0.9
_SECOND_HOP = 0.5
_PASSING = _SECOND_HOP * 0.9
"""What a relative keeps of the score a family link brings when the question asks for a
link of theirs ("кто классуха у старшей": the daughter is the way to her teacher, not the
answer), so the end of the second hop ranks above the way to it."""
_WANTED_TYPE = 1.3
# directed relations whose ``from`` end is the subject of a question's verb: "кому X
# подчиняется" follows X's own reports_to, "чей ментор X" X's own mentors link
_DIRECTED = frozenset({"reports_to", "mentors"})
_OBLIQUE_ASKING = frozenset(
    {"кому", "чей", "чья", "чье", "чьи", "чьего", "чьей", "чьих", "чьим", "whose"}
)
_FIRST_PERSON = frozenset({"я", "i"})
_PEOPLE = frozenset({"people", "ppl", "folks", "guys", "люди", "людей", "ребята"})
_WHICH = frozenset({"which", "what", "какие", "каких", "кто"})
# relations whose ``from`` end holds the role a question names ("врач", "PM", "owner"): a
# seed on that end is itself the answer ("к доктору Николич"), so its other end is not lifted
_HOLDER_TYPES = frozenset(
    {
        "pm_of",
        "doctor_of",
        "lawyer_of",
        "accountant_of",
        "landlord_of",
        "leads",
        "owns",
        "manages",
        "mentors",
        "godparent_of",
    }
)


@dataclass(frozen=True, slots=True)
class Asked:
    """What a question asks for beyond its words: relation types and a kind of entity."""

    relation_types: frozenset[str] = frozenset()
    want_type: str | None = None
    kin: str | None = None
    """``child`` or ``parent``: the end of a parent-child link the question asks for."""
    kin_gender: str | None = None
    """``masc`` or ``femn`` when the kin word says it ("сын", "мама", "у старшей")."""
    subject: bool = False
    """The entity the question names does what the relation says ("кому Сева подчиняется",
    "чей ментор Лиза", "who does Marco report to"): the answer is at the other end of its
    own link, not among those linked to it the same way."""
    up: bool | None = None
    """For a reporting-line question, whether it asks for the one above (``True``: "кто мой
    начальник") or those below (``False``: "мои подчинённые"); see
    :mod:`memory_core.reporting_line`."""

    @property
    def role(self) -> bool:
        """Whether it asks who holds a role in something ("who runs X", "кто отвечает за
        X"): a person, by work links only, not up or down a reporting line."""
        work = self.relation_types - {"reports_to"}  # "team" names it, no way up or down
        return (
            self.want_type == "Person"
            and bool(work)
            and work <= _ROLE_TYPES
            and self.kin is None
            and self.up is None
            and not self.subject
        )

    def wants(self, entity_type: str | None) -> bool:
        """Whether an entity of this type is the kind asked for (the owner is a "кому" when
        the question follows the named one's own link: "кому Сева подчиняется" may be "мне")."""
        if self.want_type is None:
            return False
        return entity_type == self.want_type or (
            self.subject and self.want_type == "Person" and entity_type == "User"
        )

    def weight(
        self, relation_type: str, *, holder: bool = False, target: str | None = None
    ) -> float:
        """How much of a score a link of this type carries across for this question.

        ``holder``: the score comes from the ``from`` end of the link (for a role
        relation, the end that holds the role).
        ``target``: the type of the entity the link leads to; a question that asks for a
        kind of entity ("who ...") lifts only entities of that kind.
        """
        relation_type = canonical_type(relation_type)
        wrong_kind = target is not None and self.want_type is not None and not self.wants(target)
        if self.subject and relation_type in self.relation_types and relation_type in _DIRECTED:
            # the named entity is the link's subject: only its own links answer
            if holder and not wrong_kind:
                return _ASKED if self.want_type is not None else _ASKED_ALONE
            return _GENERIC
        if self.up is not None and relation_type in LINE_TYPES and not wrong_kind:
            if relation_type not in self.relation_types:
                return _GENERIC
            if is_up(relation_type, holder=holder) == self.up:
                return _ASKED if self.want_type is not None else _ASKED_ALONE
            return _GENERIC  # "кто мой начальник" is none of the asker's own reports
        if self.kin is not None and relation_type in KIN_TYPES:
            # the far end is the child of "X -[child_of]-> seed" and of "seed -[parent_of]-> X"
            far_is_child = (relation_type == "child_of") != holder
            if far_is_child != (self.kin == "child"):
                return _GENERIC  # "моя дочь" is not the owner's mother
        if (
            relation_type in self.relation_types
            and not (holder and relation_type in _HOLDER_TYPES)
            and not wrong_kind
        ):
            return _ASKED if self.want_type is not None else _ASKED_ALONE
        if self.want_type is not None and relation_type in _KIND_LINKS.get(self.want_type, ()):
            return _ASKED
        if relation_type in POINTER_TYPES:
            return _POINTER
        return _GENERIC


def _type_key(relation_type: str) -> str:
    key = relation_type.lower().replace("-", "_").removeprefix("is_").removesuffix("_of")
    return key[:-1] if "_" not in key and key.endswith("s") and len(key) > 3 else key


@lru_cache(maxsize=1)
def _known_types() -> dict[str, str]:
    names = {t for types in _RELATION_CUES.values() for t in types}
    names |= _HOLDER_TYPES | KIN_TYPES | POINTER_TYPES
    names |= {t for types in _KIND_LINKS.values() for t in types}
    return {_type_key(n): n for n in sorted(names)}


@lru_cache(maxsize=_CACHED_WORDS)
def canonical_type(relation_type: str) -> str:
    """The name this module knows a relation type by: ``mentor_of``, ``mentor`` and
    ``is_mentor_of`` are ``mentors``; ``leads`` and ``lead``, one; a role the cue words
    name is the relation they ask for (``orthodontist_of`` is ``doctor_of``). Other types
    are kept."""
    key = _type_key(relation_type)
    known = _known_types().get(key)
    if known is not None:
        return known
    if "_" not in key and len(key) >= _TYPO_CUE:
        named = [rels for cue, rels in _RELATION_CUES.items() if key.startswith(cue)]
        if named:
            return named[0][0]
    return relation_type


@lru_cache(maxsize=_CACHED_WORDS)
def _type_cue(word: str) -> str | None:
    for cue, kind in _TYPE_CUES.items():
        if word.startswith(cue) and (len(cue) > 3 or word == cue):
            return kind
    return None


def is_cue(word: str) -> bool:
    """Whether a folded word only says what is asked ("кто", "врач", "notes"), not about what."""
    if word.startswith(_RELATION_PREFIXES) or _type_cue(word) is not None:
        return True
    bare = _unprefixed(word)
    return bare is not None and bare.startswith(_RELATION_PREFIXES)


@lru_cache(maxsize=_CACHED_WORDS)
def _relations_named(word: str) -> frozenset[str]:
    """The relation types a folded word names: by a cue's prefix, or one typo in a long cue."""
    found = [rels for cue, rels in _RELATION_CUES.items() if word.startswith(cue)]
    bare = _unprefixed(word)
    if not found and bare is not None:
        # a perfective names what its verb does: "заблокирован" is "блок", "назначил" too
        found = [rels for cue, rels in _RELATION_CUES.items() if bare.startswith(cue)]
    if not found and len(word) >= _TYPO_CUE and not known_russian_word(word):
        # one typo in a long cue word ("reprots", "подчеянется") still names the relation;
        # a word of its own is no typo ("старой" is old, not "старшей")
        found = [
            rels
            for cue, rels in _RELATION_CUES.items()
            if len(cue) >= _TYPO_CUE
            and word[0] == cue[0]
            and OSA.distance(word[: len(cue)], cue, score_cutoff=1) <= 1
        ]
    return frozenset(t for rels in found for t in rels)


@lru_cache(maxsize=_CACHED_WORDS)
def _unprefixed(word: str) -> str | None:
    """A Russian verb form without its perfective prefix ("заблокирован" -> "блокирован"),
    when what is left is a word of its own long enough not to be another word's root."""
    for prefix in _PERFECTIVE_PREFIXES:
        bare = word[len(prefix) :]
        if word.startswith(prefix) and len(bare) >= _MIN_UNPREFIXED and known_russian_word(bare):
            return bare
    return None


def asked(words: Iterable[str]) -> Asked:
    """Read the relation types and the entity kind a question asks for from its words.

    Args:
        words: the question's words, folded (lower case, ``ё`` as ``е``); lemmas may be
            added, they only help.
    """
    types: set[str] = set()
    want: str | None = None
    kin: set[str] = set()
    genders: set[str] = set()
    seen: list[str] = []
    for word in words:
        seen.append(word)
        if word not in STOP_WORDS or word in _RELATION_CUES:  # "брать" is no "брат"
            types.update(_relations_named(word))
        if want is None:
            want = _type_cue(word)
        kin.update(k for cue, k in _KIN_CUES.items() if word.startswith(cue))
        genders.update(g for cue, g in _KIN_GENDER.items() if word.startswith(cue))
        aged = _ELDER_YOUNGER.fullmatch(word)
        if aged:
            genders.add("femn" if aged.group(1) else "masc")
    if want is None and not _PEOPLE.isdisjoint(seen) and not _WHICH.isdisjoint(seen):
        want = "Person"  # "which people are under X"
    if want == "Person" and "под" in seen:
        types.update(("reports_to", "manages"))  # "кто под Пашей сидит": under someone
    subject = bool(types & _DIRECTED) and _names_the_subject(seen)
    one_kin = kin.pop() if len(kin) == 1 else None
    gender = genders.pop() if one_kin and len(genders) == 1 else None
    up = way_asked(seen, frozenset(types), subject=subject)
    return Asked(frozenset(types), want, one_kin, kin_gender=gender, subject=subject, up=up)


def _names_the_subject(words: Sequence[str]) -> bool:
    """Whether the question asks for the object of what the named one does: an oblique
    question word ("кому", "чей", "кого я ...", "whose") or "who ... to" at the end."""
    if any(w in _OBLIQUE_ASKING for w in words):
        return True
    if "кого" in words and any(w in _FIRST_PERSON for w in words):
        return True  # "кого я менторю": the owner mentors someone
    return bool(words) and words[-1] in ("to", "for") and any(w in ("who", "whom") for w in words)


@dataclass(slots=True)
class Reached:
    """A node's spread score, the links that brought it, and whether one was asked about."""

    score: float = 0.0
    via: list[Relation] = field(default_factory=list)
    asked: bool = False


def spread(
    seeds: Mapping[str, float],
    relations: Sequence[Relation],
    question: Asked,
    types: Mapping[str, str],
    *,
    hops: int = 2,
) -> dict[str, Reached]:
    """Spread seed scores along ``relations`` (both directions), ``hops`` steps at most.

    Args:
        seeds: entity name -> its own score (named or matched by words), 0..1.
        relations: the relations around the seeds (those touching the seeds, and, for a
            second hop, those touching their neighbours).
        question: what the question asks for (:func:`asked`).
        types: entity name -> entity type, for the nodes of ``relations``.
        hops: how far scores travel.

    Returns:
        Every node reached (a seed only when a link lifts it above its own score), with the
        best score that reached it: a seed's
        score times the link weight (times :data:`_SECOND_HOP` for the second step), and
        times :data:`_WANTED_TYPE` when the node is the kind of entity asked for.
    """
    around: dict[str, list[tuple[str, Relation]]] = {}
    for rel in relations:
        around.setdefault(rel.from_, []).append((rel.to, rel))
        around.setdefault(rel.to, []).append((rel.from_, rel))
    reached: dict[str, Reached] = {}
    frontier = {name: Reached(score) for name, score in seeds.items() if score > 0}
    decay = 1.0
    weights: dict[tuple[str, bool, str | None], float] = {}  # few distinct ones per question
    through_kin = question.kin is not None and bool(question.relation_types - KIN_TYPES)
    for _ in range(hops):
        nxt: dict[str, Reached] = {}
        for name, came in frontier.items():
            back = came.via[-1] if came.via else None
            # the family link only says who the relative is: their own link is no further
            # away than the owner's would be
            kin_way = (
                through_kin
                and bool(came.via)
                and all(canonical_type(r.relation_type) in KIN_TYPES for r in came.via)
            )
            hop_decay = 1.0 if kin_way else decay
            from_owner = through_kin and not came.via and types.get(name) == "User"
            for other, rel in around.get(name, ()):
                if back is not None and other in (back.from_, back.to):
                    continue  # straight back where the score came from
                target = types.get(other)
                key = (rel.relation_type, rel.from_ == name, target)
                weight = weights.get(key)
                if weight is None:
                    weight = weights[key] = question.weight(key[0], holder=key[1], target=target)
                if (
                    question.kin_gender is not None
                    and weight > _GENERIC
                    and canonical_type(rel.relation_type) in KIN_TYPES
                    and name_gender(other) not in (None, question.kin_gender)
                ):
                    weight = _GENERIC  # "сын" is not the daughter
                if from_owner and canonical_type(rel.relation_type) not in KIN_TYPES:
                    # "какой стоматолог у сына" asks for the son's dentist, not the owner's
                    weight = min(weight, _GENERIC)
                carried = came.score * weight * hop_decay
                if question.wants(target):
                    carried *= _WANTED_TYPE
                if carried <= seeds.get(other, 0.0):
                    continue  # a seed is reached only when the link lifts it
                # brought by a link asked about, to the kind of entity asked for (if any)
                lifted = weight in (_ASKED, _ASKED_ALONE) and (
                    canonical_type(rel.relation_type) in question.relation_types
                    or question.wants(target)
                )
                passing = through_kin and canonical_type(rel.relation_type) in KIN_TYPES
                kept = carried * _PASSING if passing else carried
                best, ahead = reached.get(other), nxt.get(other)
                to_best = best is None or kept > best.score
                to_next = carried > (0.0 if ahead is None else ahead.score)
                if not (to_best or to_next):
                    continue
                step = Reached(carried, [*came.via, rel], lifted)
                if to_best:
                    reached[other] = Reached(kept, step.via, lifted) if passing else step
                if to_next:
                    nxt[other] = step
        frontier = nxt
        decay = _SECOND_HOP
    return reached
