"""Recall and the owner's own entry: words spread over its lines do not make it an answer.

The ``User`` entry gathers unrelated facts of one life (a rule about vendor contracts, a
role at a solar company, a goal). A question that is not about the owner counts what one
of its lines holds: "поставщик солнечных водонагревателей" is not answered by "vendor" in a
rule and "solar" in the role. A question about the owner, by a word ("я", "my") or by a
verb of oneself ("хочу", "живу"), still reads the entry whole.
"""

from __future__ import annotations

import pytest

from memory_core import Entity, ScopedMemory
from memory_core.morphology import first_person_verb
from memory_core.recall import RecallOptions, recall

NO_WRITE = RecallOptions(reinforce=False)


@pytest.fixture
async def owner_entry(owner: ScopedMemory) -> ScopedMemory:
    await owner.create_entities(
        [
            Entity(
                "User:Marta",
                "User",
                (
                    "rule: vendor contracts over 50k EUR need a second quote",
                    "role: VP of engineering at a rooftop solar installer, Valencia",
                    "fact: живу в Валенсии, район Русафа",
                    "goal: пробежать полумарафон за 1:50 в марте",
                    "pref: no meetings before 9:30",
                ),
            ),
            Entity("Person:Pau Ferrer", "Person", ("role: battery supplier, Cellmax",)),
        ]
    )
    return owner


@pytest.mark.parametrize(
    "question",
    [
        "какой у нас поставщик солнечных водонагревателей",
        "who supplies our solar water heaters?",
        "расписание встреч с вендором",
    ],
)
async def test_words_spread_over_the_owners_lines_do_not_answer(
    owner_entry: ScopedMemory, question: str
) -> None:
    found = await recall(owner_entry, question, NO_WRITE)
    assert "User:Marta" not in found.nodes


@pytest.mark.parametrize(
    "question",
    [
        "за какое время хочу пробежать полумарафон",
        "где я живу",
        "what are my rules for vendor contracts",
    ],
)
async def test_a_question_about_the_owner_reads_the_entry_whole(
    owner_entry: ScopedMemory, question: str
) -> None:
    found = await recall(owner_entry, question, NO_WRITE)
    assert found.nodes[:1] == ("User:Marta",)


@pytest.mark.parametrize(
    ("word", "mine"),
    [("хочу", True), ("живу", True), ("сдаю", True), ("году", False), ("кому", False),
     ("пробежать", False), ("want", False)],
)  # fmt: skip
def test_a_verb_of_oneself_is_told_from_other_words(word: str, mine: bool) -> None:
    assert first_person_verb(word) is mine
