"""Cross-language recall: a question in one language about lines written in the other.

One class of miss per test, each on a real SQLite memory with distractors: an imperfective
verb whose glossary entry is the perfective ("выкатываем" / "выкатить"), a word whose best
translation is a phrase ("ЦОД" is "data center"), everyday and work words the
dictionaries lack or bury under other senses ("эквайринг", "kitty", "season", "банят"), and
a question's framing words that were translated into noise ("how does" -> "doe", a deer;
"using" unknown, so weighed as a name no memory holds).
"""

from __future__ import annotations

import pytest

from memory_core import Entity, ScopedMemory, bilingual, wordforms
from memory_core.query import build_query
from memory_core.recall import RecallOptions, recall
from memory_core.recall.word_forms import translated

NO_WRITE = RecallOptions(reinforce=False)

WORLD = [
    Entity(
        "Decision:app-release-train",
        "Decision",
        ("decision: the mobile app rollout happens every second Tuesday",),
    ),
    Entity("Decision:rack-lease", "Decision", ("decision: two racks in the Equinix data center",)),
    Entity(
        "Decision:payments-provider",
        "Decision",
        ("decision: card acquiring moves to CloudPayments, the fee drops to 2.4%",),
    ),
    Entity("Person:Кекс", "Person", ("fact: наш кот, прививка от бешенства до марта",)),
    Entity(
        "Decision:liveops-freeze",
        "Decision",
        ("decision: за двое суток до нового сезона бэкенд не меняем",),
    ),
    Entity(
        "Decision:ban-waves",
        "Decision",
        ("decision: bans go out in weekly waves, not one by one",),
    ),
    Entity("Person:Ирина Ткач", "Person", ("role: бухгалтер, ведёт зарплату и отпуска",)),
    Entity("Project:Mercury", "Project", ("fact: payouts to couriers every Friday",)),
    Entity("Person:Tom Hale", "Person", ("role: SRE lead, owns the on-call rotation",)),
    Entity("Note:notes/personal/car.md", "Note", ("pointer: notes/personal/car.md — RAV4: ТО",)),
    Entity(
        "Decision:call-recordings",
        "Decision",
        ("decision: call recordings are kept for 90 days, then deleted",),
    ),
    Entity(
        "Person:Shreya Rao",
        "Person",
        ("fact: trained a gradient boosting model on 18 months of chargebacks",),
    ),
    Entity("Person:Evelyn Park", "Person", ("role: head of the call center, 24 operators",)),
    Entity("Person:Wiktor Nowak", "Person", ("role: centre-back in our Sunday football team",)),
    Entity(
        "Decision:cardforge",
        "Decision",
        ("decision: Saffron выпускает карты через процессинг CardForge",),
    ),
]


@pytest.fixture
async def world(owner: ScopedMemory) -> ScopedMemory:
    await owner.create_entities(WORLD)
    return owner


async def top(scoped: ScopedMemory, question: str) -> tuple[str, ...]:
    return (await recall(scoped, question, NO_WRITE)).nodes[:3]


# --- an imperfective verb reaches the glossary's perfective -----------------------------


@pytest.mark.parametrize(
    ("imperfective", "perfective"),
    [
        ("выкатываем", "выкатить"),
        ("доплачиваем", "доплатить"),  # ч -> т
        ("отслеживаем", "отследить"),  # ж -> д
        ("подключаются", "подключить"),
        ("отправляем", "отправить"),  # the -л- after a labial goes
        ("подписывает", "подписать"),
    ],
)
def test_an_imperfective_is_looked_up_by_its_perfective(
    imperfective: str, perfective: str
) -> None:
    assert perfective in wordforms.fallback_forms(imperfective)


def test_an_imperfective_verb_finds_the_glossary_line_of_its_perfective() -> None:
    assert "rollout" in bilingual.translations("выкатываем")
    assert "connect" in bilingual.translations("подключаются")


async def test_a_russian_imperfective_finds_an_english_line(world: ScopedMemory) -> None:
    assert "Decision:app-release-train" in await top(world, "как часто выкатываем мобилку")


# --- a word whose best translation is a phrase --------------------------------------------


def test_a_phrase_translation_is_searched_by_its_words() -> None:
    prefixes, _whole = translated("ЦОДе")
    assert "data" in prefixes
    assert "center" in prefixes


def test_short_words_of_a_phrase_translation_are_left_out() -> None:
    """ "осаго" is "car insurance": "car" alone would find every note about the car."""
    prefixes, whole = translated("осаго")
    assert "car" not in (*prefixes, *whole)


