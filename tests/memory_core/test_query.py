"""Tests for memory_core.query: the recall query builder and the entity-name lexicon."""

from __future__ import annotations

import dataclasses
import random
import re

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from memory_core.language import stem
from memory_core.lexicon import Lexicon
from memory_core.query import MAX_TERMS, BuiltQuery, build_query

NAMES = [
    "User:alexey",
    "Person:Иван Петров",
    "Person:Петр Иванов",
    "Person:Ольга Лебедева",
    "Person:Лев Михайлов",
    "Person:Ben Reed",
    "Person:Jane Bailey",
    "Project:ESO",
    "Project:Billing-v2",
    "Project:Ромашка",
    "Project:Falcon-6",
    "Project:JANE",
    "Project:IT",
    "Project:2025",
    "Jira:ESO-159",
    "Note:notes/meetings/2025-12-28-eso-sync.md",
    "Decision:cursor-pagination",
]

# A term is words of letters/digits joined by single hyphens: nothing FTS5 could parse.
SAFE_TERM = re.compile(r"[^\W_]+(?:-[^\W_]+)*")
FTS_SYNTAX = ('"', "*", "^", ":", "(", ")", "{", "}", "+")


@pytest.fixture(scope="module")
def lexicon() -> Lexicon:
    return Lexicon(NAMES)


def assert_fts_safe(query: BuiltQuery) -> None:
    assert len(query.tokens) == len(query.stems) <= MAX_TERMS
    assert len(set(query.tokens)) == len(query.tokens)
    for token in query.tokens:
        assert SAFE_TERM.fullmatch(token), token
        assert token == token.lower()
        assert token not in {"and", "or", "not", "near"}
    for char in FTS_SYNTAX:
        assert char not in query.text


# --- stop words, both languages -----------------------------------------------------


def test_russian_stop_words_and_filler_are_removed() -> None:
    query = build_query("пожалуйста, напомни, что мы решили по бюджету на следующий год")
    # "на следующий год" frames the question (see test_recall_near_periods)
    assert query.tokens == ("решили", "бюджету")
    query = build_query("пожалуйста, напомни, что мы решили по бюджету на отпуск")
    assert query.tokens == ("решили", "бюджету", "отпуск")


def test_english_stop_words_and_filler_are_removed() -> None:
    query = build_query("please tell me what did we decide about the budget for next year")
    assert query.tokens == ("decide", "budget")  # "next year" frames the question
    query = build_query("please tell me what did we decide about the budget for the offsite")
    assert query.tokens == ("decide", "budget", "offsite")
    # the request's own verbs ("done" as in "have to be done by") are no subject either
    query = build_query("when do postmortems have to be done by, can you check")
    assert query.tokens == ("postmortems",)


@pytest.mark.parametrize(
    ("message", "kept"),
    [
        ("when is the next check-up", "check-up"),
        ("what time is check-out at the hotel", "check-out"),
        ("who organises the team get-together", "get-together"),
    ],
)
def test_english_compounds_of_stop_words_are_words(message: str, kept: str) -> None:
    # "check" and "out" alone are phrasing; hyphenated they name a thing
    assert kept in build_query(message).tokens


@pytest.mark.parametrize("message", ["кто-то что-то говорил", "из-за чего", "so-so"])
def test_hyphenated_pronouns_and_particles_stay_out(message: str) -> None:
    assert build_query(message).tokens == ()


@pytest.mark.parametrize(
    "message", ["", "   ", "что я говорил?", "what did you say about it", "кто такой?!", "🙂🙂"]
)
def test_messages_without_content_give_an_empty_query(message: str, lexicon: Lexicon) -> None:
    query = build_query(message, lexicon)
    assert query == BuiltQuery(text="", tokens=(), stems=(), entities=(), jira_keys=())


# --- inflection and entity names ----------------------------------------------------


def test_russian_dative_name_finds_the_person(lexicon: Lexicon) -> None:
    query = build_query("что я говорил Ивану Петрову", lexicon)
    assert query.entities == ("Person:Иван Петров",)
    assert query.tokens == ("ивану", "петрову")
    assert query.stems == tuple(stem(word) for word in ("Иван", "Петров"))


