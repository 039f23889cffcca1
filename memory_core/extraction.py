"""Turn one chat statement into a proposal: the entities, lines and links it would add.

:func:`extract` is rule-based (Russian and English, no model) and pure: it reads the memory
only through an :class:`~memory_core.extraction_names.EntityResolver` and stores nothing.
A message that is a question, small talk, worklog, holds a secret, or states nothing durable
gives a :class:`Proposal` with ``skipped`` set to that reason and nothing else. Otherwise the
proposal lists exactly what "Yes" would write: new entities and existing ones that get
lines, the lines (``src=auto``), and the links, all under existing names where the memory
already holds the person or project.

The JSON form (:meth:`Proposal.to_json`) is the line ``memory-bot propose --json`` prints::

    {"text": "мой тимлид — Иван Петров",
     "entities": [{"name": "Person:Иван Петров", "lines": ["role: тимлид (as_of=..., src=auto)"]}],
     "relations": [{"from": "User:Алексей", "relationType": "reports_to",
                    "to": "Person:Иван Петров"}],
     "skipped": null}
"""

from __future__ import annotations

import datetime as dt
import re
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any, Final

from memory_core.extraction_agreed_with import agreed_with
from memory_core.extraction_apposed_role import with_apposed_role
from memory_core.extraction_apposition import appose, without_someone
from memory_core.extraction_care import care_of_named, with_cared_relative, with_my_carer
from memory_core.extraction_care_named import relative_sees
from memory_core.extraction_circle import children_named, friends_made
from memory_core.extraction_clauses import clauses, decided, with_clauses
from memory_core.extraction_contacts import contact_holder, split_contact, with_contact
from memory_core.extraction_coordination import collapse, joined_projects, with_joined
from memory_core.extraction_correction import without_the_old
from memory_core.extraction_cover import cover
from memory_core.extraction_dash_named import with_dash_named
from memory_core.extraction_decisions import decision
from memory_core.extraction_duties import duty
from memory_core.extraction_ellipsis import first_person, shared_subject
from memory_core.extraction_emoji import emoji_stops
from memory_core.extraction_fallback import FALLBACKS, may_fall_back, with_tools
from memory_core.extraction_fallback_choice import tool_use
from memory_core.extraction_fallback_links import (
    LINK_FALLBACKS,
    people_of,
    with_boss,
    with_links,
    with_owned,
    with_role,
)
from memory_core.extraction_family import FAMILY_RULES, kin_dative_fact
from memory_core.extraction_friendship import friendship_said
from memory_core.extraction_gifts import gift_idea
from memory_core.extraction_hearsay import hearsay
from memory_core.extraction_hirer import without_hirer
from memory_core.extraction_household import HOUSEHOLD_RULES
from memory_core.extraction_joining import JOINING_RULES
from memory_core.extraction_kin_named import with_kin_named
from memory_core.extraction_kin_of import kin_of, kin_said_first, with_kin_of
from memory_core.extraction_lands_in import lands_in
from memory_core.extraction_launch import launched
from memory_core.extraction_lead_clause import without_lead_clause
from memory_core.extraction_likes import taste
from memory_core.extraction_listed import with_listed
from memory_core.extraction_names import EntityResolver
from memory_core.extraction_not_only import with_not_only
from memory_core.extraction_org import with_org, without_org
from memory_core.extraction_origin import with_origin, without_origin
from memory_core.extraction_paid import with_paid_provider
from memory_core.extraction_people import PEOPLE_RULES, known_person_fact, verb_link
from memory_core.extraction_platform import platform
from memory_core.extraction_qualifiers import without_qualifiers, without_taken_from
from memory_core.extraction_role_then_name import carried
from memory_core.extraction_routed import with_routed
from memory_core.extraction_said_after import without_said_after
from memory_core.extraction_school import school
from memory_core.extraction_served import purpose_first, served_by
from memory_core.extraction_skip import (
    SKIP_QUESTION,
    SKIP_SECRET,
    SKIP_SMALL_TALK,
    SKIP_TRANSIENT,
    SKIP_WORKLOG,
    is_question,
    is_small_talk,
    is_worklog,
)
from memory_core.extraction_split_time import split_between
from memory_core.extraction_stack import stack
from memory_core.extraction_team_joined import team_joined
from memory_core.extraction_text import Draft, Reading
from memory_core.extraction_things import explicit_link, owner_fact
from memory_core.extraction_uses import uses
from memory_core.extraction_vendor import without_vendors
from memory_core.extraction_wedding import couple_married
from memory_core.extraction_work_link import with_work_link
from memory_core.naming import split_prefix
from memory_core.secrets import find_secret