async def test_a_russian_abbreviation_finds_the_english_phrase(world: ScopedMemory) -> None:
    assert (await top(world, "сколько стоек у нас в ЦОДе"))[:1] == ("Decision:rack-lease",)


async def test_a_phrase_word_alone_answers_nothing_new(world: ScopedMemory) -> None:
    """A question about car insurance the memory does not hold shows nothing."""
    assert await top(world, "когда продлевать ОСАГО") == ()


# --- everyday and work words the dictionaries lack or bury ----------------------------------


@pytest.mark.parametrize(
    ("word", "translation"),
    [
        ("эквайринг", "acquiring"),
        ("acquiring", "эквайринг"),
        ("kitty", "кот"),
        ("shots", "прививка"),
        ("season", "сезон"),
        ("сезона", "season"),
        ("банят", "ban"),
        ("читеров", "cheater"),
        ("авторизуются", "authenticate"),
        ("доказательства", "evidence"),
        ("analyzers", "анализатор"),
        ("issuing", "выпускать"),
        ("booking", "запись"),
        ("splitting", "разделить"),
        ("lab", "лаборатория"),
        ("бате", "dad"),
    ],
)
def test_the_glossary_translates_both_ways(word: str, translation: str) -> None:
    assert translation in bilingual.translations(word)


@pytest.mark.parametrize(
    ("question", "target"),
    [
        ("на какой эквайринг переехали", "Decision:payments-provider"),
        ("when are the kitty's shots due", "Person:Кекс"),
        ("can we change the backend right before a season starts", "Decision:liveops-freeze"),
        ("банят сразу или волнами?", "Decision:ban-waves"),
        ("who is behind our card issuing", "Decision:cardforge"),
    ],
)
async def test_a_question_finds_a_line_in_the_other_language(
    world: ScopedMemory, question: str, target: str
) -> None:
    assert target in await top(world, question)


# --- a hyphenated word translated whole ----------------------------------------------------


def test_a_hyphenated_word_translates_whole() -> None:
    assert "call center" in bilingual.translations("колл-центру")


async def test_each_part_of_a_hyphenated_word_finds_the_whole_translation(
    world: ScopedMemory,
) -> None:
    """ "колл" and "центру" alone translate to nothing useful ("центр" is also a centre-back);
    the whole "колл-центр" is "call center"."""
    assert "Person:Evelyn Park" in await top(world, "кто главный по колл-центру")


# --- a two-word phrase in its dictionary form -----------------------------------------------


@pytest.mark.parametrize(
    ("first", "second", "form"),
    [
        ("оспоренных", "платежей", "оспоренный платеж"),  # a participle agrees like an adjective
        ("записи", "разговоров", "запись разговора"),  # a noun and a noun in the genitive
        ("главную", "книгу", "главная книга"),
    ],
)
def test_a_phrase_is_looked_up_in_its_dictionary_form(first: str, second: str, form: str) -> None:
    assert form in wordforms.phrase_forms(first, second)


@pytest.mark.parametrize(
    ("question", "target"),
    [
        ("сколько храним записи разговоров", "Decision:call-recordings"),
        ("кто обучал модель на оспоренных платежах", "Person:Shreya Rao"),
    ],
)
async def test_a_russian_phrase_finds_its_english_term(
    world: ScopedMemory, question: str, target: str
) -> None:
    assert target in await top(world, question)


# --- the question's framing words ----------------------------------------------------------


@pytest.mark.parametrize(
    ("question", "left_out"),
    [
        ("how does a patient confirm a booking", "does"),
        ("how is the rollout going", "is"),
        ("how long do we keep call recordings", "long"),
    ],
)
def test_a_function_word_after_how_is_not_searched(question: str, left_out: str) -> None:
    assert left_out not in build_query(question).tokens


@pytest.mark.parametrize(("word", "base"), [("using", "use"), ("used", "use"), ("owed", "owe")])
def test_a_short_english_verb_form_finds_its_base(word: str, base: str) -> None:
    assert wordforms.english_bases(word)[:1] == [base]


@pytest.mark.parametrize("word", ["being", "thing", "sing"])
def test_a_word_is_not_cut_into_another(word: str) -> None:
    """ "being" is not "bee" + "ing": a wrong base would bring its translations (пчела)."""
    assert word[:2] + "e" not in wordforms.english_bases(word)


async def test_using_is_phrasing_not_an_unknown_name(world: ScopedMemory) -> None:
    assert "Decision:payments-provider" in await top(world, "what are we using for acquiring")
