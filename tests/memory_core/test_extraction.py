"""Extraction from one statement: a table per pattern in Russian and English, and skip reasons.

The memory here is a small world of its own (owner Ника, colleagues, a son and a mother,
three projects and a Jira issue) read through the real :class:`GraphResolver`; expectations
are the exact entities, line words and links each statement should propose.
"""

from __future__ import annotations

import datetime as dt

import pytest

from memory_core.extraction import SKIP_REASONS, Proposal, extract
from memory_core.extraction_names import GraphResolver, latin_key, lemmatize_name
from memory_core.extraction_skip import (
    SKIP_QUESTION,
    SKIP_SECRET,
    SKIP_SMALL_TALK,
    SKIP_TRANSIENT,
    SKIP_WORKLOG,
    is_question,
    is_worklog,
)
from tests.memory_core.proposals import links

OWNER = "User:Ника"
TODAY = dt.date(2026, 3, 2)
NAMES = [
    OWNER,
    "Person:Глеб Орлов",
    "Person:Hannah Weiss",
    "Person:Yuki Tanaka",
    "Person:Савва",
    "Person:Ирина Павловна",
    "Project:Kite",
    "Project:Lumen",
    "Project:Ledger",
    "Jira:KIT-5",
]
RELATIONS = [
    ("Person:Савва", "child_of", OWNER),
    ("Person:Ирина Павловна", "parent_of", OWNER),
    ("Person:Глеб Орлов", "works_on", "Project:Kite"),
]
LINES = {"Person:Ирина Павловна": ["fact: мама (src=user)"]}

Link = tuple[str, str, str]


@pytest.fixture(scope="module")
def world() -> GraphResolver:
    return GraphResolver(NAMES, RELATIONS, LINES)


def propose(world: GraphResolver, text: str) -> Proposal:
    return extract(text, world, today=TODAY)


def lines_of(proposal: Proposal, name: str) -> str:
    found = [e for e in proposal.entities if e.name == name]
    assert found, f"{name} not proposed: {proposal.to_json()}"
    return " | ".join(found[0].lines)


def check(
    world: GraphResolver, text: str, person: str | None, words: str, expected: set[Link]
) -> Proposal:
    proposal = propose(world, text)
    assert proposal.skipped is None, proposal.to_json()
    assert links(proposal) == expected
    if person is not None:
        assert words.casefold() in lines_of(proposal, person).casefold()
    return proposal


ROLES = [
    ("мой техлид — Глеб Орлов", "Person:Глеб Орлов", "техлид",
     {(OWNER, "reports_to", "Person:Глеб Орлов")}),
    ("my line manager is Rosa Diaz", "Person:Rosa Diaz", "line manager",
     {(OWNER, "reports_to", "Person:Rosa Diaz")}),
    ("Hannah is the product owner of Lumen", "Person:Hannah Weiss", "product owner",
     {("Person:Hannah Weiss", "owns", "Project:Lumen")}),
    ("Тимур Ахметов теперь PM на Kite", "Person:Тимур Ахметов", "PM",
     {("Person:Тимур Ахметов", "pm_of", "Project:Kite")}),
    ("Зоя Лебедева будет аналитиком в Ledger", "Person:Зоя Лебедева", "аналитик",
     {("Person:Зоя Лебедева", "works_on", "Project:Ledger")}),
    ("Omar Said — новый архитектор Kite", "Person:Omar Said", "архитектор",
     {("Person:Omar Said", "works_on", "Project:Kite")}),
    ("Yuki now runs Ledger", "Person:Yuki Tanaka", "head",
     {("Person:Yuki Tanaka", "manages", "Project:Ledger")}),
    ("наш новый тимлид в Lumen — Пётр Гаврилов", "Person:Пётр Гаврилов", "тимлид",
     {("Person:Пётр Гаврилов", "manages", "Project:Lumen")}),
    ("Nora Quinn is our new head of marketing", "Person:Nora Quinn", "head of marketing", set()),
    ("The new QA lead for Kite is Ivo Marx", "Person:Ivo Marx", "QA lead",
     {("Person:Ivo Marx", "manages", "Project:Kite")}),
    ("у меня новый подчинённый — Лев Ершов, мидл на Kite", "Person:Лев Ершов", "мидл",
     {(OWNER, "manages", "Person:Лев Ершов"), ("Person:Лев Ершов", "works_on", "Project:Kite")}),
    ("Glen Fox from Ledger is my mentor now", "Person:Glen Fox", "mentor",
     {("Person:Glen Fox", "mentor_of", OWNER), ("Person:Glen Fox", "works_on", "Project:Ledger")}),
    ("Борис Лемешев стал техническим директором", "Person:Борис Лемешев",
     "технический директор", set()),
    ("мой начальник теперь Кирилл Лосев", "Person:Кирилл Лосев", "начальник",
     {(OWNER, "reports_to", "Person:Кирилл Лосев")}),
    ("у меня в подчинении теперь Гриша Белов", "Person:Гриша Белов", "в подчинении",
     {(OWNER, "manages", "Person:Гриша Белов")}),
    ("Sofia Rossi, our new designer, works on Kite", "Person:Sofia Rossi", "designer",
     {("Person:Sofia Rossi", "works_on", "Project:Kite")}),
    # a compound role word, an acronym qualifying a role, a title, a sponsor
    ("Лука Марич — бизнес-аналитик в Ledger", "Person:Лука Марич", "бизнес-аналитик",
     {("Person:Лука Марич", "works_on", "Project:Ledger")}),
    ("Tara Webb is an ML engineer on Kite", "Person:Tara Webb", "ML engineer",
     {("Person:Tara Webb", "works_on", "Project:Kite")}),
    ("Ида Сорокина теперь BI-аналитик на Lumen", "Person:Ида Сорокина", "BI-аналитик",
     {("Person:Ида Сорокина", "works_on", "Project:Lumen")}),
    ("our new CPO is Dana Cole", "Person:Dana Cole", "CPO", set()),
    ("Оскар Лунд теперь спонсор Lumen", "Person:Оскар Лунд", "спонсор",
     {("Person:Оскар Лунд", "oversees", "Project:Lumen")}),
    # a first name that is also a word ("мира": of the world) before a surname
    ("Мира Ковач — скрам-мастер на Kite", "Person:Мира Ковач", "скрам-мастер",
     {("Person:Мира Ковач", "works_on", "Project:Kite")}),
    # an intern or a junior reports to whoever has them
    ("у меня теперь практикант — Егор Лыков", "Person:Егор Лыков", "практикант",
     {(OWNER, "manages", "Person:Егор Лыков")}),
    ("my new intern is Priya Nair", "Person:Priya Nair", "intern",
     {(OWNER, "manages", "Person:Priya Nair")}),
    ("у Глеба стажёрка — Эля Ким, на Lumen", "Person:Эля Ким", "стажёрка",
     {("Person:Глеб Орлов", "manages", "Person:Эля Ким"),
      ("Person:Эля Ким", "works_on", "Project:Lumen")}),
    # a role given by a verb in the future or the infinitive, or in a second clause
    ("Пётр Сомов будет руководить разработкой Lumen", "Person:Пётр Сомов", "руководитель",
     {("Person:Пётр Сомов", "manages", "Project:Lumen")}),
    ("Ada Green will lead Ledger", "Person:Ada Green", "lead",
     {("Person:Ada Green", "manages", "Project:Ledger")}),
    ("Mara Lind agreed to be my mentor on hiring", "Person:Mara Lind", "mentor",
     {("Person:Mara Lind", "mentor_of", OWNER)}),
    ("I now report to Clara Voss, she's our new VP of engineering", "Person:Clara Voss",
     "VP of engineering", {(OWNER, "reports_to", "Person:Clara Voss")}),
]  # fmt: skip