@pytest.mark.parametrize(
    ("message", "person"),
    [
        ("встреча у Ивана Петрова", "Person:Иван Петров"),
        ("созвон с Иваном Петровым", "Person:Иван Петров"),
        ("письмо Петру Иванову", "Person:Петр Иванов"),
        ("спроси Ольгу Лебедеву", "Person:Ольга Лебедева"),
        ("отчёт от Ольги Лебедевой", "Person:Ольга Лебедева"),
        ("передай Льву Михайлову", "Person:Лев Михайлов"),
        ("what did Ben Reed's team ship", "Person:Ben Reed"),
    ],
)
def test_inflected_full_names_find_the_person(message: str, person: str, lexicon: Lexicon) -> None:
    assert build_query(message, lexicon).entities == (person,)


@pytest.mark.parametrize(
    ("message", "person"),
    [
        ("напомни Беке про отпуск", "Person:Бека Чиковани"),  # a name no dictionary knows
        ("спроси Беку", "Person:Бека Чиковани"),
        ("когда у Настеньки кружок", "Person:Настя Орлова"),  # a diminutive, inflected
        ("Настька опять болеет", "Person:Настя Орлова"),
        ("подарок Пашке", "Person:Паша Ким"),
        ("отвезти Заринку к врачу", "Person:Зарина Ахмедова"),
        ("скинь Гулечке отчёт", "Person:Гуля Сапарова"),
        ("напиши Айгульке", "Person:Айгуль Нурова"),
    ],
)
def test_oblique_and_diminutive_first_names_find_the_person(message: str, person: str) -> None:
    """Names the analyzer does not know decline like -а/-я nouns, and a diminutive
    (-енька, -ечка, -ька, -шка) stands for the name it is made from."""
    lexicon = Lexicon(
        [
            "Person:Бека Чиковани",
            "Person:Настя Орлова",
            "Person:Паша Ким",
            "Person:Зарина Ахмедова",
            "Person:Гуля Сапарова",
            "Person:Айгуль Нурова",
        ]
    )
    assert build_query(message, lexicon).entities == (person,)


def test_a_first_name_or_surname_alone_names_the_person(lexicon: Lexicon) -> None:
    """Issue 14: "кем работает Иван" is about Person:Иван Петров (any script, any case)."""
    assert build_query("кем работает Иван", lexicon).entities == ("Person:Иван Петров",)
    assert build_query("Иван сказал, что Петров занят", lexicon).entities == (
        "Person:Иван Петров",
    )
    assert build_query("Ben said hi", lexicon).entities == ("Person:Ben Reed",)
    assert build_query("позвонить Ивану", lexicon).entities == ("Person:Иван Петров",)
    assert build_query("what did Petrov say", lexicon).entities == ("Person:Иван Петров",)
    assert build_query("спроси у Бена", lexicon).entities == ("Person:Ben Reed",)


def test_a_surname_is_not_a_first_name(lexicon: Lexicon) -> None:
    """Петров is not the possessive of Пётр: Петр Иванов is not named by it."""
    assert "Person:Петр Иванов" not in build_query("Петров занят", lexicon).entities


def test_other_names_need_every_word_and_strangers_are_nobody(lexicon: Lexicon) -> None:
    assert build_query("what about the cursor bug", lexicon).entities == ()
    assert build_query("Мария сказала привет", lexicon).entities == ()
    assert build_query("ЕСО статус", lexicon).entities == ("Project:ESO",)
    assert build_query("ромашку обсудили", lexicon).entities == ("Project:Ромашка",)


def test_same_stems_rank_the_exact_spelling_first() -> None:
    lex = Lexicon(["Person:Иван Петрова", "Person:Иван Петров"])
    assert build_query("Иван Петров", lex).entities == (
        "Person:Иван Петров",
        "Person:Иван Петрова",
    )


def test_russian_project_in_genitive_is_found(lexicon: Lexicon) -> None:
    query = build_query("статус проекта ESO", lexicon)
    assert query.entities == ("Project:ESO",)
    assert query.tokens == ("eso", "статус", "проекта")
    assert query.stems == ("eso", "статус", "проект")


