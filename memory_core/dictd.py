"""Read an English-Russian dictd dictionary into a cached table of ranked translations.

A dictd dictionary is an ``.index`` file (``headword<TAB>offset<TAB>length``, numbers in
dictd's base64) and a ``.dict`` or ``.dict.dz`` file (gzip-compatible) holding the
articles. Debian ships two English-Russian ones: ``mueller7-dict`` (Mueller, about 46,000
headwords) and ``dict-freedict-eng-rus`` (FreeDict, about 1,700 headwords). Both write an
article as the headword line, then numbered senses::

    doctor
       [transcription]
       1. _n.
          1) врач, доктор
          2) доктор (учёная степень)
       2. _v.
          1) заниматься врачебной практикой; лечить; to doctor oneself лечиться

This module turns each article into :class:`Sense` items: short Russian translations (one
or two words) with the rank of the sense they came from. Grammar labels (``_n.``,
``_разг.``), remarks in parentheses and usage examples (anything after the first segment
with Latin letters) are dropped, and so are senses marked archaic, dialectal, poetic or
slang.

:func:`open_cache` turns the parsed articles into three small SQLite lookup tables (English
-> Russian, Russian -> English, Russian stem -> Russian words) in a cache file, built once
and reused while the dictionary files stay the same.
"""

from __future__ import annotations

import gzip
import json
import logging
import math
import os
import re
import sqlite3
import tempfile
from collections.abc import Callable, Iterator
from dataclasses import dataclass
from pathlib import Path

from memory_core.language import STOP_WORDS, normalize, stem

__all__ = [
    "CACHE_VERSION",
    "GENERIC_WORDS",
    "KNOWN_SOURCES",
    "STORED",
    "Sense",
    "Source",
    "build",
    "clean_headword",
    "find_sources",
    "open_cache",
    "read_articles",
    "senses",
]

logger = logging.getLogger(__name__)

CACHE_VERSION = 2
"""Bump when the parser or the table layout changes: old caches are then rebuilt."""
STORED = 10
"""Translations kept per word in the cache."""

KNOWN_SOURCES: tuple[str, ...] = ("mueller7", "freedict-eng-rus")
"""dictd base names, best first: Debian packages ``mueller7-dict``, ``dict-freedict-eng-rus``."""

_B64 = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/"
_B64_VALUE = {ch: i for i, ch in enumerate(_B64)}


def _words(block: str) -> frozenset[str]:
    return frozenset(block.split())


# Senses carrying one of these labels are not everyday modern usage.
_DROP_LABELS = _words(
    "уст. поэт. диал. шотл. ирл. австрал. ю-афр. инд. редк. жарг. груб. библ. церк. миф. "
    "др-рим. др-греч. ритор. стих. эвф. презр. пренебр. вульг. ист. арх. геральд. "
    "лат. фр. греч. ит. исп. нем. араб. перс. яп."
)
_LABEL_RE = re.compile(r"(?<!\w)_[^\W\d_][\w-]*\.?")
# Sense markers open a line: "_II" (homonym), "2." (part of speech), "3)" (sense), "б)".
_MARKER_RE = re.compile(r"^\s*(_[IVX]+(?=\s)|\d+\.(?=[\s_])|\d+\)|[а-я]\))", re.MULTILINE)
_PAREN_RE = re.compile(r"\([^()]*\)")
_TRANSCRIPTION_RE = re.compile(r"\[[^\]]*\]")
_LATIN_RE = re.compile(r"[A-Za-z]")
_RU_ITEM_RE = re.compile(r"^[а-яё]+(?:-[а-яё]+)?(?: [а-яё]+(?:-[а-яё]+)?)?$")
_XREF_RE = re.compile(r"^=\s*([A-Za-z][A-Za-z' -]*?)(?:\s+[IVX\d]+)?\s*(?:$|[,;_(\[])")
_HEADWORD_RE = re.compile(r"^[a-z][a-z'-]*(?: [a-z][a-z'-]*)?$")


@dataclass(frozen=True, slots=True)
class Sense:
    """One Russian translation of a headword and where the article gives it.

    ``sense`` is the sense number within its part of speech (0 = first), ``section`` counts
    part-of-speech and homonym blocks, ``position`` is the item's place within the sense.
    """

    russian: str
    sense: int
    section: int
    position: int


@dataclass(frozen=True, slots=True)
class Source:
    """One installed dictd dictionary: its name and its two files."""

    name: str
    index: Path
    data: Path


def find_sources(directory: Path) -> list[Source]:
    """Return each known dictionary present in ``directory``, best first."""
    found = []
    for name in KNOWN_SOURCES:
        index = directory / f"{name}.index"
        for suffix in (".dict.dz", ".dict"):
            data = directory / f"{name}{suffix}"
            if index.is_file() and data.is_file():
                found.append(Source(name, index, data))
                break
    return found