@pytest.mark.parametrize(("text", "person", "words", "expected"), ROLES)
def test_people_and_roles(
    world: GraphResolver, text: str, person: str, words: str, expected: set[Link]
) -> None:
    check(world, text, person, words, expected)


FAMILY = [
    ("моя жена — Дина, она юрист", "Person:Дина", "юрист",
     {("Person:Дина", "married_to", OWNER)}),
    ("my son Theo goes to kindergarten 12", "Person:Theo", "kindergarten 12",
     {("Person:Theo", "child_of", OWNER)}),
    ("мой стоматолог — доктор Браун", "Person:Браун", "стоматолог",
     {("Person:Браун", "doctor_of", OWNER)}),
    ("my sister Lena lives in Oslo", "Person:Lena", "Oslo",
     {("Person:Lena", "sibling_of", OWNER)}),
    ("у Саввы тренер по плаванию — Олег Кимов", "Person:Олег Кимов", "тренер",
     {("Person:Олег Кимов", "coach_of", "Person:Савва")}),
    ("мой лучший друг с института — Рустам Алиев", "Person:Рустам Алиев", "друг",
     {("Person:Рустам Алиев", "friend_of", OWNER)}),
    ("Ada is my daughter, she's 4", "Person:Ada", "4", {("Person:Ada", "child_of", OWNER)}),
    ("my brother Sam is married to Ella", None, "",
     {("Person:Sam", "sibling_of", OWNER), ("Person:Sam", "married_to", "Person:Ella")}),
    ("mum's birthday is on june 9", "Person:Ирина Павловна", "june 9", set()),
    ("савва теперь ходит на шахматы по пятницам", "Person:Савва", "шахматы", set()),
    ("моя мама переехала в Тверь", "Person:Ирина Павловна", "Тверь", set()),
    ("мою жену зовут Аня", "Person:Аня", "жена", {("Person:Аня", "married_to", OWNER)}),
    ("у меня есть брат Дима, он живёт в Праге", "Person:Дима", "Праге",
     {("Person:Дима", "sibling_of", OWNER)}),
    ("I have a daughter, Mia, she is 6", "Person:Mia", "6", {("Person:Mia", "child_of", OWNER)}),
    ("our nanny is Rosa", "Person:Rosa", "nanny", {("Person:Rosa", "caregiver_of", OWNER)}),
    ("мой парикмахер — Света", "Person:Света", "парикмахер",
     {("Person:Света", "provider_of", OWNER)}),
    ("моя тёща — Валентина Ивановна", "Person:Валентина Ивановна", "тёща", set()),
    ("Ольга Кравец вышла замуж за Игоря", None, "",
     {("Person:Ольга Кравец", "married_to", "Person:Игорь")}),
    ("Hannah's husband is Lars", "Person:Lars", "husband",
     {("Person:Lars", "married_to", "Person:Hannah Weiss")}),
    ("Hannah's sister is called Greta", "Person:Greta", "sister",
     {("Person:Greta", "sibling_of", "Person:Hannah Weiss")}),
    ("my nanny is called Bea", "Person:Bea", "nanny", {("Person:Bea", "caregiver_of", OWNER)}),
    # the holder after the role word, in the genitive
    ("стоматолог Саввы — Инна Рубцова", "Person:Инна Рубцова", "стоматолог",
     {("Person:Инна Рубцова", "doctor_of", "Person:Савва")}),
    ("жена Глеба — Полина", "Person:Полина", "жена",
     {("Person:Полина", "married_to", "Person:Глеб Орлов")}),
    ("репетитора сына зовут Марк Исаев", "Person:Марк Исаев", "репетитор",
     {("Person:Марк Исаев", "teacher_of", "Person:Савва")}),
    # a verb that gives a role: "X coaches me", "Y лечит Z"
    ("Yuki is coaching me now", "Person:Yuki Tanaka", "coach",
     {("Person:Yuki Tanaka", "coach_of", OWNER)}),
    ("Hannah mentors me", "Person:Hannah Weiss", "mentor",
     {("Person:Hannah Weiss", "mentor_of", OWNER)}),
    ("Глеб теперь меня менторит", "Person:Глеб Орлов", "ментор",
     {("Person:Глеб Орлов", "mentor_of", OWNER)}),
    ("Савву тренирует по боксу Руслан Гаев", "Person:Руслан Гаев", "тренер по боксу",
     {("Person:Руслан Гаев", "coach_of", "Person:Савва")}),
    ("маму лечит кардиолог Нина Лосева", "Person:Нина Лосева", "кардиолог",
     {("Person:Нина Лосева", "doctor_of", "Person:Ирина Павловна")}),
    ("Dr. Okafor treats my son", "Person:Okafor", "doctor",
     {("Person:Okafor", "doctor_of", "Person:Савва")}),
    # "у" between the role and its holder; a second link after an apposition
    ("невролог у Саввы — Вера Ольховская", "Person:Вера Ольховская", "невролог",
     {("Person:Вера Ольховская", "doctor_of", "Person:Савва")}),
    ("my sister Nina just married Tomas", None, "",
     {("Person:Nina", "sibling_of", OWNER), ("Person:Nina", "married_to", "Person:Tomas")}),
    ("моя сестра Рита вышла замуж за Олега", None, "",
     {("Person:Рита", "sibling_of", OWNER), ("Person:Рита", "married_to", "Person:Олег")}),
]  # fmt: skip