def test_cyrillic_project_in_locative_is_found(lexicon: Lexicon) -> None:
    assert build_query("что нового в Ромашке?", lexicon).entities == ("Project:Ромашка",)


def test_russian_adjective_noun_inflection_gives_the_same_stems() -> None:
    inflected = build_query("по курсорной пагинации")
    base = build_query("курсорная пагинация")
    assert inflected.tokens == ("курсорной", "пагинации")
    assert inflected.stems == base.stems == ("курсорн", "пагинац")


def test_english_inflection_gives_the_same_stems(lexicon: Lexicon) -> None:
    assert build_query("paginations meetings").stems == build_query("pagination meeting").stems
    assert build_query("what about cursor paginations?", lexicon).entities == (
        "Decision:cursor-pagination",
    )


def test_hyphenated_names_match_with_or_without_hyphen(lexicon: Lexicon) -> None:
    assert build_query("Billing-v2 risks and deadline", lexicon).tokens == (
        "billing-v2",
        "risks",
        "deadline",
    )
    query = build_query("Falcon 6 data retention", lexicon)
    assert query.entities == ("Project:Falcon-6",)
    assert query.tokens[:2] == ("falcon", "6")


def test_entity_terms_come_before_other_content(lexicon: Lexicon) -> None:
    query = build_query("deadline risks budget for Billing-v2 with Ben Reed", lexicon)
    assert query.tokens == ("billing-v2", "ben", "reed", "deadline", "risks", "budget")
    assert query.entities == ("Project:Billing-v2", "Person:Ben Reed")


def test_acronym_project_does_not_fire_on_a_first_name(lexicon: Lexicon) -> None:
    assert build_query("Jane Bailey role and team", lexicon).entities == ("Person:Jane Bailey",)
    assert build_query("JANE roadmap", lexicon).entities == ("Project:JANE",)


def test_stop_word_and_digit_names_need_care(lexicon: Lexicon) -> None:
    assert build_query("what is it about", lexicon).entities == ()
    assert build_query("IT budget", lexicon).entities == ("Project:IT",)
    assert build_query("Phoenix meeting 2025-11-02", lexicon).entities == ()


def test_note_paths_are_matched_as_paths(lexicon: Lexicon) -> None:
    note = "Note:notes/meetings/2025-12-28-eso-sync.md"
    assert (
        note in build_query("open notes/meetings/2025-12-28-eso-sync.md please", lexicon).entities
    )
    assert note in build_query("see meetings/2025-12-28-eso-sync", lexicon).entities
    assert not any(
        name.startswith("Note:") for name in build_query("notes meetings", lexicon).entities
    )


def test_user_name_is_found(lexicon: Lexicon) -> None:
    assert build_query("alexey preferences", lexicon).entities == ("User:alexey",)


# --- Jira keys ----------------------------------------------------------------------


def test_a_bare_jira_key_gives_just_that(lexicon: Lexicon) -> None:
    query = build_query("ESO-159", lexicon)
    assert query.text == "ESO-159"
    assert query.tokens == ("eso-159",)
    assert query.jira_keys == ("ESO-159",)
    assert query.entities[0] == "Jira:ESO-159"


def test_jira_keys_come_first_in_both_languages() -> None:
    assert build_query("who owns BIL-92 after ORN-7?").tokens == ("bil-92", "orn-7", "owns")
    query = build_query("что с задачей ORN-81 и BIL-92")
    assert query.jira_keys == ("ORN-81", "BIL-92")
    assert query.tokens == ("orn-81", "bil-92", "задачей")


def test_jira_key_glued_to_words_stays_a_key() -> None:
    assert build_query("ESO-159-followup").tokens == ("eso-159", "followup")


# --- dates ----------------------------------------------------------------------


def test_iso_dates_stay_one_term() -> None:
    query = build_query("Phoenix meeting 2025-11-02")
    assert query.tokens == ("phoenix", "meeting", "2025-11-02")
    assert query.text == "Phoenix meeting 2025-11-02"


def test_short_numbers_are_dropped_but_years_kept() -> None:
    assert build_query("синк 02.11.2025").tokens == ("синк", "2025")


