"""Capture of who takes over from someone leaving, of role words typed one letter wrong, and
of a project put on a person ("на нём весь P").

The world lives in a temporary SQLite memory (owner Нина; Michael Brandt, Арсен Мкртчян,
Мариам Восканян, Ewa Dąbrowska; the project Sevan) and is read through the bot's own
resolver. The one who takes over gets the post named before them, or the duty they take
over; the one who leaves gets their news; a misspelt role word still gives the role.
"""

from __future__ import annotations

import pytest

from memory_core import ScopedMemory
from tests.memory_core.proposals import links, propose_in, proposed_lines

OWNER = "User:Нина"
MICHAEL = "Person:Michael Brandt"
ARSEN = "Person:Арсен Мкртчян"
MARIAM = "Person:Мариам Восканян"
EWA = "Person:Ewa Dąbrowska"
SEVAN = "Project:Sevan"
WORLD = [OWNER, MICHAEL, ARSEN, MARIAM, EWA, SEVAN]


@pytest.mark.parametrize(
    ("text", "person", "role", "leaving", "news"),
    # (statement, who takes over, a word of their role, who leaves, a word of their news)
    [
        (
            "Michael is stepping down as CTO in april, Arsen takes over",
            ARSEN,
            "cto",
            MICHAEL,
            "stepping down",
        ),
        ("Арсен уходит с поста техдира, Michael takes over", MICHAEL, "техдир", ARSEN, "уходит"),
        (
            "Ewa leaves in May, Magda Kaczmarek takes over engineering recruiting",
            "Person:Magda Kaczmarek",
            "recruiting",
            EWA,
            "leaves",
        ),
        (
            "Ewa from HR is leaving in march, her replacement is Ania Sobczak",
            "Person:Ania Sobczak",
            "hr",
            EWA,
            "leaving",
        ),
        (
            "мариам ушла в декрет, пока вместо неё по hr-вопросам Сона Аветисян",
            "Person:Сона Аветисян",
            "hr",
            MARIAM,
            "декрет",
        ),
        (
            "Мариам ушла в декрет, рекрутингом вместо неё пока занимается Зофья Павляк",
            "Person:Зофья Павляк",
            "рекрутинг",
            MARIAM,
            "декрет",
        ),
        (
            "мариам уходит в отпуск, на её место дизайнером придёт Лиана Оганян",
            "Person:Лиана Оганян",
            "дизайнер",
            MARIAM,
            "отпуск",
        ),
    ],
)
async def test_the_one_who_takes_over_gets_the_post_and_the_one_leaving_the_news(  # noqa: PLR0917 - parametrized
    owner: ScopedMemory, text: str, person: str, role: str, leaving: str, news: str
) -> None:
    proposal = await propose_in(owner, WORLD, OWNER, text)
    assert role in proposed_lines(proposal, person)
    assert news in proposed_lines(proposal, leaving)


async def test_taking_over_without_a_post_or_duty_gives_no_role(owner: ScopedMemory) -> None:
    """ "Ewa is leaving, Arsen takes over": nothing says what Arsen takes over."""
    proposal = await propose_in(owner, WORLD, OWNER, "Ewa is leaving in May, Arsen takes over")
    assert not [line for e in proposal.entities if e.name == ARSEN for line in e.lines]


@pytest.mark.parametrize(
    ("text", "role"),
    [
        ("архитектр данных у нас теперь Эдгар Мелконян", "архитектор"),
        ("наш новый менеджр проекта — Эдгар Мелконян", "менеджер"),
        ("Эдгар Мелконян теперь анлитик на Sevan", "аналитик"),
    ],
)
async def test_a_role_word_typed_one_letter_wrong_still_gives_the_role(
    owner: ScopedMemory, text: str, role: str
) -> None:
    proposal = await propose_in(owner, WORLD, OWNER, text)
    assert role in proposed_lines(proposal, "Person:Эдгар Мелконян")


async def test_a_lowercase_name_one_letter_from_a_role_word_stays_a_name(
    owner: ScopedMemory,
) -> None:
    """ "милошем" is one letter from "мидл…": it is a name, never mended into a role."""
    proposal = await propose_in(owner, WORLD, OWNER, "мы с милошем решили перейти на Sevan")
    assert "мидл" not in str(proposal.to_json())


@pytest.mark.parametrize(
    "text",
    [
        "архитектор данных у нас теперь Эдгар Мелконян, на нём весь Sevan",
        "новый девопс — Эдгар Мелконян, за ним теперь Sevan",
    ],
)
async def test_a_project_put_on_a_person_is_theirs(owner: ScopedMemory, text: str) -> None:
    proposal = await propose_in(owner, WORLD, OWNER, text)
    assert ("Person:Эдгар Мелконян", "responsible_for", SEVAN) in links(proposal)
