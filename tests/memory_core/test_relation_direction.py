"""Which end of a link a question asks for, and relation types under other names.

"кому Борис подчиняется" asks for the end of Борис's own reports_to link, "кто подчиняется
Борису" for those whose link ends at him; "чей ментор Полина" for whom Полина mentors.
A graph written with ``mentor_of`` is read as one with ``mentors``.
"""

from __future__ import annotations

import io
import json

import pytest

from memory_core import ScopedMemory
from memory_core.graph_rank import asked, canonical_type
from memory_core.jsonl import import_jsonl
from memory_core.recall import RecallOptions, recall

NO_WRITE = RecallOptions(reinforce=False)

ENTITIES = {
    "User:Ника": ["role: CTO (as_of=2025-03-01, src=user)"],
    "Person:Борис Ляхов": ["role: head of backend (as_of=2025-03-01, src=user)"],
    "Person:Инна Серова": ["role: backend developer (as_of=2025-03-01, src=user)"],
    "Person:Юрий Седых": ["role: SRE (as_of=2025-03-01, src=user)"],
    "Person:Полина Жук": ["role: senior QA (as_of=2025-03-01, src=user)"],
    "Person:Глеб Орлов": ["role: junior QA, joined in May (as_of=2025-05-01, src=user)"],
    "Person:Пётр Серов": ["fact: мой папа, живёт в Самаре (as_of=2025-03-01, src=user)"],
    "Person:Анна Вишня": ["role: кардиолог (as_of=2025-03-01, src=user)"],
    "Jira:OPS-7": ["status: blocked (as_of=2025-06-01, src=auto)"],
    "Jira:OPS-3": ["status: in progress (as_of=2025-06-01, src=auto)"],
    "Person:Рыжик": ["fact: наш кот, 4 года (as_of=2025-03-01, src=user)"],
    "Person:Ирма Лайне": ["role: ветеринар (as_of=2025-03-01, src=user)"],
    "Person:Тоня Серова": ["fact: дочка, учится плавать (as_of=2025-03-01, src=user)"],
    "Person:Wade Cole": ["role: swim coach (as_of=2025-03-01, src=user)"],
    "Project:Gull": ["fact: партнёрский API (as_of=2025-03-01, src=user)"],
    "Person:Ada Quist": ["role: staff engineer (as_of=2025-03-01, src=user)"],
    "Person:Lukas Brandt": ["role: ортодонт (as_of=2025-03-01, src=user)"],
    "Person:Jonas Berg": ["contact: +357 99 000000 (as_of=2025-03-01, src=user)"],
    "Person:Ида Ким": ["fact: сдаёт экзамены в июне (as_of=2025-03-01, src=user)"],
    "Project:Ремонт на Лесной": ["fact: плитка, сантехника, сроки (as_of=2025-03-01, src=user)"],
    "Person:Гоша Клим": ["role: прораб (as_of=2025-03-01, src=user)"],
    "Person:Ева Лунд": ["role: дизайнер интерьера (as_of=2025-03-01, src=user)"],
    "Project:Office Relocation": ["fact: new lease from May (as_of=2025-03-01, src=user)"],
    "Person:Mark Hale": ["role: facilities manager (as_of=2025-03-01, src=user)"],
    "Person:Ян Хольм": ["role: стоматолог (as_of=2025-03-01, src=user)"],
    "Person:Рита Ли": ["role: детский стоматолог (as_of=2025-03-01, src=user)"],
    "Person:Зоя Юн": ["role: классный руководитель 5 Б (as_of=2025-03-01, src=user)"],
    **{f"Person:Стажёр {i}": [f"role: стажёр {i} (as_of=2025-03-01)"] for i in range(12)},
    "Person:Гриша Серов": ["fact: 3 класс, футбол (as_of=2025-03-01, src=user)"],
    "Person:Ася Мир": ["role: классный руководитель 3 А (as_of=2025-03-01, src=user)"],
}
RELATIONS = [
    ("Person:Борис Ляхов", "reports_to", "User:Ника"),
    ("Person:Инна Серова", "reports_to", "Person:Борис Ляхов"),
    ("Person:Юрий Седых", "reports_to", "Person:Борис Ляхов"),
    ("Person:Полина Жук", "mentor_of", "Person:Глеб Орлов"),
    ("User:Ника", "child_of", "Person:Пётр Серов"),
    ("Person:Анна Вишня", "doctor_of", "Person:Пётр Серов"),
    ("Jira:OPS-7", "depends_on", "Jira:OPS-3"),
    ("Jira:OPS-3", "assigned_to", "Person:Юрий Седых"),
    ("Person:Ирма Лайне", "vet_of", "Person:Рыжик"),
    ("Person:Wade Cole", "instructor_of", "Person:Тоня Серова"),
    ("Person:Ada Quist", "owns", "Project:Gull"),
    ("Person:Lukas Brandt", "orthodontist_of", "Person:Тоня Серова"),
    ("Person:Jonas Berg", "landlord_of", "User:Ника"),
    ("User:Ника", "plays_in", "Person:Борис Ляхов"),
    ("Person:Гоша Клим", "works_on", "Project:Ремонт на Лесной"),
    ("Person:Ева Лунд", "works_on", "Project:Ремонт на Лесной"),
    ("Person:Mark Hale", "works_on", "Project:Office Relocation"),
    ("Person:Тоня Серова", "child_of", "User:Ника"),
    ("Person:Ян Хольм", "doctor_of", "User:Ника"),
    ("Person:Рита Ли", "doctor_of", "Person:Тоня Серова"),
    ("Person:Зоя Юн", "teacher_of", "Person:Тоня Серова"),
    ("Person:Гриша Серов", "child_of", "User:Ника"),
    ("Person:Ася Мир", "teacher_of", "Person:Гриша Серов"),
    # the owner's team is large: her daughter's links are not among the first few read
    *((f"Person:Стажёр {i}", "reports_to", "Person:Борис Ляхов") for i in range(12)),
]