__all__ = [
    "DEFAULT_OWNER",
    "MAX_STATEMENT_CHARS",
    "RULES",
    "SKIP_REASONS",
    "Proposal",
    "ProposedEntity",
    "ProposedRelation",
    "extract",
]

SKIP_REASONS: Final = (SKIP_QUESTION, SKIP_SMALL_TALK, SKIP_WORKLOG, SKIP_SECRET, SKIP_TRANSIENT)
"""Every value :attr:`Proposal.skipped` can take besides ``None``."""
DEFAULT_OWNER: Final = "User:owner"
"""The owner's entity when neither the caller nor the resolver names one."""
MAX_STATEMENT_CHARS: Final = 400
"""Longer messages are pasted text, not a statement: nothing is proposed for them."""
_SENTENCE_END = re.compile(
    r"(?<=[.!;])(?<![A-Z][a-z]\.)(?<!\b[A-Za-z]\.)(?<!\b(?:dr|mr|ms|st)\.)(?<!\b[Mm]rs\.)"
    r"(?<!\b[Pp]rof\.)(?<!\bпроф\.)(?<!\b[а-яё]\.)(?<!\b(?:vs|ул|им|см)\.)"
    r"(?<!\b(?:incl|excl|напр)\.)(?<!\bapprox\.)\s+(?=[A-ZА-ЯЁ0-9«\"])"
)  # not after "Dr.", "Mrs.", "Prof." or "J.": those end a title or an initial, not a sentence;
# nor after a shortened word ("incl. VAT", "vs. Postgres", "т.е. Вася", "напр. Ника")

Rule = Callable[[Reading, Draft], bool]
RULES: Final[tuple[Rule, ...]] = (
    explicit_link,  # "A -[verb]-> B" as written
    decision,  # "мы решили ..." before anything that reads people
    split_between,  # "X разрывается между P и Q": X works on each
    team_joined,  # "X joins Y's team as an analyst": X reports to Y
    *JOINING_RULES,  # "мы с X пилим P", "на P пришли X и Y": before "мы ... P" reads the owner
    gift_idea,  # "Маше на др подарить наушники": a line on whom it is for
    school,  # "Миша в 3Б, классная — X": the child's class, the teacher of the child
    care_of_named,  # "Lena's tutor is Mira": before the rules that give the role to Lena
    kin_said_first,  # "крёстным у Y будет X": X godparent_of Y, the kin word first
    friends_made,  # "с X сдружились на почве велосипедов": X friend_of the owner
    friendship_said,  # "X тоже из Ростова, теперь дружим семьями": X friend_of the owner
    couple_married,  # "X с Y поженились", "X and Y got married": Y married_to X
    children_named,  # "X's kids are A and B": each child_of X
    *FAMILY_RULES,  # "маме поставили ..., её кардиолог — X", "хожу к окулисту X"
    *HOUSEHOLD_RULES,  # "мама с папой ...", "жену зовут X", "у X тренер Y"
    relative_sees,  # "Savva started seeing an allergist, Dr. X": X doctor_of Savva
    *PEOPLE_RULES,
    cover,  # "X is stepping down as CTO, Y takes over": before the loose rules read X
    duty,  # "X из финансов теперь согласует все бюджеты": a duty that recurs, as a role
    first_person(verb_link),  # "сижу на P": the owner, the subject left out
    shared_subject(uses),  # "P пишет в Q, а события шлёт в R": both clauses P's
    uses,  # "X uses Y" once no person rule took the sentence
    lands_in,  # "P crash reports all land in our self-hosted Sentry": P uses Sentry
    launched,  # "P went live in Oradea": a line on P, the place no tool
    purpose_first,  # "для тестов в P Камила юзает Y": the purpose and project said first
    served_by,  # "P scores X with a model served by Y": the tool in a closing participle
    stack,  # "у X под капотом Y", "данные X лежат в Y", "без Y X не живёт"
    platform,  # "X весь на ClickHouse": a project's platform said without a verb
    kin_dative_fact,  # "папе сделали операцию": a line on the owner's father
    hearsay,  # "X написал, с апреля аренда 450к": a lasting fact X passed on
    taste,  # "Катя не любит кинзу", "Mark is allergic to peanuts": a line on that person
    kin_of,  # "Mara said yes to being Savva's godmother": the kin link, no other rule read it
    agreed_with,  # "с X продлили партнёрку на два сезона": a line on X
    known_person_fact,  # "Маша теперь ходит в ...": the loosest rule about people
    owner_fact,  # "я живу в ...": the owner's own lines
)
"""The rules in the order they are tried on each sentence; the first that matches wins."""


