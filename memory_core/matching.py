"""Pure name resolution: case-insensitive keys and rapidfuzz lookups; no I/O, no SQL."""

from __future__ import annotations

import re
import unicodedata
from collections.abc import Sequence

from rapidfuzz import fuzz, process, utils

from memory_core.errors import AmbiguousNameError
from memory_core.naming import display_name, split_prefix

__all__ = ["FUZZY_CUTOFF", "fuzzy_name", "fuzzy_resolve", "name_key"]

FUZZY_CUTOFF = 90.0
"""Minimum rapidfuzz ratio (0-100) for a new name to be taken as an existing one."""
_AMBIGUITY_MARGIN = 3.0
_NON_ALNUM_RE = re.compile(r"[\W_]+")
_DIGITS_RE = re.compile(r"\d+")


def name_key(name: str) -> str:
    """Return the case- and punctuation-insensitive key of a name.

    ``"project: eso"``, ``"Project:ESO"`` and ``"PROJECT:eso"`` share one key; ``ё`` folds to
    ``е`` so ``Фёдор`` and ``Федор`` do too.
    """
    folded = unicodedata.normalize("NFKC", name).casefold().replace("ё", "е")
    return _NON_ALNUM_RE.sub(" ", folded).strip()


def fuzzy_resolve(
    query: str, candidates: Sequence[str], *, cutoff: float = FUZZY_CUTOFF
) -> str | None:
    """Return the one candidate that ``query`` names despite small typos, or ``None``.

    Args:
        query: the name as typed.
        candidates: existing names to choose from (already narrowed, e.g. to one type).
        cutoff: the minimum similarity (0-100).

    Returns:
        The best candidate when it clears the cutoff and stands clearly above the next.

    Raises:
        AmbiguousNameError: two or more candidates match about equally well.
    """
    if not candidates:
        return None
    hits = process.extract(
        query,
        candidates,
        scorer=fuzz.ratio,
        processor=utils.default_process,
        score_cutoff=cutoff,
        limit=3,
    )
    if not hits:
        return None
    best = hits[0]
    close = tuple(h[0] for h in hits if best[1] - h[1] < _AMBIGUITY_MARGIN)
    if len(close) > 1:
        raise AmbiguousNameError(query, close)
    return str(best[0])


def fuzzy_name(name: str, candidates: Sequence[str]) -> str | None:
    """Return the candidate that ``name`` names despite a small typo, or ``None``.

    Names are compared without their type prefix (``Person:Ivan Petrov`` as ``Ivan Petrov``);
    Russian surname pairs such as ``Петров`` / ``Петрова`` are different people, never typos.

    Raises:
        AmbiguousNameError: several candidates fit about equally well.
    """
    if split_prefix(name)[0] == "Jira":
        return None  # keys are exact: ESO-10 is never ESO-100
    display = display_name(name)
    digits = _DIGITS_RE.findall(display)
    # a name that differs in a number is another thing (Atlas / Atlas2, Falcon-6 / Falcon-7)
    kept = [c for c in candidates if _DIGITS_RE.findall(display_name(c)) == digits]
    displays = [display_name(c) for c in kept]
    hit = fuzzy_resolve(display, displays)
    if hit is None or _other_form(display, hit):
        return None
    return kept[displays.index(hit)]


def _other_form(a: str, b: str) -> bool:
    """Tell apart names that are another form, not a typo, of each other.

    Gendered or suffixed forms are different people: ``Петров`` / ``Петрова``,
    ``Иван`` / ``Ивана``, ``Ivan`` / ``Ivana``, ``Alex`` / ``Alexa``, ``Иванов`` / ``Иван``;
    so is any pair where one word extends the other.
    """
    wa, wb = a.casefold().split(), b.casefold().split()
    if len(wa) != len(wb):
        return True
    for x, y in zip(wa, wb, strict=True):
        if x == y:
            continue
        if x.startswith(y) or y.startswith(x):
            return True
        if x[:-1] + "ая" == y or y[:-1] + "ая" == x:
            return True
    return False
