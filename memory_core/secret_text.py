"""Normalise text before looking for secrets, so that disguised secrets look like plain ones.

The secret detector never matches the raw text. :func:`views` returns two renderings of the
same characters (both map one character to one character, so positions line up):

* ``words``: NFKC, zero-width and combining marks removed, every decimal digit made ASCII,
  dashes unified, all whitespace (line breaks too) joined into single spaces, and each run of
  letters folded to *its own* script: ``pаssword`` with a Cyrillic ``а`` becomes ``password``,
  ``пaроль`` with a Latin ``a`` becomes ``пароль``. Used to read labels and values.
* ``latin``: the same, but every Cyrillic or Greek look-alike letter is made Latin, whatever
  the word. Used for fixed shapes (API keys, IBANs, BIP-39 words), which are Latin by nature.
"""

from __future__ import annotations

import re
import unicodedata
from dataclasses import dataclass
from typing import Final

__all__ = ["TextViews", "normalise", "views"]

# Cyrillic (and a few Greek) letters that look like a Latin letter in common fonts.
_CYRILLIC_ALIKES: Final = "аеорсухкіјѕԁԛԝһӏАВЕКМНОРСТУХІЈЅԚԜҺ"
_GREEK_ALIKES: Final = "οαρικνυΑΒΕΖΗΙΚΜΝΟΡΤΥΧ"
_TO_LATIN: Final = str.maketrans(
    _CYRILLIC_ALIKES + _GREEK_ALIKES,
    "aeopcyxkijsdqwhlABEKMHOPCTYXIJSQWH" + "oapikvyABEZHIKMNOPTYX",
)
# Latin letters that look like a Cyrillic letter used in Russian.
_LATIN_ALIKES: Final = "aeopcyxkABEKMHOPCTXY"
_TO_CYRILLIC: Final = str.maketrans(_LATIN_ALIKES, "аеорсухкАВЕКМНОРСТХУ")
_LATIN_UNIQUE_RE = re.compile(f"[^\\W\\d_{_LATIN_ALIKES}]", re.ASCII)
_LATIN_ALIKE_RE = re.compile(f"[{_LATIN_ALIKES}{_GREEK_ALIKES}]")
_CYRILLIC_UNIQUE_RE = re.compile(f"[^\\W\\d_{_CYRILLIC_ALIKES}\\u0000-\\u03ff\\u0530-\\uffff]")
_CYRILLIC_ALIKE_RE = re.compile(f"[{_CYRILLIC_ALIKES}]")
_LETTER_RUN_RE = re.compile(r"[^\W\d_]+")
_SPACE_RE = re.compile(r"\s+")
_ASCII_CONTROL_RE = re.compile(r"[\x00-\x08\x0e-\x1f\x7f]")
# Characters outside printable ASCII and plain Cyrillic letters: each is looked at on its own.
_UNUSUAL_RE = re.compile(r"[^\t-\r -~\u0400-\u0482\u048a-\u04ff]")
_LONG_DASHES: Final = frozenset("–—―")


@dataclass(frozen=True, slots=True)
class TextViews:
    """Two same-length renderings of one normalised text (see the module docstring)."""

    words: str
    latin: str


def _clean_char(char: str) -> str:
    category = unicodedata.category(char)
    if category in {"Cf", "Mn", "Me"} or (category == "Cc" and not char.isspace()):
        return ""  # zero-width spaces and joiners, soft hyphens, bidi marks, combining marks
    if category == "Nd":
        return str(unicodedata.decimal(char))
    if category == "Pd" or char == "\u2212":
        return "—" if char in _LONG_DASHES else "-"
    return char


def normalise(text: str) -> str:
    """NFKC, drop invisible characters, ASCII digits, one kind of space: no script folding.

    Args:
        text: Any text.

    Returns:
        The text as the detector reads it before letters are folded; line breaks become
        spaces, so a card number split over two lines reads as one.
    """
    if text.isascii():
        cleaned = _ASCII_CONTROL_RE.sub("", text)
    else:
        folded = unicodedata.normalize("NFKC", text)
        cleaned = _UNUSUAL_RE.sub(lambda match: _clean_char(match.group()), folded)
    return _SPACE_RE.sub(" ", cleaned).strip()


def _vote(run: str) -> tuple[str | None, bool]:
    """The script of a run of letters, and whether a letter without a look-alike decided it."""
    latin = 100 * len(_LATIN_UNIQUE_RE.findall(run)) + len(_LATIN_ALIKE_RE.findall(run))
    cyrillic = 100 * len(_CYRILLIC_UNIQUE_RE.findall(run)) + len(_CYRILLIC_ALIKE_RE.findall(run))
    if latin == cyrillic:
        return None, False
    return ("latin" if latin > cyrillic else "cyrillic"), max(latin, cyrillic) >= 100


def _settled(run: str) -> bool:
    """A run in one script with a letter that has no look-alike: nothing to fold."""
    if run.isascii():
        return _LATIN_UNIQUE_RE.search(run) is not None
    return (
        _CYRILLIC_UNIQUE_RE.search(run) is not None
        and _LATIN_UNIQUE_RE.search(run) is None
        and _LATIN_ALIKE_RE.search(run) is None
    )


def _fold_words(text: str) -> str:
    runs = list(_LETTER_RUN_RE.finditer(text))
    if all(_settled(run.group()) for run in runs):
        return text
    votes = [_vote(run.group()) for run in runs]
    sure = [script if certain else None for script, certain in votes]
    parts: list[str] = []
    end = 0
    for index, run in enumerate(runs):
        script = sure[index]
        if script is None:
            # A run made only of look-alikes ("сс" in a hex string, the preposition "с", a
            # fully swapped "kеу") takes the script of its token, else of the nearest run
            # that has a letter without a look-alike, else its own majority.
            start = text.rfind(" ", 0, run.start()) + 1
            stop = text.find(" ", run.end())
            token = text[start : len(text) if stop < 0 else stop]
            token_script, token_sure = _vote("".join(_LETTER_RUN_RE.findall(token)))
            before = next((s for s in reversed(sure[:index]) if s), None)
            after = next((s for s in sure[index + 1 :] if s), None)
            script = (token_script if token_sure else None) or before or after or votes[index][0]
        table = _TO_LATIN if script == "latin" else _TO_CYRILLIC if script else {}
        parts.append(text[end : run.start()])
        parts.append(run.group().translate(table))
        end = run.end()
    parts.append(text[end:])
    return "".join(parts)


def views(text: str) -> TextViews:
    """Normalise ``text`` and return its two views (see the module docstring).

    Args:
        text: Any text: a message, an observation line, an entity name.

    Returns:
        The ``words`` view (letters folded run by run) and the ``latin`` view (all look-alikes
        made Latin), of equal length.
    """
    base = normalise(text)
    if base.isascii():
        return TextViews(words=base, latin=base)
    return TextViews(words=_fold_words(base), latin=base.translate(_TO_LATIN))
