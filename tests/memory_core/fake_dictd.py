"""Write a tiny dictd dictionary (``.index`` plus ``.dict.dz`` or ``.dict``) for tests, and
install a translator over it as the process-wide one (:func:`process_translator`)."""

from __future__ import annotations

import gzip
from pathlib import Path

import pytest

from memory_core import bilingual
from memory_core.bilingual import Bilingual

_B64 = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/"


def b64(number: int) -> str:
    """Encode a number the way dictd indexes do."""
    digits = ""
    while True:
        digits = _B64[number % 64] + digits
        number //= 64
        if number == 0:
            return digits


def write_dictd(
    directory: Path, name: str, articles: dict[str, str], *, compress: bool = True
) -> tuple[Path, Path]:
    """Write ``name.index`` and ``name.dict.dz`` (or ``name.dict``); return both paths.

    Each article is stored as its headword line followed by the given body, as dictd
    dictionaries do; a service entry comes first, as in real files.
    """
    directory.mkdir(parents=True, exist_ok=True)
    blob = bytearray()
    lines = []
    entries = {
        "00databaseshort": "00-database-short\n     Test dictionary\n",
        **{headword: f"{headword}\n{body}\n" for headword, body in articles.items()},
    }
    for headword, text in entries.items():
        raw = text.encode("utf-8")
        lines.append(f"{headword}\t{b64(len(blob))}\t{b64(len(raw))}")
        blob += raw
    index = directory / f"{name}.index"
    index.write_text("\n".join(sorted(lines)) + "\n", encoding="utf-8")
    data = directory / (f"{name}.dict.dz" if compress else f"{name}.dict")
    data.write_bytes(gzip.compress(bytes(blob)) if compress else bytes(blob))
    return index, data


def process_translator(
    tmp_path: Path,
    monkeypatch: pytest.MonkeyPatch,
    articles: dict[str, str],
    glossary: str | None = None,
) -> Bilingual:
    """Make a translator over a tiny dictionary (and the user's glossary beside the
    database in ``tmp_path``, when given) the process-wide one for the test; the caller
    closes it."""
    folder = tmp_path / "dictd"
    write_dictd(folder, "mueller7", articles)
    if glossary is not None:
        (tmp_path / "glossary.txt").write_text(glossary, encoding="utf-8")
    translator = Bilingual(folder, cache_dir=tmp_path / "cache")
    monkeypatch.setattr(bilingual, "_default", translator)
    return translator
