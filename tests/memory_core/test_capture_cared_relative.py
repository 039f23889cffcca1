"""Capture links a carer to the owner's relative the sentence names, not to the owner.

The world is :mod:`tests.memory_core.lantern_world` (Стёпа and Alina are the owner's
children). "записала Стёпу к логопеду — X" and "booked Alina with a dentist, Dr. X" make X
the child's doctor; when the owner speaks of their own care ("хожу к стоматологу X", "my
dentist") the link stays on the owner.
"""

from __future__ import annotations

import pytest

from memory_core import ScopedMemory
from memory_core.extraction_names import EntityResolver
from tests.memory_core.lantern_world import ALINA, OWNER, STEPA, propose_here, store_world
from tests.memory_core.proposals import links


@pytest.fixture
async def world(owner: ScopedMemory) -> EntityResolver:
    return await store_world(owner)


def _doctor_links(text: str, world: EntityResolver) -> set[str]:
    return {to for _, relation, to in links(propose_here(world, text)) if relation == "doctor_of"}


@pytest.mark.parametrize(
    ("text", "child"),
    [
        ("записала Стёпу к логопеду — Анна Берзиня", STEPA),
        ("booked Alina with a dentist, Dr. Peteris Ozols", ALINA),
    ],
)
def test_the_child_named_is_the_patient(world: EntityResolver, text: str, child: str) -> None:
    assert _doctor_links(text, world) == {child}


@pytest.mark.parametrize(
    "text",
    [
        "хожу к стоматологу Анне Берзине, Алину тоже к ней водим",
        "my dentist is Dr. Peteris Ozols, Alina goes to him too",
    ],
)
def test_the_owner_s_own_carer_stays_the_owner_s(world: EntityResolver, text: str) -> None:
    assert OWNER in _doctor_links(text, world)
