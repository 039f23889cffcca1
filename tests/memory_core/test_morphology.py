"""Tests for memory_core.morphology: lemmas of names and nouns, diminutives, lazy loading."""

from __future__ import annotations

import json
import os
import subprocess
import sys
import textwrap
from pathlib import Path

import pytest

from memory_core import morphology
from memory_core.language import stem
from memory_core.morphology import MAX_LEMMAS, backend, lemmas, name_forms

ROOT = Path(__file__).resolve().parents[2]

# lemma: its six singular cases (nominative, genitive, dative, accusative, instrumental,
# prepositional); forms shared with another lemma's reading are checked for membership.
DECLENSIONS = {
    "иван": "Иван Ивана Ивану Ивана Иваном Иване",
    "лилия": "Лилия Лилии Лилии Лилию Лилией Лилии",
    "таисия": "Таисия Таисии Таисии Таисию Таисией Таисии",
    "аркадий": "Аркадий Аркадия Аркадию Аркадия Аркадием Аркадии",
    "наташа": "Наташа Наташи Наташе Наташу Наташей Наташе",
    "михаил": "Михаил Михаила Михаилу Михаила Михаилом Михаиле",
    "ольга": "Ольга Ольги Ольге Ольгу Ольгой Ольге",
    "лев": "Лев Льва Льву Льва Львом Льве",
    "павел": "Павел Павла Павлу Павла Павлом Павле",
    "петр": "Пётр Петра Петру Петра Петром Петре",
    "илья": "Илья Ильи Илье Илью Ильёй Илье",
    "никита": "Никита Никиты Никите Никиту Никитой Никите",
    "любовь": "Любовь Любови Любови Любовь Любовью Любови",
    "петров": "Петров Петрова Петрову Петрова Петровым Петрове",
    "петрова": "Петрова Петровой Петровой Петрову Петровой Петровой",
    "гарипова": "Гарипова Гариповой Гариповой Гарипову Гариповой Гариповой",
    "сафонов": "Сафонов Сафонова Сафонову Сафонова Сафоновым Сафонове",
    "щукин": "Щукин Щукина Щукину Щукина Щукиным Щукине",
    "цой": "Цой Цоя Цою Цоя Цоем Цое",
    "пагинация": "пагинация пагинации пагинации пагинацию пагинацией пагинации",
    "миграция": "миграция миграции миграции миграцию миграцией миграции",
    "стратегия": "стратегия стратегии стратегии стратегию стратегией стратегии",
    "релиз": "релиз релиза релизу релиз релизом релизе",
    "встреча": "встреча встречи встрече встречу встречей встрече",
}

PLURALS = {
    "Петровых": "петров", "Ивановых": "иванов", "Петровыми": "петров", "Жуковых": "жуков",
    "Смирновым": "смирнов", "Островских": "островский", "Наташи": "наташа",
    "миграций": "миграция", "релизами": "релиз",
}  # fmt: skip


@pytest.mark.parametrize(("lemma", "forms"), DECLENSIONS.items())
def test_every_case_gives_the_lemma(lemma: str, forms: str) -> None:
    """All six cases of a name, surname or noun lead back to its normal form."""
    for form in forms.split():
        found = lemmas(form)
        assert lemma in found, (form, found)
        assert 1 <= len(found) <= MAX_LEMMAS
        assert len(set(found)) == len(found)


@pytest.mark.parametrize(
    ("form", "best"),
    [
        ("Ивану", "иван"), ("Лилией", "лилия"), ("Таисию", "таисия"), ("Аркадию", "аркадий"),
        ("Наташи", "наташа"), ("пагинации", "пагинация"), ("миграцию", "миграция"),
        ("Петровой", "петрова"), ("Кузнецовой", "кузнецова"), ("Ивановны", "ивановна"),
        ("Артёму", "артем"), ("Ёлкиной", "елкина"), ("Тому", "том"),
    ],
)  # fmt: skip
def test_the_best_lemma_comes_first(form: str, best: str) -> None:
    """Names win for capitalized words; a woman's surname stays feminine; ё is е."""
    assert lemmas(form)[0] == best


