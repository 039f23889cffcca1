"""An English word a Russian surname sounds like is the word, unless written as a name."""

from __future__ import annotations

import pytest

from memory_core import Entity, ScopedMemory
from memory_core.lexicon import Lexicon
from memory_core.query import build_query
from memory_core.recall import RecallOptions, recall
from memory_core.recall.terms import ordinary_word

NO_WRITE = RecallOptions(reinforce=False)

PEOPLE = ("Person:Кира Бонд", "Person:Пётр Марк", "Person:Tom Mir", "Person:Людмила Пак")


@pytest.mark.parametrize(
    ("message", "named"),
    [
        ("who holds the bond for the office lease", ()),  # "bond": a word, lower case
        ("did Bond sign the lease", ("Person:Кира Бонд",)),  # written as a name
        ("weigh every pack twice", ()),
        ("ask pak about it", ("Person:Людмила Пак",)),  # no English word: only the name
        ("mark said what", ("Person:Пётр Марк",)),  # a first name, read as a name too
        ("что сказал мир", ("Person:Tom Mir",)),  # a Cyrillic word may spell a Latin name
    ],
)
def test_a_lower_case_word_names_no_one_by_its_sound(message: str, named: tuple[str, ...]) -> None:
    built = build_query(message, Lexicon(PEOPLE), ordinary=ordinary_word)
    assert built.entities == named


def test_without_the_check_every_spelling_names() -> None:
    assert build_query("who holds the bond", Lexicon(PEOPLE)).entities == (PEOPLE[0],)


async def test_the_other_words_then_answer(owner: ScopedMemory) -> None:
    await owner.create_entities(
        [
            Entity("Person:Кира Бонд", "Person", ("role: юрист",)),
            Entity(
                "Decision:office-deposit",
                "Decision",
                ("decision: the office lease deposit is paid as a bank bond, not cash",),
            ),
        ]
    )
    result = await recall(owner, "how do we pay the bond on the office lease", NO_WRITE)
    assert result.nodes[:1] == ("Decision:office-deposit",)
