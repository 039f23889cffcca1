"""Which entities a recall looks at: names that hold one word do not hide a fuller match."""

from __future__ import annotations

import pytest

from memory_core import Entity, ScopedMemory
from memory_core.recall import RecallOptions, recall

NO_WRITE = RecallOptions(reinforce=False)

WORLD = [
    Entity("Note:login-outage.md", "Note", ("pointer: login outage on Monday, root cause DNS",)),
    Entity("Note:login-redesign.md", "Note", ("pointer: login page redesign, new colours",)),
    Entity("Project:Login Revamp", "Project", ("fact: owner is the web team",)),
    Entity(
        "Decision:hardware-keys",
        "Decision",
        ("decision: hardware keys are mandatory at login for all contractors from March",),
    ),
    Entity("Note:holiday.md", "Note", ("fact: office closed on the first of May",)),
]


@pytest.fixture
async def world(owner: ScopedMemory) -> ScopedMemory:
    await owner.create_entities(WORLD)
    return owner


@pytest.mark.parametrize(
    "question",
    [
        "since when is login mandatory for contractors on weekends",
        "do contractors need a second factor for login, is it mandatory or optional",
    ],
)
async def test_names_holding_one_word_do_not_hide_a_line_holding_several(
    world: ScopedMemory, question: str
) -> None:
    """Three names hold "login"; the decision's line holds "login", "mandatory" and
    "contractors", and no entity holds every word, so only a search for lines holding two
    of the rare words finds it."""
    assert (await recall(world, question, NO_WRITE)).nodes[:1] == ("Decision:hardware-keys",)


async def test_a_name_match_still_answers_a_question_about_it(world: ScopedMemory) -> None:
    """A question about what a name holds is still answered by that name."""
    nodes = (await recall(world, "what was the login outage root cause", NO_WRITE)).nodes
    assert nodes[:1] == ("Note:login-outage.md",)