@pytest.mark.parametrize(("text", "person", "words", "expected"), FAMILY)
def test_family_and_personal(
    world: GraphResolver, text: str, person: str | None, words: str, expected: set[Link]
) -> None:
    check(world, text, person, words, expected)


WORK = [
    ("Глеб теперь ещё и на Ledger работает",
     {("Person:Глеб Орлов", "works_on", "Project:Ledger")}),
    ("hannah is also on Kite now", {("Person:Hannah Weiss", "works_on", "Project:Kite")}),
    ("Игорь Ким перешёл к нам в Lumen", {("Person:Игорь Ким", "works_on", "Project:Lumen")}),
    ("I'm working on Ledger this month", {(OWNER, "works_on", "Project:Ledger")}),
    ("я с января на проекте Kite", {(OWNER, "works_on", "Project:Kite")}),
    ("я с этой недели на Ledger", {(OWNER, "works_on", "Project:Ledger")}),
    ("Глеба Орлова перевели на Lumen", {("Person:Глеб Орлов", "works_on", "Project:Lumen")}),
    ("Ana and Bo from support are on Kite too",
     {("Person:Ana", "works_on", "Project:Kite"), ("Person:Bo", "works_on", "Project:Kite")}),
    ("Yuki takes over Kite as team lead", {("Person:Yuki Tanaka", "manages", "Project:Kite")}),
    ("Hannah Weiss works on Kite and Ledger",
     {("Person:Hannah Weiss", "works_on", "Project:Kite"),
      ("Person:Hannah Weiss", "works_on", "Project:Ledger")}),
    # the owner as an object, or after a word of time, or in the future
    ("меня перекинули на Kite", {(OWNER, "works_on", "Project:Kite")}),
    ("Глеб поставил меня на Lumen", {(OWNER, "works_on", "Project:Lumen")}),
    ("they pulled me onto Ledger", {(OWNER, "works_on", "Project:Ledger")}),
    ("from next quarter I'll be on Lumen part-time", {(OWNER, "works_on", "Project:Lumen")}),
    ("со следующего месяца я буду на Kite", {(OWNER, "works_on", "Project:Kite")}),
    ("Ханну забрали в Lumen", {("Person:Hannah Weiss", "works_on", "Project:Lumen")}),
    ("с этого квартала я ещё и на Lumen", {(OWNER, "works_on", "Project:Lumen")}),
]  # fmt: skip


