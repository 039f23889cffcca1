"""Capture of tools named next to generic technical nouns: the vendor is the tool, the noun not.

"pulls GPS from the X trackers", "sends SMS codes via Y", "exports CSV to Z": GPS, SMS and CSV
are kinds of data, channels or formats, never a project; the vendor or tool is. A tool's name
is its capitalised words ("AWS Rekognition", "Teltonika FMC130"), not the lower-case words on
what it is; a place apposed after the host ("Hetzner, the Falkenstein DC") and the town a
project went live in are no tools. A small world (owner Radu, one colleague, two projects)
lives in a temporary SQLite store.
"""

from __future__ import annotations

import pytest

from memory_core import ScopedMemory
from memory_core.extraction import Proposal
from tests.memory_core.proposals import links, propose_in

OWNER = "User:Radu"
WORLD = (OWNER, "Person:Ilinca Moraru", "Project:Ferry", "Project:Parcel")
Link = tuple[str, str, str]


async def propose(owner: ScopedMemory, text: str) -> Proposal:
    return await propose_in(owner, WORLD, OWNER, text)


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("Ferry sends OTP codes via Twilio",
         {("Project:Ferry", "uses", "Project:Twilio")}),
        ("Parcel шлёт SMS через Infobip",
         {("Project:Parcel", "uses", "Project:Infobip")}),
        ("Parcel pulls GPS and speed from the Queclink GV300 units in every van",
         {("Project:Parcel", "depends_on", "Project:Queclink GV300")}),
        ("Ferry прогоняет все сканы через AWS Textract",
         {("Project:Ferry", "uses", "Project:AWS Textract")}),
        ("Parcel is hosted on Scaleway, the Paris region",
         {("Project:Parcel", "uses", "Project:Scaleway")}),
        # a kind word left alone after the place ("region") once broke the reading
        ("Ferry runs on Azure, North Europe region, since the move",
         {("Project:Ferry", "uses", "Project:Azure")}),
        ("Ilinca Moraru keeps all the billing reports in ClickHouse",
         {("Person:Ilinca Moraru", "uses", "Project:ClickHouse")}),
    ],
)  # fmt: skip
async def test_the_vendor_is_the_tool(owner: ScopedMemory, text: str, expected: set[Link]) -> None:
    proposal = await propose(owner, text)
    assert links(proposal) == expected
    assert not any(
        e.name in {"Project:GPS", "Project:SMS", "Project:OTP", "Project:AWS"}
        for e in proposal.entities
    )


async def test_where_a_project_went_live_is_no_tool(owner: ScopedMemory) -> None:
    proposal = await propose(owner, "Parcel went live in Brasov last week, 3 depots onboarded")
    assert not any(to == "Project:Brasov" for _, _, to in links(proposal))
    assert "Project:Brasov" not in {e.name for e in proposal.entities}
