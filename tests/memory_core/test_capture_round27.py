"""Classes of statement the capture-27 round reads about work: decisions said as "сошлись с X:",
"landed on", "X vetoed", "разворот по P:", "we're not doing X at all" and "X за, я тоже"; a tool
a project's output lands in or is reached through ("into P via X"); an issue that "висит на X";
the owner's "gonna be on P"; help lent to a project; a share of the day or a shift length that
is no worklog; a closing clause on the project's own state; a role taken over from someone;
with the statements they must leave alone. The memory is a small world of its own (owner
Радомир) read through the real :class:`StoreResolver`.
"""

from __future__ import annotations

import datetime as dt

import pytest

from memory_core.extraction import Proposal, extract
from memory_core.extraction_names import GraphResolver
from memory_core.models import Entity, Relation
from tests.memory_core.proposals import lines_text, links, names, resolver_of
from tests.memory_core.proposals import propose as proposal_of

OWNER = "User:Радомир"
DAY = dt.date(2026, 12, 2)
ENTITIES = [
    Entity(OWNER, "User", ()),
    Entity("Person:Златослава Кмет", "Person", ("role: backend dev Project:Vörtex",)),
    Entity("Person:Aurelio Bianchetti", "Person", ("role: mobile lead Project:Pallino",)),
    Entity("Person:Ингвар Лунд", "Person", ("role: data engineer Project:Vörtex",)),
    Entity("Project:Vörtex", "Project", ()),
    Entity("Project:Pallino", "Project", ()),
    Entity("Jira:VTX-17", "Jira", ()),
]
RELATIONS = [
    Relation("Person:Златослава Кмет", "Project:Vörtex", "works_on"),
    Relation("Person:Aurelio Bianchetti", "Project:Pallino", "works_on"),
    Relation("Person:Ингвар Лунд", "Project:Vörtex", "works_on"),
]


@pytest.fixture(scope="module")
def world() -> GraphResolver:
    return resolver_of(ENTITIES, RELATIONS)


def propose(world: GraphResolver, text: str) -> Proposal:
    return proposal_of(world, text, owner=OWNER, today=DAY)


def _decision(proposal: Proposal) -> str:
    decisions = [n for n in names(proposal) if n.startswith("Decision:")]
    assert len(decisions) == 1, proposal
    return decisions[0]


# Decisions said in other words


def test_agreed_after_a_talk_with_someone_is_their_decision(world: GraphResolver) -> None:
    proposal = propose(world, "сошлись со Златославой: логи в Vörtex храним 30 дней, не дольше")
    decision = _decision(proposal)
    assert (decision, "decided_in", "Project:Vörtex") in links(proposal)
    assert ("Person:Златослава Кмет", "decided", decision) in links(proposal)


def test_landed_on_with_someone_is_a_decision_of_both(world: GraphResolver) -> None:
    text = "Aurelio and I landed on SwiftUI for the settings screens in Pallino"
    proposal = propose(world, text)
    decision = _decision(proposal)
    assert (decision, "decided_in", "Project:Pallino") in links(proposal)
    assert {(OWNER, "decided", decision), ("Person:Aurelio Bianchetti", "decided", decision)} <= (
        links(proposal)
    )


def test_a_veto_is_the_vetoers_decision(world: GraphResolver) -> None:
    text = "Ингвар vetoed a nightly full reindex for Vörtex — incremental only"
    proposal = propose(world, text)
    decision = _decision(proposal)
    assert ("Person:Ингвар Лунд", "decided", decision) in links(proposal)
    assert ("Person:Ингвар Лунд", "works_on", "Project:Vörtex") not in links(proposal)
    assert "vetoed" in lines_text(proposal, decision)


def test_a_turn_of_course_on_a_project_is_a_decision(world: GraphResolver) -> None:
    proposal = propose(world, "разворот по Pallino: пуши шлём через OneSignal, свой сервис гасим")
    assert (_decision(proposal), "decided_in", "Project:Pallino") in links(proposal)


def test_not_doing_something_at_all_is_a_decision(world: GraphResolver) -> None:
    proposal = propose(world, "we're not doing a tablet layout for Pallino at all")
    assert (_decision(proposal), "decided_in", "Project:Pallino") in links(proposal)


