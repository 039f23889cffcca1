"""Classes of statement the capture-27 round reads about people: someone joining a person's team
("X joins Y's team as R", "X перешла в команду к Y"), a deputy named after the holder's
possessive and a colon, a cousin, aunt or nephew of the owner, a DBA as a role, a shift length
that is no time spent, and national ID codes with a check letter kept out as secrets. The
memory is a small world of its own (owner Ядвига) read through the real
:class:`StoreResolver`.
"""

from __future__ import annotations

import datetime as dt

import pytest

from memory_core.extraction import Proposal, extract
from memory_core.extraction_lexicon import kind_of_role
from memory_core.extraction_names import GraphResolver
from memory_core.models import Entity, Relation
from tests.memory_core.proposals import lines_text, links, resolver_of
from tests.memory_core.proposals import propose as proposal_of

OWNER = "User:Ядвига"
DAY = dt.date(2026, 12, 2)
ENTITIES = [
    Entity(OWNER, "User", ()),
    Entity("Person:Бронислав Шпак", "Person", ("role: head of support",)),
    Entity("Person:Halldóra Sveinsdóttir", "Person", ("role: QA lead Project:Lumo",)),
    Entity("Project:Lumo", "Project", ()),
]
RELATIONS = [Relation("Person:Halldóra Sveinsdóttir", "Project:Lumo", "works_on")]


@pytest.fixture(scope="module")
def world() -> GraphResolver:
    return resolver_of(ENTITIES, RELATIONS)


def propose(world: GraphResolver, text: str) -> Proposal:
    return proposal_of(world, text, owner=OWNER, today=DAY)


@pytest.mark.parametrize(
    ("text", "who"),
    [
        ("Ruairi Dempsey joins Halldóra's team as a test analyst", "Person:Ruairi Dempsey"),
        ("Ruairi Dempsey moved to Bronislav's group", "Person:Ruairi Dempsey"),
        ("Агата Кшижевская перешла в команду к Брониславу", "Person:Агата Кшижевская"),
    ],
)
def test_joining_someones_team_is_working_under_them(
    world: GraphResolver, text: str, who: str
) -> None:
    proposal = propose(world, text)
    boss = "Person:Halldóra Sveinsdóttir" if "Halld" in text else "Person:Бронислав Шпак"
    assert (who, "reports_to", boss) in links(proposal)


def test_the_role_said_after_the_team_is_a_line(world: GraphResolver) -> None:
    proposal = propose(world, "Агата Кшижевская пришла к Брониславу в команду аналитиком")
    assert "role: аналитик " in lines_text(proposal, "Person:Агата Кшижевская")
    text = "Ruairi Dempsey joins Halldóra's team as a test analyst"
    assert "test analyst" in lines_text(propose(world, text), "Person:Ruairi Dempsey")


@pytest.mark.parametrize(
    "text",
    [
        "Halldóra's second-in-command on Lumo: Ruairi Dempsey, mostly regression runs",
        "Halldóra's deputy: Ruairi Dempsey",
    ],
)
def test_a_deputy_after_a_colon_works_under_the_holder(world: GraphResolver, text: str) -> None:
    proposal = propose(world, text)
    assert ("Person:Halldóra Sveinsdóttir", "manages", "Person:Ruairi Dempsey") in links(proposal)


@pytest.mark.parametrize(
    ("text", "who"),
    [
        ("my cousin Tadeusz is moving to Gdańsk to work at the port", "Person:Tadeusz"),
        ("моя племянница Злата поступила на медфак", "Person:Злата"),
    ],
)
def test_a_cousin_or_a_niece_is_the_owners_relative(
    world: GraphResolver, text: str, who: str
) -> None:
    assert (who, "relative_of", OWNER) in links(propose(world, text))


@pytest.mark.parametrize("word", ["DBA", "database administrator", "администратор баз данных"])
def test_a_dba_is_a_role_not_a_project(word: str) -> None:
    assert kind_of_role(word) is not None


def test_a_shift_length_is_no_time_spent(world: GraphResolver) -> None:
    proposal = propose(world, "Бронислав runs the support desk 24/7 in season, two 12h shifts")
    assert proposal.skipped is None


@pytest.mark.parametrize(
    "text",
    [
        "Tadeusz's henkilötunnus for the school form is 010312A123B, keep it",
        "её hetu 170598-123X, не потеряй",
    ],
)
def test_a_national_id_code_with_a_check_letter_is_a_secret(
    world: GraphResolver, text: str
) -> None:
    assert extract(text, world, owner=OWNER, today=DAY).skipped == "secret"
