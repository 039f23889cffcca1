"""Russian <-> English word translations from the glossaries and an installed dictionary."""

from __future__ import annotations

import logging
from collections.abc import Iterator
from pathlib import Path

import pytest

from memory_core import bilingual, dictd, wordforms
from memory_core.bilingual import Bilingual, Glossary, parse_glossary
from tests.memory_core.fake_dictd import write_dictd

# Words the shipped glossary does not hold, so only the dictionary answers for them.
ARTICLES = {
    "beacon": """   1. _n.
      1) маяк, бакен
      2) сигнальный огонь
   2. _v. освещать""",
    "lighthouse": "   _n. маяк",
    "hoard": """   1. _n. запас
   2. _v.
      1) копить; to hoard up money копить деньги
      2) припрятывать""",
    "save": """   _v.
      1) спасать
      2) копить; экономить""",
    "scissors": "   _n. _pl. ножницы",
    "pier": """   _n.
   1) пирс, мол
   2) причал""",
}
SYSTEM_DICTD = Path("/usr/share/dictd")


@pytest.fixture
def dict_dir(tmp_path: Path) -> Path:
    folder = tmp_path / "dictd"
    write_dictd(folder, "mueller7", ARTICLES)
    return folder


@pytest.fixture
def translator(tmp_path: Path, dict_dir: Path) -> Iterator[Bilingual]:
    b = Bilingual(dict_dir, cache_dir=tmp_path / "cache")
    yield b
    b.close()


@pytest.fixture
def bare(tmp_path: Path) -> Iterator[Bilingual]:
    """A machine without any dictionary package: glossaries only."""
    b = Bilingual(tmp_path / "no-dictd", cache_dir=tmp_path / "cache")
    yield b
    b.close()


@pytest.fixture
def no_pymorphy(monkeypatch: pytest.MonkeyPatch) -> Iterator[None]:
    """Run as where pymorphy3 is not installed."""
    monkeypatch.setattr(wordforms, "_morph", lambda: None)
    wordforms.lemmas.cache_clear()
    wordforms.fallback_forms.cache_clear()
    yield
    wordforms.lemmas.cache_clear()
    wordforms.fallback_forms.cache_clear()


def test_english_word_gives_russian_best_first(translator: Bilingual) -> None:
    """First senses first, each part of speech's first sense before later senses."""
    assert translator.translations("beacon") == ("маяк", "бакен", "освещать", "сигнальный огонь")
    assert translator.translations("Beacon") == translator.translations("beacon")


def test_english_inflections_find_the_base_word(translator: Bilingual) -> None:
    """Plurals, -ing and -ed forms are looked up by their base form."""
    assert translator.translations("beacons") == translator.translations("beacon")
    assert translator.translations("hoarding") == translator.translations("hoard")
    assert translator.translations("saved") == translator.translations("save")
    assert translator.translations("piers") == ("пирс", "мол", "причал")


def test_russian_word_gives_english(translator: Bilingual) -> None:
    """The dictionary is inverted; a first sense ranks before a later one."""
    assert translator.translations("маяк") == ("beacon", "lighthouse")
    assert translator.translations("копить") == ("hoard", "save")
    assert translator.translations("причал") == ("pier",)


def test_inflected_russian_word_is_found(translator: Bilingual) -> None:
    """Oblique cases find the dictionary form, whatever the letter case."""
    assert translator.translations("маяка") == ("beacon", "lighthouse")
    assert translator.translations("причалу") == ("pier",)
    assert translator.translations("Пирсе") == ("pier",)


def test_russian_inflection_works_with_pymorphy(translator: Bilingual) -> None:
    """With pymorphy3: a plural-only noun in the genitive, a reflexive verb."""
    pytest.importorskip("pymorphy3")
    assert translator.translations("ножниц") == ("scissors",)
    assert translator.translations("копятся") == ("hoard", "save")


@pytest.mark.usefixtures("no_pymorphy")
def test_russian_inflection_without_pymorphy_uses_stems(tmp_path: Path, dict_dir: Path) -> None:
    """With no lemmatizer an oblique form is matched by its stem."""
    b = Bilingual(dict_dir, cache_dir=tmp_path / "plain-cache")
    assert b.translations("маяком") == ("beacon", "lighthouse")
    assert b.translations("причалы") == ("pier",)
    b.close()


