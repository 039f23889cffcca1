"""dictd articles become ranked Russian translations, cached in a SQLite file."""

from __future__ import annotations

import sqlite3
from pathlib import Path

import pytest

from memory_core import dictd
from tests.memory_core.fake_dictd import write_dictd

ARTICLES = {
    "doctor": """   [dɒktə]
   1. _n.
      1) врач, доктор
      2) _уст. учёный муж
      3) лекарь (сельский); to see a doctor сходить к врачу; консультация
   2. _v.
      1) лечить; to doctor oneself лечиться
      2) подделывать (документы, отчёты)""",
    "bank": """   _I  [bæŋk]
      1. _n.
         1) берег
         2) отмель
   _II [bæŋk]
      1. _n.
         1) банк
         2) _карт. касса""",
    "acclimation": "   [əklaɪˈmeɪʃn] = acclimatization",
    "acclimatization": "   [əˌklaɪmətaɪˈzeɪʃn] _n. акклиматизация",
    "invoice": """   1. _n. счёт, фактура
   2. _v. выписать счёт, фактуру""",
    "report": """   1) отчёт (on report о); доклад
      а) сообщение;
      б) донесение""",
    "-proof": "   непроницаемый",
    "the": "   _определённый артикль",
}


def lemma(word: str) -> str:
    return {"фактуру": "фактура"}.get(word, word)


def words(found: list[dictd.Sense]) -> list[str]:
    return [s.russian for s in found]


def test_senses_drop_labels_remarks_examples_and_archaic_senses() -> None:
    """Only short translations survive: no labels, parentheses, examples or archaisms."""
    found, xref = dictd.senses("doctor\n" + ARTICLES["doctor"])
    assert words(found) == ["врач", "доктор", "лекарь", "лечить", "подделывать"]
    assert xref is None


def test_senses_carry_their_rank_within_part_of_speech() -> None:
    """A verb's first sense ranks as first as the noun's, and later senses rank lower."""
    found, _ = dictd.senses("doctor\n" + ARTICLES["doctor"])
    rank = {s.russian: (s.sense, s.position) for s in found}
    assert rank["врач"] == (0, 0)
    assert rank["доктор"] == (0, 1)
    assert rank["лекарь"] == (2, 0)
    assert rank["лечить"] == (0, 0)
    sections = {s.russian: s.section for s in found}
    assert sections["врач"] != sections["лечить"]


def test_each_homonym_starts_its_own_senses() -> None:
    """The first sense of a second homonym (bank II, банк) is a first sense too."""
    found, _ = dictd.senses("bank\n" + ARTICLES["bank"])
    assert [(s.russian, s.sense) for s in found] == [
        ("берег", 0),
        ("отмель", 1),
        ("банк", 0),
        ("касса", 1),
    ]


def test_letters_in_parentheses_are_not_sub_sense_markers() -> None:
    """ "(on report о)" is a remark; "а)" opening a line is a sub-sense of the same sense."""
    found, _ = dictd.senses("report\n" + ARTICLES["report"])
    assert [(s.russian, s.sense) for s in found] == [
        ("отчёт", 0),
        ("доклад", 0),
        ("сообщение", 0),
        ("донесение", 0),
    ]


def test_an_article_that_only_points_elsewhere_gives_its_target() -> None:
    """ "= acclimatization" names the headword to borrow translations from."""
    assert dictd.senses("acclimation\n" + ARTICLES["acclimation"]) == ([], "acclimatization")


@pytest.mark.parametrize("compress", [True, False])
def test_read_articles_skips_service_entries(tmp_path: Path, compress: bool) -> None:
    """Every headword comes back with its own article, compressed file or not."""
    index, data = write_dictd(tmp_path, "mueller7", ARTICLES, compress=compress)
    read = dict(dictd.read_articles(index, data))
    assert set(read) == set(ARTICLES)
    assert read["bank"].startswith("bank\n")
    assert "банк" in read["bank"]
    assert "врач" not in read["bank"]


def test_find_sources_lists_complete_known_dictionaries_best_first(tmp_path: Path) -> None:
    """A known name with both files counts; a lone index or an unknown name does not."""
    write_dictd(tmp_path, "freedict-eng-rus", {"zoo": "зоопарк"}, compress=False)
    write_dictd(tmp_path, "mueller7", {"zoo": "зоопарк"})
    write_dictd(tmp_path, "other-eng-rus", {"zoo": "зоопарк"})
    assert [s.name for s in dictd.find_sources(tmp_path)] == ["mueller7", "freedict-eng-rus"]
    (tmp_path / "mueller7.dict.dz").unlink()
    assert [s.name for s in dictd.find_sources(tmp_path)] == ["freedict-eng-rus"]