# --- size of the query ------------------------------------------------------------


def test_query_is_capped_at_eight_terms() -> None:
    message = "alpha bravo charlie delta echo foxtrot golf hotel india juliet kilo lima"
    query = build_query(message)
    assert query.tokens == tuple(message.split()[:MAX_TERMS])
    assert len(query.text.split()) == MAX_TERMS


def test_cap_keeps_entities_and_keys_even_when_they_come_last(lexicon: Lexicon) -> None:
    message = "alpha bravo charlie delta echo foxtrot golf hotel india ESO-159 Ивану Петрову"
    query = build_query(message, lexicon)
    assert query.tokens[:3] == ("eso-159", "ивану", "петрову")
    assert len(query.tokens) == MAX_TERMS


def test_short_messages_are_not_padded(lexicon: Lexicon) -> None:
    assert build_query("Orion").tokens == ("orion",)
    assert build_query("Ромашка?", lexicon).tokens == ("ромашка",)


def test_repeated_words_are_kept_once() -> None:
    assert build_query("ESO eso Eso status STATUS Киселёва Киселева").tokens == (
        "eso",
        "status",
        "киселёва",
    )


# --- hostile input ------------------------------------------------------------------


HOSTILE = [
    '"',
    '""""',
    "NEAR(a b)",
    "a OR *",
    "col:x",
    "^start",
    '"unbalanced quote',
    "ESO* OR title:secret^2",
    "{a b}: c + d",
    "😀🔥💥 emoji only 🙂",
    "مرحبا بالعالم مشروع",
    "שלום עולם פרויקט",
    "\u202eRTL override\u202c \u200f",
    "\x00\x01\x1f control",
    "a-b-c-d-e-f-g-h-i-j-k",
    "---",
    "_ _ __init__",
    "x" * 5000,
]


@pytest.mark.parametrize("message", HOSTILE)
def test_hostile_input_never_yields_fts_syntax(message: str, lexicon: Lexicon) -> None:
    assert_fts_safe(build_query(message, lexicon))


def test_fts_operators_are_dropped() -> None:
    assert build_query('NEAR(risk deadline) OR "budget" AND NOT *').tokens == (
        "risk",
        "deadline",
        "budget",
    )


def test_rtl_words_survive_as_plain_terms() -> None:
    assert build_query("مشروع שלום").tokens == ("مشروع", "שלום")


def test_a_4096_char_message_is_handled(lexicon: Lexicon) -> None:
    message = ("статус проекта ESO и что с ESO-159, спроси Ивану Петрову; " * 80)[:4096]
    query = build_query(message, lexicon)
    assert_fts_safe(query)
    assert query.tokens[0] == "eso-159"
    assert "Person:Иван Петров" in query.entities


@settings(max_examples=300, deadline=None)
@given(st.text(max_size=300))
def test_any_text_gives_a_safe_query(message: str) -> None:
    assert_fts_safe(build_query(message, Lexicon(NAMES[:8])))


def test_built_query_is_frozen() -> None:
    query = build_query("ESO")
    with pytest.raises(dataclasses.FrozenInstanceError):
        query.text = "x"  # type: ignore[misc]


# --- lexicon maintenance and speed --------------------------------------------------


def test_lexicon_add_and_remove() -> None:
    lex = Lexicon(["Project:ESO"])
    assert len(lex) == 1
    assert "Project:ESO" in lex
    lex.add("Person:Иван Петров")
    lex.add("Person:Иван Петров")
    assert len(lex) == 2
    assert lex.find("позвони Ивану Петрову про ESO") == ("Person:Иван Петров", "Project:ESO")
    lex.remove("Person:Иван Петров")
    lex.remove("Person:Nobody")
    assert lex.find("позвони Ивану Петрову про ESO") == ("Project:ESO",)
    lex.remove("Project:ESO")
    assert len(lex) == 0
    assert lex.find("ESO") == ()


def test_removing_a_long_name_keeps_its_prefix_name() -> None:
    lex = Lexicon(["Project:ESO", "Jira:ESO-159"])
    lex.remove("Jira:ESO-159")
    assert lex.find("ESO-159") == ("Project:ESO",)
    lex.add("Note:notes/a.md")
    lex.remove("Note:notes/a.md")
    assert lex.find("notes/a.md") == ()