@pytest.mark.parametrize(("form", "lemma"), PLURALS.items())
def test_plural_forms_give_the_singular_lemma(form: str, lemma: str) -> None:
    """Plural surnames (the Petrovs) and nouns lead to the singular normal form."""
    assert lemmas(form)[0] == lemma


def test_ambiguous_forms_keep_both_readings() -> None:
    """Петрова is Petrov's genitive or Petrova herself; Александра is either name."""
    assert set(lemmas("Петрова")) >= {"петров", "петрова"}
    assert set(lemmas("Александра")) >= {"александр", "александра"}
    assert lemmas("Аркадию")[0] == "аркадий"
    assert "аркадия" in lemmas("аркадию")


@pytest.mark.parametrize(
    ("word", "expected"), [("Ivan", ("ivan",)), ("Nikolić", ("nikolic",)), ("2025", ("2025",)),
                           ("ESO159", ("eso159",)), ("", ())],
)  # fmt: skip
def test_words_without_russian_letters_come_back_folded(
    word: str, expected: tuple[str, ...]
) -> None:
    assert lemmas(word) == expected


# --- name forms ---------------------------------------------------------------------

DIMINUTIVES = [
    ("Ваня", {"иван"}), ("Ванечку", {"иван"}), ("Саше", {"александр", "александра"}),
    ("Шуры", {"александр", "александра"}), ("Миша", {"михаил"}), ("Мишки", {"михаил"}),
    ("Наташе", {"наталья", "наталия"}), ("Диме", {"дмитрий"}), ("Варей", {"варвара"}),
    ("Кати", {"екатерина"}), ("Лёше", {"алексей"}), ("Серёжи", {"сергей"}),
    ("Жене", {"евгений", "евгения"}), ("Тане", {"татьяна"}), ("Машу", {"мария"}),
    ("Коле", {"николай"}), ("Насте", {"анастасия"}), ("Юлю", {"юлия"}),
]  # fmt: skip


@pytest.mark.parametrize(("word", "full"), DIMINUTIVES)
def test_a_diminutive_in_any_case_gives_its_full_names(word: str, full: set[str]) -> None:
    assert full <= name_forms(word), name_forms(word)


@pytest.mark.parametrize(
    ("word", "shorts"),
    [("Иван", {"ваня", "ванечка"}), ("Ивану", {"ваня"}), ("Александра", {"саша", "шура"}),
     ("Михаилом", {"миша", "мишка"}), ("Екатерины", {"катя"}), ("Алексею", {"леша"})],
)  # fmt: skip
def test_a_full_name_in_any_case_gives_its_diminutives(word: str, shorts: set[str]) -> None:
    forms = name_forms(word)
    assert shorts <= forms
    assert set(lemmas(word)) <= forms


def test_names_of_different_people_stay_apart() -> None:
    """Forms never link unrelated names or a surname to a first name."""
    assert "иван" not in name_forms("Миша")
    assert "михаил" not in name_forms("Ваня")
    assert name_forms("Петрову") == frozenset(lemmas("Петрову"))
    assert name_forms("Nikolić") == frozenset({"nikolic"})


def test_the_diminutive_table_is_normalized_and_large_enough() -> None:
    """Keys and values are lower case with е for ё; about 60+ full names are covered."""
    table = morphology._TO_DIMINUTIVES
    assert len(table) >= 60
    for full, shorts in table.items():
        for word in (full, *shorts):
            assert word == word.lower(), word
            assert "ё" not in word, word
        for short in shorts:
            assert full in morphology._TO_FULL[short]


def test_every_diminutive_in_the_table_is_reached() -> None:
    """Each diminutive, written as a name, gives its full name (the table is not dead)."""
    for full, shorts in morphology._TO_DIMINUTIVES.items():
        assert full in name_forms(full.capitalize()), full
        for short in shorts:
            assert full in name_forms(short.capitalize()), (short, name_forms(short))


