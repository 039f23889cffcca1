"""A later free-text line that gives another value for what an older one said."""

from __future__ import annotations

import pytest

from memory_core.slot_values import can_restate, restates
from memory_core.slots import conflicts


@pytest.mark.parametrize(
    ("old", "new"),
    [
        ("my favourite tea is oolong", "my favourite tea is now sencha"),
        ("our wifi router is a Keenetic", "our wifi router is an Asus"),
        ("моя любимая книга — Пикник на обочине", "моя любимая книга теперь Солярис"),
        ("мой рост 180", "мой рост 182"),
        ("номер машины — А123ВС", "номер машины: К777ОО"),
        ("our parrot Kesha is 3 years old", "Kesha is now 4"),
        ("у нас черепаха Тортилла, ей 12 лет", "Тортилле теперь 13 лет"),
    ],
)
def test_a_new_value_for_the_same_thing_restates_it(old: str, new: str) -> None:
    assert can_restate(new)
    assert restates(old, new)
    assert conflicts([f"fact: {old} (as_of=2026-01-01, src=user)"], f"fact: {new}") == [
        f"fact: {old} (as_of=2026-01-01, src=user)"
    ]


@pytest.mark.parametrize(
    ("old", "new"),
    [
        ("my favourite tea is oolong", "my favourite tea is oolong"),  # the same value
        ("my favourite tea is oolong", "my favourite band is Muse"),  # another thing
        ("Orbit is our billing service", "Orbit is written in Go"),  # a name's description
        ("ходит в бассейн 3 раза в неделю", "ходит в школу 12"),  # no change said
        ("our parrot Kesha is 3 years old", "Kesha eats 4 nuts"),  # no change said
        ("our parrot Kesha is 3 years old", "Gosha is now 4"),  # someone else
        ("я хожу в зал по вторникам", "я хожу в зал по средам"),  # a habit, two may hold
        ("стоматолог 14 марта в 10:00", "стоматолог 20 марта в 11:00"),  # two appointments
    ],
)
def test_the_same_value_or_another_thing_is_no_restatement(old: str, new: str) -> None:
    assert not restates(old, new)


def test_a_keyed_or_slotted_line_is_left_to_its_slot() -> None:
    assert conflicts(["fact: location=Porto"], "fact: my favourite tea is oolong") == []
    assert conflicts(["role: mentor"], "fact: my mentor is now Ivo") == []
