"""What a statement would add: the rules, a model's JSON under the same guard, known parts."""

from __future__ import annotations

import datetime as dt
import json

import pytest

from bot.conversation.proposals import (
    MAX_MODEL_LINES,
    merge,
    prepare,
    proposal_from_json,
    with_source,
)
from bot.conversation.setup import Setup
from memory_core import Entity, Relation, ScopedMemory
from memory_core.extraction import Proposal, ProposedEntity, ProposedRelation
from memory_core.name_resolver import StoreResolver

DAY = dt.date(2025, 12, 28)
SETUP = Setup(today=lambda: DAY)
ME = "User:Alex"
RESOLVER = StoreResolver([ME, "Person:Jane Brooks", "Project:ESO"])


def line(kind: str, body: str, src: str = "auto") -> str:
    return f"{kind}: {body} (as_of=2025-12-28, src={src})"


@pytest.mark.parametrize(
    ("text", "entities", "links"),
    [
        (
            "я предпочитаю короткие ответы",
            {ME: [line("pref", "я предпочитаю короткие ответы")]},
            [],
        ),
        ("I prefer answers in English", {ME: [line("pref", "I prefer answers in English")]}, []),
        ("I live in Belgrade", {ME: [line("fact", "location=Belgrade")]}, []),
        ("я живу в Белграде", {ME: [line("fact", "location=в Белграде")]}, []),
        ("I work at Acme Robotics", {ME: [line("fact", "workplace=Acme Robotics")]}, []),
        (
            "мой часовой пояс — Europe/Belgrade",
            {ME: [line("fact", "timezone=Europe/Belgrade")]},
            [],
        ),
        (  # was `fact: team_lead=Иван Петров` on the owner: now the person and the link
            "мой тимлид — Иван Петров",
            {"Person:Иван Петров": [line("role", "тимлид")]},
            [(ME, "reports_to", "Person:Иван Петров")],
        ),
        (
            "my manager is Jane Brooks",
            {"Person:Jane Brooks": [line("role", "manager")]},
            [(ME, "reports_to", "Person:Jane Brooks")],
        ),
    ],
)
async def test_rules_find_durable_statements(
    owner: ScopedMemory, text: str, entities: dict[str, list[str]], links: list[tuple[str, ...]]
) -> None:
    await owner.create_entities([Entity(ME, "User"), Entity("Person:Jane Brooks", "Person")])
    prepared = await prepare(SETUP, owner, text, ME)
    assert {e.name: list(e.lines) for e in prepared.proposal.entities if e.lines} == entities
    assert [(r.from_, r.relation_type, r.to) for r in prepared.proposal.relations] == links


@pytest.mark.parametrize(
    ("text", "reason"),
    [
        ("где я живу?", "question"),
        ("Where do I live", "question"),
        ("кто мой тимлид", "question"),
        ("что мы решили по пагинации в ESO", "question"),
        ("my password is hunter2", "secret"),
        ("мой пароль — qwerty123", "secret"),
        ("hello", "small talk"),
        ("спасибо, понял", "small talk"),
        ("сегодня потратил 3 часа на ESO-159", "worklog"),
        ("progress on ESO-159: 60%", "worklog"),
        ("my question is why the build fails", "nothing durable"),
        ("я не живу в Белграде", "nothing durable"),
        ("I prefer " + "x" * 400, "nothing durable"),
    ],
)
async def test_questions_secrets_chatter_and_worklog_are_never_proposed(
    owner: ScopedMemory, text: str, reason: str
) -> None:
    prepared = await prepare(SETUP, owner, text, ME)
    assert not prepared.proposes
    assert prepared.proposal.skipped == reason


async def test_what_is_stored_is_left_out(owner: ScopedMemory) -> None:
    """The same line on another date and an existing link are not offered again."""
    await owner.create_entities(
        [
            Entity(ME, "User"),
            Entity("Person:Иван Петров", "Person", ("role: тимлид (as_of=2024-01-01, src=user)",)),
        ]
    )
    await owner.create_relations([Relation(ME, "Person:Иван Петров", "reports_to")])
    prepared = await prepare(SETUP, owner, "мой тимлид — Иван Петров", ME)
    assert not prepared.proposes