@pytest.mark.parametrize(("text", "expected"), WORK)
def test_works_on(world: GraphResolver, text: str, expected: set[Link]) -> None:
    check(world, text, None, "", expected)


def test_joined_as_a_role_writes_the_role_line(world: GraphResolver) -> None:
    proposal = check(
        world,
        "Mia Lund joined Lumen as a data analyst",
        "Person:Mia Lund",
        "data analyst",
        {("Person:Mia Lund", "works_on", "Project:Lumen")},
    )
    assert [e.is_new for e in proposal.entities] == [True]


def test_what_someone_does_on_a_project_is_kept_as_a_line(world: GraphResolver) -> None:
    check(
        world,
        "Вика Ромова пилит бэкенд для Lumen",
        "Person:Вика Ромова",
        "бэкенд",
        {("Person:Вика Ромова", "works_on", "Project:Lumen")},
    )


def test_a_known_first_name_next_to_another_surname_is_someone_new(world: GraphResolver) -> None:
    check(
        world,
        "моя подруга детства — Савва Ким",
        "Person:Савва Ким",
        "подруга детства",
        {("Person:Савва Ким", "friend_of", OWNER)},
    )


def test_a_role_word_after_a_preposition_is_no_role(world: GraphResolver) -> None:
    assert propose(world, "вопрос к тимлиду — Глеб ответит").skipped == SKIP_TRANSIENT


def test_a_quantity_before_from_is_no_dependency(world: GraphResolver) -> None:
    assert not links(propose(world, "Kite gets a lot of traffic from Europe"))


def test_a_negated_statement_makes_no_link(world: GraphResolver) -> None:
    proposal = propose(world, "Hannah doesn't work on Kite anymore")
    assert not links(proposal)


DECISIONS = [
    ("мы решили перейти на GraphQL в Kite", ("graphql", "graphql"), {"Project:Kite"}, set()),
    ("we agreed to drop Jenkins for Ledger", ("jenkins", "jenkins"), {"Project:Ledger"}, set()),
    ("решили с Глебом: в Lumen остаёмся на MySQL", ("mysql", "mysql"), {"Project:Lumen"},
     {"Person:Глеб Орлов"}),
    ("мы со Степой Квасом договорились: в Kite ревью обязательно", ("ревью", "ревью"),
     {"Project:Kite"}, {"Person:Степа Квас"}),
    ("decision: Kite releases go weekly, decided with Hannah", ("weekly", "weekly"),
     {"Project:Kite"}, {"Person:Hannah Weiss"}),
    ("we're going with trunk-based development for Ledger, decided on the sync",
     ("trunk", "trunk"), {"Project:Ledger"}, set()),
    ("по Lumen решили: релизим по вторникам", ("вторник", "вторник"), {"Project:Lumen"}, set()),
    ("Решение по Kite: переходим на gRPC", ("grpc", "grpc"), {"Project:Kite"}, set()),
    ("the decision is to keep Ledger on Java", ("java", "java"), {"Project:Ledger"}, set()),
    # the owner alone decides
    ("я решила, что Lumen уходит с Jenkins", ("jenkins", "jenkins"), {"Project:Lumen"},
     {OWNER}),
    ("I decided to keep Kite on Python", ("python", "python"), {"Project:Kite"}, {OWNER}),
    ("я решил оставить Ledger на Java", ("java", "java"), {"Project:Ledger"}, {OWNER}),
    ("we picked Postgres over Mongo for Kite storage", ("postgres", "postgres"),
     {"Project:Kite"}, set()),
]  # fmt: skip


@pytest.mark.parametrize(("text", "words", "projects", "deciders"), DECISIONS)
def test_decisions(
    world: GraphResolver,
    text: str,
    words: tuple[str, str],
    projects: set[str],
    deciders: set[str],
) -> None:
    slug_word, line_word = words
    proposal = propose(world, text)
    decisions = [e for e in proposal.entities if e.name.startswith("Decision:")]
    assert len(decisions) == 1, proposal.to_json()
    decision = decisions[0]
    assert slug_word in decision.name.casefold()
    assert decision.lines[0].startswith("decision: ")
    assert line_word in decision.lines[0].casefold()
    assert links(proposal) == {(decision.name, "decided_in", p) for p in projects} | {
        (p, "decided", decision.name) for p in deciders
    }


def test_solving_a_task_is_no_decision(world: GraphResolver) -> None:
    proposal = propose(world, "я решил задачу по Kite")
    assert not [e for e in proposal.entities if e.name.startswith("Decision:")]


def test_a_decision_about_an_issue_links_to_it(world: GraphResolver) -> None:
    proposal = propose(world, "решено: KIT-5 закрываем как дубль")
    (decision,) = [e.name for e in proposal.entities]
    assert "kit-5" in decision
    assert links(proposal) == {(decision, "concerns", "Jira:KIT-5")}


