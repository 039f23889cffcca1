"""Translate single words between Russian and English for recall: glossaries plus a dictionary.

A question in one language must find notes written in the other ("кто мне ставил коронку"
-> "crown"). :func:`translations` gives a word's translations, best first, from three
sources in this order:

1. the user's ``glossary.txt`` beside the database (lines ``русское = english, english2``);
2. the curated glossary shipped in the package (``glossary_ru_en.txt``: work jargon such as
   ``деплой``/``deploy`` and everyday words a dictionary translates badly or not at all);
3. an English-Russian dictd dictionary if Debian's ``mueller7-dict`` or
   ``dict-freedict-eng-rus`` is installed (see :mod:`memory_core.dictd`), inverted for
   Russian -> English.

The dictionary is parsed once into a small SQLite file in the user's cache directory
(``$XDG_CACHE_HOME/memory-bot``, else ``~/.cache/memory-bot``) and rebuilt when a source
file's size or modification time changes. The cache is derived from system files, not user
data, so it stays out of the database folder and its backups, and every database and test
run on a machine shares one build. Opening it costs about a millisecond and a lookup is one
indexed read, so nothing is held in memory. Where the cache folder is not writable the
dictionary is built into an in-memory SQLite database instead. Nothing is read at import.

Words are looked up as typed, then by the forms :mod:`memory_core.wordforms` gives
(Russian lemmas from pymorphy3 when installed, and for the glossaries a plural noun's
nominative plural; an imperfective for a perfective verb, the noun behind an adjective;
English base forms), and a Russian word no form finds by its
:func:`language.stem`. Everything is lower case, ``ё`` as ``е``.
"""

from __future__ import annotations

import importlib.util
import logging
import os
import sqlite3
import threading
from importlib import resources
from pathlib import Path

from memory_core import dictd, wordforms
from memory_core.glossary import Glossary, clean_term, extend_new, parse_glossary
from memory_core.language import is_cyrillic, stem

__all__ = [
    "DEFAULT_DICT_DIR",
    "GLOSSARY_FILE",
    "Bilingual",
    "Glossary",
    "default_cache_dir",
    "load",
    "parse_glossary",
    "status",
    "translations",
]

logger = logging.getLogger(__name__)

DEFAULT_DICT_DIR = Path("/usr/share/dictd")
GLOSSARY_FILE = "glossary.txt"
"""The user's own glossary, looked for in the database's folder."""

_LIMIT = 6  # translations returned by default
_MEMO_SIZE = 20_000
_PHRASE_HEAD = 3
"""Letters of each word :meth:`Bilingual.may_be_phrase` compares."""
_PACKAGE_GLOSSARY = "glossary_ru_en.txt"


def default_cache_dir() -> Path:
    """Return the folder for the dictionary cache: ``$XDG_CACHE_HOME/memory-bot``."""
    base = os.environ.get("XDG_CACHE_HOME") or str(Path.home() / ".cache")
    return Path(base) / "memory-bot"