def test_limit_caps_the_answer(translator: Bilingual) -> None:
    """No more translations than asked for, best first."""
    assert translator.translations("beacon", limit=2) == ("маяк", "бакен")


def test_unknown_and_empty_words_give_nothing(translator: Bilingual) -> None:
    """A word no source knows translates to an empty tuple."""
    assert translator.translations("zzyzx") == ()
    assert translator.translations("  ") == ()
    assert translator.translations("бздыщ") == ()


def test_work_jargon_is_translated_without_a_dictionary(bare: Bilingual) -> None:
    """The shipped glossary covers jargon both ways, in any inflection."""
    assert "deploy" in bare.translations("деплоя")
    assert "dashboard" in bare.translations("дашборды")
    assert "pull request" in bare.translations("пулреквесты")
    assert "дашборд" in bare.translations("dashboards")
    assert "созвон" in bare.translations("call")
    assert bare.translations("врач")[0] == "doctor"
    assert bare.translations("tugboat") == ()


def test_glossary_line_order_ranks_english_to_russian() -> None:
    """An English term listed first on a line beats the same term listed later elsewhere."""
    g = Glossary()
    assert parse_glossary("тариф = pricing, plan\nплан = plan\n", "g") == []
    assert g.en == {}
    parse_glossary("тариф = pricing, plan\nплан = plan\n", "g", g)
    assert g.en["plan"] == ["план", "тариф"]
    assert g.ru["тариф"] == ["pricing", "plan"]


def test_shipped_glossary_has_no_bad_lines(bare: Bilingual) -> None:
    """Every line of the package's glossary parses."""
    bare.load(None)
    assert bare.problems == ()


def test_user_glossary_beside_the_database_comes_first(
    tmp_path: Path, translator: Bilingual
) -> None:
    """The user's own words rank before the shipped glossary and the dictionary."""
    db = tmp_path / "data" / "memory.db"
    db.parent.mkdir()
    (db.parent / "glossary.txt").write_text(
        "# my words\nсветоч, ориентир = beacon  # a figure of speech\ndoc = доктор\n",
        encoding="utf-8",
    )
    translator.load(db)
    assert translator.translations("beacon")[:3] == ("светоч", "ориентир", "маяк")
    assert translator.translations("светоча") == ("beacon",)
    assert translator.translations("маяк") == ("beacon", "lighthouse")
    assert translator.translations("doc")[0] == "доктор"
    assert translator.problems == ()
    translator.close()
    assert translator.translations("светоча") == ("beacon",), "reloaded from the same folder"


def test_bad_user_glossary_lines_are_reported_with_numbers_and_skipped(
    tmp_path: Path, translator: Bilingual, caplog: pytest.LogCaptureFixture
) -> None:
    """A broken line is logged with its number; the good lines still work."""
    db = tmp_path / "memory.db"
    (tmp_path / "glossary.txt").write_text(
        "\n".join(
            [
                "светоч = beacon",  # 1: good
                "no equals sign here",  # 2
                "созвон = call = meeting",  # 3
                "английский = ",  # 4
                "кот = кошка",  # 5: both Russian
                "си-шарп = c#",  # 6: good, '#' inside a word is not a comment
                "очень длинная фраза из слов = long phrase",  # 7
            ]
        ),
        encoding="utf-8",
    )
    with caplog.at_level(logging.WARNING, logger="memory_core.bilingual"):
        translator.load(db)
    numbers = [p.split(" line ")[1].split(":")[0] for p in translator.problems]
    assert numbers == ["2", "3", "4", "5", "7"]
    assert all(str(tmp_path / "glossary.txt") in p for p in translator.problems)
    assert len([r for r in caplog.records if "glossary" in r.getMessage()]) == 5
    assert translator.translations("светоч") == ("beacon",)
    assert translator.translations("c#") == ("си-шарп",)
    assert "glossary.txt: 2 lines (5 bad lines skipped" in translator.status()