USES = [
    ("Kite uses Redis for caching", {("Project:Kite", "uses", "Project:Redis")}),
    ("Ledger зависит от Lumen", {("Project:Ledger", "depends_on", "Project:Lumen")}),
    ("Lumen тянет данные из Kite и Ledger",
     {("Project:Lumen", "depends_on", "Project:Kite"),
      ("Project:Lumen", "depends_on", "Project:Ledger")}),
    ("Ledger крутится на Nomad", {("Project:Ledger", "uses", "Project:Nomad")}),
    ("Hannah uses figma for Lumen mockups", {("Person:Hannah Weiss", "uses", "Project:figma")}),
    ("Kite is used by Ledger", {("Project:Ledger", "uses", "Project:Kite")}),
    ("в Ledger используем Kafka", {("Project:Ledger", "uses", "Project:Kafka")}),
    ("Kite and Lumen both use Redis",
     {("Project:Kite", "uses", "Project:Redis"), ("Project:Lumen", "uses", "Project:Redis")}),
    ("Ledger heavily depends on Kite APIs", {("Project:Ledger", "depends_on", "Project:Kite")}),
    ("Ledger держим на AWS", {("Project:Ledger", "uses", "Project:AWS")}),
    ("the Lumen frontend is written in React", {("Project:Lumen", "uses", "Project:React")}),
    ("для Kite нужен Redis", {("Project:Kite", "depends_on", "Project:Redis")}),
    # words between the verb and its object, or a purpose before the verb
    ("Lumen fetches all its nightly reports from Kite",
     {("Project:Lumen", "depends_on", "Project:Kite")}),
    ("Kite берёт свои справочники из Ledger", {("Project:Kite", "depends_on", "Project:Ledger")}),
    ("в Kite для поиска используем Meilisearch",
     {("Project:Kite", "uses", "Project:Meilisearch")}),
    ("Ledger для логов использует Loki", {("Project:Ledger", "uses", "Project:Loki")}),
    # slang for running work in a tool
    ("Hannah гоняет все тесты по Ledger в Jenkins",
     {("Person:Hannah Weiss", "uses", "Project:Jenkins")}),
]  # fmt: skip


@pytest.mark.parametrize(("text", "expected"), USES)
def test_uses_and_depends_on(world: GraphResolver, text: str, expected: set[Link]) -> None:
    proposal = check(world, text, None, "", expected)
    new = {e.name for e in proposal.entities if e.is_new}
    assert new == {to for _, _, to in expected} - set(NAMES)


RESOLVED = [
    ("Gleb Orlov now also manages Lumen", {("Person:Глеб Орлов", "manages", "Project:Lumen")}),
    ("Ханна Вейсс теперь тоже на Ledger",
     {("Person:Hannah Weiss", "works_on", "Project:Ledger")}),
    ("я теперь отчитываюсь Глебу Орлову", {(OWNER, "reports_to", "Person:Глеб Орлов")}),
    ("Глебу Орлову передали KIT-5", {("Jira:KIT-5", "assigned_to", "Person:Глеб Орлов")}),
    ("Марину Ветрову перевели на Lumen",
     {("Person:Марина Ветрова", "works_on", "Project:Lumen")}),
    ("Юки теперь тимлид Kite", {("Person:Yuki Tanaka", "manages", "Project:Kite")}),
    ("Глеб Сидоров теперь на Lumen", {("Person:Глеб Сидоров", "works_on", "Project:Lumen")}),
    ("теперь я подчиняюсь Ханне Вейсс", {(OWNER, "reports_to", "Person:Hannah Weiss")}),
    ("now I report to Gleb Orlov", {(OWNER, "reports_to", "Person:Глеб Орлов")}),
]  # fmt: skip


@pytest.mark.parametrize(("text", "expected"), RESOLVED)
def test_existing_entities_are_found_in_any_script_and_case(
    world: GraphResolver, text: str, expected: set[Link]
) -> None:
    check(world, text, None, "", expected)


SKIPS = [
    ("сегодня убил 2 часа на KIT-5", SKIP_WORKLOG),
    ("plan for today: emails and a review", SKIP_WORKLOG),
    ("KIT-5 готово на 70%", SKIP_WORKLOG),
    ("spent all afternoon on Ledger bugs", SKIP_WORKLOG),
    ("закрыл KIT-5, завтра займусь тестами", SKIP_WORKLOG),
    ("standup: finished the Kite migration, docs next", SKIP_WORKLOG),
    ("tomorrow I'll be on Kite all day", SKIP_WORKLOG),
    ("кто PM на Lumen?", SKIP_QUESTION),
    ("who owns Ledger", SKIP_QUESTION),
    ("напомни, когда у Саввы соревнования", SKIP_QUESTION),
    ("is Hannah still on Kite?", SKIP_QUESTION),
    ("всем привет!", SKIP_SMALL_TALK),
    ("спасибо, понял", SKIP_SMALL_TALK),
    ("хахаха", SKIP_SMALL_TALK),
    ("good evening", SKIP_SMALL_TALK),
    ("мой пароль от wifi: sunflower42", SKIP_SECRET),
    ("my pin is 4921", SKIP_SECRET),
    ("жара сегодня страшная", SKIP_TRANSIENT),
    ("I'm so sleepy", SKIP_TRANSIENT),
    ("the printer jammed again", SKIP_TRANSIENT),
    ("Глеб опять опоздал на созвон", SKIP_TRANSIENT),
    ("", SKIP_TRANSIENT),
]


