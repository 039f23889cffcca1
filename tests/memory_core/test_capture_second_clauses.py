"""Capture of a second clause about the person just named, of a holder said by a possessive
or an honorific, and of a team put under someone.

The world lives in a temporary SQLite memory (owner Полина; her daughter Варя; Tomasz
Lewandowski, whose line records "Томек"; Krzysztof Nowak, whose line records "Кшиштоф"; the
projects Ledger, Paygate and Sentinel) and is read through the bot's own resolver.
"""

from __future__ import annotations

import pytest

from memory_core import Entity, Relation, ScopedMemory
from memory_core.extraction import Proposal, extract
from memory_core.name_resolver import scope_resolver
from tests.memory_core.proposals import links, proposed_lines

OWNER = "User:Полина"
VARYA = "Person:Варя"
TOMEK = "Person:Tomasz Lewandowski"
KRZYSZTOF = "Person:Krzysztof Nowak"
LEDGER, PAYGATE, SENTINEL = "Project:Ledger", "Project:Paygate", "Project:Sentinel"


async def _propose(owner: ScopedMemory, text: str) -> Proposal:
    await owner.create_entities(
        [
            Entity(OWNER, "User"),
            Entity(VARYA, "Person", ("fact: дочь, 5 лет (src=user)",)),
            Entity(TOMEK, "Person", ("fact: все зовут Томек (src=user)",)),
            Entity(KRZYSZTOF, "Person", ("fact: Кшиштоф, в команде зовут Крис (src=user)",)),
            *(Entity(n, n.split(":")[0]) for n in (LEDGER, PAYGATE, SENTINEL)),
        ]
    )
    await owner.create_relations([Relation(VARYA, OWNER, "child_of")])
    return extract(text, await scope_resolver(owner, OWNER), owner=OWNER)


async def test_someone_put_under_the_person_just_named(owner: ScopedMemory) -> None:
    proposal = await _propose(
        owner, "новый CTO у нас — Тимур Абдуллаев, томек теперь ему репортит"
    )
    assert (TOMEK, "reports_to", "Person:Тимур Абдуллаев") in links(proposal), proposal.to_json()


async def test_the_person_just_named_mentors_the_owner(owner: ScopedMemory) -> None:
    proposal = await _propose(
        owner, "the new SRE on Ledger is Kasia Nowicka, and she's mentoring me on k8s btw"
    )
    assert {
        ("Person:Kasia Nowicka", "mentor_of", OWNER),
        ("Person:Kasia Nowicka", "works_on", LEDGER),
    } <= links(proposal), proposal.to_json()


@pytest.mark.parametrize(
    ("text", "helper", "link"),
    [
        ("Варькин стоматолог — пани Магда Зайонц, клиника на Мокотуве", "Person:Магда Зайонц",
         "doctor_of"),
        ("Варина учительница — Ольга Петровна", "Person:Ольга Петровна", "teacher_of"),
        ("Varya's teacher at zerówka is pani Beata", "Person:Beata", "teacher_of"),
    ],
)  # fmt: skip
async def test_a_childs_helper_said_by_a_possessive_or_with_pani(
    owner: ScopedMemory, text: str, helper: str, link: str
) -> None:
    proposal = await _propose(owner, text)
    assert (helper, link, VARYA) in links(proposal), proposal.to_json()


async def test_a_name_ending_like_a_possessive_is_no_holder(owner: ScopedMemory) -> None:
    """ "Мартин" ends as "Марта"'s possessive would, but no Марта is known: Мартин is a name."""
    proposal = await _propose(owner, "Мартин теперь наш юрист")
    assert "юрист" in proposed_lines(proposal, "Person:Мартин")


async def test_taken_into_my_team_with_the_role_after_the_name(owner: ScopedMemory) -> None:
    proposal = await _propose(
        owner, "взяла в команду Зосю Кравчик, мидл бекендер, сядет на Paygate"
    )
    zosia = "Person:Зося Кравчик"
    assert {(OWNER, "manages", zosia), (zosia, "works_on", PAYGATE)} <= links(proposal)
    assert "мидл" in proposed_lines(proposal, zosia)


@pytest.mark.parametrize(
    "text",
    ["кшиштофу теперь репортит и команда Sentinel", "the Sentinel team now reports to Krzysztof"],
)
async def test_a_team_put_under_someone_is_theirs_to_manage(
    owner: ScopedMemory, text: str
) -> None:
    proposal = await _propose(owner, text)
    assert (KRZYSZTOF, "manages", SENTINEL) in links(proposal), proposal.to_json()


async def test_turns_out_opens_the_news(owner: ScopedMemory) -> None:
    proposal = await _propose(
        owner, "turns out Nadia from the platform team is our new scrum master"
    )
    assert "scrum" in proposed_lines(proposal, "Person:Nadia")