# --- loading and the fallback -------------------------------------------------------


def _run(code: str) -> dict[str, object]:
    """Run Python code in a fresh interpreter; it prints one JSON object."""
    env = {**os.environ, "PYTHONPATH": str(ROOT)}
    done = subprocess.run(
        [sys.executable, "-c", textwrap.dedent(code)],
        capture_output=True, text=True, env=env, cwd=ROOT, check=True, timeout=60,
    )  # fmt: skip
    result: dict[str, object] = json.loads(done.stdout.strip().splitlines()[-1])
    return result


def test_the_analyzer_loads_on_first_use_not_at_import() -> None:
    """Importing the module leaves pymorphy3 unloaded; the first lemma loads it."""
    result = _run(
        """
        import json, sys
        import memory_core.morphology as m
        before = "pymorphy3" in sys.modules
        lemma = m.lemmas("Ивану")
        print(json.dumps({"before": before, "after": "pymorphy3" in sys.modules,
                          "lemma": lemma, "backend": m.backend()}))
        """
    )
    assert result == {"before": False, "after": True, "lemma": ["иван"], "backend": "pymorphy3"}


def test_threads_share_one_analyzer() -> None:
    """Many threads asking at once build the analyzer exactly once."""
    result = _run(
        """
        import json, threading, pymorphy3
        import memory_core.morphology as m
        built = []
        class Counted(pymorphy3.MorphAnalyzer):
            def __init__(self, *args, **kwargs):
                built.append(1)
                super().__init__(*args, **kwargs)
        pymorphy3.MorphAnalyzer = Counted
        start = threading.Barrier(8)
        found = []
        def work(word):
            start.wait()
            found.append(m.lemmas(word)[0])
        words = ["Ивану", "Петровых", "Лилией", "Таисию", "Аркадию", "Наташи", "Льву", "Цою"]
        threads = [threading.Thread(target=work, args=(w,)) for w in words]
        for t in threads: t.start()
        for t in threads: t.join()
        print(json.dumps({"built": len(built), "found": sorted(found)}))
        """
    )
    assert result["built"] == 1
    assert result["found"] == sorted(
        ["иван", "петров", "лилия", "таисия", "аркадий", "наташа", "лев", "цой"]
    )


def test_without_pymorphy3_stems_stand_in_for_lemmas() -> None:
    """A bare machine (pymorphy3 not importable) falls back to language.stem."""
    result = _run(
        """
        import json, sys
        sys.modules["pymorphy3"] = None  # makes "import pymorphy3" raise ImportError
        import memory_core.morphology as m
        print(json.dumps({
            "backend": m.backend(),
            "lemmas": {w: m.lemmas(w) for w in ["Ивану", "Петровых", "Лилией", "Ivan"]},
            "forms": {w: sorted(m.name_forms(w)) for w in ["Ване", "Мишки", "Ивану"]},
        }))
        """
    )
    assert result["backend"] == "stem"
    expected_lemmas = {w: [stem(w)] for w in ["Ивану", "Петровых", "Лилией"]}
    assert result["lemmas"] == {**expected_lemmas, "Ivan": ["ivan"]}
    forms = result["forms"]
    assert isinstance(forms, dict)
    assert stem("Иван") in forms["Ване"]
    assert stem("Михаил") in forms["Мишки"]
    assert {stem("Ваня"), stem("Ванечка")} <= set(forms["Ивану"])


def test_this_process_uses_pymorphy3() -> None:
    """The test environment has pymorphy3, so the tables above test the real analyzer."""
    assert backend() == "pymorphy3"


def test_one_analyzer_serves_every_module() -> None:
    """Its dictionaries take ~20 MB: word forms, names and extraction share one copy."""
    from memory_core import extraction_names, wordforms

    shared = morphology.analyzer()
    assert shared is not None
    assert wordforms._morph() is shared
    assert extraction_names.morph() is shared