@dataclass(frozen=True, slots=True)
class ProposedEntity:
    """An entity the proposal writes: new (``is_new``) or existing with new ``lines``."""

    name: str
    lines: tuple[str, ...] = ()
    is_new: bool = False


@dataclass(frozen=True, slots=True)
class ProposedRelation:
    """A link the proposal writes: ``from_ -[relation_type]-> to``."""

    from_: str
    relation_type: str
    to: str


@dataclass(frozen=True, slots=True)
class Proposal:
    """What one statement would add to the memory, or why it adds nothing."""

    text: str
    entities: tuple[ProposedEntity, ...] = ()
    relations: tuple[ProposedRelation, ...] = ()
    skipped: str | None = None

    @property
    def proposes(self) -> bool:
        """True when there is something to offer (not skipped, at least one line or link)."""
        return self.skipped is None and bool(
            self.relations or any(e.lines or e.is_new for e in self.entities)
        )

    def to_json(self) -> dict[str, Any]:
        """Return the ``propose --json`` shape: text, entities, relations, skipped."""
        return {
            "text": self.text,
            "entities": [{"name": e.name, "lines": list(e.lines)} for e in self.entities],
            "relations": [
                {"from": r.from_, "relationType": r.relation_type, "to": r.to}
                for r in self.relations
            ],
            "skipped": self.skipped,
        }


def _skip_reason(text: str, secret_check: Callable[[str], str | None]) -> str | None:
    if not text.strip() or len(text) > MAX_STATEMENT_CHARS:
        return SKIP_TRANSIENT
    if secret_check(text) is not None:
        return SKIP_SECRET
    if is_small_talk(text):
        return SKIP_SMALL_TALK
    if is_question(text):
        return SKIP_QUESTION
    if is_worklog(text):
        return SKIP_WORKLOG
    return None