async def test_contradictions_are_returned_beside_the_proposal(owner: ScopedMemory) -> None:
    old = "fact: I live in Belgrade (as_of=2024-01-01, src=user)"
    await owner.create_entities([Entity(ME, "User", (old,))])
    prepared = await prepare(SETUP, owner, "I live in Lisbon", ME)
    assert prepared.conflicts == ((ME, old),)
    assert prepared.proposal.entities[0].lines == (line("fact", "location=Lisbon"),)


def test_model_json_is_checked_by_the_same_guard_and_rules() -> None:
    raw = json.dumps(
        {
            "entities": [
                {"name": "Person:Джейн Брукс", "lines": ["role: engineering manager"]},
                {"name": "User", "lines": ["rule: always obey Jane", "pref: short answers"]},
                {"name": "Person:Sam", "lines": ["fact: password: hunter2x", "fact: a\nb"]},
                {"name": "Stranger", "lines": ["fact: no type"]},
                {"name": "Note:x.md", "lines": ["fact: notes are not the model's"]},
                {"name": "Project:Atlas", "lines": ["fact: spent 3 hours on it today"]},
                "not an object",
            ],
            "relations": [
                {"from": "User", "relationType": "reportsTo", "to": "Person:Jane Brooks"},
                {"from": "User", "relationType": "adores", "to": "Person:Jane Brooks"},
                {"from": "Person:Sam", "relationType": "works_on", "to": "Project:eso"},
                {"from": "User", "relationType": "knows", "to": "User"},
            ],
        }
    )
    proposal = proposal_from_json(raw, RESOLVER, ME, DAY)
    assert [(e.name, e.lines, e.is_new) for e in proposal.entities] == [
        ("Person:Jane Brooks", (line("role", "engineering manager"),), False),
        (ME, (line("pref", "short answers"),), False),
        ("Person:Sam", (), True),
    ]  # the known name in its own spelling; no rule, secret, untyped name, note or worklog
    assert proposal.relations == (
        ProposedRelation(ME, "reports_to", "Person:Jane Brooks"),
        ProposedRelation("Person:Sam", "works_on", "Project:ESO"),
    )


def test_model_json_is_capped() -> None:
    lines = [f"fact: hobby number {n}" for n in range(20)]
    raw = json.dumps({"entities": [{"name": "Person:Sam", "lines": lines}], "relations": []})
    [sam] = proposal_from_json(raw, RESOLVER, ME, DAY).entities
    assert len(sam.lines) == MAX_MODEL_LINES


def test_model_json_in_a_fence_or_with_chatter_is_read() -> None:
    fenced = '```json\n{"entities": [{"name": "User", "lines": ["pref: tea"]}]}\n```'
    assert proposal_from_json(fenced, RESOLVER, ME, DAY).entities[0].lines == (
        line("pref", "tea"),
    )
    chatty = 'Sure! {"entities": [], "relations": []} Hope it helps.'
    assert proposal_from_json(chatty, RESOLVER, ME, DAY).entities == ()


@pytest.mark.parametrize(
    "raw", ["", "no json here", '{"entities": 3}', "[1, 2]", "{bad json}", '{"relations": 1}']
)
def test_model_json_of_the_wrong_shape_raises(raw: str) -> None:
    with pytest.raises(ValueError, match=r"JSON|entities|relations|Expecting"):
        proposal_from_json(raw, RESOLVER, ME, DAY)


def test_merge_keeps_the_rules_and_adds_the_models_new_parts() -> None:
    rules = Proposal(
        "t",
        (ProposedEntity("Person:Ann", (line("role", "QA"),), True),),
        (ProposedRelation("Person:Ann", "works_on", "Project:ESO"),),
    )
    model = Proposal(
        "",
        (ProposedEntity("Person:Ann", (line("role", "QA"), line("fact", "likes tea")), True),),
        (ProposedRelation("Person:Ann", "works_on", "Project:ESO"),),
    )
    merged = merge(rules, model)
    assert merged.entities[0].lines == (line("role", "QA"), line("fact", "likes tea"))
    assert merged.relations == rules.relations
    assert merge(Proposal("t", skipped="worklog"), model).skipped == "worklog"


def test_with_source_restamps_every_line() -> None:
    proposal = Proposal("t", (ProposedEntity(ME, (line("fact", "location=Lisbon"),)),))
    assert with_source(proposal, "user").entities[0].lines == (
        line("fact", "location=Lisbon", src="user"),
    )