@pytest.mark.parametrize(
    ("text", "worklog"),
    [
        ("сегодня убил 2 часа на KIT-5", True),
        ("3 hours on KIT-5 again", True),
        ("the reset link expires in 24 hours", False),
        ("бэкап Ledger делается каждые 6 часов", False),
        ("the Kite cache is flushed every 15 minutes", False),
        ("ответ от поддержки приходит через 2 часа", False),
    ],
)
def test_a_duration_that_says_when_is_not_worklog(text: str, *, worklog: bool) -> None:
    assert is_worklog(text) is worklog


@pytest.mark.parametrize(("text", "reason"), SKIPS)
def test_skip_reasons(world: GraphResolver, text: str, reason: str) -> None:
    proposal = propose(world, text)
    assert proposal.skipped == reason
    assert reason in SKIP_REASONS
    assert not proposal.proposes
    assert proposal.to_json() == {"text": text, "entities": [], "relations": [], "skipped": reason}


def test_a_caller_may_bring_its_own_secret_guard(world: GraphResolver) -> None:
    def guard(text: str) -> str | None:
        return "API key" if "Kite" in text else None

    assert propose(world, "Kite uses Redis").skipped is None
    assert extract("Kite uses Redis", world, secret_check=guard).skipped == SKIP_SECRET


def test_the_json_shape_matches_propose_json(world: GraphResolver) -> None:
    proposal = propose(world, "запомни: мой техлид — Глеб Орлов")
    assert proposal.to_json() == {
        "text": "запомни: мой техлид — Глеб Орлов",
        "entities": [
            {"name": "Person:Глеб Орлов", "lines": ["role: техлид (as_of=2026-03-02, src=auto)"]}
        ],
        "relations": [{"from": OWNER, "relationType": "reports_to", "to": "Person:Глеб Орлов"}],
        "skipped": None,
    }
    assert proposal.proposes


def test_an_existing_endpoint_without_new_lines_is_not_listed(world: GraphResolver) -> None:
    proposal = propose(world, "Kite uses Redis")
    assert [(e.name, e.lines, e.is_new) for e in proposal.entities] == [
        ("Project:Redis", (), True)
    ]


def test_an_explicit_link_is_taken_as_written(world: GraphResolver) -> None:
    proposal = propose(world, "запомни Глеб Орлов -[works_on]-> Lumen")
    assert links(proposal) == {("Person:Глеб Орлов", "works_on", "Project:Lumen")}


def test_an_explicit_link_with_typed_names_keeps_them(world: GraphResolver) -> None:
    """A known name inside "Type:Name" is that entity, never a placeholder in a new name."""
    proposal = propose(world, "Person:Глеб Орлов -[member_of]-> project:lumen")
    assert links(proposal) == {("Person:Глеб Орлов", "member_of", "Project:Lumen")}
    proposal = propose(world, "Person:Rosa Diaz -[knows]-> Person:Глеб Орлов")
    assert links(proposal) == {("Person:Rosa Diaz", "knows", "Person:Глеб Орлов")}
    assert all("⟦" not in e.name for e in proposal.entities)


def test_the_owner_defaults_to_the_resolvers_user() -> None:
    bare = GraphResolver(["Project:Kite"])
    proposal = extract("my boss is Rosa Diaz", bare, today=TODAY)
    assert links(proposal) == {("User:owner", "reports_to", "Person:Rosa Diaz")}
    proposal = extract("my boss is Rosa Diaz", bare, owner="User:Ника", today=TODAY)
    assert links(proposal) == {(OWNER, "reports_to", "Person:Rosa Diaz")}


class TestResolver:
    @pytest.mark.parametrize(
        ("query", "found"),
        [
            ("Глебу Орлову", "Person:Глеб Орлов"),
            ("Gleb", "Person:Глеб Орлов"),
            ("ханна", "Person:Hannah Weiss"),
            ("Юки Танака", "Person:Yuki Tanaka"),
            ("саввы", "Person:Савва"),
            ("kite", "Project:Kite"),
            ("Глеб Сидоров", None),
            ("Орлов", None),
            ("Redis", None),
        ],
    )
    def test_resolve(self, world: GraphResolver, query: str, found: str | None) -> None:
        assert world.resolve(query) == found

    def test_a_type_narrows_the_search(self, world: GraphResolver) -> None:
        assert world.resolve("Kite", "Person") is None
        assert world.resolve("Project:kite") == "Project:Kite"

    def test_a_shared_first_name_is_ambiguous(self) -> None:
        two = GraphResolver(["Person:Глеб Орлов", "Person:Глеб Лис"])
        assert two.resolve("Глеб") is None
        assert two.resolve("Глеба Лиса") == "Person:Глеб Лис"

    @pytest.mark.parametrize(
        ("kin", "found"),
        [("mother", "Person:Ирина Павловна"), ("son", "Person:Савва"), ("father", None),
         ("wife", None), ("cousin", None)],
    )  # fmt: skip
    def test_relatives(self, world: GraphResolver, kin: str, found: str | None) -> None:
        assert world.relative(kin) == found