def extract(
    text: str,
    resolver: EntityResolver,
    *,
    owner: str | None = None,
    today: dt.date | None = None,
    secret_check: Callable[[str], str | None] = find_secret,
) -> Proposal:
    """Read one statement and return what it would add to the memory (nothing is stored).

    Args:
        text: the message as the owner typed it (a leading "запомни"/"remember" is ignored).
        resolver: finds the existing entities the message names, and the owner's relatives.
        owner: the owner's ``User:`` entity; default: the resolver's ``owner`` attribute if
            it has one, else :data:`DEFAULT_OWNER`.
        today: the ``as_of`` date of new lines (default: today in UTC).
        secret_check: returns a kind when the text holds a secret (default: the store's
            guard, :func:`memory_core.secrets.find_secret`).

    Returns:
        The proposal; ``skipped`` is one of :data:`SKIP_REASONS` when nothing is proposed.
    """
    reason = _skip_reason(text, secret_check)
    if reason is not None:
        return Proposal(text, skipped=reason)
    owner = owner or getattr(resolver, "owner", None) or DEFAULT_OWNER
    day = today or dt.datetime.now(dt.UTC).date()
    lines: dict[str, list[str]] = {}
    new: set[str] = set()
    links: list[tuple[str, str, str]] = []
    before: str | None = None  # the one person of the sentence before
    sentences = _SENTENCE_END.split(emoji_stops(" ".join(text.split())))
    for at, said in enumerate(sentences):
        # "сантехник Пётр, +7 ...": the phone apart; "a colleague, X, as ROLE": X as ROLE
        sentence, contact = split_contact(without_someone(said))
        # "X нашла себе зама: Y": read without the hirer, else as said
        sentence, draft = _hired(sentence, resolver, owner, day) or (
            sentence,
            _read(sentence, resolver, owner, day),
        )
        if draft is None and carried(sentences, at):  # "hired a PM!! X, ...": X is the PM
            continue
        if draft is None and contact is not None:  # "телефон Кати +7 ...": whose it is
            draft = _read(sentence, resolver, owner, day, (contact_holder(contact),))
            contact = None if draft is not None else contact
        if draft is None and appose(sentence) != sentence:  # "нового PM, X": the name apposed
            draft = _read(appose(sentence), resolver, owner, day)
        if (draft is None or not draft.links) and without_origin(sentence) != sentence:
            bare = _read(without_origin(sentence), resolver, owner, day)  # "X из команды …"
            draft = bare if bare is not None and (draft is None or bare.links) else draft
        for plain in _plain_forms(sentence, resolver):  # what wraps the news, set apart
            draft = draft if draft is not None else _read(plain, resolver, owner, day)
        if draft is None or not draft.links:  # "будет вести P и Q": read as "будет вести P"
            draft = _read_joined(sentence, resolver, owner, day) or draft
        if draft is None and may_fall_back(sentence):  # a broad signal, no specific wording
            taken = without_taken_from(sentence, resolver)  # "принял у X пост": not X's
            draft = _read(taken, resolver, owner, day, FALLBACKS)
        sentence, draft = _unqualified(sentence, draft, resolver, owner, day)  # "целиком"
        parts = [] if decided(draft) or not may_fall_back(sentence) else clauses(sentence, draft)
        if parts:  # "X hired Y — Z is out": each clause read alone for its own person
            draft = with_clauses(draft, [_read_clause(p, resolver, owner, day) for p in parts])
        if draft is None and before is not None:  # "X joins as CTO. P will be his": X owns P
            draft = with_owned(Draft(Reading.of(sentence, resolver), resolver, owner, day), before)
            draft = None if draft.empty else draft
        if draft is None:
            before = None
            continue
        if may_fall_back(sentence):  # "X ... гоняет в Databricks": a tool the rule left out
            draft = with_tools(draft, _read(sentence, resolver, owner, day, (tool_use,)))
            if not draft.links:  # "X is doing the P screens": a project the rule left out
                draft = with_links(draft, _read(sentence, resolver, owner, day, LINK_FALLBACKS))
            draft = with_work_link(draft)  # "X ... and he signs off every P release": X owns P
            draft = with_routed(
                draft
            )  # "X is our release manager, every P release goes through her"
        draft = with_contact(_with_left_out(draft, sentence), contact)
        for name, added in draft.lines.items():
            lines.setdefault(name, []).extend(x for x in added if x not in lines[name])
        new |= draft.new
        people = people_of(draft)
        before = people.pop() if len(people) == 1 else None
        links += [link for link in draft.links if link not in links]
    return _proposal(text, owner, *without_vendors(lines, new, links))


def _plain_forms(sentence: str, resolver: EntityResolver) -> list[str]:
    """The sentence without each kind of wrapping it has, in the order they are tried: "Tom
    from Acme is our …", a lead clause, "не A, а B" (B holds), "X did Y, says ..."."""
    forms = (
        without_org(sentence),
        without_lead_clause(sentence, resolver),
        without_the_old(sentence),
        without_said_after(sentence),
    )
    return [form for form in forms if form != sentence]


def _hired(
    sentence: str, resolver: EntityResolver, owner: str, day: dt.date
) -> tuple[str, Draft] | None:
    """``sentence`` without the known person who took someone on ("X нашла себе зама: Y, ...")
    and its draft, when that reading names someone new; else ``None``."""
    taken = without_hirer(sentence, resolver)
    draft = None if taken is None else _read(taken, resolver, owner, day)
    if (
        taken is None
        or draft is None
        or not any(split_prefix(n)[0] == "Person" for n in draft.new)
    ):
        return None
    return taken, draft


