"""Capture of what a project runs on when the chat says it without a verb of use.

The world lives in a temporary SQLite memory (owner Вера; projects Orbit and Kite, the tool
Kafka; Маша, a person) and is read through the bot's own resolver. "X весь на Y", a function
that "идёт через" a tool, a spare tool "как запасной", and a tool named with its kind ("the
Adyen payment gateway") all give the project's link to the tool; a person "на X", or a project
"on hold", gives none.
"""

from __future__ import annotations

import pytest

from memory_core import ScopedMemory
from tests.memory_core.proposals import Link, links, propose_in

OWNER = "User:Вера"
ORBIT = "Project:Orbit"
KITE = "Project:Kite"
KAFKA = "Project:Kafka"
MASHA = "Person:Маша Лебедева"
WORLD = [OWNER, ORBIT, KITE, KAFKA, MASHA]


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("orbit весь на postgres", {(ORBIT, "uses", "Project:postgres")}),
        (
            "Kite целиком на Firebase, а пуши на OneSignal",
            {(KITE, "uses", "Project:Firebase"), (KITE, "uses", "Project:OneSignal")},
        ),
        ("Orbit is all on GCP", {(ORBIT, "uses", "Project:GCP")}),
        (
            "orbit на clickhouse, события грузим туда из kafka",
            {(ORBIT, "uses", "Project:clickhouse"), (ORBIT, "depends_on", KAFKA)},
        ),
        (
            "авторизация в kite идёт через Keycloak, Auth0 как запасной",
            {(KITE, "uses", "Project:Keycloak"), (KITE, "uses", "Project:Auth0")},
        ),
        (
            "логи orbit идут в Loki, Graylog as a fallback",
            {(ORBIT, "uses", "Project:Loki"), (ORBIT, "uses", "Project:Graylog")},
        ),
        (
            "Orbit integrates with the Adyen payment gateway",
            {(ORBIT, "depends_on", "Project:Adyen")},
        ),
    ],
)
async def test_a_platform_said_without_a_verb_is_the_projects_tool(
    owner: ScopedMemory, text: str, expected: set[Link]
) -> None:
    """Each tool the statement names is linked from the project, by its own name."""
    proposal = await propose_in(owner, WORLD, OWNER, text)
    assert expected <= links(proposal), proposal.to_json()


@pytest.mark.parametrize("text", ["Kite is on hold", "маша на orbit", "Orbit на паузе"])
async def test_a_person_or_a_state_on_a_project_is_no_tool(owner: ScopedMemory, text: str) -> None:
    """No ``uses`` link: a person works on a project, a project on hold runs on nothing."""
    proposal = await propose_in(owner, WORLD, OWNER, text)
    assert not [link for link in links(proposal) if link[1] == "uses"], proposal.to_json()