def test_who_is_for_it_and_me_too_agreed(world: GraphResolver) -> None:
    proposal = propose(world, "окончательно: Vörtex уходит с Redis на Valkey, Ингвар за, я тоже")
    decision = _decision(proposal)
    assert ("Person:Ингвар Лунд", "agreed", decision) in links(proposal)
    assert (OWNER, "agreed", decision) in links(proposal)


@pytest.mark.parametrize(
    "text",
    [
        "они снова сошлись после развода",
        "we're not doing standup today",
        "Ингвар за городом до понедельника",
    ],
)
def test_the_same_words_elsewhere_decide_nothing(world: GraphResolver, text: str) -> None:
    proposal = extract(text, world, owner=OWNER, today=DAY)
    assert not any(n.startswith("Decision:") for n in names(proposal))


# Tools a project's output lands in, or reaches it through


@pytest.mark.parametrize(
    ("text", "tool"),
    [
        ("Pallino crash reports all end up in our self-hosted GlitchTip", "Project:GlitchTip"),
        ("все отчёты Vörtex улетают в Metabase", "Project:Metabase"),
        ("sensor readings come into Vörtex via Telegraf", "Project:Telegraf"),
        ("вход для курьеров в Pallino сделан через Keycloak", "Project:Keycloak"),
    ],
)
def test_a_tool_the_projects_data_goes_through(world: GraphResolver, text: str, tool: str) -> None:
    proposal = propose(world, text)
    project = "Project:Pallino" if "Pallino" in text else "Project:Vörtex"
    assert (project, "uses", tool) in links(proposal)


def test_a_person_reached_through_is_no_tool(world: GraphResolver) -> None:
    proposal = propose(world, "orders come into Pallino via Marta Kowalczyk")
    assert "Project:Marta Kowalczyk" not in names(proposal)


def test_nothing_else_is_no_tool(world: GraphResolver) -> None:
    proposal = propose(world, "Pallino reads all its data from Vörtex, nothing else")
    assert ("Project:Pallino", "depends_on", "Project:Vörtex") in links(proposal)
    assert not any("nothing" in n for n in names(proposal))


# Who has an issue, who works where


def test_an_issue_that_hangs_on_someone_is_theirs(world: GraphResolver) -> None:
    proposal = propose(world, "VTX-17 теперь висит на Ингваре")
    assert ("Jira:VTX-17", "assigned_to", "Person:Ингвар Лунд") in links(proposal)


def test_gonna_be_on_a_project_is_the_owner(world: GraphResolver) -> None:
    proposal = propose(world, "gonna be hands-on in Pallino for a couple of sprints")
    assert (OWNER, "works_on", "Project:Pallino") in links(proposal)


def test_help_lent_to_a_project_is_work_on_it(world: GraphResolver) -> None:
    proposal = propose(world, "Aurelio is lending Vörtex a hand, their export is half his code")
    assert ("Person:Aurelio Bianchetti", "works_on", "Project:Vörtex") in links(proposal)


def test_a_clause_on_the_projects_state_denies_nothing(world: GraphResolver) -> None:
    text = "Златославу одалживаем Pallino до марта, у них бэкенд вообще не покрыт тестами"
    proposal = propose(world, text)
    assert ("Person:Златослава Кмет", "works_on", "Project:Pallino") in links(proposal)


def test_a_share_of_each_day_is_no_worklog(world: GraphResolver) -> None:
    proposal = propose(world, "Ингвар разрывается между Vörtex и Pallino, по полдня туда-сюда")
    assert ("Person:Ингвар Лунд", "works_on", "Project:Pallino") in links(proposal)


def test_time_spent_is_still_a_worklog(world: GraphResolver) -> None:
    for text in ("убил полдня на Vörtex", "spent 3 hours on the Pallino release"):
        assert extract(text, world, owner=OWNER, today=DAY).skipped == "worklog"


def test_a_post_taken_over_from_someone_is_the_takers(world: GraphResolver) -> None:
    text = "Ростислав Гай принял у Златославы техлидство в Vörtex, она уходит в архитектуру"
    proposal = propose(world, text)
    assert ("Person:Ростислав Гай", "manages", "Project:Vörtex") in links(proposal)
    assert not any(
        frm == "Person:Златослава Кмет" and to == "Project:Vörtex"
        for frm, _, to in links(proposal)
    )


def test_extract_stays_pure(world: GraphResolver) -> None:
    assert extract("VTX-17 sits with Aurelio now", world, owner=OWNER, today=DAY).relations
