"""A question about a kind of thing finds the memory that names the thing.

"какую базу взяли для аналитики" is answered by "analytics moves to Snowflake", "which
message broker do we use" by "events go through RabbitMQ", "через что логинимся" by
"вход через Okta", "кто занимается спортом" by "хоккей по субботам": the kind word also
searches the well-known members of its kind. A kind no memory names a member of finds none.
"""

from __future__ import annotations

import pytest

from memory_core import Entity, ScopedMemory
from memory_core.kinds import members
from tests.memory_core.recall_world import fillers, top3


@pytest.fixture
async def stack(owner: ScopedMemory) -> ScopedMemory:
    await owner.create_entities(
        [
            Entity(
                "Decision:orchard-snowflake",
                "Decision",
                ("decision: analytics moves to Snowflake, dbt for the transforms",),
            ),
            Entity(
                "Decision:orchard-rabbitmq",
                "Decision",
                ("decision: order events go through RabbitMQ, not HTTP callbacks",),
            ),
            Entity("Decision:staff-okta", "Decision", ("decision: вход сотрудников через Okta",)),
            Entity("Project:Orchard", "Project", ("status: loyalty app for the bakeries",)),
            Entity("Person:Oskar Lind", "Person", ("fact: хоккей по субботам, вратарь",)),
            Entity(
                "Person:Rafael Quint",
                "Person",
                ("role: mechanic for our Mazda CX-5, garage on the ring road",),
            ),
            Entity("Person:Ilse Brandt", "Person", ("role: vet for our corgi Pip",)),
            Entity(
                "Person:Вера Лундквист",
                "Person",
                ("fact: plays the cello in the school orchestra",),
            ),
            *fillers(["выбрали новый диван", "picked a bakery for the party", "кофе в офис"]),
        ]
    )
    return owner


@pytest.mark.parametrize(
    ("question", "answer"),
    [
        ("какую базу взяли для аналитики", "Decision:orchard-snowflake"),
        ("which analytics database did we pick", "Decision:orchard-snowflake"),
        ("which message broker do events use", "Decision:orchard-rabbitmq"),
        ("what do staff use to log in, which sso", "Decision:staff-okta"),
        ("кто из знакомых занимается спортом", "Person:Oskar Lind"),
        ("who plays an instrument", "Person:Вера Лундквист"),
        ("кто чинит нашу машину", "Person:Rafael Quint"),
        ("кто лечит собаку", "Person:Ilse Brandt"),
    ],
)
async def test_a_kind_word_finds_the_product(
    stack: ScopedMemory, question: str, answer: str
) -> None:
    assert answer in await top3(stack, question)


async def test_a_kind_without_a_named_product_finds_none(stack: ScopedMemory) -> None:
    found = await top3(stack, "какой мессенджер выбрали для команды")
    assert not {"Decision:orchard-snowflake", "Decision:orchard-rabbitmq"} & set(found)


async def test_a_member_is_no_prefix_of_an_everyday_word(owner: ScopedMemory) -> None:
    await owner.create_entities(
        [Entity("Jira:WEB-7", "Jira", ("status: done — Safari audio fix for the player",))]
    )
    assert await top3(owner, "когда техосмотр машины") == ()


def test_only_kind_words_have_products() -> None:
    assert "bigquery" in members("databas")
    assert "плаван" in members("sport")
    assert members("bakeri") == ()