def _b64(text: str) -> int:
    value = 0
    for ch in text:
        value = value * 64 + _B64_VALUE[ch]
    return value


def read_articles(index: Path, data: Path) -> Iterator[tuple[str, str]]:
    """Yield ``(headword, article text)`` for every headword of a dictd dictionary.

    Service entries (``00-database-...``) are skipped. A malformed index line is skipped.
    """
    raw = gzip.decompress(data.read_bytes()) if data.suffix == ".dz" else data.read_bytes()
    for line in index.read_text(encoding="utf-8", errors="replace").splitlines():
        parts = line.split("\t")
        if len(parts) < 3 or parts[0].startswith("00database") or parts[0].startswith("00-"):
            continue
        try:
            start, size = _b64(parts[1]), _b64(parts[2])
        except KeyError:
            continue
        yield parts[0], raw[start : start + size].decode("utf-8", errors="replace")


def clean_headword(word: str) -> str | None:
    """Return a headword in lower case if it is one or two plain English words, else None."""
    w = " ".join(word.lower().split())
    return w if _HEADWORD_RE.match(w) else None


def _items(chunk: str) -> list[str]:
    """Return the Russian translations that open a chunk of sense text."""
    while True:
        stripped = _PAREN_RE.sub(" ", chunk)
        if stripped == chunk:
            break
        chunk = stripped
    labels = {m.group(0)[1:] for m in _LABEL_RE.finditer(chunk)}
    if labels & _DROP_LABELS:
        return []
    chunk = _LABEL_RE.sub(" ", chunk)
    found: list[str] = []
    for segment in chunk.split(";"):
        if _LATIN_RE.search(segment) or re.search(r"\d", segment):
            break  # an example ("to doctor oneself лечиться"); its translation is not ours
        for item in segment.split(","):
            word = " ".join(item.strip(" .:!?\u2026").lower().split())
            if word and _RU_ITEM_RE.match(word):
                found.append(word)
    return found


def senses(article: str) -> tuple[list[Sense], str | None]:
    """Parse one article's text (headword line first) into translations.

    Returns the translations in article order and, for an article that only points to
    another headword (``= acclimatize``), that headword.
    """
    lines = article.split("\n", 1)
    body = lines[1] if len(lines) > 1 else ""
    section, sense, position = 0, 0, 0
    out: list[Sense] = []
    xref: str | None = None
    pieces = _MARKER_RE.split(_TRANSCRIPTION_RE.sub(" ", body))
    for i, piece in enumerate(pieces):
        if i % 2 == 1:  # a marker
            if piece.endswith(".") or piece.startswith("_"):
                section, sense, position = section + 1, 0, 0
            elif piece[0].isdigit():
                sense, position = int(piece[:-1]) - 1, 0
            continue
        text = " ".join(piece.split())
        ref = _XREF_RE.match(text)
        if ref and xref is None:
            xref = clean_headword(ref.group(1))
            continue
        for word in _items(text):
            out.append(Sense(word, sense, section, position))
            position += 1
    return out, (xref if not out else None)


# Words too general to help a search, in either language (on top of the stop words).
_GENERIC = _words(
    "be have do make get go take put set give let thing things stuff way one ones "
    "быть иметь делать сделать вещь штука становиться стать давать дать брать взять "
    "идти ходить который весь свой такой этот тот какой"
)


GENERIC_WORDS = _GENERIC
"""Ordinary words no dictionary entry is kept for: a question says them as phrasing."""


def _keep(word: str) -> bool:
    return word not in STOP_WORDS and word not in _GENERIC and len(word) > 1


def _signature(sources: list[Source], variant: str) -> str:
    stats = [(s.name, p.name, p.stat().st_size, p.stat().st_mtime_ns)
             for s in sources for p in (s.index, s.data)]  # fmt: skip
    return json.dumps([CACHE_VERSION, variant, stats])


def _ranked(sources: list[Source]) -> dict[str, list[tuple[tuple[int, int, int, int], str]]]:
    """Map each headword to its translations with a sort key (sense, section, source, place)."""
    ranked: dict[str, list[tuple[tuple[int, int, int, int], str]]] = {}
    xrefs: dict[str, str] = {}
    for order, source in enumerate(sources):
        for headword, article in read_articles(source.index, source.data):
            word = clean_headword(headword)
            if word is None or not _keep(word):
                continue
            found, xref = senses(article)
            if xref:
                xrefs.setdefault(word, xref)
            bucket = ranked.setdefault(word, [])
            bucket.extend(((s.sense, s.section, order, s.position), s.russian) for s in found)
    for word, target in xrefs.items():
        if not ranked.get(word) and ranked.get(target):
            ranked[word] = list(ranked[target])
    for items in ranked.values():
        items.sort(key=lambda item: item[0])
    return ranked


