"""Slots and contradictions: one home, employer, phone and status; a role per project."""

from __future__ import annotations

import pytest

from memory_core.slots import conflicts, slot_of


@pytest.mark.parametrize(
    ("line", "slot"),
    [
        ("fact: живу в Белграде (as_of=2025-06-10, src=user)", ("location", "")),
        ("fact: location=в Москве (as_of=2026-01-01, src=auto)", ("location", "")),
        ("fact: I live in Lisbon", ("location", "")),
        ("fact: Маша переехала в Казань", ("location", "")),
        ("fact: работаю в Яндексе", ("employer", "")),
        ("fact: workplace=Acme Robotics", ("employer", "")),
        ("fact: Tom works at Globex", ("employer", "")),
        (
            "role: QA engineer Project:Orion (as_of=2025-10-12, src=meeting)",
            ("role", "project:orion"),
        ),
        ("role: тимлид", ("role", "")),
        ("contact: phone=+381 64 123 4567", ("phone", "")),
        ("fact: телефон +7 999 123-45-67", ("phone", "")),
        ("fact: status=on leave", ("status", "")),
        ("fact: married since 2019", ("status", "")),
        ("fact: Иван работает над ESO", None),
        ("fact: работает в команде платформы", None),
        ("fact: ходит в школу 57", None),
        ("pref: short answers", None),
    ],
)
def test_slot_of(line: str, slot: tuple[str, str] | None) -> None:
    assert slot_of(line) == slot


@pytest.mark.parametrize(
    ("existing", "new", "expected"),
    [
        (  # free text against a keyed line, both languages
            ["fact: живу в Белграде (as_of=2025-06-10, src=user)", "pref: tea"],
            "fact: location=в Москве (as_of=2026-01-01, src=auto)",
            ["fact: живу в Белграде (as_of=2025-06-10, src=user)"],
        ),
        (["fact: I live in Belgrade"], "fact: I moved to Lisbon", ["fact: I live in Belgrade"]),
        (["fact: workplace=Acme"], "fact: работаю в Globex", ["fact: workplace=Acme"]),
        (["contact: phone=+381 64 123"], "fact: телефон +7 999 1", ["contact: phone=+381 64 123"]),
        (
            ["role: QA engineer Project:Orion", "role: mentor"],
            "role: PM Project:Orion",
            ["role: QA engineer Project:Orion"],
        ),
    ],
)
def test_a_different_value_in_the_same_slot_conflicts(
    existing: list[str], new: str, expected: list[str]
) -> None:
    assert conflicts(existing, new) == expected


@pytest.mark.parametrize(
    ("existing", "new"),
    [
        (["fact: живу в Москве (as_of=2025-06-10, src=user)"], "fact: location=Москва"),
        (["fact: I live in Belgrade"], "fact: location=Belgrade (as_of=2026-01-01, src=auto)"),
        (["contact: phone=+7 999 123"], "fact: телефон +7 (999) 123"),
        (["role: тимлид"], "role: ментор"),  # two roles without a project are both true
        (["role: QA Project:Orion"], "role: PM Project:Atlas"),  # other projects
        (["fact: ходит в школу 57"], "fact: ходит в школу 12"),  # no slot
    ],
)
def test_the_same_value_or_another_slot_does_not_conflict(existing: list[str], new: str) -> None:
    assert conflicts(existing, new) == []
