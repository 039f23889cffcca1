"""Graph-aware ranking: what a question asks for, and scores spread along relations."""

from __future__ import annotations

import pytest

from memory_core.graph_rank import Asked, asked, is_cue, spread
from memory_core.models import Relation

PM = Relation("Person:Ольга Орлова", "Project:Orion", "pm_of")
WORKS = Relation("Person:Dan Ross", "Project:Orion", "works_on")
NOTE = Relation("Note:notes/m/2025-03-01-orion.md", "Project:Orion", "covers")
REF = Relation("Note:notes/m/2025-03-01-orion.md", "Jira:ORN-7", "references")
BOSS = Relation("Person:Ольга Орлова", "Person:Rita Hale", "reports_to")
TYPES = {
    "Person:Ольга Орлова": "Person",
    "Person:Dan Ross": "Person",
    "Person:Rita Hale": "Person",
    "Project:Orion": "Project",
    "Note:notes/m/2025-03-01-orion.md": "Note",
    "Jira:ORN-7": "Jira",
}
GRAPH = [PM, WORKS, NOTE, REF, BOSS]


@pytest.mark.parametrize(
    ("words", "relation", "want"),
    [
        (["кто", "пм", "на", "orion"], "pm_of", "Person"),
        (["who", "is", "the", "pm", "for", "orion"], "pm_of", "Person"),
        (["кому", "подчиняется", "ольга"], "reports_to", "Person"),
        (["who", "reports", "to", "rita"], "reports_to", "Person"),
        (["кто", "врач", "у", "сына"], "doctor_of", "Person"),
        (["who", "is", "my", "dentist"], "doctor_of", "Person"),
        (["кто", "работает", "над", "orion"], "works_on", "Person"),
        (["что", "зависит", "от", "orn-7"], "depends_on", None),
        (["кто", "предложил", "postgres"], "recommends", "Person"),
        (["who", "is", "my", "landlord"], "landlord_of", "Person"),
        (["как", "зовут", "жену", "олега"], "married_to", None),
        (["who", "reprots", "to", "rita"], "reports_to", "Person"),
        (["кто", "пилит", "orion"], "works_on", "Person"),  # slang
        (["кто", "ведет", "orion"], "leads", "Person"),
        (["кто", "рулит", "orion"], "leads", "Person"),
        (["на", "ком", "висит", "orn-7"], "assigned_to", "Person"),  # "на ком": on whom
    ],
)
def test_the_question_names_a_relation(words: list[str], relation: str, want: str | None) -> None:
    got = asked(words)
    assert relation in got.relation_types
    assert got.want_type == want


@pytest.mark.parametrize(
    ("words", "want"),
    [
        (["где", "обсуждали", "orn-7"], "Note"),
        (["в", "каких", "заметках", "есть", "orn-7"], "Note"),
        (["notes", "where", "dan", "comes", "up"], "Note"),
        (["what", "did", "we", "decide", "on", "orion"], "Decision"),
        (["что", "решили", "по", "orion"], "Decision"),
    ],
)
def test_the_question_names_a_kind_of_entity(words: list[str], want: str) -> None:
    assert asked(words).want_type == want


def test_a_plain_question_asks_for_nothing_special() -> None:
    assert asked(["status", "of", "orion"]) == Asked()


def test_the_linked_person_outranks_the_project_asked_about() -> None:
    question = asked(["кто", "пм", "на", "orion"])
    reached = spread({"Project:Orion": 1.0}, GRAPH, question, TYPES)
    pm = reached["Person:Ольга Орлова"]
    assert pm.score > 1.0  # above the seed itself
    assert pm.via == [PM]
    assert pm.score > reached["Person:Dan Ross"].score
    assert pm.score > reached["Note:notes/m/2025-03-01-orion.md"].score


def test_a_key_without_lines_brings_the_note_that_references_it() -> None:
    question = asked(["где", "обсуждали", "orn-7"])
    reached = spread({"Jira:ORN-7": 1.0}, GRAPH, question, TYPES)
    best = max(reached, key=lambda n: reached[n].score)
    assert best == "Note:notes/m/2025-03-01-orion.md"


