"""Classes of statement the capture-16 round reads: projects named together ("P и Q", "и P, и
Q"), a known project whose name is also a role word ("Mentor"), a name before a trailing "...",
a decision with a lead-in and no plain verb ("окончательно: ...", "X решил за меня: ...",
"договорились с X (финдир): ... на 20%"), whose slug keeps what was decided, not the date,
the team or the remark after it; and the statements they must leave alone. The memory is a
small world of its own (owner Ефросинья) read through the real :class:`GraphResolver`.
"""

from __future__ import annotations

import datetime as dt

import pytest

from memory_core.extraction import Proposal, extract
from memory_core.extraction_names import GraphResolver
from tests.memory_core.proposals import lines_text, links
from tests.memory_core.proposals import propose as proposal_of

OWNER = "User:Ефросинья"
NAMES = [
    OWNER,
    "Person:Всеслав Охотин",
    "Person:Marisol Quint",
    "Person:Тихон Бажанов",
    "Project:Lantern",
    "Project:Quarry",
    "Project:Mentor",
    "Project:Driftwood",
]
RELATIONS = [
    ("Person:Marisol Quint", "works_on", "Project:Lantern"),
    ("Person:Всеслав Охотин", "reports_to", OWNER),
]
DAY = dt.date(2026, 7, 14)


@pytest.fixture(scope="module")
def world() -> GraphResolver:
    return GraphResolver(NAMES, RELATIONS, {})


def propose(world: GraphResolver, text: str) -> Proposal:
    return proposal_of(world, text, owner=OWNER, today=DAY)


def decisions(proposal: Proposal) -> list[str]:
    return [e.name for e in proposal.entities if e.name.startswith("Decision:")]


# projects named together


@pytest.mark.parametrize(
    ("text", "person", "relation", "projects"),
    [
        (
            "Ульяна Пестова — наш новый скрам-мастер, будет вести Lantern и Quarry",
            "Person:Ульяна Пестова",
            "manages",
            ("Project:Lantern", "Project:Quarry"),
        ),
        (
            "Тихон будет вести Quarry, Driftwood и Lantern",
            "Person:Тихон Бажанов",
            "manages",
            ("Project:Quarry", "Project:Driftwood", "Project:Lantern"),
        ),
        (
            "Тихон будет вести и Quarry, и Driftwood",
            "Person:Тихон Бажанов",
            "manages",
            ("Project:Quarry", "Project:Driftwood"),
        ),
        (
            "Marisol will run the demos in Quarry as well as in Driftwood",
            "Person:Marisol Quint",
            "manages",
            ("Project:Quarry", "Project:Driftwood"),
        ),
        (
            "Marisol is splitting her time between Lantern and Mentor now",
            "Person:Marisol Quint",
            "works_on",
            ("Project:Mentor",),
        ),
    ],
)
def test_every_project_named_together_gets_the_link(
    world: GraphResolver, text: str, person: str, relation: str, projects: tuple[str, ...]
) -> None:
    found = links(propose(world, text))
    for project in projects:
        assert (person, relation, project) in found, found


def test_a_decision_on_projects_named_together_is_decided_in_each(world: GraphResolver) -> None:
    proposal = propose(world, "решили: с июля ночные бэкапы и для Quarry, и для Driftwood")
    (name,) = decisions(proposal)
    assert (name, "decided_in", "Project:Quarry") in links(proposal)
    assert (name, "decided_in", "Project:Driftwood") in links(proposal)


def test_a_comma_between_clauses_lists_no_projects(world: GraphResolver) -> None:
    found = links(propose(world, "я с мая плотно сижу в Lantern, Quarry отдаю Тихону"))
    assert (OWNER, "works_on", "Project:Quarry") not in found


def test_a_project_named_like_a_role_is_the_project_only_as_the_memory_writes_it(
    world: GraphResolver,
) -> None:
    named = propose(world, "Тихон Бажанов теперь тимлид в Mentor")
    assert ("Person:Тихон Бажанов", "manages", "Project:Mentor") in links(named) or (
        "Person:Тихон Бажанов",
        "works_on",
        "Project:Mentor",
    ) in links(named)
    plain = extract("my mentor says Quarry is late again", world, owner=OWNER, today=DAY)
    assert all(r.to != "Project:Mentor" for r in plain.relations), plain.to_json()


