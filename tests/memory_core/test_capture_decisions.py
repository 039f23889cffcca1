"""Capture of decisions said in other ways, over a real store's resolver.

A small world (owner Вера, two colleagues, two projects, an issue) is written to a
temporary SQLite store; each statement goes through :func:`extract` with the store's own
resolver. A decision's slug is the product's choice, so the tests check the words it keeps
and leaves out, and the links the statement states.
"""

from __future__ import annotations

import pytest

from memory_core import ScopedMemory
from memory_core.extraction import Proposal
from tests.memory_core.proposals import links, propose_in

OWNER = "User:Вера"
KAMILA = "Person:Камила Юсупова"
OLIVER = "Person:Oliver Grant"
WORLD = (OWNER, KAMILA, OLIVER, "Project:Sklad", "Project:Portal", "Jira:SKL-12")


async def propose(owner: ScopedMemory, text: str) -> Proposal:
    return await propose_in(owner, WORLD, OWNER, text)


def the_decision(proposal: Proposal) -> str:
    (name,) = [e.name for e in proposal.entities if e.name.startswith("Decision:")]
    return name


@pytest.mark.parametrize(
    ("text", "kept", "left_out", "expected"),
    [
        # approval said last, with whom; the tool left behind is no part of the slug
        ("we're switching Portal from Jenkins to Buildkite, signed off with Oliver today",
         ("portal", "buildkite"), ("jenkins", "we"),
         {("decided_in", "Project:Portal"), (OLIVER, "decided")}),
        # a team rule, and the owner's own rule
        ("наше правило: ни один релиз Sklad не выкатываем в пятницу",
         ("sklad", "релиз", "пятниц"), ("один",), {("decided_in", "Project:Sklad")}),
        ("моё правило: код Portal без тестов не мержим", ("portal", "тест"), (),
         {("decided_in", "Project:Portal"), (OWNER, "decided")}),
        # who proposed and who approved
        ("Камила предложила, Oliver одобрил — лимит на облако для Sklad урезаем",
         ("sklad", "лимит"), (),
         {("decided_in", "Project:Sklad"), (KAMILA, "proposed"), (OLIVER, "approved")}),
        ("I proposed and Oliver approved: Portal moves to weekly releases", ("weekly",), (),
         {("decided_in", "Project:Portal"), (OWNER, "proposed"), (OLIVER, "approved")}),
        # a final call about a project
        ("final call on Portal: session logs stay in Loki, no migration", ("portal", "loki"), (),
         {("decided_in", "Project:Portal")}),
        # the meeting it came from stays out; the issue comes first
        ("decision from the Monday review: SKL-12 waits until Q4", ("skl-12", "q4"),
         ("monday", "review"), {("concerns", "Jira:SKL-12")}),
        # an agreement with someone, a sign-off on something said after "on", "что"
        ("наша договорённость с Oliver: Portal релизим по средам", ("portal", "сред"), (),
         {("decided_in", "Project:Portal"), (OLIVER, "decided")}),
        ("Камила решила, что Sklad переходит на Go", ("sklad", "go"), ("переходит",),
         {("decided_in", "Project:Sklad"), (KAMILA, "decided")}),
        ("we'll go with Snowflake for Sklad", ("snowflake",), (),
         {("decided_in", "Project:Sklad")}),
        # an adverb of the verb is no content; nor is a Russian verb
        ("решено единогласно: Sklad переезжает на Kubernetes", ("sklad", "kubernetes"),
         ("единогласно", "переезжает"), {("decided_in", "Project:Sklad")}),
    ],
)  # fmt: skip
async def test_decisions(
    owner: ScopedMemory,
    text: str,
    kept: tuple[str, ...],
    left_out: tuple[str, ...],
    expected: set[tuple[str, str]],
) -> None:
    proposal = await propose(owner, text)
    decision = the_decision(proposal)
    slug = decision.split(":", 1)[1]
    assert all(word in slug for word in kept), slug
    assert not any(word in slug.split("-") for word in left_out), slug
    assert len(slug.split("-")) <= 6, slug
    made = {(t, to) if frm == decision else (frm, t) for frm, t, to in links(proposal)}
    assert made == expected
    assert not any(r.relation_type == "works_on" for r in proposal.relations)


async def test_an_unknown_nickname_beside_i_makes_no_new_person(owner: ScopedMemory) -> None:
    proposal = await propose(
        owner, "Kami and I decided to rewrite the Sklad importer in Go instead of Java"
    )
    decision = the_decision(proposal)
    assert not any(e.name.startswith("Person:") for e in proposal.entities)
    assert links(proposal) == {
        (decision, "decided_in", "Project:Sklad"),
        (OWNER, "decided", decision),
    }
    assert "java" not in decision.casefold()


@pytest.mark.parametrize(
    "text",
    [
        "the rule is simple, nobody reads it",
        "Oliver approved my vacation",
        "Камила одобрила мой отпуск",
    ],
)
async def test_a_rule_or_an_approval_without_a_decision_is_none(
    owner: ScopedMemory, text: str
) -> None:
    proposal = await propose(owner, text)
    assert not any(e.name.startswith("Decision:") for e in proposal.entities)
