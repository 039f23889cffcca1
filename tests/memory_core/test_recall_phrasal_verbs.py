"""An English phrasal verb is asked by its meaning, not by its verb: "run out" is expiring
("сгорают", "истекает"), "call off" cancelling, "put off" postponing; "ever" and "still"
are no words to search for."""

from __future__ import annotations

import pytest

from memory_core import Entity, ScopedMemory
from memory_core.query import build_query
from tests.memory_core.recall_world import fillers, top3


@pytest.fixture
async def club(owner: ScopedMemory) -> ScopedMemory:
    await owner.create_entities(
        [
            Entity(
                "Decision:points-expire",
                "Decision",
                ("decision: бонусные баллы сгорают через 12 месяцев после начисления",),
            ),
            Entity(
                "Decision:offsite-cancelled",
                "Decision",
                ("decision: выездную встречу в мае отменили, бюджет ушёл на найм",),
            ),
            Entity(
                "Decision:points-earned",
                "Decision",
                ("decision: бонусные баллы начисляются по одному за каждые 10 евро",),
            ),
            Entity(
                "Note:offsite-plan",
                "Note",
                ("fact: offsite in May, two days near the lake, the whole team",),
            ),
            *fillers(["пробежка в парке", "run the tests nightly", "new running shoes"]),
        ]
    )
    return owner


@pytest.mark.parametrize(
    ("question", "answer"),
    [
        ("do the bonus points ever run out", "Decision:points-expire"),
        ("did we call off the offsite", "Decision:offsite-cancelled"),
    ],
)
async def test_the_meaning_is_searched(club: ScopedMemory, question: str, answer: str) -> None:
    assert (await top3(club, question))[:1] == (answer,)


def test_the_verbs_become_their_meaning() -> None:
    assert build_query("when does my permit run out", None).tokens == ("permit", "expire")
    assert "postpone" in build_query("we put off the launch", None).tokens
