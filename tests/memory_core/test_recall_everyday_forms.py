"""Everyday question shapes: a plural with a vowel coming in, "how often", "go doing", in-laws."""

from __future__ import annotations

from pathlib import Path

import pytest

from memory_core import Entity, Relation, ScopedMemory, bilingual
from memory_core.query import build_query
from memory_core.recall import RecallOptions, recall
from memory_core.recall.terms import make_terms
from memory_core.recall.word_forms import lemma_forms
from memory_core.wordforms import all_forms

NO_WRITE = RecallOptions(reinforce=False)


@pytest.mark.parametrize(
    ("word", "base", "form"),
    [
        ("поломки", "поломк", "поломок"),  # a vowel comes in before the stem's last letter
        ("заметка", "заметк", "заметок"),
        ("окна", "окн", "окон"),
    ],
)
def test_a_plural_the_stem_does_not_start_is_searched_whole(
    word: str, base: str, form: str
) -> None:
    assert form in lemma_forms(word, base)


def test_another_words_forms_listed_with_the_lemma_are_not_searched() -> None:
    assert "лет" not in lemma_forms("года", "год")  # "5 лет" is years, "лета" is summer


async def test_a_plural_question_finds_the_genitive_plural_a_line_says(
    owner: ScopedMemory,
) -> None:
    await owner.create_entities(
        [
            Entity("Project:Volna", "Project", ("fact: много поломок после грозы в июле",)),
            Entity("Project:Dom", "Project", ("fact: ремонт крыши в августе",)),
        ]
    )
    result = await recall(owner, "поломки", NO_WRITE)
    assert result.nodes[:1] == ("Project:Volna",)


@pytest.mark.parametrize("question", ["как часто созвоны с юристом", "how frequently do we sync"])
def test_how_often_asks_for_a_frequency_not_about_the_word(question: str) -> None:
    built = build_query(question)
    assert not {"часто", "frequently"} & set(built.tokens)


@pytest.mark.parametrize(
    ("question", "answer"),
    [
        ("как часто бэкапы", "Tool:Backup Box"),
        ("как часто бывают созвоны", "Person:Луиза Ахметова"),
    ],
)
async def test_how_often_finds_the_line_with_the_schedule(
    owner: ScopedMemory, question: str, answer: str
) -> None:
    await owner.create_entities(
        [
            Entity("Person:Луиза Ахметова", "Person", ("fact: созвоны с юристом по средам",)),
            Entity("Person:Тагир", "Person", ("role: юрист фирмы",)),
            Entity("Tool:Backup Box", "Tool", ("fact: бэкапы базы каждую ночь в 3:00",)),
        ]
    )
    result = await recall(owner, question, NO_WRITE)
    assert result.nodes[:1] == (answer,)


@pytest.mark.parametrize(
    ("question", "asked"),
    [
        ("when does zara go swimming", "swimming"),
        ("i went skiing with Bo", "skiing"),
        ("how often do i go running", "jogging"),  # the sport: "who is running X" manages
    ],
)
def test_go_before_a_doing_word_is_not_the_go_language(question: str, asked: str) -> None:
    tokens = build_query(question).tokens
    assert asked in tokens
    assert "go" not in tokens
    assert "went" not in tokens


async def test_go_running_finds_a_russian_line_about_running(owner: ScopedMemory) -> None:
    await owner.create_entities(
        [
            Entity("User:Ефрем", "User", ("fact: бегаю по субботам вдоль реки",)),
            Entity("Project:Golang Migration", "Project", ("status: переезд сервисов на Go",)),
        ]
    )
    result = await recall(owner, "when do i go running", NO_WRITE)
    assert result.nodes[:1] == ("User:Ефрем",)


@pytest.mark.parametrize(
    "question",
    ["where does my mother in law live", "my father in law's birthday", "sisters in law"],
)
def test_an_in_law_written_apart_is_one_word(question: str) -> None:
    assert any(t.endswith("-in-law") for t in build_query(question).tokens)


async def test_an_in_law_written_apart_finds_the_relative(owner: ScopedMemory) -> None:
    await owner.create_entities(
        [
            Entity("User:Ефрем", "User", ("role: инженер",)),
            Entity("Person:Зинаида Петровна", "Person", ("fact: свекровь, живёт в Пскове",)),
            Entity("Organization:Law Office Kim", "Organization", ("fact: law firm in Pskov",)),
        ]
    )
    await owner.create_relations([Relation("User:Ефрем", "Person:Зинаида Петровна", "related_to")])
    result = await recall(owner, "where does my mother in law live", NO_WRITE)
    assert result.nodes[:1] == ("Person:Зинаида Петровна",)


async def test_points_that_expire_find_bonuses_that_burn(owner: ScopedMemory) -> None:
    await owner.create_entities(
        [
            Entity("Project:Kopilka", "Project", ("fact: бонусы сгорают через полгода",)),
            Entity("Project:Bonus Wall", "Project", ("fact: стенд с бонусами на ресепшене",)),
        ]
    )
    result = await recall(owner, "when do bonuses expire", NO_WRITE)
    assert result.nodes[:1] == ("Project:Kopilka",)


async def test_a_city_asked_in_the_other_language_finds_the_line(owner: ScopedMemory) -> None:
    await owner.create_entities(
        [
            Entity("Person:Арсен Гаспарян", "Person", ("fact: брат, переехал в Варшаву",)),
            Entity("Person:Liam Byrne", "Person", ("fact: based in Vienna, sales",)),
            Entity("Project:Kedr", "Project", ("fact: серверы в Стокгольме",)),
        ]
    )
    assert (await recall(owner, "who lives in warsaw", NO_WRITE)).nodes[:1] == (
        "Person:Арсен Гаспарян",
    )
    assert (await recall(owner, "кто у нас в вене", NO_WRITE)).nodes[:1] == ("Person:Liam Byrne",)
    assert (await recall(owner, "servers in stockholm", NO_WRITE)).nodes[:1] == ("Project:Kedr",)