def test_unreadable_user_glossary_is_a_problem_not_a_crash(
    tmp_path: Path, translator: Bilingual
) -> None:
    """A glossary that is not UTF-8 is reported, and the rest still loads."""
    (tmp_path / "glossary.txt").write_bytes(b"\xff\xfe\x00bad")
    translator.load(tmp_path / "memory.db")
    assert len(translator.problems) == 1
    assert translator.translations("beacon")[0] == "маяк"


def test_status_names_the_dictionary_or_says_how_to_get_one(
    translator: Bilingual, bare: Bilingual
) -> None:
    """One line for `memory-bot doctor`, both when a dictionary is installed and when not."""
    line = translator.status()
    assert line.startswith("dictionary: mueller7, ")
    assert f"{len(ARTICLES)} English" in line
    assert "\n" not in line
    missing = bare.status()
    assert missing.startswith("dictionary missing: install mueller7-dict or dict-freedict-eng-rus")
    assert "glossary only: " in missing


def test_nothing_is_read_before_first_use(tmp_path: Path, dict_dir: Path) -> None:
    """Construction does no I/O; the first lookup builds the cache."""
    cache = tmp_path / "lazy-cache"
    b = Bilingual(dict_dir, cache_dir=cache)
    assert not cache.exists()
    assert b.translations("lighthouse") == ("маяк",)
    assert any(cache.glob("bilingual-v*.sqlite3"))
    b.close()


def test_loading_again_picks_up_a_changed_dictionary(tmp_path: Path, dict_dir: Path) -> None:
    """A reload notices new dictionary files and forgets remembered answers."""
    b = Bilingual(dict_dir, cache_dir=tmp_path / "cache")
    assert b.translations("tugboat") == ()
    write_dictd(dict_dir, "mueller7", {**ARTICLES, "tugboat": "   _n. буксир"})
    b.load(None)
    assert b.translations("tugboat") == ("буксир",)
    b.close()


def test_module_functions_use_one_process_wide_translator(
    tmp_path: Path, dict_dir: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """load() then translations() and status() share the translator load() returned."""
    monkeypatch.setattr(bilingual, "_default", Bilingual(dict_dir, cache_dir=tmp_path / "c"))
    (tmp_path / "glossary.txt").write_text("буксирчик = tugboat\n", encoding="utf-8")
    loaded = bilingual.load(tmp_path / "memory.db")
    assert loaded is bilingual._default
    assert bilingual.translations("tugboat") == ("буксирчик",)
    assert bilingual.status().startswith("dictionary: mueller7")
    loaded.close()


def test_default_cache_dir_follows_xdg(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    """XDG_CACHE_HOME decides where the cache goes."""
    monkeypatch.setenv("XDG_CACHE_HOME", str(tmp_path))
    assert bilingual.default_cache_dir() == tmp_path / "memory-bot"


@pytest.mark.skipif(
    not dictd.find_sources(SYSTEM_DICTD), reason="no English-Russian dictd package installed"
)
def test_installed_dictionary_translates_everyday_words(tmp_path: Path) -> None:
    """With Debian's dictionaries installed, common words translate both ways."""
    b = Bilingual(SYSTEM_DICTD, cache_dir=tmp_path / "cache")
    assert "врач" in b.translations("physician")
    assert "school" in b.translations("школе")
    assert "apartment" in b.translations("квартиры")
    assert "dentist" in b.translations("стоматолога")
    b.close()


def test_a_sealed_glossary_keeps_its_order_and_refuses_more_lines() -> None:
    """Sealing drops the adding-only ranks; lookups keep the order, adding raises."""
    g = Glossary()
    parse_glossary("тариф = pricing, plan\nплан = plan\n", "g", g)
    g.seal()
    assert g.en["plan"] == ["план", "тариф"]
    with pytest.raises(RuntimeError):
        g.add(["счет"], ["bill"])


def test_a_listed_form_keeps_its_base_forms_senses(tmp_path: Path, translator: Bilingual) -> None:
    """A glossary's English "piers" (a form of "pier") does not hide the dictionary's "pier"."""
    db = tmp_path / "data" / "memory.db"
    db.parent.mkdir()
    (db.parent / "glossary.txt").write_text("волнорезы = piers\n", encoding="utf-8")
    translator.load(db)
    found = translator.translations("piers", limit=4)
    assert found[0] == "волнорезы"
    assert "пирс" in found