@pytest.mark.parametrize(
    ("raw", "clean"),
    [
        ("Doctor", "doctor"),
        ("Doctors' Commons", "doctors' commons"),
        ("pull  request", "pull request"),
        ("-proof", None),
        ("a.m.", None),
        ("three word phrase", None),
    ],
)
def test_clean_headword(raw: str, clean: str | None) -> None:
    """Headwords are one or two plain English words, in lower case."""
    assert dictd.clean_headword(raw) == clean


def rows(conn: sqlite3.Connection, table: str) -> dict[str, list[str]]:
    return {k: v.split("|") for k, v in conn.execute(f"SELECT * FROM {table}").fetchall()}


def test_cache_maps_both_ways_and_borrows_cross_references(tmp_path: Path) -> None:
    """English -> Russian in article order, Russian -> English inverted, lemmas applied."""
    dict_dir = tmp_path / "dicts"
    write_dictd(dict_dir, "mueller7", ARTICLES)
    conn = dictd.open_cache(dictd.find_sources(dict_dir), tmp_path / "cache", lemma, "test")
    en, ru = rows(conn, "en"), rows(conn, "ru")
    assert en["doctor"][:3] == ["врач", "доктор", "лечить"]
    assert en["invoice"] == ["счет", "фактура", "выписать счет"]
    assert en["acclimation"] == ["акклиматизация"]
    assert ru["врач"] == ["doctor"]
    assert ru["фактура"] == ["invoice"]
    assert "-proof" not in en
    assert "the" not in en
    stems = rows(conn, "ru_stem")
    assert "счет" in stems["счет"]
    conn.close()


def test_cache_is_reused_until_a_source_changes(tmp_path: Path) -> None:
    """A second open reads the same file; a changed dictionary file is parsed again."""
    dict_dir, cache = tmp_path / "dicts", tmp_path / "cache"
    write_dictd(dict_dir, "mueller7", {"zoo": "   _n. зоопарк"})
    sources = dictd.find_sources(dict_dir)
    dictd.open_cache(sources, cache, lemma, "test").close()
    [path] = cache.glob("bilingual-v*.sqlite3")
    inode = path.stat().st_ino
    conn = dictd.open_cache(sources, cache, lemma, "test")
    assert path.stat().st_ino == inode
    conn.close()

    write_dictd(dict_dir, "mueller7", {"zoo": "   _n. зверинец, зоосад"})
    conn = dictd.open_cache(dictd.find_sources(dict_dir), cache, lemma, "test")
    assert rows(conn, "en")["zoo"] == ["зверинец", "зоосад"]
    conn.close()
    conn = dictd.open_cache(dictd.find_sources(dict_dir), cache, lemma, "other lemmas")
    [signature] = conn.execute("SELECT value FROM meta WHERE key = 'signature'").fetchone()
    assert "other lemmas" in signature
    conn.close()


def test_cache_of_an_older_version_is_replaced(tmp_path: Path) -> None:
    """A file left by an older parser is removed once the new one is built."""
    dict_dir, cache = tmp_path / "dicts", tmp_path / "cache"
    write_dictd(dict_dir, "mueller7", {"zoo": "   _n. зоопарк"})
    cache.mkdir()
    old = cache / "bilingual-v0.sqlite3"
    old.write_bytes(b"old")
    dictd.open_cache(dictd.find_sources(dict_dir), cache, lemma, "test").close()
    assert not old.exists()
    assert (cache / f"bilingual-v{dictd.CACHE_VERSION}.sqlite3").is_file()


def test_cache_is_kept_in_memory_where_the_folder_is_not_writable(tmp_path: Path) -> None:
    """A cache folder that cannot be created still gives working lookups."""
    dict_dir = tmp_path / "dicts"
    write_dictd(dict_dir, "mueller7", {"zoo": "   _n. зоопарк"})
    blocker = tmp_path / "file"
    blocker.write_text("not a folder")
    conn = dictd.open_cache(dictd.find_sources(dict_dir), blocker / "cache", lemma, "test")
    assert rows(conn, "ru")["зоопарк"] == ["zoo"]
    conn.close()
