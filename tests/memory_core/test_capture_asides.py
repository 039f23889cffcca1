"""Capture of statements with an aside in brackets: a remark said last, a qualifier after a name.

"я отчитываюсь Тимуру (он у нас ...)" reads as a second clause about the
person just named; "Priya Nair (agency side) is ..." reads as if the qualifier were not
there; a role in brackets stays part of the sentence.
"""

from __future__ import annotations

import pytest

from memory_core import ScopedMemory
from memory_core.extraction_asides import open_asides
from tests.memory_core.proposals import links, propose_in, proposed_lines

OWNER = "User:Nadia"
WORLD = (OWNER, "Project:Ledger", "Project:Kiosk")


@pytest.mark.parametrize(
    ("text", "person", "role"),
    [
        ("с марта я отчитываюсь Тимуру Рахимову (он у нас новый финдиректор)",
         "Person:Тимур Рахимов", "финдиректор"),
        ("I report to Hannah Berg now (she's the new head of engineering)",
         "Person:Hannah Berg", "head of engineering"),
    ],
)  # fmt: skip
async def test_a_remark_said_last_in_brackets_is_a_second_clause(
    owner: ScopedMemory, text: str, person: str, role: str
) -> None:
    proposal = await propose_in(owner, WORLD, OWNER, text)
    assert (OWNER, "reports_to", person) in links(proposal)
    assert role in proposed_lines(proposal, person)


@pytest.mark.parametrize(
    ("text", "person", "project"),
    [
        ("Priya Nair (agency side) is the delivery lead for Ledger",
         "Person:Priya Nair", "Project:Ledger"),
        ("Гульнара Ахметова (из соседней команды) теперь техлид Kiosk",
         "Person:Гульнара Ахметова", "Project:Kiosk"),
    ],
)  # fmt: skip
async def test_a_qualifier_after_a_name_does_not_hide_the_sentence(
    owner: ScopedMemory, text: str, person: str, project: str
) -> None:
    proposal = await propose_in(owner, WORLD, OWNER, text)
    assert proposal.skipped is None
    assert "lead" in proposed_lines(proposal, person) or "техлид" in proposed_lines(
        proposal, person
    )
    assert any(frm == person and to == project for frm, _, to in links(proposal))


@pytest.mark.parametrize(
    ("text", "kept"),
    [
        ("Ali (PM) owns Kiosk", "(PM)"),
        ("у нас новый лид — Dmitri Volkov (Дима)", "(Дима)"),
        ("Kiosk moves to Rust (no more Go services)", "(no more Go services)"),
    ],
)
def test_a_role_a_name_or_a_closing_remark_in_brackets_is_kept(text: str, kept: str) -> None:
    assert kept in open_asides(text)
