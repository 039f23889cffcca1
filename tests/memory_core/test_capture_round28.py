"""Classes of statement the capture-28 round reads: a call pushed through before its colon or
dash ("X продавил: ...", "X всех убедила — ...", "X won the argument: ..."), a call named as a
noun ("call made with X today: ...", "final word from X on P: ...", "ISSUE, decision for now:
..."), a known person who took someone on said first ("X нашла себе зама: Y, ..."), whom the
new one answers to said after ("подчиняться будет X", "будет у меня в прямом подчинении"), a
role said before "at last!!" and the name opening the next sentence, and an assistant or a
pentester as a role. The memory is a real temporary store (owner Агата), read through the bot's
own resolver.
"""

from __future__ import annotations

import datetime as dt

import pytest

from memory_core import Entity, ScopedMemory
from memory_core.extraction import Proposal
from memory_core.extraction_names import EntityResolver
from memory_core.name_resolver import scope_resolver
from tests.memory_core.proposals import lines_text, links, names
from tests.memory_core.proposals import propose as proposal_of

OWNER = "User:Агата"
TIMUR = "Person:Тимур Ольховский"
PRIYA = "Person:Priya Ramaswamy"
BORA = "Project:Bora"
KESTREL = "Project:Kestrel"
ISSUE = "Jira:BRA-77"
DAY = dt.date(2026, 10, 5)


@pytest.fixture
async def world(owner: ScopedMemory) -> EntityResolver:
    await owner.create_entities(
        [
            Entity(OWNER, "User"),
            Entity(TIMUR, "Person", ("role: архитектор (src=user)",)),
            Entity(PRIYA, "Person", ("role: head of product (src=user)",)),
            Entity(BORA, "Project"),
            Entity(KESTREL, "Project"),
            Entity(ISSUE, "Jira"),
        ]
    )
    return await scope_resolver(owner)


def propose(world: EntityResolver, text: str) -> Proposal:
    return proposal_of(world, text, owner=OWNER, today=DAY)


def _decisions(proposal: Proposal) -> list[str]:
    return [n for n in names(proposal) if n.startswith("Decision:")]


@pytest.mark.parametrize(
    ("text", "who", "project"),
    [
        ("Тимур продавил: Bora остаётся на Postgres, никакого Mongo", TIMUR, BORA),
        ("Priya всех убедила — Kestrel выпускаем раз в две недели", PRIYA, KESTREL),
        ("Priya won the argument: Kestrel ships weekly from now on", PRIYA, KESTREL),
    ],
)
def test_a_call_pushed_through_before_its_colon_is_the_pushers_decision(
    world: EntityResolver, text: str, who: str, project: str
) -> None:
    proposal = propose(world, text)
    [made] = _decisions(proposal)
    assert (made, "decided_in", project) in links(proposal)
    assert (who, "decided", made) in links(proposal)


@pytest.mark.parametrize(
    "text",
    [
        "call made with Priya today: Kestrel drops the trial plan, paid tiers only",
        "final word from Priya on Kestrel onboarding: email codes for everyone, no passwords",
    ],
)
def test_a_call_named_as_a_noun_names_who_made_it(world: EntityResolver, text: str) -> None:
    proposal = propose(world, text)
    [made] = _decisions(proposal)
    assert (made, "decided_in", KESTREL) in links(proposal)
    assert (PRIYA, "decided", made) in links(proposal)


def test_a_call_for_now_on_an_issue_concerns_it(world: EntityResolver) -> None:
    proposal = propose(
        world, "BRA-77, decision for now: throttle the export and revisit after the upgrade"
    )
    [made] = _decisions(proposal)
    assert (made, "concerns", ISSUE) in links(proposal)
    assert "throttle" in lines_text(proposal, made)


def test_someone_pushing_through_without_a_colon_is_no_decision(world: EntityResolver) -> None:
    assert not _decisions(propose(world, "Тимур продавил бюджет на конференцию в Bora"))


def test_a_known_person_who_took_someone_on_names_the_hire(world: EntityResolver) -> None:
    proposal = propose(
        world,
        "Тимур нашёл себе зама: Олеся Кравчук, backend developer в Bora, подчиняться будет Тимуру",
    )
    assert "Person:Олеся Кравчук" in names(proposal)
    assert ("Person:Олеся Кравчук", "works_on", BORA) in links(proposal)
    assert ("Person:Олеся Кравчук", "reports_to", TIMUR) in links(proposal)
    assert not lines_text(proposal, TIMUR)  # no fact of the hirer's own


def test_whom_someone_was_taken_on_for_is_not_the_hirer(world: EntityResolver) -> None:
    proposal = propose(world, "Тимуру взяли репетитора по немецкому — Ганну Вольф")
    assert not any(frm == TIMUR for frm, _, _ in links(proposal))


def test_direct_subordination_said_after_links_the_owner(world: EntityResolver) -> None:
    proposal = propose(
        world, "взяла в команду дизайнера, Ларису Бек, будет у меня в прямом подчинении"
    )
    assert ("Person:Лариса Бек", "reports_to", OWNER) in links(proposal)


def test_a_role_said_before_at_last_and_the_name_next(world: EntityResolver) -> None:
    proposal = propose(
        world, "got myself a personal assistant at last!! Mireille Dufort, reports to me"
    )
    assert "assistant" in lines_text(proposal, "Person:Mireille Dufort")
    assert ("Person:Mireille Dufort", "reports_to", OWNER) in links(proposal)
