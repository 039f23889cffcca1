"""Recall of words a prefix search misses or wrongly finds.

A translation whose stem is shorter than four letters is found as a whole word in all its
forms ("logs" -> "логи", "years" -> "лет"), never as a prefix of longer words ("летом",
"логистика"). A Russian verb translated is found in its finite forms ("approves" ->
"согласует"), an English comparative by its base ("cheaper" -> "дешёвый"), and two words
by the phrase they make ("главную книгу" -> "ledger"). "How long", "how many" and chat
filler only ask. A stranger's full name made of one person's first name and another's
surname finds neither of them.
"""

from __future__ import annotations

import io
import json

import pytest

from memory_core import ScopedMemory
from memory_core.graph_rank import asked
from memory_core.jsonl import import_jsonl
from memory_core.lexicon import Lexicon
from memory_core.query import build_query
from memory_core.ranking import fold_line
from memory_core.recall import RecallOptions, recall
from memory_core.recall.terms import make_terms
from memory_core.thesaurus import month_of, weekday_words
from memory_core.wordforms import all_forms, english_bases

NO_WRITE = RecallOptions(reinforce=False)

ENTITIES = {
    "Decision:log-retention": ["decision: логи: 14 дней горячие, 90 дней в S3"],
    "Project:Логистика": ["fact: маршруты для складов, логистика и доставка"],
    "Decision:archive-5y": ["decision: в новую МИС переносим историю пациентов за 5 лет"],
    "Note:notes/personal/dacha.md": ["pointer: notes/personal/dacha.md — летом на даче"],
    "Person:Дмитрий Цой": ["role: backend lead", "contact: telegram @tsoy"],
    "Person:Людмила Пак": ["role: QA engineer", "contact: telegram @lpak"],
    "Person:Nino Kapanadze": ["role: designer", "contact: email nino@example.com"],
    "Person:Tornike Beridze": ["role: analyst"],
    "Person:Олег Гусев": ["fact: согласует бюджеты отделов"],
    "Decision:ledger-storage": ["decision: the ledger stays on Postgres"],
    "Decision:annual-plan": ["decision: the yearly plan is cheap, 20% off"],
    "User:Рената": ["fact: аллергия на пенициллин", "contact: timezone=Europe/Riga, UTC+2"],
    "Person:Вера Гусь": ["role: хозяйка квартиры на Лесной"],
}


async def store(owner: ScopedMemory, entities: dict[str, list[str]]) -> ScopedMemory:
    """Import ``entities`` (name -> lines, the type from the name) into the owner's scope."""
    lines = [
        json.dumps(
            {"type": "entity", "name": n, "entityType": n.split(":")[0], "observations": o},
            ensure_ascii=False,
        )
        for n, o in entities.items()
    ]
    await import_jsonl(owner, io.StringIO("\n".join(lines) + "\n"))
    return owner


@pytest.fixture
async def seeded(owner: ScopedMemory) -> ScopedMemory:
    return await store(owner, ENTITIES)


@pytest.mark.parametrize(
    ("word", "forms"),
    [
        ("год", {"года", "лет", "годами"}),
        ("сын", {"сына", "сыновья"}),
        ("son", {"sons"}),
        ("tax", {"taxes"}),
    ],
)
def test_a_short_word_has_all_its_forms(word: str, forms: set[str]) -> None:
    got = all_forms(word)
    assert got[0] == word
    assert forms <= set(got)


def test_a_short_translation_is_a_whole_word_not_a_prefix() -> None:
    (years,) = make_terms(build_query("years"))
    assert "лет" in years.words
    assert years.matches(fold_line("переносим историю за 5 лет"))
    assert not years.matches(fold_line("летом на даче"))


async def test_a_question_finds_a_line_by_a_short_translation(seeded: ScopedMemory) -> None:
    result = await recall(seeded, "how long do we keep logs", NO_WRITE)
    assert result.nodes[:1] == ("Decision:log-retention",)
    assert "Project:Логистика" not in result.nodes


async def test_short_translations_complete_a_long_question(seeded: ScopedMemory) -> None:
    question = "how many years of patient history are we moving to the new system"
    result = await recall(seeded, question, NO_WRITE)
    assert result.nodes[:1] == ("Decision:archive-5y",)
    assert "Note:notes/personal/dacha.md" not in result.nodes


@pytest.mark.parametrize("word", ["long", "many", "much", "often"])
def test_a_measure_after_how_is_not_a_search_word(word: str) -> None:
    assert build_query(f"how {word} is the queue").tokens == ("queue",)
    assert word in build_query(f"{word} queue").tokens


