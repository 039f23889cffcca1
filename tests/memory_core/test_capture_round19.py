"""Classes of statement the capture-19 round reads, each by a mechanism that does not depend
on word order: a friend made, a relative's doctor or coach, a relative of a known person named
in passing, a comment after the fact, a deal made with someone, time split between projects,
a tool someone keeps their work in, names in the nominative and in other scripts; and the
statements they must leave alone. The memory is a small world of its own (owner Зоя) read
through the real :class:`StoreResolver`.
"""

from __future__ import annotations

import datetime as dt

import pytest

from memory_core.extraction import Proposal, extract
from memory_core.extraction_name_cases import lemmatize_name
from memory_core.extraction_names import GraphResolver
from memory_core.extraction_split_time import split_between
from memory_core.extraction_text import Draft, Reading
from memory_core.models import Entity, Relation
from tests.memory_core.proposals import lines_text, links, names, resolver_of
from tests.memory_core.proposals import propose as proposal_of

OWNER = "User:Зоя"
DAY = dt.date(2026, 11, 9)
ENTITIES = [
    Entity(OWNER, "User", ()),
    Entity("Person:Мирон", "Person", ("fact: сын, 6 лет",)),
    Entity("Person:Вера Павловна", "Person", ("fact: мама, живёт в Самаре",)),
    Entity("Person:Goran Babić", "Person", ("fact: friend from the sailing club",)),
    Entity("Person:Jelena Šarčević", "Person", ("role: partner manager",)),
    Entity("Person:Eftychia Doukas", "Person", ("role: supplier",)),
    Entity("Person:Ольга Рябова", "Person", ("role: backend",)),
    Entity("Project:Quill", "Project", ()),
    Entity("Project:Harrow", "Project", ()),
    Entity("Project:Tern", "Project", ()),
]
RELATIONS = [
    Relation("Person:Мирон", OWNER, "child_of"),
    Relation(OWNER, "Person:Вера Павловна", "child_of"),
    Relation("Person:Goran Babić", OWNER, "friend_of"),
    Relation("Person:Ольга Рябова", "Project:Quill", "works_on"),
]


@pytest.fixture(scope="module")
def world() -> GraphResolver:
    return resolver_of(ENTITIES, RELATIONS)


def propose(world: GraphResolver, text: str) -> Proposal:
    return proposal_of(world, text, owner=OWNER, today=DAY)


def read(world: GraphResolver, text: str) -> Proposal:
    return extract(text, world, owner=OWNER, today=DAY)


# a friend made, said anywhere in the sentence


@pytest.mark.parametrize(
    ("text", "friend"),
    [
        (
            "соседка снизу Ефросинья Лаптева тоже оказалась из Самары, теперь дружим семьями",
            "Person:Ефросинья Лаптева",
        ),
        (
            "с Тамилой Гусейновой познакомились на йоге — теперь не разлей вода",
            "Person:Тамила Гусейнова",
        ),
        (
            "met Rosalind Achterberg at the marina last spring, we're close friends now",
            "Person:Rosalind Achterberg",
        ),
        (
            "Bartholomew Quist from the choir and I hit it off, inseparable since",
            "Person:Bartholomew Quist",
        ),
    ],
)
def test_a_friend_made_is_the_owner_s_friend(world: GraphResolver, text: str, friend: str) -> None:
    proposal = propose(world, text)
    assert (friend, "friend_of", OWNER) in links(proposal)
    assert "friend" in lines_text(proposal, friend)


@pytest.mark.parametrize(
    "text",
    [
        "с Ефросиньей Лаптевой больше не дружим",
        "Мирон подружился с Тимуром Ахмедовым из садика",
        "Rosalind Achterberg and Ivo Brandt became friends at the club",
    ],
)
def test_no_friendship_of_the_owner_is_read_where_there_is_none(
    world: GraphResolver, text: str
) -> None:
    proposal = read(world, text)
    assert not any(rel == "friend_of" and to == OWNER for _, rel, to in links(proposal))


# a relative's doctor or coach, the role and the name in any order


