"""Classes of statement the capture-25 round reads: an acronym of a kind of thing (a regulation,
a feature), a vendor proposed beside its own product, work handed out to another company, a call
called off ("отбой: ..."), a plan said before who insisted on it, a person named after a dash
that follows their role in any case, a marriage said with "!!" and the spouse's job after it
(a man's surname in "-а" in the accusative), and the family's carer ("семейный стоматолог");
with the statements they must leave alone. The memory is a small world of its own (owner
Лилиана) read through the real :class:`StoreResolver`.
"""

from __future__ import annotations

import datetime as dt

import pytest

from memory_core.extraction import Proposal, extract
from memory_core.extraction_names import GraphResolver
from memory_core.models import Entity, Relation
from tests.memory_core.proposals import lines_text, links, names, resolver_of
from tests.memory_core.proposals import propose as proposal_of

OWNER = "User:Лилиана"
DAY = dt.date(2026, 12, 2)
ENTITIES = [
    Entity(OWNER, "User", ()),
    Entity("Person:Дорин Сырбу", "Person", ("role: backend dev Project:Harta",)),
    Entity("Person:Tudora Ciobanu", "Person", ("role: designer Project:Harta",)),
    Entity("Person:Влада Мунтян", "Person", ("fact: school friend (as_of=2026-01-05)",)),
    Entity("Project:Harta", "Project", ()),
    Entity("Project:Cerc", "Project", ()),
]
RELATIONS = [
    Relation("Person:Дорин Сырбу", "Project:Harta", "works_on"),
    Relation("Person:Tudora Ciobanu", "Project:Harta", "works_on"),
]


@pytest.fixture(scope="module")
def world() -> GraphResolver:
    return resolver_of(ENTITIES, RELATIONS)


def propose(world: GraphResolver, text: str) -> Proposal:
    return proposal_of(world, text, owner=OWNER, today=DAY)


# An acronym of a kind of thing is no project; a vendor beside its product is no tool


@pytest.mark.parametrize(
    "text",
    [
        "Дорин joined Cerc to rework the consent screens (HIPAA stuff)",
        "we built the VR tours in Harta with Unity",
    ],
)
def test_an_acronym_of_a_kind_of_thing_is_no_project(world: GraphResolver, text: str) -> None:
    proposal = extract(text, world, owner=OWNER, today=DAY)
    assert not any(name in ("Project:HIPAA", "Project:VR") for name in names(proposal))
    assert not any(to in ("Project:HIPAA", "Project:VR") for _, _, to in links(proposal))


def test_a_vendor_said_before_its_product_is_no_tool_of_its_own(world: GraphResolver) -> None:
    proposal = propose(world, "Harta keeps the map tiles in Google Cloud Storage now")
    assert not any(to == "Project:Google" for _, _, to in links(proposal))
    assert "Project:Google" not in names(proposal)


# Work handed out to another company


def test_work_handed_out_is_not_the_owners(world: GraphResolver) -> None:
    text = "we outsourced the offline maps in Cerc to Geoplan, Niamh Kelleher is doing them there"
    proposal = propose(world, text)
    assert (OWNER, "works_on", "Project:Cerc") not in links(proposal)
    assert ("Person:Niamh Kelleher", "works_on", "Project:Cerc") in links(proposal)


# A call called off, and a plan said before who insisted on it


def test_a_call_called_off_is_a_decision(world: GraphResolver) -> None:
    proposal = propose(world, "отбой: Harta всё-таки не переезжает на Kubernetes, остаёмся на VPS")
    decisions = [n for n in names(proposal) if n.startswith("Decision:")]
    assert len(decisions) == 1
    assert "таки" not in decisions[0]
    assert (decisions[0], "decided_in", "Project:Harta") in links(proposal)


def test_a_plan_before_who_insisted_is_a_decision_of_theirs(world: GraphResolver) -> None:
    text = "больше не платим за Sentry в Cerc, ошибки теперь в GlitchTip — Дорин настоял"
    proposal = propose(world, text)
    decisions = [n for n in names(proposal) if n.startswith("Decision:")]
    assert len(decisions) == 1
    assert ("Person:Дорин Сырбу", "decided", decisions[0]) in links(proposal)
    assert ("Person:Дорин Сырбу", "works_on", "Project:Cerc") not in links(proposal)


def test_who_insisted_on_no_plan_makes_no_decision(world: GraphResolver) -> None:
    proposal = extract("Влада ушла в отпуск, Дорин настоял", world, owner=OWNER, today=DAY)
    assert not any(n.startswith("Decision:") for n in names(proposal))


# A person named after a dash that follows their role, in any case


def test_a_name_after_a_dash_after_a_role_in_the_dative_is_the_boss(world: GraphResolver) -> None:
    text = "Дорин теперь отчитывается новому руководителю платформы — Штефан Ротару, с июня"
    proposal = propose(world, text)
    assert ("Person:Дорин Сырбу", "reports_to", "Person:Штефан Ротару") in links(proposal)
    assert "руководитель" in lines_text(proposal, "Person:Штефан Ротару")


def test_a_name_after_a_dash_after_a_role_in_the_genitive_gets_the_role(
    world: GraphResolver,
) -> None:
    text = "Влада посоветовала бухгалтера для ИП — Лучия Кожокару, офис на Малой Малине"
    proposal = propose(world, text)
    assert "бухгалтер" in lines_text(proposal, "Person:Лучия Кожокару")


def test_a_place_before_a_dash_names_no_role(world: GraphResolver) -> None:
    proposal = propose(world, "мы живём теперь на Чеканах — Влада Мунтян рядом, через дом")
    assert not any(n == "Person:Влада Мунтян" and "role" in n for n in names(proposal))
    assert "role:" not in lines_text(proposal, "Person:Влада Мунтян")


# A marriage said with "!!", the spouse's job after it


def test_a_marriage_with_exclamations_and_the_spouses_job(world: GraphResolver) -> None:
    proposal = propose(world, "Влада вышла замуж!! за Матвея Гуслу, он штурман")
    assert ("Person:Влада Мунтян", "married_to", "Person:Матвей Гусла") in links(proposal)
    assert "штурман" in lines_text(proposal, "Person:Матвей Гусла")


def test_a_surname_that_never_declines_stays_as_said(world: GraphResolver) -> None:
    proposal = propose(world, "Влада вышла замуж за Никиту Попеску")
    assert ("Person:Влада Мунтян", "married_to", "Person:Никита Попеску") in links(proposal)


# The family's carer


@pytest.mark.parametrize(
    "text",
    [
        "семейный педиатр у нас теперь доктор Аглая Рошка, принимает на Телецентре",
        "our family dentist is now Dr Ewan Pryce",
    ],
)
def test_the_familys_carer_looks_after_the_owner(world: GraphResolver, text: str) -> None:
    proposal = propose(world, text)
    assert any(to == OWNER and rel.endswith("_of") for _, rel, to in links(proposal))


# What must stay skipped


@pytest.mark.parametrize(
    "text",
    [
        "how is the GDPR stuff going in Harta?",
        "отбой, сегодня не созваниваемся",
        "пароль от Harta — Gx9!tt7-Lp, Дорин настоял",
    ],
)
def test_questions_small_talk_and_secrets_stay_skipped(world: GraphResolver, text: str) -> None:
    assert extract(text, world, owner=OWNER, today=DAY).skipped is not None