# a name before a trailing "..."


@pytest.mark.parametrize(
    ("text", "person"),
    [
        (
            "Моим замом с августа будет Бекзат Оразбаев... он пока на испытательном",
            "Бекзат Оразбаев",
        ),
        ("my new deputy is Ilkka Vaara... still on probation though", "Ilkka Vaara"),
    ],
)
def test_a_full_name_before_a_trailing_ellipsis_stays_whole(
    world: GraphResolver, text: str, person: str
) -> None:
    proposal = propose(world, text)
    names = {e.name for e in proposal.entities}
    assert f"Person:{person}" in names, proposal.to_json()
    assert f"Person:{person.split(maxsplit=1)[0]}" not in names


# decisions with a lead-in


def test_a_firm_word_before_a_colon_makes_a_decision(world: GraphResolver) -> None:
    proposal = propose(
        world, "окончательно: письма в Quarry шлём через Postmark, от Mailgun отказались"
    )
    (name,) = decisions(proposal)
    assert "postmark" in name
    assert "mailgun" not in name
    assert (name, "decided_in", "Project:Quarry") in links(proposal)


def test_a_firm_word_without_a_colon_is_no_decision(world: GraphResolver) -> None:
    proposal = extract("окончательно переехали на Postmark", world, owner=OWNER, today=DAY)
    assert not decisions(proposal)


def test_a_person_who_decided_for_the_owner_is_the_decider(world: GraphResolver) -> None:
    proposal = propose(world, "Всеслав решил за меня, ну и ладно: деплои Lantern только по средам")
    (name,) = decisions(proposal)
    assert "сред" in lines_text(proposal, name)
    assert ("Person:Всеслав Охотин", "decided", name) in links(proposal)
    assert (OWNER, "decided", name) not in links(proposal)
    assert (name, "decided_in", "Project:Lantern") in links(proposal)


def test_a_person_deciding_for_themself_is_no_decision(world: GraphResolver) -> None:
    proposal = extract("Тихон решил уйти из Quarry", world, owner=OWNER, today=DAY)
    assert not decisions(proposal)


def test_a_share_cut_by_agreement_is_a_decision_not_progress(world: GraphResolver) -> None:
    proposal = propose(
        world, "Договорились с Всеславом (техдир): расходы на CI урезаем на 15%, начиная с Lantern"
    )
    (name,) = decisions(proposal)
    assert "расход" in name or "ci" in name
    assert "техдир" not in name
    assert (name, "decided_in", "Project:Lantern") in links(proposal)
    assert ("Person:Всеслав Охотин", "decided", name) in links(proposal)
    assert extract("сделал уже 80% миграции", world, owner=OWNER, today=DAY).skipped


def test_the_slug_leaves_out_the_team_the_date_and_the_remark(world: GraphResolver) -> None:
    proposal = propose(
        world,
        "решили всей командой - с 3 октября демо по четвергам для Quarry… посмотрим как пойдёт",
    )
    (name,) = decisions(proposal)
    assert "четверг" in name
    assert "демо" in name
    assert "команд" not in name
    assert "октябр" not in name
    assert "посмотрим" not in lines_text(proposal, name)
    english = propose(world, "ok so we're going with Svelte for the Driftwood admin, final")
    (chosen,) = decisions(english)
    assert "svelte" in chosen
    assert not chosen.endswith("final")
    assert (chosen, "decided_in", "Project:Driftwood") in links(english)


# a newcomer with a role and a project in one sentence


def test_a_newcomer_beside_a_known_boss_gets_the_role_project_and_boss(
    world: GraphResolver,
) -> None:
    proposal = propose(
        world, "hired a new QA: Ottilie Brand, she'll sit in Всеслав's team, mostly on Quarry"
    )
    found = links(proposal)
    assert "QA" in lines_text(proposal, "Person:Ottilie Brand")
    assert ("Person:Ottilie Brand", "works_on", "Project:Quarry") in found
    assert ("Person:Ottilie Brand", "reports_to", "Person:Всеслав Охотин") in found
    assert all(frm != "Person:Всеслав Охотин" for frm, _, _ in found)