@pytest.mark.parametrize(
    ("text", "holder", "relation"),
    [
        (
            "Miron started seeing an allergist, Dr. Leontyne Harcourt, every other friday",
            "Person:Leontyne Harcourt",
            "doctor_of",
        ),
        (
            "Мирона к аллергологу теперь водим к Феликсу Ожогину, на Садовой",
            "Person:Феликс Ожогин",
            "doctor_of",
        ),
        (
            "Мирон ходит на плавание, тренер там Арсений Глухов",
            "Person:Арсений Глухов",
            "coach_of",
        ),
    ],
)
def test_a_relative_s_carer_is_theirs(
    world: GraphResolver, text: str, holder: str, relation: str
) -> None:
    proposal = propose(world, text)
    assert (holder, relation, "Person:Мирон") in links(proposal)
    assert not any(frm == holder and to == OWNER for frm, _, to in links(proposal))


def test_the_owner_s_own_doctor_is_not_the_relative_s(world: GraphResolver) -> None:
    proposal = read(world, "хожу к аллергологу Феликсу Ожогину, Мирона тоже к нему водим")
    assert ("Person:Феликс Ожогин", "doctor_of", "Person:Мирон") not in links(proposal)


def test_a_relative_with_a_trade_is_no_carer(world: GraphResolver) -> None:
    proposal = read(world, "сестра Мирона, Дарина — педиатр, живёт в Казани")
    assert not any(rel == "doctor_of" for _, rel, _ in links(proposal))


# a relative of a known person, a comment after the fact, a kin link agreed to


def test_a_known_person_s_relative_has_the_news(world: GraphResolver) -> None:
    proposal = propose(world, "у Горана жена Азра открыла свою пекарню на набережной")
    assert ("Person:Азра", "married_to", "Person:Goran Babić") in links(proposal)
    assert "пекарн" in lines_text(proposal, "Person:Азра")


@pytest.mark.parametrize(
    ("text", "said"),
    [
        ("mama signed up for Spanish classes, says 70 is the right age for it", "spanish"),
        ("мама записалась на курсы испанского, говорит, давно мечтала", "испанск"),
    ],
)
def test_a_comment_after_the_fact_leaves_the_fact(
    world: GraphResolver, text: str, said: str
) -> None:
    proposal = propose(world, text)
    assert said in lines_text(proposal, "Person:Вера Павловна").casefold()


def test_a_kin_role_agreed_to_links_the_two(world: GraphResolver) -> None:
    proposal = propose(world, "Goran said yes to being Miron's godfather, so happy")
    assert ("Person:Goran Babić", "godparent_of", "Person:Мирон") in links(proposal)


# a name in another script, a deal made with someone


@pytest.mark.parametrize(
    ("text", "person"),
    [
        ("Елена Шарчевич теперь отвечает ещё и за склад в Нише", "Person:Jelena Šarčević"),
        ("с Эфтихией Дукас продлили договор поставки ещё на год", "Person:Eftychia Doukas"),
    ],
)
def test_a_name_in_cyrillic_finds_the_latin_one(
    world: GraphResolver, text: str, person: str
) -> None:
    proposal = propose(world, text)
    assert person in names(proposal)
    assert not any(n.startswith("Person:") and n != person for n in names(proposal))


@pytest.mark.parametrize(
    "text",
    [
        "с Ольгой Рябовой подписали договор на поддержку до конца года",
        "with Olga Ryabova we renewed the support contract for a year",
        "Olga Ryabova and I signed the support contract for a year",
    ],
)
def test_a_deal_with_someone_is_a_line_on_them(world: GraphResolver, text: str) -> None:
    proposal = propose(world, text)
    assert "год" in lines_text(proposal, "Person:Ольга Рябова") or "year" in lines_text(
        proposal, "Person:Ольга Рябова"
    )


def test_an_outing_with_someone_is_no_deal(world: GraphResolver) -> None:
    assert read(world, "с Ольгой Рябовой сходили в кино").skipped is not None


# time split between projects, a tool someone keeps their work in