@pytest.mark.parametrize("question", ["контакты Дмитрия Пака", "контакты nino beridze"])
async def test_a_strangers_full_name_finds_no_one(seeded: ScopedMemory, question: str) -> None:
    result = await recall(seeded, question, NO_WRITE)
    assert result.nodes == ()


@pytest.mark.parametrize(
    ("question", "person"),
    [
        ("контакты Дмитрия Цоя", "Person:Дмитрий Цой"),
        ("контакты Людмилы Пак", "Person:Людмила Пак"),
        ("что делает Nino", "Person:Nino Kapanadze"),
    ],
)
async def test_a_known_name_still_finds_its_person(
    seeded: ScopedMemory, question: str, person: str
) -> None:
    result = await recall(seeded, question, NO_WRITE)
    assert result.nodes[:1] == (person,)


@pytest.mark.parametrize(
    ("word", "base"), [("cheaper", "cheap"), ("bigger", "big"), ("easiest", "easy")]
)
def test_an_english_comparative_has_its_base(word: str, base: str) -> None:
    assert base in english_bases(word)[:2]


def test_a_translated_verb_is_found_in_its_finite_forms() -> None:
    (term,) = make_terms(build_query("approves"))
    assert term.matches(fold_line("Олег согласует бюджеты"))
    assert not term.matches(fold_line("согласие получено"))


@pytest.mark.parametrize(
    ("question", "target"),
    [
        ("who approves budgets", "Person:Олег Гусев"),
        ("who signs off on budgets", "Person:Олег Гусев"),
        ("what am i allergic to", "User:Рената"),
        ("на чём храним главную книгу", "Decision:ledger-storage"),
    ],
)
async def test_a_question_in_one_language_finds_a_line_in_the_other(
    seeded: ScopedMemory, question: str, target: str
) -> None:
    result = await recall(seeded, question, NO_WRITE)
    assert result.nodes[:1] == (target,)


def test_chat_filler_is_not_searched() -> None:
    assert build_query("are we moving to postgres or nah").tokens == ("moving", "postgres")
    assert build_query("who owns the payments thing").tokens == ("owns", "payments")
    assert build_query("как зовут ту штуку для логов").tokens == ("логов",)


@pytest.mark.parametrize(
    ("word", "month"), [("майские", 5), ("декабрьском", 12), ("январских", 1), ("маска", None)]
)
def test_a_month_adjective_names_its_month(word: str, month: int | None) -> None:
    assert month_of(word) == month


def test_calling_and_times_of_day_only_frame_a_request() -> None:
    assert build_query("набрать маме вечером").tokens == ("маме",)


def test_a_short_word_is_not_spelled_into_the_other_script() -> None:
    (cat,) = make_terms(build_query("коту"))
    assert not cat.matches(fold_line("moves shared logic to Kotlin Multiplatform"))


@pytest.mark.parametrize(
    ("question", "person"),
    [
        ("а Лоран из какого агентства", "Person:Claire Laurent"),
        ("антунеш когда приём", "Person:Gonçalo Antunes"),
        ("гонсалу", "Person:Gonçalo Antunes"),
    ],
)
def test_a_latin_name_written_by_ear_in_cyrillic_names_its_person(
    question: str, person: str
) -> None:
    lexicon = Lexicon(["Person:Claire Laurent", "Person:Gonçalo Antunes", "Project:Laurel"])
    assert lexicon.find(question) == (person,)


@pytest.mark.parametrize("question", ["кто такой Ларин", "код от сейфа", "план на год"])
def test_russian_words_and_surnames_do_not_sound_like_a_foreign_name(question: str) -> None:
    lexicon = Lexicon(["Person:Claire Laurent", "Person:Sofia Ferreira", "Person:Paul Lang"])
    assert lexicon.find(question) == ()


def test_a_short_word_in_the_other_script_is_found_whole() -> None:
    (api,) = make_terms(build_query("апи"))
    assert api.matches(fold_line("partners call our API with OAuth2"))
    assert not api.matches(fold_line("apiary notes"))


def test_slang_question_words_are_not_searched() -> None:
    assert build_query("скока платим за неделю").tokens == ("платим", "неделю")


async def test_a_word_no_memory_holds_finds_its_word_family(seeded: ScopedMemory) -> None:
    result = await recall(seeded, "я же аллергик?", NO_WRITE)
    assert result.nodes[:1] == ("User:Рената",)
    assert (await recall(seeded, "где мой паспортист", NO_WRITE)).nodes == ()