def _with_left_out(draft: Draft, sentence: str) -> Draft:
    """``draft`` with what the sentence says that the rule which read it left out."""
    draft = with_role(draft)  # "X joins P as an SRE": the role the rule left out
    draft = with_boss(draft)  # "X, reports straight to Y": the boss the rule left out
    draft = with_listed(draft, sentence)  # "joined P: A (iOS) and B as QA": B as well as A
    draft = with_joined(draft)  # "X will run P and Q": Q as well as P
    draft = with_kin_named(draft)  # "X and his wife Y are expecting": Y, X's wife
    draft = with_kin_of(draft)  # "X is Y's godmother": X godparent_of Y
    draft = with_apposed_role(draft)  # "I report to X, our new COO, ...": X's role
    draft = with_dash_named(draft)  # "водим к логопеду — X": X, with that role
    draft = with_not_only(draft)  # "X — лид дизайна на всех продуктах, не только на P"
    draft = with_owned(draft)  # "X joins as Head of Data... P will be hers": X owns P
    draft = with_my_carer(draft)  # "мой кардиолог теперь X": X is the owner's doctor
    draft = with_paid_provider(draft, sentence)  # "новый арендодатель — X, платим ей"
    draft = with_cared_relative(draft)  # "записала Митю к ортодонту — X": Митя's doctor
    draft = with_origin(draft, sentence)  # "X из платформенной команды ...": X's team
    return with_org(draft, sentence)  # "X из бухгалтерии ...", "X from Acme ...": X's org


def _read(
    sentence: str,
    resolver: EntityResolver,
    owner: str,
    day: dt.date,
    rules: tuple[Rule, ...] = RULES,
) -> Draft | None:
    """The draft the first rule of ``rules`` that matches ``sentence`` writes, or ``None``."""
    reading = Reading.of(sentence, resolver)
    draft = Draft(reading, resolver, owner, day)
    if not reading.text or not any(rule(reading, draft) for rule in rules) or draft.empty:
        return None
    return draft


def _unqualified(
    sentence: str, draft: Draft | None, resolver: EntityResolver, owner: str, day: dt.date
) -> tuple[str, Draft | None]:
    """``sentence`` and its ``draft``, or the sentence without the qualifiers that only wrap
    its news ("целиком", "вместо Y") and its draft, when that one reads more: a link where
    the sentence as written links nothing, or anything where it gives nothing."""
    if draft is not None and draft.links:
        return sentence, draft
    plain = without_qualifiers(sentence, resolver)
    bare = None if plain == sentence else _read_clause(plain, resolver, owner, day)
    if bare is None or (draft is not None and not bare.links):
        return sentence, draft
    return plain, bare


def _read_joined(
    sentence: str, resolver: EntityResolver, owner: str, day: dt.date
) -> Draft | None:
    """The draft of ``sentence`` read with each group of projects named together as its first
    project, then given to the others ("будет вести P и Q"), when that draft links anything."""
    reading = Reading.of(sentence, resolver)
    if not joined_projects(reading):
        return None
    others = collapse(reading)
    draft = Draft(reading, resolver, owner, day)
    if not any(rule(reading, draft) for rule in RULES) or not draft.links:
        return None
    return with_joined(draft, others)


def _read_clause(clause: str, resolver: EntityResolver, owner: str, day: dt.date) -> Draft | None:
    """The draft of one clause read alone: the rules, then the fallbacks."""
    draft = _read(clause, resolver, owner, day)
    if draft is None and may_fall_back(clause):
        draft = _read(clause, resolver, owner, day, FALLBACKS)
    return draft


def _proposal(
    text: str,
    owner: str,
    lines: dict[str, list[str]],
    new: set[str],
    links: list[tuple[str, str, str]],
) -> Proposal:
    named = list(lines) + [end for frm, _, to in links for end in (frm, to)]
    entities = tuple(
        ProposedEntity(name, tuple(lines.get(name, ())), name in new)
        for name in dict.fromkeys(named)
        if (name in new and name != owner) or lines.get(name)
    )
    relations = tuple(ProposedRelation(*link) for link in links)
    if not entities and not relations:
        return Proposal(text, skipped=SKIP_TRANSIENT)
    return Proposal(text, entities, relations)
