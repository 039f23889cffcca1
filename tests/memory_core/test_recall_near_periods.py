"""A period before or after today frames a question and is not searched: "за прошлый год",
"на следующей неделе", "next year". "год" in it would match any line with a year."""

from __future__ import annotations

import pytest

from memory_core import Entity, ScopedMemory
from memory_core.query import build_query
from tests.memory_core.recall_world import fillers, top3


@pytest.mark.parametrize(
    ("question", "tokens"),
    [
        ("по страховке за прошлый год что нужно", ("страховке",)),
        ("who is on call next week", ("call",)),
        ("что с ремонтом на следующей неделе", ("ремонтом",)),
    ],
)
def test_the_period_is_no_term(question: str, tokens: tuple[str, ...]) -> None:
    assert build_query(question, None).tokens == tokens


async def test_the_topic_answers_alone(owner: ScopedMemory) -> None:
    await owner.create_entities(
        [
            Entity(
                "Project:Страховка дома",
                "Project",
                ("goal: продлить полис до 1 марта, сравнить три предложения",),
            ),
            Entity("Decision:budget-year", "Decision", ("decision: бюджет на год утверждён",)),
            Entity("Note:year-review", "Note", ("fact: итоги года: три релиза, два найма",)),
            *fillers(["год назад купили дачу", "в этом году много снега", "a year of piano"]),
        ]
    )
    assert (await top3(owner, "по страховке за прошлый год что нужно"))[:1] == (
        "Project:Страховка дома",
    )
