"""Capture of decisions said around their verb: a meeting, "it was decided", a change.

The same small world as :mod:`test_capture_decisions` (owner Вера, two colleagues, two
projects) is written to a temporary SQLite store; each statement goes through
:func:`extract` with the store's own resolver.
"""

from __future__ import annotations

import pytest

from memory_core import ScopedMemory
from memory_core.extraction import Proposal
from tests.memory_core.proposals import propose_in

OWNER = "User:Вера"
WORLD = (OWNER, "Person:Камила Юсупова", "Person:Oliver Grant", "Project:Sklad", "Project:Portal")


async def propose(owner: ScopedMemory, text: str) -> Proposal:
    return await propose_in(owner, WORLD, OWNER, text)


def decisions(proposal: Proposal) -> list[str]:
    return [e.name for e in proposal.entities if e.name.startswith("Decision:")]


@pytest.mark.parametrize(
    ("text", "project", "kept", "left_out"),
    [
        # where it was decided, before the verb or between the verb and "that"/"что"
        ("на планёрке договорились: в Sklad ничего не релизим по пятницам",
         "Project:Sklad", ("пятниц",), ("релизим",)),
        ("at the retro we agreed that Portal gets a code freeze before each release",
         "Project:Portal", ("freeze",), ("retro",)),
        ("договорились на созвоне, что Sklad переезжает на Postgres",
         "Project:Sklad", ("postgres",), ("созвоне",)),
        # the project before the verb, with "в"/"на"
        ("в Sklad решили: поиск делаем на Meilisearch", "Project:Sklad", ("meilisearch",), ()),
        # said impersonally; the tool moved off is left out of the slug
        ("it was decided at the planning that Portal moves off Heroku to Fly",
         "Project:Portal", ("fly",), ("heroku", "planning")),
        # a final call whose topic has more words than the project's name
        ("final call on Sklad search: Meilisearch, Algolia costs too much",
         "Project:Sklad", ("meilisearch",), ()),
        # a change the team announces
        ("we're ditching the Flutter prototype for Portal, going with Kotlin",
         "Project:Portal", ("flutter",), ()),
        ("мы отказываемся от Jenkins в Sklad", "Project:Sklad", ("jenkins",), ()),
    ],
)  # fmt: skip
async def test_a_decision_said_around_its_verb(
    owner: ScopedMemory, text: str, project: str, kept: tuple[str, ...], left_out: tuple[str, ...]
) -> None:
    proposal = await propose(owner, text)
    (decision,) = decisions(proposal)
    slug = decision.split(":", 1)[1]
    assert all(word in slug for word in kept), slug
    assert not any(word in slug.split("-") for word in left_out), slug
    assert (decision, "decided_in", project) in {
        (r.from_, r.relation_type, r.to) for r in proposal.relations
    }


async def test_an_announced_change_keeps_its_verb_in_the_line(owner: ScopedMemory) -> None:
    proposal = await propose(owner, "we're scrapping the Portal beta, no more testers")
    (entity,) = [e for e in proposal.entities if e.name.startswith("Decision:")]
    assert entity.lines[0].startswith("decision: scrapping the Portal beta")


async def test_the_owner_deciding_without_saying_i(owner: ScopedMemory) -> None:
    proposal = await propose(owner, "решила перевести Sklad на Python")
    (decision,) = decisions(proposal)
    assert (OWNER, "decided", decision) in {
        (r.from_, r.relation_type, r.to) for r in proposal.relations
    }


@pytest.mark.parametrize(
    "text",
    [
        "решил задачу по Sklad",  # solved, not decided
        "на работе решила задачку",
        "we're dropping by Oliver's place tonight",  # a visit, not a change
        "they're killing it at the demo",  # not the team's own word
    ],
)
async def test_no_decision_from_a_lookalike(owner: ScopedMemory, text: str) -> None:
    assert decisions(await propose(owner, text)) == []
