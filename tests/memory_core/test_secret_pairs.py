"""A login and its password written side by side, with no label, are a secret.

"вход в Grafana — some.user / P4ss!word" holds a credential as much as "password: ..." does:
the guard refuses it (in English and Russian, with a slash, a colon, a bar, a dash, a comma,
"pass" / "пароль" or a bare space next to a word about signing in), capture skips the whole
statement, and no person, project, line or link comes out of it. Pairs of product names,
versions, dates, Jira keys and hyphenated words stay clean.

Passwords are assembled from parts, so no real-looking credential sits in the repository.
"""

from __future__ import annotations

import datetime as dt
import random
import string

import pytest

from memory_core import Entity, ScopedMemory
from memory_core.extraction import extract
from memory_core.extraction_skip import SKIP_SECRET
from memory_core.name_resolver import scope_resolver
from memory_core.secret_pairs import has_login_pair
from memory_core.secret_text import views
from memory_core.secrets import REASON_PASSWORD, find_secret

_RNG = random.Random(20)


def _strong() -> str:
    """A password with a capital, lower-case letters, a symbol and digits: ``Kqrt!mzp-4821``."""
    letters = "".join(_RNG.choice(string.ascii_lowercase) for _ in range(6))
    digits = "".join(_RNG.choice(string.digits) for _ in range(4))
    return f"{letters[0].upper()}{letters[1:4]}{_RNG.choice('!#_@')}{letters[4:]}-{digits}"


def _weak() -> str:
    """Lower-case letters and digits only: ``sunflower88``."""
    return "".join(_RNG.choice(string.ascii_lowercase) for _ in range(7)) + "42"


STRONG = _strong()
WEAK = _weak()

SECRETS = [
    f"сохрани: вход в Grafana для Odometer — gordey.l / {STRONG}",
    f"вход в Jenkins: admin / {STRONG}",
    f"учётка в 1С — buh01 / {STRONG}",
    f"логин/пароль от Metabase: analyst / {STRONG}",
    f"доступ к роутеру admin {WEAK}",
    f"креды от стейджинга: deploy_bot:{WEAK}",
    f"Jira: olga.k / {STRONG}",
    f"the VPN account is mark.t pass {STRONG}",
    f"{'mark.t'} / {STRONG} for the staging VPN",
    f"grafana creds admin:{WEAK}",
    f"wifi at the office: guest / {WEAK}",
    f"Grafana login for Tollgate — ops@example.com | {STRONG}",
    f"staging sign-in: qa_user, {STRONG}",
]

CLEAN = [
    "Ignition drops Android 8 / iOS 14 support",
    "CI/CD for Odometer runs on GitHub Actions",
    "Q3/Q4 roadmap is owned by Ilona",
    "the TCP/IP stack in FMC130 firmware 03.27",
    "Mihai moved to team Tollgate / Payments in May",
    "v2.1 / v2.2 release of Showroom ships in June",
    "встреча 12/05 в 10:30 с Nicoleta",
    "login page for Showroom is done by Cosmin",
    "пароль от Grafana у Гордея, спроси его",
    "Grafana dashboards: fleet-overview / fleet-alerts",
    "status: done — OAuth2 client credentials for partners (as_of=2025-09-30, src=auto)",
    "Mihai / DNT-58 is blocked by the Bumper release",
    "доступ к Metabase есть у analyst-группы, отчёты в report_2025.pdf",
    "we moved the backend / Python3.12 upgrade to Tollgate",
]


@pytest.mark.parametrize("text", SECRETS)
def test_a_login_and_password_pair_is_a_password(text: str) -> None:
    assert has_login_pair(views(text).words)
    assert find_secret(text) == REASON_PASSWORD


@pytest.mark.parametrize("text", CLEAN)
def test_look_alike_pairs_are_clean(text: str) -> None:
    assert not has_login_pair(views(text).words)
    assert find_secret(text) is None


def test_a_weak_password_needs_a_word_about_signing_in() -> None:
    assert not has_login_pair(f"shipping admin {WEAK} next week")
    assert has_login_pair(f"vpn: admin {WEAK}")


OWNER = "User:Светозар"


@pytest.mark.parametrize("text", SECRETS[:4] + SECRETS[7:9])
async def test_capture_skips_the_whole_statement(owner: ScopedMemory, text: str) -> None:
    await owner.create_entities(
        [
            Entity(OWNER, "User"),
            Entity("Person:Гордей Ляхов", "Person"),
            Entity("Project:Odometer", "Project"),
            Entity("Project:Grafana", "Project"),
        ]
    )
    world = await scope_resolver(owner, OWNER)
    proposal = extract(text, world, owner=OWNER, today=dt.date(2026, 5, 1))
    assert proposal.skipped == SKIP_SECRET
    assert not proposal.entities
    assert not proposal.relations