async def test_a_jira_key_no_memory_holds_finds_nothing(owner: ScopedMemory) -> None:
    lines = [
        {"type": "entity", "name": f"Jira:OPS-{n}", "entityType": "Jira",
         "observations": [f"status: open, OPS-{n}"]}
        for n in (12, 30)
    ]  # fmt: skip
    await import_jsonl(owner, io.StringIO("\n".join(json.dumps(x) for x in lines) + "\n"))
    assert (await recall(owner, "OPS-999 статус", NO_WRITE)).nodes == ()
    assert (await recall(owner, "OPS-30 статус", NO_WRITE)).nodes[:1] == ("Jira:OPS-30",)


def test_putting_off_is_small_talk() -> None:
    assert build_query("ладно, потом вернусь").tokens == ()


def test_an_english_translation_is_searched_by_what_the_word_starts_with() -> None:
    (term,) = make_terms(build_query("годовщина"))
    assert term.matches(fold_line("our wedding anniversary is August 14"))


def test_a_verb_spelled_like_a_kin_word_asks_for_no_link() -> None:
    assert asked(["какие", "цветы", "брать"]).relation_types == frozenset()
    assert "sibling_of" in asked(["кто", "брат", "иры"]).relation_types


@pytest.mark.parametrize(
    ("question", "line", "other"),
    [
        ("cloud", "переходим на облачную АТС", "облако тегов"),
        ("book", "книжный клуб по средам", "книга отзывов"),
    ],
)
def test_a_translated_noun_finds_its_adjective(question: str, line: str, other: str) -> None:
    (term,) = make_terms(build_query(question))
    assert term.matches(fold_line(line))
    assert term.matches(fold_line(other))
    assert not term.matches(fold_line("облицовка и кнопки"))


@pytest.mark.parametrize(
    ("question", "target"),
    [("my tz?", "User:Рената"), ("who is the landlord", "Person:Вера Гусь")],
)
async def test_an_abbreviation_or_an_everyday_word_finds_its_line(
    seeded: ScopedMemory, question: str, target: str
) -> None:
    result = await recall(seeded, question, NO_WRITE)
    assert result.nodes[:1] == (target,)


async def test_a_one_on_one_in_a_season_finds_that_note(owner: ScopedMemory) -> None:
    entities = {
        "Person:Глеб Ким": ["role: backend lead (as_of=2025-03-01, src=user)"],
        "Note:notes/1on1/2025-10-02-gleb.md": [
            "pointer: notes/1on1/2025-10-02-gleb.md — 1:1 Глеб: рост и отпуск (as_of=2025-10-02)"
        ],
        "Note:notes/1on1/2025-03-10-gleb.md": [
            "pointer: notes/1on1/2025-03-10-gleb.md — 1:1 Глеб: цели (as_of=2025-03-10)"
        ],
        "Note:notes/meetings/2025-10-15-planning.md": [
            "pointer: notes/meetings/2025-10-15-planning.md — план, Глеб (as_of=2025-10-15)"
        ],
        "Note:notes/meetings/2025-11-05-review.md": [
            "pointer: notes/meetings/2025-11-05-review.md — ревью с Глебом (as_of=2025-11-05)"
        ],
    }
    await store(owner, entities)
    result = await recall(owner, "1:1 с Глебом осенью — о чём говорили", NO_WRITE)
    assert result.nodes[:1] == ("Note:notes/1on1/2025-10-02-gleb.md",)


@pytest.mark.parametrize(
    ("question", "line"),
    [("с Олей", "1:1 Оля: рост"), ("Оле", "Оля в отпуске"), ("с Ильёй", "ревью: Илья, Глеб")],
)
def test_a_name_in_a_case_finds_its_dictionary_form(question: str, line: str) -> None:
    (term,) = make_terms(build_query(question))
    assert term.matches(fold_line(line))
    assert not term.matches(fold_line("ольха и олива"))


@pytest.mark.parametrize(
    ("question", "line"),
    [
        ("friday", "никаких релизов в пт–вс"),
        ("в пятницу", "office on Mon-Fri"),
        ("по средам", "stand-up every Wednesday"),
        ("чт", "в четверг ретро"),
    ],
)
def test_a_weekday_is_found_however_it_is_written(question: str, line: str) -> None:
    (term,) = make_terms(build_query(question))
    assert term.matches(fold_line(line))


@pytest.mark.parametrize("word", ["среди", "средний", "sun", "sat", "птица"])
def test_words_that_look_like_a_weekday_are_none(word: str) -> None:
    assert weekday_words(word) == ((), ())


async def test_no_deploys_on_friday_finds_no_releases_on_fridays(owner: ScopedMemory) -> None:
    line = "decision: никаких релизов в прод в пт после 16:00 (as_of=2025-05-28, src=meeting)"
    await store(owner, {"Decision:no-friday-release": [line]})
    result = await recall(owner, "can we deploy on friday?", NO_WRITE)
    assert result.nodes[:1] == ("Decision:no-friday-release",)