def test_a_newcomer_said_with_a_team_and_whom_they_report_to(world: GraphResolver) -> None:
    proposal = propose(
        world, "у нас в QA на Driftwood теперь Злата Мирошина, джуниор, подчиняется Тихону"
    )
    found = links(proposal)
    assert ("Person:Злата Мирошина", "works_on", "Project:Driftwood") in found
    assert ("Person:Злата Мирошина", "reports_to", "Person:Тихон Бажанов") in found


@pytest.mark.parametrize(
    "text",
    [
        "Marisol's new deputy on Lantern is a guy called Casimir Oduya - senior eng",
        "новый заместитель в Lantern — парень по имени Casimir Oduya",
    ],
)
def test_a_newcomer_introduced_by_what_he_is_called(world: GraphResolver, text: str) -> None:
    proposal = propose(world, text)
    assert ("Person:Casimir Oduya", "works_on", "Project:Lantern") in links(proposal)


def test_a_project_described_then_named_in_brackets_is_that_project(
    world: GraphResolver,
) -> None:
    proposal = propose(
        world, "new head of marketing for the partner app (Driftwood) is Ingrid Solbakk"
    )
    assert "marketing" in lines_text(proposal, "Person:Ingrid Solbakk")
    assert ("Person:Ingrid Solbakk", "manages", "Project:Driftwood") in links(proposal)


# a relative named in passing


@pytest.mark.parametrize(
    ("text", "relative", "relation"),
    [
        ("Тихон и его жена Милена ждут двойню в марте", "Person:Милена", "married_to"),
        ("Тихон с женой Миленой переехали в Казань", "Person:Милена", "married_to"),
        ("Marisol and her son Teodor are moving to Porto", "Person:Teodor", "child_of"),
    ],
)
def test_a_relative_named_beside_a_known_person(
    world: GraphResolver, text: str, relative: str, relation: str
) -> None:
    found = links(propose(world, text))
    holder = "Person:Marisol Quint" if "Marisol" in text else "Person:Тихон Бажанов"
    assert (relative, relation, holder) in found


def test_a_household_role_then_a_clause_then_the_name() -> None:
    world = GraphResolver([OWNER, "Person:Гордей"], [("Person:Гордей", "married_to", OWNER)], {})
    proposal = extract(
        "свекровь приезжает в сентябре, зовут Ангелина Львовна — запомни",
        world,
        owner=OWNER,
        today=DAY,
    )
    lines = lines_text(proposal, "Person:Ангелина Львовна")
    assert "свекровь" in lines
    assert "сентябр" in lines
    assert "запомни" not in lines


# a role, a share of time, a nickname


def test_a_newcomer_joining_part_time_and_what_they_do(world: GraphResolver) -> None:
    proposal = propose(world, "в Quarry на полставки подключился Ермолай Сурин, он по iOS/NFC")
    assert ("Person:Ермолай Сурин", "works_on", "Project:Quarry") in links(proposal)
    lines = lines_text(proposal, "Person:Ермолай Сурин")
    assert "iOS" in lines
    assert "подключился" not in lines  # what he does, not the whole sentence again


def test_a_known_persons_new_role_with_the_project_in_brackets(world: GraphResolver) -> None:
    proposal = propose(world, "Marisol теперь дизайн-лид по всему вебу (в основном Driftwood)")
    assert ("Person:Marisol Quint", "manages", "Project:Driftwood") in links(proposal)


def test_a_role_given_to_someone_by_a_nickname_the_memory_records() -> None:
    lines = {"Person:Серафима Глинская": ["fact: просит звать её Сима (as_of=2025-01-01)"]}
    world = GraphResolver([*NAMES, "Person:Серафима Глинская"], RELATIONS, lines)
    proposal = propose(world, "роль тимлида в Quarry отдаём Симе, Тихон остаётся IC")
    found = links(proposal)
    assert ("Person:Серафима Глинская", "manages", "Project:Quarry") in found
    assert "тимлид " in lines_text(proposal, "Person:Серафима Глинская")
    assert all(not to.endswith(":IC") for _, _, to in found)
