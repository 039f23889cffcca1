"""Names with accented letters (Hodžić, Kovács, Dąbrowski, Yılmaz) found written in Cyrillic.

Russian writes "Hodžić" as "Ходжич": ž is ж and ć is ч, where folding the accents away
reads "Hodzic". Recall finds the stored person by the Cyrillic surname alone, in any case,
and "remember" matches the stored person instead of making a new one; the name typed
without its accents ("Hodzic") still finds it too.
"""

from __future__ import annotations

import pytest

from memory_core import Entity, ScopedMemory
from memory_core.recall import RecallOptions, recall
from memory_core.translit import with_digraphs
from tests.memory_core.proposals import names, propose_in

NO_WRITE = RecallOptions(reinforce=False)
OWNER = "User:Amra"
WORLD = (OWNER, "Person:Selma Hodžić", "Person:Dražen Šimić", "Person:Tomislav Kovač",
         "Project:Kalendar")  # fmt: skip


@pytest.fixture
async def clinic(owner: ScopedMemory) -> ScopedMemory:
    await owner.create_entities(
        [
            Entity(OWNER, "User", ("role: head of engineering",)),
            Entity("Person:Selma Hodžić", "Person", ("role: medical director",)),
            Entity("Person:Dražen Šimić", "Person", ("role: backend lead",)),
            Entity("Person:Tomislav Kovač", "Person", ("role: designer",)),
            Entity("Person:Réka Kovács", "Person", ("role: data analyst",)),
            Entity("Person:Piotr Dąbrowski", "Person", ("role: QA lead",)),
            Entity("Person:Mehmet Yılmaz", "Person", ("role: SRE",)),
        ]
    )
    return owner


@pytest.mark.parametrize(
    ("question", "answer"),
    [
        ("что делает Ходжич", "Person:Selma Hodžić"),
        ("дражен шимич", "Person:Dražen Šimić"),
        ("спроси у Шимича про релиз", "Person:Dražen Šimić"),
        ("кто такой ковач", "Person:Tomislav Kovač"),
        ("Hodzic", "Person:Selma Hodžić"),
        ("Drazen Simic", "Person:Dražen Šimić"),
        ("что у реки ковач", "Person:Réka Kovács"),
        ("домбровский в отпуске?", "Person:Piotr Dąbrowski"),
        ("что сказал йылмаз", "Person:Mehmet Yılmaz"),
    ],
)
async def test_recall_finds_a_hacek_name_in_either_script(
    clinic: ScopedMemory, question: str, answer: str
) -> None:
    found = await recall(clinic, question, NO_WRITE)
    assert answer in found.nodes  # "ковач" is both Kovač and Kovács


@pytest.mark.parametrize(
    ("text", "person"),
    [
        ("Селма Ходжич теперь отвечает ещё и за клиники в Тузле", "Person:Selma Hodžić"),
        ("Дражен Шимич теперь ведёт Kalendar", "Person:Dražen Šimić"),
    ],
)
async def test_remember_matches_a_hacek_name_written_in_cyrillic(
    owner: ScopedMemory, text: str, person: str
) -> None:
    proposal = await propose_in(owner, WORLD, OWNER, text)
    assert person in names(proposal)
    assert not any(n.startswith("Person:") and n not in WORLD for n in names(proposal))


def test_hacek_letters_read_as_digraphs() -> None:
    assert with_digraphs("Hodžić") == "Hodzhich"
    assert with_digraphs("Šimić Çelik") == "Shimich Chelik"
    assert with_digraphs("Kovács Zsófia") == "Kovách Zhófia"  # Hungarian cs, zs
    assert with_digraphs("Grzegorz Dąbrowski") == "Gzhegozh Dombrowski"  # Polish rz, ą
    assert with_digraphs("Țurcanu Yılmaz Wiśniewski") == "Tsurcanu Yylmaz Wishniewski"
    assert with_digraphs("Petrov") == "Petrov"