async def test_a_name_with_an_s_and_no_apostrophe_is_the_possessive(owner: ScopedMemory) -> None:
    await owner.create_entities(
        [
            Entity("Person:Ilona Varga", "Person", ("fact: 1:1 every Tuesday",)),
            Entity("Project:Ilonas", "Project", ("status: paused",)),
            Entity("Jira:BOTS-7", "Jira", ("status: blocked by the auth rewrite",)),
        ]
    )
    # a word of its own stays ("Ilonas" is a project); a key's code is no possessive
    assert (await recall(owner, "ilonas status", NO_WRITE)).nodes[:1] == ("Project:Ilonas",)
    assert (await recall(owner, "whats blocking bots-7", NO_WRITE)).nodes[:1] == ("Jira:BOTS-7",)
    await owner.delete_entities(["Project:Ilonas"])
    assert (await recall(owner, "ilonas 1on1", NO_WRITE)).nodes[:1] == ("Person:Ilona Varga",)


@pytest.mark.parametrize("question", ["что там со стасиком", "стасик в отпуске?"])
async def test_an_endearing_name_form_finds_the_person(owner: ScopedMemory, question: str) -> None:
    await owner.create_entities(
        [
            Entity("Person:Стас Рябцев", "Person", ("fact: в отпуске до 20 мая",)),
            Entity("Person:Stacy Hall", "Person", ("role: designer",)),
        ]
    )
    assert (await recall(owner, question, NO_WRITE)).nodes[:1] == ("Person:Стас Рябцев",)


async def test_endearing_form_of_a_latin_name(owner: ScopedMemory) -> None:
    await owner.create_entities([Entity("Person:Nadia Sokol", "Person", ("role: CFO",))])
    assert (await recall(owner, "надюша", NO_WRITE)).nodes[:1] == ("Person:Nadia Sokol",)


@pytest.mark.parametrize("question", ["тёщин город", "бабушкина квартира где"])
async def test_a_possessive_made_of_a_noun_asks_about_it(
    owner: ScopedMemory, question: str
) -> None:
    await owner.create_entities(
        [
            Entity("Person:Раиса Львовна", "Person", ("fact: тёща, живёт в Бресте",)),
            Entity("Person:Вера Ильинична", "Person", ("fact: бабушка, квартира на Садовой",)),
            Entity("Project:Portal", "Project", ("fact: портал для жителей",)),
        ]
    )
    want = "Person:Раиса Львовна" if "тёщ" in question else "Person:Вера Ильинична"
    assert (await recall(owner, question, NO_WRITE)).nodes[:1] == (want,)


def test_a_function_word_the_dictionary_lists_as_a_form_is_not_searched() -> None:
    forms = all_forms("имя")
    assert "имени" in forms
    assert "им" not in forms  # "them": it would find half the memory
    assert "ночью" in all_forms("ночь")  # a time of day: a word of its own, and a form too


def test_a_word_asked_again_follows_a_reloaded_glossary(tmp_path: Path) -> None:
    db = tmp_path / "memory.db"
    try:
        bilingual.load(db)
        before = make_terms(build_query("зюзюка"))[0]
        assert "gizmo" not in before.prefixes
        (tmp_path / "glossary.txt").write_text("зюзюка = gizmo\n", encoding="utf-8")
        bilingual.load(db)
        after = make_terms(build_query("зюзюка"))[0]
        assert "gizmo" in after.prefixes
    finally:
        bilingual.load(None)


@pytest.mark.parametrize(
    ("question", "answer"),
    [
        ("что делать если упали платежи", "Note:kb/ops/payments.md"),
        ("чем кормить собаку", "Pet:Бублик"),
    ],
)
async def test_everyday_senses_reach_english_lines(
    owner: ScopedMemory, question: str, answer: str
) -> None:
    await owner.create_entities(
        [
            Entity(
                "Note:kb/ops/payments.md",
                "Note",
                ("kb: runbook for payment failures and card provider outages",),
            ),
            Entity("Pet:Бублик", "Pet", ("fact: our dog, eats only lamb food",)),
            Entity("Project:Kassa", "Project", ("status: new checkout, launch in May",)),
        ]
    )
    assert (await recall(owner, question, NO_WRITE)).nodes[:1] == (answer,)


@pytest.mark.parametrize("question", ["планы на лето", "what's planned for summer"])
async def test_a_season_is_held_by_a_line_naming_one_of_its_months(
    owner: ScopedMemory, question: str
) -> None:
    await owner.create_entities(
        [
            Entity("User:Ефрем", "User", ("goal: trip to the Lofoten islands in July 2026",)),
            Entity("Project:Kassa", "Project", ("status: new checkout, launch in November",)),
        ]
    )
    assert (await recall(owner, question, NO_WRITE)).nodes[:1] == ("User:Ефрем",)


async def test_a_crash_said_in_russian_slang_finds_the_crash_reports(owner: ScopedMemory) -> None:
    await owner.create_entities(
        [
            Entity("Tool:Bugsnag", "Tool", ("fact: crash reports for the mobile apps",)),
            Entity("Tool:Grafana", "Tool", ("fact: dashboards for the backend",)),
        ]
    )
    result = await recall(owner, "где крэши", NO_WRITE)
    assert result.nodes[:1] == ("Tool:Bugsnag",)
