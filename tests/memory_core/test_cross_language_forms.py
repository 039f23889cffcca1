"""Cross-language recall through the forms a translation takes in the line.

A translation found in the glossary or dictionary is searched by its stem, which misses
forms that change inside: a noun's fleeting vowel ("рынок" -> "рынка", "замок" ->
"замка"), and the "we" form of a verb that notes of decisions are written in
("покупаем", "продаём", "нанимаем"). The morphological analyser gives those forms; no
word list does.
"""

from __future__ import annotations

import pytest

from memory_core import Entity, ScopedMemory
from memory_core.recall import RecallOptions, recall
from memory_core.recall.word_forms import translated

NO_WRITE = RecallOptions(reinforce=False)

WORLD = [
    Entity("Note:share", "Note", ("fact: доля рынка выросла до 12% за квартал",)),
    Entity("Note:dacha-keys", "Note", ("fact: запасные ключи от замка на даче у соседа",)),
    Entity("Note:office-tech", "Note", ("decision: технику покупаем только через тендер",)),
    Entity("Note:pharmacies", "Note", ("decision: аптекам продаём напрямую, без дистрибьюторов",)),
    Entity("Note:juniors", "Note", ("decision: стажёров нанимаем только весной",)),
    Entity("Note:garden", "Note", ("fact: the garden hose is in the shed",)),
    Entity("Note:lunch", "Note", ("fact: обед в офисе заказываем по четвергам",)),
    Entity("Note:parking", "Note", ("fact: парковка у офиса платная после девяти",)),
]


@pytest.fixture
async def world(owner: ScopedMemory) -> ScopedMemory:
    await owner.create_entities(WORLD)
    return owner


@pytest.mark.parametrize(
    ("question", "expected"),
    [
        ("how big is our share of the market now?", "Note:share"),
        ("who keeps the spare keys to the lock?", "Note:dacha-keys"),
        ("how do we buy equipment?", "Note:office-tech"),
        ("do we sell to pharmacies directly?", "Note:pharmacies"),
        ("when do we hire interns?", "Note:juniors"),
    ],
)
async def test_a_translation_finds_a_line_in_another_form_of_it(
    world: ScopedMemory, question: str, expected: str
) -> None:
    assert (await recall(world, question, NO_WRITE)).nodes[:1] == (expected,)


@pytest.mark.parametrize(
    ("word", "form"),
    [
        ("ceiling", "потолка"),  # потолок: the stem "потолок" misses the other cases
        ("belt", "ремня"),
        ("sell", "продаем"),  # the "we" form of продавать
        ("fix", "чиним"),
    ],
)
def test_the_forms_a_stem_misses_are_searched_whole(word: str, form: str) -> None:
    prefixes, whole = translated(word)
    assert form in whole
    assert not any(form.startswith(p) for p in prefixes)
