"""An English name written in Cyrillic as it sounds finds the entry: "лайтхаус" for Lighthouse.

Projects, tools and companies are often named in English words, and a Russian message
writes them by ear, not letter by letter ("квикдро", "санрайз", "уайлдфайр"). Their
consonants read the English way match; a place or a Russian word does not.
"""

from __future__ import annotations

import pytest

from memory_core import Entity, ScopedMemory
from memory_core.english_ear import english_skeletons
from memory_core.name_aliases import sound_skeletons
from memory_core.recall import RecallOptions, recall

NO_WRITE = RecallOptions(reinforce=False)

BY_EAR = [
    ("Moonlight", "мунлайт"),
    ("Seahorse", "сихорс"),
    ("Wildfire", "уайлдфайр"),
    ("Westgate", "вестгейт"),
    ("Brightwater", "брайтуотер"),
    ("Quillstone", "квилстоун"),
    ("Hightower", "хайтауэр"),
    ("Knotweed", "нотвид"),
    ("Sunrise", "санрайз"),
    ("Ironbark", "айронбарк"),
    ("Ridgeline", "риджлайн"),
    ("Whistler", "вислер"),
    ("Jetway", "джетвей"),
]


@pytest.mark.parametrize(("latin", "heard"), BY_EAR)
def test_an_english_word_and_its_spelling_by_ear_share_a_skeleton(latin: str, heard: str) -> None:
    assert english_skeletons(latin) & sound_skeletons(heard)


@pytest.mark.parametrize(("latin", "heard"), [("Moonlight", "мандарин"), ("Seahorse", "сахар")])
def test_other_words_do_not_share_one(latin: str, heard: str) -> None:
    assert not english_skeletons(latin) & sound_skeletons(heard)


def test_a_cyrillic_word_has_no_english_reading() -> None:
    assert english_skeletons("лайтхаус") == frozenset()


@pytest.fixture
async def projects(owner: ScopedMemory) -> ScopedMemory:
    await owner.create_entities(
        [
            Entity(f"Project:{latin}", "Project", (f"status: stage {i}",))
            for i, (latin, _) in enumerate(BY_EAR)
        ]
        + [Entity("Project:Nexus", "Project", ("status: paused",))]
    )
    return owner


@pytest.mark.parametrize(("latin", "heard"), BY_EAR)
async def test_a_project_is_found_by_its_name_said_by_ear(
    projects: ScopedMemory, latin: str, heard: str
) -> None:
    found = list((await recall(projects, f"статус {heard}", NO_WRITE)).nodes)
    assert found[:1] == [f"Project:{latin}"]


async def test_in_another_case_too(projects: ScopedMemory) -> None:
    found = list((await recall(projects, "что нового по мунлайту", NO_WRITE)).nodes)
    assert found[:1] == ["Project:Moonlight"]


async def test_a_place_is_no_project_that_sounds_alike(projects: ScopedMemory) -> None:
    # "Никосия" (a city the dictionary knows) has the consonants of "Nexus"
    assert list((await recall(projects, "парковка в Никосии", NO_WRITE)).nodes) == []


async def test_a_persons_english_surname_said_by_ear(owner: ScopedMemory) -> None:
    await owner.create_entities(
        [
            Entity("Person:Chloe Whitford", "Person", ("role: designer",)),
            Entity("Person:Gonçalo Antunes", "Person", ("role: tester",)),
        ]
    )
    assert list((await recall(owner, "кто такая хлоя уитфорд", NO_WRITE)).nodes)[:1] == [
        "Person:Chloe Whitford"
    ]
    # a name with letters English lacks keeps the readings it had ("Антунеш")
    assert list((await recall(owner, "гонсалу антунеш", NO_WRITE)).nodes)[:1] == [
        "Person:Gonçalo Antunes"
    ]