@pytest.mark.parametrize(
    ("written", "nominative"),
    [
        ("Михаила Орлова", "Михаил Орлов"),
        ("Дарье Соколовой", "Дарья Соколова"),
        ("Галиной Ивановной", "Галина Ивановна"),
        ("Витя Соловьёв", "Витя Соловьёв"),
        ("Марину Ветрову", "Марина Ветрова"),
        ("Олега Кимова", "Олег Кимов"),
        ("Jane Brooks", "Jane Brooks"),
    ],
)
def test_russian_names_are_put_into_the_nominative(written: str, nominative: str) -> None:
    assert lemmatize_name(written) == nominative


@pytest.mark.parametrize(
    ("a", "b"), [("Давид", "David"), ("Коллинз", "Collins"), ("Сергей", "Sergey"),
                 ("Сара", "Sarah"), ("Кузнецов", "Kuznetsov"), ("Джулия", "Julia"),
                 ("Фёдор", "Fyodor"), ("Алёна", "Alyona")],
)  # fmt: skip
def test_both_scripts_share_a_name_key(a: str, b: str) -> None:
    assert latin_key(a) == latin_key(b)
    assert latin_key("Маша") != latin_key("Миша")


@pytest.mark.parametrize(
    ("text", "link"),
    [
        ("Иван работает над KRAKEN", ("Person:Иван", "works_on", "Project:KRAKEN")),
        ("Nina now leads CRM2", ("Person:Nina", "manages", "Project:CRM2")),
        ("VEGA uses Kafka", ("Project:VEGA", "uses", "Project:Kafka")),
    ],
)
def test_an_unknown_acronym_is_a_new_project(text: str, link: tuple[str, str, str]) -> None:
    """With nothing in memory yet, "ESO"-like names still link, as new projects."""
    proposal = extract(text, GraphResolver([OWNER]), today=TODAY)
    assert link in links(proposal)
    new = {e.name for e in proposal.entities if e.is_new}
    assert {link[0], link[2]} - {OWNER} <= new


@pytest.mark.parametrize(
    "text", ["OK, PM is on it", "I live in the USA now", "FYI the PR is merged"]
)
def test_common_acronyms_are_no_projects(text: str) -> None:
    proposal = extract(text, GraphResolver([OWNER]), today=TODAY)
    assert not any(name.startswith("Project:") for name in {e.name for e in proposal.entities})


@pytest.mark.parametrize(
    ("written", "nominative"),
    [("Валерия Кравца", "Валерий Кравец"), ("Валерия Громова", "Валерия Громова")],
)
def test_a_rare_nominative_reading_yields_to_the_surnames_case(
    written: str, nominative: str
) -> None:
    assert lemmatize_name(written) == nominative


@pytest.mark.parametrize(
    ("text", "question", "worklog"),
    [
        ("Yuki still on Kite or did she move", True, False),
        ("we ship whether or not QA signs off", False, False),
        ("the Ledger lead is gonna be Ivo Marx", False, False),
        ("Ledger is deployed on Fly", False, False),
        ("I'm gonna fix KIT-5", False, True),
        ("какую базу выбрали для Quill", True, False),  # any case of "какой" asks
        ("кого назначили лидом платформы", True, False),
        ("куда переехал офис", True, False),
        ("whats the plan for Atlas", True, False),
        ("каждую пятницу релиз Atlas", False, False),
    ],
)
def test_questions_without_a_mark_and_states_that_sound_like_work(
    text: str, *, question: bool, worklog: bool
) -> None:
    assert is_question(text) is question
    assert is_worklog(text) is worklog


INDIRECT = [
    # presented, named after the role, in an oblique case, or with a time for "is"
    ("нам дали нового аналитика — Рустам Гиреев, будет на Ledger", "Person:Рустам Гиреев",
     "аналитик", {("Person:Рустам Гиреев", "works_on", "Project:Ledger")}),
    ("say hi to our new CTO, Ines Duarte", "Person:Ines Duarte", "CTO", set()),
    ("Лейле Гасановой дали роль аналитика в Lumen", "Person:Лейла Гасанова", "аналитик",
     {("Person:Лейла Гасанова", "works_on", "Project:Lumen")}),
    ("the QA lead on Ledger is going to be Bruno Salo", "Person:Bruno Salo", "QA lead",
     {("Person:Bruno Salo", "manages", "Project:Ledger")}),
    ("техлидом Lumen назначили Валерия Кравца", "Person:Валерий Кравец", "техлид",
     {("Person:Валерий Кравец", "manages", "Project:Lumen")}),
    ("тимлидом фронта в Kite теперь будет Арсений Жук", "Person:Арсений Жук", "тимлид",
     {("Person:Арсений Жук", "manages", "Project:Kite")}),
    ("Глеб со вторника техлид на Ledger", "Person:Глеб Орлов", "техлид",
     {("Person:Глеб Орлов", "manages", "Project:Ledger")}),
    # two clauses, apposition with a qualifier, a spouse after a pause
    ("Ivo Marx is now head of product and I report to him", "Person:Ivo Marx", "head of product",
     {(OWNER, "reports_to", "Person:Ivo Marx")}),
    ("my old friend from school, Tobias Lind, lives in Oslo", "Person:Tobias Lind", "Oslo",
     {("Person:Tobias Lind", "friend_of", OWNER)}),
    ("сын Глеба, Платон, ходит в лицей", "Person:Платон", "лицей",
     {("Person:Платон", "child_of", "Person:Глеб Орлов")}),
    ("Yuki got married in June, to a man named Kenji", None, "",
     {("Person:Yuki Tanaka", "married_to", "Person:Kenji")}),
    # reporting and assignment in other forms
    ("I'm reporting to Hannah now", None, "", {(OWNER, "reports_to", "Person:Hannah Weiss")}),
    ("KIT-5 передал Ханне Вейсс", None, "",
     {("Jira:KIT-5", "assigned_to", "Person:Hannah Weiss")}),
]  # fmt: skip