@pytest.fixture
async def linked(owner: ScopedMemory) -> ScopedMemory:
    lines = [
        {"type": "entity", "name": n, "entityType": n.split(":")[0], "observations": o}
        for n, o in ENTITIES.items()
    ]
    lines += [{"type": "relation", "from": a, "relationType": t, "to": b} for a, t, b in RELATIONS]
    text = "\n".join(json.dumps(line, ensure_ascii=False) for line in lines) + "\n"
    await import_jsonl(owner, io.StringIO(text))
    return owner


@pytest.mark.parametrize(
    ("name", "known"),
    [
        ("mentor_of", "mentors"),
        ("is_mentor_of", "mentors"),
        ("lead", "leads"),
        ("owns", "owns"),
        ("orthodontist_of", "doctor_of"),
    ],
)
def test_a_relation_type_is_known_under_other_names(name: str, known: str) -> None:
    assert canonical_type(name) == known
    assert canonical_type("sponsor_of_record") == "sponsor_of_record"


@pytest.mark.parametrize(
    ("question", "subject"),
    [
        ("кому Борис подчиняется", True),
        ("чей ментор Полина", True),
        ("кого я менторю", True),
        ("who does Boris report to", True),
        ("кто подчиняется Борису", False),
        ("who reports to Boris", False),
        ("кто ментор Глеба", False),
    ],
)
def test_a_question_says_whether_the_named_one_is_the_subject(
    question: str, subject: bool
) -> None:
    assert asked(question.lower().split()).subject is subject


async def test_whom_someone_reports_to_is_the_end_of_their_own_link(linked: ScopedMemory) -> None:
    result = await recall(linked, "кому Борис подчиняется", NO_WRITE)
    assert result.nodes[:1] == ("User:Ника",)


async def test_who_reports_to_someone_are_those_whose_link_ends_there(
    linked: ScopedMemory,
) -> None:
    result = await recall(linked, "кто подчиняется Борису", NO_WRITE)
    assert {"Person:Инна Серова", "Person:Юрий Седых"} <= set(result.nodes[:3])
    assert "User:Ника" not in result.nodes[:2]


async def test_whose_mentor_someone_is_follows_their_mentor_of_link(linked: ScopedMemory) -> None:
    result = await recall(linked, "чей ментор Полина?", NO_WRITE)
    assert result.nodes[:1] == ("Person:Глеб Орлов",)
    result = await recall(linked, "кто ментор Глеба", NO_WRITE)
    assert result.nodes[:1] == ("Person:Полина Жук",)


@pytest.mark.parametrize(
    ("question", "target"),
    [
        ("на что завязана OPS-7?", "Jira:OPS-3"),
        ("что блочит OPS-7", "Jira:OPS-3"),
        ("OPS-7 на какой задаче висит", "Jira:OPS-3"),
        ("на ком висит OPS-3", "Person:Юрий Седых"),
        ("кто лечит папу", "Person:Анна Вишня"),
        ("какой ветеринар у Рыжика", "Person:Ирма Лайне"),
        ("кто учит Тоню плавать", "Person:Wade Cole"),
        ("кто овнит Gull", "Person:Ada Quist"),
        ("which people are under Boris", "Person:Инна Серова"),
        ("кто ортодонт у Тони", "Person:Lukas Brandt"),
        ("кто лечит Рыжика", "Person:Ирма Лайне"),
    ],
)
async def test_slang_and_speciality_words_ask_for_a_link(
    linked: ScopedMemory, question: str, target: str
) -> None:
    result = await recall(linked, question, NO_WRITE)
    assert target in result.nodes[:3]


