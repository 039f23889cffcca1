"""Hand-written word pairs (``русское = english, english2`` lines), read into both-way tables.

The shipped glossary and the user's own ``glossary.txt`` are read by :func:`parse_glossary`
into a :class:`Glossary` (see :mod:`memory_core.bilingual` for how translations use them).
Everything is lower case, ``ё`` as ``е``.
"""

from __future__ import annotations

import re
from collections.abc import Iterable

from memory_core.language import is_cyrillic, normalize, stem

__all__ = ["Glossary", "clean_term", "extend_new", "parse_glossary"]

_TERM_RE = re.compile(r"^[^\W_][\w.'+#/-]*(?: [^\W_][\w.'+#/-]*){0,2}$")
_COMMENT_RE = re.compile(r"(?:^|\s)#.*$")
_LATIN_RE = re.compile(r"[a-z]")


def clean_term(word: str) -> str:
    """Lower-case, ``ё`` -> ``е``, single spaces, no surrounding punctuation."""
    return " ".join(normalize(word).split()).strip(" .,:;!?\"'()[]«»")


class Glossary:
    """Hand-written word pairs, both ways, with a stem index for Russian inflections.

    Russian -> English keeps each line's order. English -> Russian puts first the lines
    that name the English term first: ``план = plan`` before ``тариф = pricing, plan``.
    """

    def __init__(self) -> None:
        self.ru: dict[str, list[str]] = {}
        self.en: dict[str, list[str]] = {}
        self.ru_stems: dict[str, list[str]] = {}
        self.lines = 0
        self._en_rank: dict[str, list[tuple[int, int, int, str]]] | None = {}
        """Per English term, the ranks of its Russian terms; None once sealed."""

    def add(self, russian: list[str], english: list[str]) -> None:
        """Record that every Russian term translates every English term."""
        if self._en_rank is None:
            raise RuntimeError("the glossary is sealed; read a fresh one to add lines")
        for r in russian:
            extend_new(self.ru.setdefault(r, []), english)
            if " " not in r:
                extend_new(self.ru_stems.setdefault(stem(r), []), [r])
        # a verb with "не" reads one way: "broken" is "перелом", never "не работать"
        back = [(i, r) for i, r in enumerate(russian) if not r.startswith("не ")]
        for place, e in enumerate(english if back else ()):
            ranks = self._en_rank.setdefault(e, [])
            ranks.extend((place, self.lines, i, r) for i, r in back)
            ranks.sort()  # by place in the line, then by line, then as written
            self.en[e] = list(dict.fromkeys(r for *_rank, r in ranks))

    def __len__(self) -> int:
        return len(self.ru) + len(self.en)

    def seal(self) -> None:
        """Drop the ranks that only adding lines needs (about a third of the memory).

        Adding to a sealed glossary raises; :meth:`Bilingual.load` reads a fresh one.
        """
        self._en_rank = None


def extend_new(target: list[str], words: Iterable[str]) -> None:
    """Append the words ``target`` does not hold yet, in order."""
    target.extend(w for w in words if w not in target)


def parse_glossary(text: str, origin: str, into: Glossary | None = None) -> list[str]:
    """Read ``русское = english, english2`` lines into a glossary; return the problems.

    Either side may list several terms separated by commas, each up to three words; the
    sides may come in either order. ``#`` starts a comment. A bad line is skipped and
    reported as ``"<origin> line N: <why>"``.
    """
    glossary = into if into is not None else Glossary()
    problems: list[str] = []
    for number, raw in enumerate(text.splitlines(), start=1):
        line = _COMMENT_RE.sub("", raw).strip()
        if not line:
            continue
        why = _add_line(glossary, line)
        if why:
            problems.append(f"{origin} line {number}: {why}: {raw.strip()!r}")
    return problems


def _add_line(glossary: Glossary, line: str) -> str | None:
    if line.count("=") != 1:
        return "expected one '=' as in 'русское = english, english2'"
    left, right = ([clean_term(t) for t in side.split(",")] for side in line.split("="))
    left, right = [t for t in left if t], [t for t in right if t]
    if not left or not right:
        return "a side of '=' is empty"
    bad = next((t for t in (*left, *right) if not _TERM_RE.match(t)), None)
    if bad is not None:
        return f"{bad!r} is not a word or a phrase of up to three words"
    if all(is_cyrillic(t) for t in right) and not any(is_cyrillic(t) for t in left):
        left, right = right, left
    if not all(is_cyrillic(t) for t in left) or any(is_cyrillic(t) for t in right):
        return "expected Russian words on one side of '=' and English on the other"
    if any(_LATIN_RE.search(t) for t in left):
        return "a Russian term mixes Latin letters in"
    glossary.add(left, right)
    glossary.lines += 1
    return None