def test_scores_decay_with_each_hop_and_stop_after_two() -> None:
    question = Asked()
    reached = spread({"Jira:ORN-7": 1.0}, GRAPH, question, TYPES)
    note = reached["Note:notes/m/2025-03-01-orion.md"].score
    project = reached["Project:Orion"]
    assert project.score < note
    assert project.via == [REF, NOTE]
    assert "Person:Rita Hale" not in reached  # three hops away
    one_hop = spread({"Jira:ORN-7": 1.0}, GRAPH, question, TYPES, hops=1)
    assert set(one_hop) == {"Note:notes/m/2025-03-01-orion.md"}


def test_a_seed_is_reached_only_when_a_link_lifts_it() -> None:
    reached = spread({"Project:Orion": 1.0, "Person:Dan Ross": 0.5}, GRAPH, Asked(), TYPES)
    assert "Project:Orion" not in reached
    assert "Person:Dan Ross" not in reached
    assert spread({"Project:Orion": 0.0}, GRAPH, Asked(), TYPES) == {}
    # a weak word match on a note is lifted by the key it references, when notes are asked for
    question = asked(["в", "какой", "заметке", "orn-7"])
    seeds = {"Jira:ORN-7": 1.0, "Note:notes/m/2025-03-01-orion.md": 0.2}
    lifted = spread(seeds, GRAPH, question, TYPES)["Note:notes/m/2025-03-01-orion.md"]
    assert lifted.score > 1.0


def test_a_seed_that_holds_the_role_asked_about_is_the_answer() -> None:
    """ "к доктору Ивановой": the doctor is named, her patients are not lifted above her."""
    doctor = Relation("Person:Анна Иванова", "Person:Миша", "doctor_of")
    types = {"Person:Анна Иванова": "Person", "Person:Миша": "Person"}
    question = asked(["записаться", "к", "доктору", "ивановой"])
    reached = spread({"Person:Анна Иванова": 1.0}, [doctor], question, types)
    assert reached["Person:Миша"].score < 1.0
    assert not reached["Person:Миша"].asked
    # asked from the patient's side, the doctor is the answer
    reached = spread({"Person:Миша": 1.0}, [doctor], asked(["кто", "врач", "у", "миши"]), types)
    assert reached["Person:Анна Иванова"].score > 1.0
    assert reached["Person:Анна Иванова"].asked


def test_cue_words_say_what_is_asked_not_about_what() -> None:
    assert all(is_cue(w) for w in ["кто", "врач", "notes", "пм", "reports", "заметках"])
    assert not any(is_cue(w) for w in ["polaris", "миграция", "budget", "варя", "kst-91"])


def test_short_cue_words_need_their_exact_spelling() -> None:
    """One typo is forgiven only in long cue words: "lad" is not "lead", "son" not "sin"."""
    assert asked(["sin", "lad", "bos"]).relation_types == frozenset()


def test_who_questions_lift_people_not_the_projects_they_lead() -> None:
    """ "who runs the warehouse team": a lead's project is not lifted above people."""
    leads = Relation("Person:Ира", "Project:Harbor", "leads")
    types = {"Person:Ира": "Person", "Project:Harbor": "Project"}
    question = asked(["who", "runs", "the", "warehouse", "team"])
    assert "leads" in question.relation_types
    reached = spread({"Person:Ира": 0.4}, [leads], question, types)
    assert not reached["Project:Harbor"].asked
    assert reached["Project:Harbor"].score < 0.4


PARENTS = {"Person:Зоя", "Person:Гурам"}


@pytest.mark.parametrize(
    ("words", "answers"),
    [
        (["как", "зовут", "мою", "дочь"], {"Person:Лея"}),
        (["my", "daughter"], {"Person:Лея"}),
        (["сколько", "лет", "маме"], {"Person:Зоя"}),  # the mother, not the father
        (["my", "father"], {"Person:Гурам"}),
        (["my", "parents"], PARENTS),
    ],
)
def test_a_kin_word_asks_for_one_end_of_a_parent_child_link(
    words: list[str], answers: set[str]
) -> None:
    """ "Моя дочь" is the owner's child, not the owner's mother: the links are child_of
    both ways (and one parent_of), told apart by their direction."""
    owner = "User:Нина"
    graph = [
        Relation("Person:Лея", owner, "child_of"),
        Relation(owner, "Person:Зоя", "child_of"),
        Relation("Person:Гурам", owner, "parent_of"),
    ]
    types = {owner: "User", "Person:Лея": "Person", **dict.fromkeys(PARENTS, "Person")}
    reached = spread({owner: 1.0}, graph, asked(words), types)
    others = [reached[n].score for n in reached if n not in answers]
    assert all(reached[n].score > max(others, default=0.0) for n in answers)