async def test_an_entry_holding_every_word_outranks_what_its_links_bring(
    owner: ScopedMemory,
) -> None:
    lines = [
        {"type": "entity", "name": "User:Ян", "entityType": "User",
         "observations": ["fact: play amateur hockey, team Polar Bears"]},
        {"type": "entity", "name": "Person:Ева Рой", "entityType": "Person",
         "observations": ["role: QA lead of the platform team"]},
        {"type": "relation", "from": "Person:Ева Рой", "relationType": "reports_to",
         "to": "User:Ян"},
    ]  # fmt: skip
    text = "\n".join(json.dumps(line, ensure_ascii=False) for line in lines) + "\n"
    await import_jsonl(owner, io.StringIO(text))
    result = await recall(owner, "what hockey team do i play for", NO_WRITE)
    assert result.nodes[:1] == ("User:Ян",)


async def test_a_relation_asked_of_us_alone_starts_at_the_owner(linked: ScopedMemory) -> None:
    result = await recall(linked, "кто нам сдаёт квартиру", NO_WRITE)
    assert "Person:Jonas Berg" in result.nodes[:3]
    result = await recall(linked, "кто сдаёт квартиру", NO_WRITE)
    assert "Person:Jonas Berg" not in result.nodes


@pytest.mark.parametrize(
    ("question", "targets"),
    [
        ("кто занимается ремонтом", {"Person:Гоша Клим", "Person:Ева Лунд"}),
        ("кто у нас на ремонте работает", {"Person:Гоша Клим", "Person:Ева Лунд"}),
        ("who is working on the relocation", {"Person:Mark Hale"}),
    ],
)
async def test_a_word_of_a_longer_name_is_the_subject_of_a_link_question(
    linked: ScopedMemory, question: str, targets: set[str]
) -> None:
    # the people's lines never name the project, only the works_on links lead to them; the
    # subject's word is common in other lines, the cue word rare: no entry covers enough
    lines = [f"fact: ремонт кухни и relocation costs, часть {i}" for i in range(8)]
    lines.append("fact: сын занимается спортом, working nights (as_of=2025-03-01)")
    fillers = [
        {"type": "entity", "name": f"Note:notes/misc/{i}.md", "entityType": "Note",
         "observations": [line]}
        for i, line in enumerate(lines)
    ]  # fmt: skip
    text = "\n".join(json.dumps(f, ensure_ascii=False) for f in fillers) + "\n"
    await import_jsonl(linked, io.StringIO(text))
    result = await recall(linked, question, NO_WRITE)
    assert targets <= set(result.nodes[:3])


@pytest.mark.parametrize(
    ("question", "target"),
    [
        ("кто классуха у дочки", "Person:Зоя Юн"),
        ("какой стоматолог у меня", "Person:Ян Хольм"),
        ("как зовут папиного врача", "Person:Анна Вишня"),
    ],
)
async def test_a_relatives_link_is_followed_from_the_owner(
    linked: ScopedMemory, question: str, target: str
) -> None:
    # the answer's lines never name the relative: the way is owner -> relative -> answer
    result = await recall(linked, question, NO_WRITE)
    assert result.nodes[:1] == (target,)


async def test_a_relatives_doctor_comes_before_the_owners_own(linked: ScopedMemory) -> None:
    result = await recall(linked, "какой стоматолог у дочки", NO_WRITE)
    assert "Person:Рита Ли" in result.nodes[:2]
    assert "Person:Ян Хольм" not in result.nodes[:2]


@pytest.mark.parametrize("question", ["кто наш юрист", "кто у нас нотариус по сделкам"])
async def test_a_link_no_one_has_brings_no_one_from_the_owner(
    linked: ScopedMemory, question: str
) -> None:
    # the owner is linked to many people, none of them by the link asked for
    result = await recall(linked, question, NO_WRITE)
    assert result.nodes == ()


@pytest.mark.parametrize("question", ["кто под Борисом сидит?", "кто у нас под Борисом"])
async def test_who_is_under_someone_are_those_who_report_to_them(
    linked: ScopedMemory, question: str
) -> None:
    reports = {a for a, t, b in RELATIONS if t == "reports_to" and b == "Person:Борис Ляхов"}
    result = await recall(linked, question, NO_WRITE)
    assert result.nodes[0] in reports
    assert len(reports & set(result.nodes[:3])) >= 2


@pytest.mark.parametrize(
    ("question", "target", "not_first"),
    [
        ("кто классуха у сына", "Person:Ася Мир", "Person:Зоя Юн"),
        ("кто классуха у дочки", "Person:Зоя Юн", "Person:Ася Мир"),
        ("who is my son's teacher", "Person:Ася Мир", "Person:Зоя Юн"),
    ],
)
async def test_a_son_is_not_a_daughter(
    linked: ScopedMemory, question: str, target: str, not_first: str
) -> None:
    result = await recall(linked, question, NO_WRITE)
    assert result.nodes[:1] == (target,)
    assert not_first not in result.nodes[:1]