def _synthetic_names(count: int) -> list[str]:
    rng = random.Random(7)
    first = ["Иван", "Ольга", "Лев", "Мария", "Ben", "Chloe", "Eric", "Софья", "Тимур", "Zoe"]
    last = ["Петров", "Лебедева", "Reed", "Scott", "Михайлов", "Parker", "Киселёва", "Harris"]
    names: list[str] = []
    for i in range(count):
        kind = i % 5
        if kind == 0:
            names.append(f"Person:{rng.choice(first)} {rng.choice(last)}{i}")
        elif kind == 1:
            names.append(f"Jira:{rng.choice(['ESO', 'KYC', 'ORN'])}-{i}")
        elif kind == 2:
            names.append(f"Note:notes/meetings/2025-01-{i % 28 + 1:02d}-topic-{i}.md")
        elif kind == 3:
            names.append(f"Decision:{rng.choice(['eso', 'orion'])}-topic-{i}-pagination")
        else:
            names.append(f"Project:P{i}x")
    return names


def test_fifty_thousand_names_are_indexed_and_found() -> None:
    """A large lexicon still finds the named entities (speed is measured in bench/)."""
    names = [*_synthetic_names(50_000), "Person:Иван Петров", "Project:ESO"]
    lex = Lexicon(names)
    assert len(lex) == len(names)
    message = "что я говорил Ивану Петрову про статус проекта ESO и задачу ESO-159 вчера"
    assert build_query(message, lex).entities[:2] == ("Person:Иван Петров", "Project:ESO")


def test_dotted_capital_i_lowercases_to_a_plain_letter() -> None:
    """Lower-casing "İ" adds a combining dot; a term keeps only letters and digits."""
    query = build_query("0İ İstanbul")
    assert query.tokens == ("0i", "istanbul")
    assert_fts_safe(query)


@pytest.mark.parametrize(
    ("message", "expected"),
    [
        ("see x.md", ("Note:notes/x.md", "Note:x.md")),
        ("see notes/x.md", ("Note:notes/x.md",)),
        ("see notes/x", ("Note:notes/x.md",)),
        ("see x", ()),
        ("open notes/y.md", ("Note:notes/notes/y.md",)),
        ("open notes/notes/y", ("Note:notes/notes/y.md",)),
        ("open y.md", ()),
        ("open Notes/Sub/Z.MD", ("Note:notes/sub/z.md",)),
    ],
)
def test_note_paths_match_each_of_their_spellings_and_no_other(
    message: str, expected: tuple[str, ...]
) -> None:
    lex = Lexicon(["Note:notes/x.md", "Note:x.md", "Note:notes/notes/y.md", "Note:notes/sub/z.md"])
    assert lex.find(message) == expected
    lex.remove("Note:x.md")
    assert lex.find(message) == tuple(n for n in expected if n != "Note:x.md")


@pytest.mark.parametrize(
    "message",
    ["1:1 с Олей в мае", "my 1-1 with Ola", "one-on-one with Ola", "встреча один на один"],
)
def test_a_one_on_one_is_one_term_however_it_is_written(message: str) -> None:
    assert "1on1" in build_query(message).tokens


@pytest.mark.parametrize("message", ["2025-1-1 release", "ratio 1:10", "v1.1 notes", "at 11:1"])
def test_dates_versions_and_ratios_are_no_one_on_one(message: str) -> None:
    assert "1on1" not in build_query(message).tokens


@pytest.mark.parametrize(
    ("message", "word"),
    [
        ("who signs off on budgets", "signoff"),
        ("when did we roll out v2", "rollout"),
        ("they rolled back the release", "rollback"),
        ("who stepped down in May", "resign"),
    ],
)
def test_a_phrasal_verb_is_the_word_it_means(message: str, word: str) -> None:
    assert word in build_query(message).tokens


def test_a_verb_and_a_particle_apart_are_no_phrasal_verb() -> None:
    assert "signoff" not in build_query("sign here, then off you go").tokens
