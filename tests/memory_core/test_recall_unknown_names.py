"""A question about a name the memory does not hold is not answered by its other words."""

from __future__ import annotations

import pytest

from memory_core import Entity, Relation, ScopedMemory
from memory_core.query import written_as_names
from memory_core.recall import RecallOptions, recall

NO_WRITE = RecallOptions(reinforce=False)


@pytest.fixture
async def team(owner: ScopedMemory) -> ScopedMemory:
    await owner.create_entities(
        [
            Entity("Project:Orion", "Project", ("status: checkout rewrite, beta in May",)),
            Entity("Person:Ilya Sorokin", "Person", ("role: team lead of Orion",)),
            Entity(
                "Note:notes/hiring/plan-2026.md",
                "Note",
                ("pointer: notes/hiring/plan-2026.md — hiring plan: two team leads, one SRE",),
            ),
        ]
    )
    await owner.create_relations([Relation("Person:Ilya Sorokin", "Project:Orion", "leads")])
    return owner


@pytest.mark.parametrize(
    "question",
    [
        "кто тимлид в проекте Harbor?",  # "harbor" is a dictionary word, yet a name here
        "who is the team lead on Meadow?",
        "team leads on the iOS app?",  # mixed case: a name wherever it stands
        "кто тимлид в проекте 1С?",  # letters and digits: a product's name
        "who is the team lead on S3?",
    ],
)
async def test_an_unknown_name_leaves_the_question_unanswered(
    team: ScopedMemory, question: str
) -> None:
    assert (await recall(team, question, NO_WRITE)).nodes == ()


async def test_a_known_name_still_answers(team: ScopedMemory) -> None:
    result = await recall(team, "кто тимлид в проекте Orion?", NO_WRITE)
    assert result.nodes[:1] == ("Person:Ilya Sorokin",)


@pytest.mark.parametrize(
    ("message", "names"),
    [
        ("кто тимлид в проекте Harbor?", {"harbor"}),
        ("who leads Meadow now. Atlas too", {"meadow"}),  # a sentence's first word is no name
        ("Meadow status?", set()),
        ("PCI audit owner", set()),  # an acronym is not a capitalised word
        ("GraphQL for the public API? or gRPC", {"graphql", "grpc"}),
        ("переход на 1С и 2ГИС, бэкапы в S3, кластер k8s", {"1с", "2гис", "s3", "k8s"}),
        ("созвон в 10am, план на Q3 и H1, 2025г, 3д, 10k, 5M, 1st, 4x4, ESO-159", set()),
    ],
)
def test_words_written_as_names(message: str, names: set[str]) -> None:
    assert written_as_names(message) == names


async def test_a_person_known_only_by_a_link_is_shown_first_by_name(
    owner: ScopedMemory,
) -> None:
    """ "Tom works on the Helix project" made Tom with no lines: asked by name, in either
    script, Tom comes before the project his link brings; "Том" is a name when written so,
    though "том" is a word ("в том числе")."""
    await owner.create_entities(
        [
            Entity("Project:Helix", "Project", ("fact: our data platform, launch in June",)),
            Entity("Person:Tom", "Person"),
        ]
    )
    await owner.create_relations([Relation("Person:Tom", "Project:Helix", "works_on")])
    for question in ("Tom", "Том", "кто такой Том"):
        assert (await recall(owner, question, NO_WRITE)).nodes[:1] == ("Person:Tom",), question
    assert "Person:Tom" not in (await recall(owner, "в том числе Helix", NO_WRITE)).nodes[:1]