@pytest.mark.parametrize(
    "text",
    [
        "Ольга сейчас разрывается между Harrow и Tern, 50 на 50",
        "Ольга теперь делит неделю: три дня Harrow, два — Tern",
        "Olga splits her week between Harrow and Tern",
    ],
)
def test_time_split_between_projects_is_work_on_each(world: GraphResolver, text: str) -> None:
    proposal = propose(world, text)
    assert ("Person:Ольга Рябова", "works_on", "Project:Harrow") in links(proposal)
    assert ("Person:Ольга Рябова", "works_on", "Project:Tern") in links(proposal)


def test_a_project_already_linked_is_not_proposed_again(world: GraphResolver) -> None:
    proposal = propose(world, "Ольга разрывается между Quill и Tern")
    assert ("Person:Ольга Рябова", "works_on", "Project:Quill") not in links(proposal)
    assert ("Person:Ольга Рябова", "works_on", "Project:Tern") in links(proposal)


@pytest.mark.parametrize(
    ("text", "splits"),
    [
        ("Ольга выбирает между Harrow и Tern, 50 на 50", False),
        ("Ольга сейчас мечется между Harrow и Tern", True),
    ],
)
def test_a_choice_between_projects_is_no_split(
    world: GraphResolver, text: str, splits: bool
) -> None:
    reading = Reading.of(text, world)
    assert split_between(reading, Draft(reading, world, OWNER, DAY)) is splits


@pytest.mark.parametrize(
    "text",
    [
        "Ольга keeps all her latency dashboards in Grafana",
        "Рябова все свои дашборды собирает в Grafana",
    ],
)
def test_a_tool_someone_keeps_their_work_in_is_used(world: GraphResolver, text: str) -> None:
    assert ("Person:Ольга Рябова", "uses", "Project:Grafana") in links(propose(world, text))


# names in the nominative


@pytest.mark.parametrize(
    ("written", "nominative"),
    [
        ("Ираклий Гвалия", "Ираклий Гвалия"),  # a man's name: the surname is nominative too
        ("Мирьяна Вранеш", "Мирьяна Вранеш"),  # an undeclined surname: a woman's name
        ("Ведрану Латиновичу", "Ведран Латинович"),  # the first name in the surname's case
        ("Тимура Исаева", "Тимур Исаев"),
        ("Дарье Соколовой", "Дарья Соколова"),
    ],
)
def test_a_name_is_put_in_the_nominative_by_agreement(written: str, nominative: str) -> None:
    assert lemmatize_name(written) == nominative


# a role given with "сделали", said in the instrumental


@pytest.mark.parametrize(
    ("text", "link"),
    [
        ("продактом Tern в итоге сделали Ольгу", ("Person:Ольга Рябова", "pm_of", "Project:Tern")),
        ("Ольгу сделали тимлидом Harrow", ("Person:Ольга Рябова", "manages", "Project:Harrow")),
        (
            "тимлидом сделали Ефима Кочнева, он теперь ведёт Harrow",
            ("Person:Ефим Кочнев", "manages", "Project:Harrow"),
        ),
    ],
)
def test_a_role_made_is_no_worklog(
    world: GraphResolver, text: str, link: tuple[str, str, str]
) -> None:
    assert link in links(propose(world, text))


def test_work_made_stays_a_worklog(world: GraphResolver) -> None:
    assert read(world, "сделала фичу для Tern").skipped == "worklog"


# decisions: who pushed it through, said first; a slug without words of order and scope


@pytest.mark.parametrize(
    "text",
    [
        "Ольга продавила, уже решено - склад для Tern берём в аренду, не покупаем",
        "Olga pushed hard, decided: Tern rents the warehouse instead of buying it",
    ],
)
def test_who_pushed_a_decision_through_decided_it(world: GraphResolver, text: str) -> None:
    proposal = propose(world, text)
    decided = [to for frm, rel, to in links(proposal) if rel == "decided"]
    assert decided
    assert decided[0].startswith("Decision:")
    assert ("Person:Ольга Рябова", "decided", decided[0]) in links(proposal)


def test_a_slug_leaves_out_order_and_scope(world: GraphResolver) -> None:
    proposal = propose(
        world, "решено: в Tern любой релиз сначала неделю обкатываем на двух складах"
    )
    slug = next(n for n in names(proposal) if n.startswith("Decision:"))
    assert "двух" in slug
    assert "любой" not in slug
    assert "сначала" not in slug