def build(
    sources: list[Source], conn: sqlite3.Connection, lemma: Callable[[str], str], sig: str
) -> None:
    """Parse the dictionaries and write the lookup tables into an empty database.

    ``en`` maps an English word to Russian ones and ``ru`` the other way, each value a
    ``|``-joined list, best first; ``ru_stem`` maps :func:`language.stem` of a Russian word
    to the words of ``ru`` with that stem. English -> Russian keeps the article's order,
    senses first. Russian -> English ranks by the sense the pair came from and its place
    in it, less a bonus for a long article (common words have many senses): "хранить"
    gives "keep" before "treasure" and "hoard".
    """
    forward: dict[str, list[str]] = {}
    inverse: dict[str, dict[str, float]] = {}
    lemmas: dict[str, str] = {}
    for word, items in _ranked(sources).items():
        weight = 0.3 * math.log2(1 + len(items))  # a long article is a common word
        russian: list[str] = []
        for (sense, _section, _order, position), text in items:
            if text not in lemmas:
                lemmas[text] = normalize(text if " " in text else lemma(text))
            ru = lemmas[text]
            if not _keep(ru):
                continue
            if ru not in russian:
                russian.append(ru)
            score = sense + 0.25 * position + (0.5 if " " in word else 0.0) - weight
            best = inverse.setdefault(ru, {})
            if word not in best or best[word] > score:
                best[word] = score
        if russian:
            forward[word] = russian[:STORED]
    stems: dict[str, list[str]] = {}
    for ru in inverse:
        if " " not in ru:
            stems.setdefault(stem(ru), []).append(ru)
    conn.executescript(
        "CREATE TABLE meta (key TEXT PRIMARY KEY, value TEXT NOT NULL) WITHOUT ROWID;"
        "CREATE TABLE en (word TEXT PRIMARY KEY, words TEXT NOT NULL) WITHOUT ROWID;"
        "CREATE TABLE ru (word TEXT PRIMARY KEY, words TEXT NOT NULL) WITHOUT ROWID;"
        "CREATE TABLE ru_stem (stem TEXT PRIMARY KEY, words TEXT NOT NULL) WITHOUT ROWID;"
    )
    rows = ((w, "|".join(r)) for w, r in forward.items())
    conn.executemany("INSERT INTO en VALUES (?, ?)", rows)
    rows = (
        (r, "|".join(sorted(by, key=lambda e: (by[e], e))[:STORED])) for r, by in inverse.items()
    )
    conn.executemany("INSERT INTO ru VALUES (?, ?)", rows)
    rows = ((s, "|".join(w)) for s, w in stems.items())
    conn.executemany("INSERT INTO ru_stem VALUES (?, ?)", rows)
    meta = {"signature": sig, "names": " + ".join(s.name for s in sources),
            "en": str(len(forward)), "ru": str(len(inverse))}  # fmt: skip
    conn.executemany("INSERT INTO meta VALUES (?, ?)", meta.items())
    conn.commit()


def _connect_ro(path: Path) -> sqlite3.Connection:
    # read-only; lookups may come from any thread (sqlite3 serialises them)
    return sqlite3.connect(f"{path.as_uri()}?mode=ro", uri=True, check_same_thread=False)


def open_cache(
    sources: list[Source], cache_dir: Path, lemma: Callable[[str], str], variant: str
) -> sqlite3.Connection:
    """Open the lookup tables for these sources, building them first when missing or stale.

    The cache file is ``bilingual-v<N>.sqlite3`` in ``cache_dir``; it is rebuilt when a
    source file's size or modification time, the parser's version or ``variant`` (how
    ``lemma`` works) differ from those it was built from. A new file is written beside it
    and renamed over it, so a reader never sees half a file. Where ``cache_dir`` is not
    writable the tables are built in memory.
    """
    sig = _signature(sources, variant)
    path = cache_dir / f"bilingual-v{CACHE_VERSION}.sqlite3"
    if path.is_file():
        try:
            conn = _connect_ro(path)
            row = conn.execute("SELECT value FROM meta WHERE key = 'signature'").fetchone()
            if row and row[0] == sig:
                return conn
            conn.close()
        except sqlite3.Error:
            pass  # unreadable or from an older layout: rebuild it
    try:
        cache_dir.mkdir(parents=True, exist_ok=True)
        fd, tmp = tempfile.mkstemp(prefix=".bilingual-", suffix=".tmp", dir=cache_dir)
        os.close(fd)
        try:
            conn = sqlite3.connect(tmp)
            try:
                build(sources, conn, lemma, sig)
            finally:
                conn.close()
            os.replace(tmp, path)
        finally:
            Path(tmp).unlink(missing_ok=True)
        for old in cache_dir.glob("bilingual-v*.sqlite3"):
            if old != path:
                old.unlink(missing_ok=True)  # left by an older version of this module
        return _connect_ro(path)
    except OSError as exc:
        logger.warning("dictionary cache not writable in %s (%s); kept in memory", cache_dir, exc)
        conn = sqlite3.connect(":memory:", check_same_thread=False)
        build(sources, conn, lemma, sig)
        return conn