class Bilingual:
    """Russian <-> English word translations from the glossaries and an installed dictionary.

    Construction does no I/O; :meth:`load` (or the first :meth:`translations`) reads the
    glossaries and opens, or first builds, the dictionary cache.
    """

    def __init__(self, dict_dir: Path = DEFAULT_DICT_DIR, cache_dir: Path | None = None) -> None:
        self._dict_dir = dict_dir
        self._cache_dir = cache_dir
        self._lock = threading.Lock()
        self._loaded = False
        self._conn: sqlite3.Connection | None = None
        self._glossary = Glossary()
        self._user = Glossary()
        self._user_path: Path | None = None
        self._db_path: Path | None = None
        self._problems: list[str] = []
        self._memo: dict[str, tuple[tuple[str, ...], int]] = {}
        self._phrase_memo: dict[str, bool] = {}
        self._glossary_phrases: frozenset[str] = frozenset()
        self.generation = 0
        """Counts loads and closes: what was worked out from translations before is stale."""

    def load(self, db_path: Path | None = None) -> None:
        """Read the glossaries (the user's from ``db_path``'s folder) and open the dictionary.

        Loading again re-reads the user's glossary and re-checks the dictionary files.
        Problems in the user's glossary are logged and kept in :attr:`problems`.
        """
        with self._lock:
            glossary, user = Glossary(), Glossary()
            text = resources.files("memory_core").joinpath(_PACKAGE_GLOSSARY).read_text("utf-8")
            problems = parse_glossary(text, _PACKAGE_GLOSSARY, glossary)
            user_path = db_path.parent / GLOSSARY_FILE if db_path is not None else None
            if user_path is not None and user_path.is_file():
                try:
                    text = user_path.read_text(encoding="utf-8")
                except (OSError, UnicodeDecodeError) as exc:
                    problems.append(f"{user_path}: not readable: {exc}")
                else:
                    problems += parse_glossary(text, str(user_path), user)
            glossary.seal()
            user.seal()
            for problem in problems:
                logger.warning("glossary: %s", problem)
            if self._conn is not None:
                self._conn.close()
            sources = dictd.find_sources(self._dict_dir)
            cache_dir = self._cache_dir or default_cache_dir()
            # the cache depends on whether pymorphy3 lemmatised it; its analyzer itself
            # (about 25 MB, 50 ms) loads only on the first Russian lookup
            variant = "pymorphy3" if importlib.util.find_spec("pymorphy3") else "lowercase"
            self._conn = (
                dictd.open_cache(sources, cache_dir, wordforms.dictionary_form, variant)
                if sources
                else None
            )
            self._glossary, self._user, self._user_path = glossary, user, user_path
            self._db_path = db_path
            self._problems = problems
            self._memo, self._phrase_memo = {}, {}
            self.generation += 1
            self._glossary_phrases = frozenset(
                " ".join(part[:_PHRASE_HEAD] for part in k.split(" "))
                for g in (glossary, user)
                for k in (*g.ru, *g.en)
                if k.count(" ") == 1
            )
            self._loaded = True

    def close(self) -> None:
        """Close the dictionary cache; a later lookup loads again (same database folder)."""
        with self._lock:
            if self._conn is not None:
                self._conn.close()
            self._conn, self._loaded, self._memo = None, False, {}
            self.generation += 1

    @property
    def problems(self) -> tuple[str, ...]:
        """Glossary lines that were skipped, as ``"<file> line N: <why>: '<line>'"``."""
        return tuple(self._problems)

    def translations(
        self, word: str, limit: int = _LIMIT, *, all_curated: bool = False
    ) -> tuple[str, ...]:
        """Return a word's translations into the other language, best first.

        Args:
            word: a Russian or English word (or short phrase) in any case or inflection.
            limit: how many translations at most.
            all_curated: return every translation the glossaries give, even past ``limit``
                (they are written by hand, while a dictionary's later senses are often
                far-fetched: "engine" is also "паровоз").

        Returns:
            Lower-case words or short phrases (``ё`` as ``е``); empty when none is known.
        """
        if not self._loaded:
            self.load(self._db_path)
        w = clean_term(word)
        if not w:
            return ()
        memo = self._memo.get(w)
        if memo is None:
            memo = self._lookup(w)
            if len(self._memo) >= _MEMO_SIZE:
                self._memo.clear()
            self._memo[w] = memo
        found, curated = memo
        return found[: max(limit, curated) if all_curated else limit]

    def may_be_phrase(self, first: str, second: str) -> bool:
        """Whether some two-word entry starts as these two words do (their first three
        letters): a cheap check before working out the phrase's dictionary forms."""
        if not self._loaded:
            self.load(self._db_path)
        a, b = clean_term(first)[:_PHRASE_HEAD], clean_term(second)[:_PHRASE_HEAD]
        if len(a) < _PHRASE_HEAD or len(b) < _PHRASE_HEAD:
            return False
        key = f"{a} {b}"
        known = self._phrase_memo.get(key)
        if known is None:
            known = key in self._glossary_phrases or self._has_phrase(a, b)
            if len(self._phrase_memo) >= _MEMO_SIZE:
                self._phrase_memo.clear()
            self._phrase_memo[key] = known
        return known

    def _has_phrase(self, a: str, b: str) -> bool:
        if self._conn is None:
            return False
        side = "ru" if is_cyrillic(a) else "en"
        row = self._conn.execute(
            f"SELECT 1 FROM {side} WHERE word >= ? AND word < ? AND word LIKE ? LIMIT 1",
            (a, a + "\uffff", f"{a}% {b}%"),
        ).fetchone()
        return row is not None

    def _lookup(self, w: str) -> tuple[tuple[str, ...], int]:
        """A word's translations and how many of the first come from the glossaries."""
        if not is_cyrillic(w):
            # a form a glossary lists on its English side ("changes" of "правки") does not
            # hide its base form's senses ("change": "изменение"): the forms are read until
            # the dictionary knows one, the glossaries' words first
            curated_words: list[str] = []
            known: list[str] = []
            for key in (w, *wordforms.english_bases(w)):
                found, curated = self._direct((key,), russian=False)
                extend_new(curated_words, found[:curated])
                if len(found) > curated:
                    known = found[curated:]
                    break
            out = list(curated_words)
            extend_new(out, known)
            return tuple(out[: dictd.STORED]), len(curated_words)
        # every lemma of an ambiguous word counts; of the guessed forms only the first known
        # a plural as a glossary lists it ("колодками": "колодки") before the singular lemma
        plural = wordforms.plural_nominatives(w)
        for keys in ((w, *wordforms.lemmas(w)), *((f,) for f in wordforms.fallback_forms(w))):
            found, curated = self._direct(keys, russian=True, curated_too=plural)
            plural = ()
            if found:
                return tuple(found[: dictd.STORED]), curated
        found, curated = self._by_stem(w)
        return tuple(found[: dictd.STORED]), curated

    def _direct(
        self, keys: tuple[str, ...], *, russian: bool, curated_too: tuple[str, ...] = ()
    ) -> tuple[list[str], int]:
        """Translate any of these forms: the user's glossary, the shipped one, the dictionary.

        ``curated_too`` are forms only the glossaries are asked for, after the first key (a
        plural a glossary lists: a dictionary's "заказы" is "custom", not "orders").
        Also returns how many of the translations the glossaries gave (they come first).
        """
        out: list[str] = []
        curated_keys = (*keys[:1], *curated_too, *keys[1:])
        for glossary in (self._user, self._glossary):
            table = glossary.ru if russian else glossary.en
            for key in curated_keys:
                extend_new(out, table.get(key, ()))
        curated = len(out)
        side = "ru" if russian else "en"
        for key in keys:
            extend_new(out, self._query(f"SELECT words FROM {side} WHERE word = ?", key))
        return out, curated

    def _by_stem(self, w: str) -> tuple[list[str], int]:
        """Translate an inflected Russian word no lemma matched, by its stem."""
        key = stem(w)
        if len(key) < 3:
            return [], 0
        keys = [*self._user.ru_stems.get(key, ()), *self._glossary.ru_stems.get(key, ())]
        keys += self._query("SELECT words FROM ru_stem WHERE stem = ?", key)
        return self._direct(tuple(dict.fromkeys(keys)), russian=True)

    def _query(self, sql: str, key: str) -> list[str]:
        if self._conn is None:
            return []
        row = self._conn.execute(sql, (key,)).fetchone()
        return row[0].split("|") if row else []

    def status(self) -> str:
        """Describe the loaded sources in one line, for ``memory-bot doctor``."""
        if not self._loaded:
            self.load(self._db_path)
        words = f"{len(self._glossary):,} words"
        bad = [p for p in self._problems if not p.startswith(_PACKAGE_GLOSSARY)]
        user = ""
        if self._user.lines or bad:
            user = f"; {GLOSSARY_FILE}: {self._user.lines} lines"
            user += f" ({len(bad)} bad lines skipped, see the log)" if bad else ""
        if self._conn is None:
            return (
                "dictionary missing: install mueller7-dict or dict-freedict-eng-rus; "
                f"glossary only: {words}{user}"
            )
        meta = dict(self._conn.execute("SELECT key, value FROM meta").fetchall())
        return (
            f"dictionary: {meta['names']}, {int(meta['en']):,} English and "
            f"{int(meta['ru']):,} Russian words; glossary: {words}{user}"
        )


_default = Bilingual()


def load(db_path: Path | None) -> Bilingual:
    """Load the process-wide translator with the glossary beside ``db_path``; return it."""
    _default.load(db_path)
    return _default


def may_be_phrase(first: str, second: str) -> bool:
    """See :meth:`Bilingual.may_be_phrase` (the process-wide translator)."""
    return _default.may_be_phrase(first, second)


def generation() -> int:
    """The process-wide translator's :attr:`Bilingual.generation`."""
    return _default.generation


def translations(word: str, limit: int = _LIMIT, *, all_curated: bool = False) -> tuple[str, ...]:
    """Translate a word with the process-wide translator (see :meth:`Bilingual.translations`)."""
    return _default.translations(word, limit, all_curated=all_curated)


def status() -> str:
    """One line on the process-wide translator's sources (see :meth:`Bilingual.status`)."""
    return _default.status()
