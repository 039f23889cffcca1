"""When no entity holds every word, lines holding most of them are searched too, not only names."""

from __future__ import annotations

import pytest

from memory_core import Entity, ScopedMemory
from memory_core.recall import RecallOptions, recall

NO_WRITE = RecallOptions(reinforce=False)


@pytest.fixture
async def finance(owner: ScopedMemory) -> ScopedMemory:
    # three names hold one of the words ("invoice"), a line holds most of them
    await owner.create_entities(
        [
            Entity(
                "Note:notes/finance/2025-01-invoice-run.md",
                "Note",
                ("pointer: notes/finance/2025-01-invoice-run.md — January run: 412 sent",),
            ),
            Entity(
                "Note:notes/finance/2025-02-invoice-run.md",
                "Note",
                ("pointer: notes/finance/2025-02-invoice-run.md — February run: 398 sent",),
            ),
            Entity("Project:Invoice Hub", "Project", ("status: moved to the new PDF renderer",)),
            Entity("Person:Mira Kovac", "Person", ("role: head of finance",)),
            Entity(
                "Decision:paper-retention",
                "Decision",
                ("decision: scanned invoices stay in cold storage for ten years, then shredded",),
            ),
        ]
    )
    return owner


@pytest.mark.parametrize(
    "question",
    [
        "how long do we keep scanned invoices in storage for auditors",
        "how long are scanned invoices stored for the auditors",
    ],
)
async def test_a_line_holding_most_words_is_found_beside_names_holding_one(
    finance: ScopedMemory, question: str
) -> None:
    result = await recall(finance, question, NO_WRITE)
    assert result.nodes[:1] == ("Decision:paper-retention",), result.nodes