@pytest.mark.parametrize(("text", "person", "words", "expected"), INDIRECT)
def test_people_named_indirectly(
    world: GraphResolver, text: str, person: str | None, words: str, expected: set[Link]
) -> None:
    check(world, text, person, words, expected)


MORE_WORK = [
    ("hannah's helping the Ledger team this month",
     {("Person:Hannah Weiss", "works_on", "Project:Ledger")}),
    ("с 15 апреля я ещё и на Lumen", {(OWNER, "works_on", "Project:Lumen")}),
    ("Юки теперь тестирует и Ledger", {("Person:Yuki Tanaka", "works_on", "Project:Ledger")}),
    ("Рената и Феликс подключаются к Lumen",
     {("Person:Рената", "works_on", "Project:Lumen"),
      ("Person:Феликс", "works_on", "Project:Lumen")}),
    ("Yuki now also looks after Ledger infra",
     {("Person:Yuki Tanaka", "manages", "Project:Ledger")}),
    ("Hannah supports Lumen", {("Person:Hannah Weiss", "works_on", "Project:Lumen")}),
    # a tool the work goes through, a dependency said another way
    ("Lumen's error tracking goes through Rollbar",
     {("Project:Lumen", "uses", "Project:Rollbar")}),
    ("Ledger складывает логи в Loki", {("Project:Ledger", "uses", "Project:Loki")}),
    ("Kite can't run without Ledger", {("Project:Kite", "depends_on", "Project:Ledger")}),
    ("Lumen is fed by Kite events", {("Project:Lumen", "depends_on", "Project:Kite")}),
    ("Ledger sends its metrics to Grafana", {("Project:Ledger", "uses", "Project:Grafana")}),
    ("Глеб собирает релизы Kite через Bitrise",
     {("Person:Глеб Орлов", "uses", "Project:Bitrise")}),
]  # fmt: skip


@pytest.mark.parametrize(("text", "expected"), MORE_WORK)
def test_work_and_tools_said_other_ways(
    world: GraphResolver, text: str, expected: set[Link]
) -> None:
    check(world, text, None, "", expected)


@pytest.mark.parametrize(
    ("text", "words", "about"),
    [
        ("we're moving Ledger to Postgres — agreed at the retro", "postgres",
         ("decided_in", "Project:Ledger")),
        ("KIT-5 откладываем до релиза, так решили", "откладываем", ("concerns", "Jira:KIT-5")),
        ("мы порешали, что в Lumen тесты пишем на pytest", "pytest",
         ("decided_in", "Project:Lumen")),
    ],
)  # fmt: skip
def test_a_decision_word_after_the_content(
    world: GraphResolver, text: str, words: str, about: tuple[str, str]
) -> None:
    proposal = propose(world, text)
    decisions = [e for e in proposal.entities if e.name.startswith("Decision:")]
    assert len(decisions) == 1, proposal.to_json()
    assert words in " ".join(decisions[0].lines).casefold()
    assert (decisions[0].name, *about) in links(proposal)


@pytest.mark.parametrize(
    ("text", "person", "words", "expected"),
    [
        ("my osteopath is Lars Berg", "Person:Lars Berg", "osteopath",
         {("Person:Lars Berg", "doctor_of", OWNER)}),
        ("mom turns 70 in may", "Person:Ирина Павловна", "turns 70", set()),
        ("Dora (my older sister) lives in Graz", "Person:Dora", "Graz",
         {("Person:Dora", "sibling_of", OWNER)}),
        ("Глеб теперь пишет SDK для Lumen", "Person:Глеб Орлов", "SDK",
         {("Person:Глеб Орлов", "works_on", "Project:Lumen")}),
    ],
)  # fmt: skip
def test_bare_kin_asides_and_things_made_for_a_project(
    world: GraphResolver, text: str, person: str, words: str, expected: set[Link]
) -> None:
    proposal = check(world, text, person, words, expected)
    assert not any(e.is_new and e.name.startswith("Project:") for e in proposal.entities)


@pytest.mark.parametrize("text", ["Гайка перекинули на Lumen", "Гайка забрали в Lumen"])
def test_a_name_hidden_behind_a_common_noun_is_found(text: str) -> None:
    resolver = GraphResolver([OWNER, "Person:Гайк Аветисян", "Project:Lumen"])
    assert lemmatize_name("Гайка") == "Гайк"
    proposal = extract(text, resolver, today=TODAY)
    assert ("Person:Гайк Аветисян", "works_on", "Project:Lumen") in links(proposal)
