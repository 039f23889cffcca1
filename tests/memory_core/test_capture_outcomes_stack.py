"""Capture of what a meeting settled, of decisions said firmly or by the team last, and of a
project's stack said in idioms (under the hood, where data is kept, what fails without what).

A small world (owner Дана, two colleagues, two projects, one Jira issue) is written to a
temporary SQLite store; each statement goes through :func:`extract` with the store's own
resolver.
"""

from __future__ import annotations

import pytest

from memory_core import ScopedMemory
from memory_core.extraction import Proposal
from tests.memory_core.proposals import links, propose_in

OWNER = "User:Дана"
WORLD = (
    OWNER,
    "Person:Ерлан Жумабаев",
    "Person:Lucia Ferrari",
    "Project:Tumar",
    "Project:Kelin",
    "Jira:KEL-14",
)


async def propose(owner: ScopedMemory, text: str) -> Proposal:
    return await propose_in(owner, WORLD, OWNER, text)


def decisions(proposal: Proposal) -> list[tuple[str, tuple[str, ...]]]:
    return [(e.name, e.lines) for e in proposal.entities if e.name.startswith("Decision:")]


@pytest.mark.parametrize(
    ("text", "project", "word"),
    [
        ("по итогам планинга: выгрузки в Tumar гоняем через Airflow, ручные скрипты выкидываем",
         "Project:Tumar", "Airflow"),
        ("после ревью Kelin: алерты переводим в PagerDuty", "Project:Kelin", "PagerDuty"),
        ("after the Kelin review: we move alerts to Opsgenie", "Project:Kelin", "Opsgenie"),
    ],
)  # fmt: skip
async def test_what_a_meeting_settled_is_a_decision(
    owner: ScopedMemory, text: str, project: str, word: str
) -> None:
    proposal = await propose(owner, text)
    ((decision, lines),) = decisions(proposal)
    assert (decision, "decided_in", project) in links(proposal)
    assert any(word in line for line in lines)


async def test_a_note_after_a_meeting_without_a_plan_is_no_decision(owner: ScopedMemory) -> None:
    proposal = await propose(owner, "по итогам созвона: вчера долго спорили про Tumar")
    assert decisions(proposal) == []


@pytest.mark.parametrize(
    ("text", "project"),
    [
        ("окончательно согласовали: релизы Tumar по вторникам", "Project:Tumar"),
        ("we finally agreed: Kelin ships every friday", "Project:Kelin"),
        ("единогласно утвердили: в Kelin код-ревью от двух человек", "Project:Kelin"),
    ],
)
async def test_a_decision_said_firmly_before_its_verb(
    owner: ScopedMemory, text: str, project: str
) -> None:
    proposal = await propose(owner, text)
    ((decision, _),) = decisions(proposal)
    assert (decision, "decided_in", project) in links(proposal)


async def test_the_team_decided_said_last(owner: ScopedMemory) -> None:
    proposal = await propose(owner, "from now on Kelin is written in Svelte, the team voted on it")
    ((decision, lines),) = decisions(proposal)
    assert (decision, "decided_in", "Project:Kelin") in links(proposal)
    assert "voted" not in " ".join(lines)


async def test_with_whom_said_before_the_last_verb(owner: ScopedMemory) -> None:
    proposal = await propose(
        owner, "KEL-14 откладываем до мая, так с Lucia Ferrari и договорились"
    )
    ((decision, _),) = decisions(proposal)
    assert (decision, "concerns", "Jira:KEL-14") in links(proposal)
    assert ("Person:Lucia Ferrari", "decided", decision) in links(proposal)


@pytest.mark.parametrize(
    ("text", "subject", "tool"),
    [
        ("у Kelin под капотом Temporal", "Project:Kelin", "Project:Temporal"),
        ("под капотом у Tumar — DuckDB", "Project:Tumar", "Project:DuckDB"),
        ("Tumar has Kafka Streams under the hood", "Project:Tumar", "Project:Kafka Streams"),
        ("Kelin is backed by Redis", "Project:Kelin", "Project:Redis"),
        ("чеки Tumar'а хранятся в MinIO", "Project:Tumar", "Project:MinIO"),
        ("the audit trail of Kelin lives in OpenSearch", "Project:Kelin", "Project:OpenSearch"),
    ],
)
async def test_a_stack_said_in_an_idiom(
    owner: ScopedMemory, text: str, subject: str, tool: str
) -> None:
    proposal = await propose(owner, text)
    assert (subject, "uses", tool) in links(proposal)


async def test_a_place_where_things_lie_is_no_tool(owner: ScopedMemory) -> None:
    proposal = await propose(owner, "бэкапы Tumar лежат в Алматы")
    assert not [link for link in links(proposal) if link[1] == "uses"]


@pytest.mark.parametrize(
    "text",
    [
        "без Tumar'а Kelin вообще не работает",
        "without Tumar, Kelin can't start",
    ],
)
async def test_what_fails_without_a_project_depends_on_it(owner: ScopedMemory, text: str) -> None:
    proposal = await propose(owner, text)
    assert ("Project:Kelin", "depends_on", "Project:Tumar") in links(proposal)


@pytest.mark.parametrize(
    ("text", "relation"),
    [
        ("Tumar relies on Vault for secrets, and so does the Kelin backend", "depends_on"),
        ("Tumar uses Vault, как и Kelin", "uses"),
        ("Tumar uses Vault, и Kelin тоже", "uses"),
    ],
)
async def test_a_second_subject_said_last(owner: ScopedMemory, text: str, relation: str) -> None:
    proposal = await propose(owner, text)
    assert ("Project:Tumar", relation, "Project:Vault") in links(proposal)
    assert ("Project:Kelin", relation, "Project:Vault") in links(proposal)


async def test_a_second_tool_is_no_second_subject(owner: ScopedMemory) -> None:
    proposal = await propose(owner, "Tumar uses Vault и Kelin")
    assert ("Project:Kelin", "uses", "Project:Vault") not in links(proposal)
