"""Mask the secrets in a text that is about to be shown (a language model's answer).

The detector (:mod:`memory_core.secrets`) tells *whether* a text holds a secret, on a
normalised copy; :func:`mask_secrets` finds *where*, on the text itself, by asking it about
pieces of the text. It narrows the whitespace-separated words down to the shortest run that
still holds a secret, masks that run, and starts over until the whole text is clean:

* digits of a card number, an IBAN, a PIN or a personal ID become ``•`` (``PIN ••••``);
* every word of a seed phrase becomes ``•••``, with the BIP-39 words next to it;
* otherwise each word of the run is masked, then words are given back from the left as
  long as the run stays clean: ``password: •••`` keeps its label.

A text it cannot clean in a few rounds has every line that still holds a secret masked
whole. The result never holds a secret the detector knows.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from typing import Final

from memory_core.secret_numbers import bip39_words
from memory_core.secrets import (
    REASON_CARD_NUMBER,
    REASON_IBAN,
    REASON_PERSONAL_ID,
    REASON_PIN,
    REASON_SEED_PHRASE,
    find_secret,
)

__all__ = ["MASK", "mask_secrets"]

MASK: Final = "•••"
"""What a masked word becomes."""
_ROUNDS: Final = 20
_WORD_RE = re.compile(r"\S+")
_DIGIT_RE = re.compile(r"\d")
_GROUP_RE = re.compile(r"\d+(?:-\d+)*[,.;]?")
_DIGIT_KINDS: Final = frozenset({REASON_CARD_NUMBER, REASON_IBAN, REASON_PERSONAL_ID, REASON_PIN})
_PUNCTUATION: Final = ".,;:!?\"'«»()[]{}"
_KEPT: Final = ".,;:\"'«»()[]{}"
"""Punctuation kept around a masked word (not ``!`` or ``?``, often part of a password)."""

Span = tuple[int, int]


def mask_secrets(text: str) -> str:
    """Return ``text`` with every secret the detector finds masked (unchanged when none).

    Args:
        text: Any text to be shown, such as a model's answer.

    Returns:
        The text with the secret parts replaced (see the module docstring); only masked
        words change, the rest keeps its place and spacing.
    """
    if find_secret(text) is None:
        return text
    for _ in range(_ROUNDS):
        words = [m.span() for m in _WORD_RE.finditer(text)]
        start, end = _shortest_secret_run(text, words)
        text = _mask_run(text, words, start, end)
        if find_secret(text) is None:
            return text
    lines = [MASK if find_secret(line) else line for line in text.split("\n")]
    masked = "\n".join(lines)
    return MASK if find_secret(masked) else masked


def _first_true(low: int, high: int, holds: Callable[[int], bool]) -> int:
    """The smallest ``k`` in ``low..high`` with ``holds(k)``, given ``holds(high)``."""
    while low < high:
        middle = (low + high) // 2
        if holds(middle):
            high = middle
        else:
            low = middle + 1
    return high


def _shortest_secret_run(text: str, words: list[Span]) -> Span:
    """A run ``(first, last)`` of word indexes whose text holds a secret, kept short.

    The whole text holds one: the first word stays, the end comes in as far as it can; then
    the end stays and the start moves up as far as it can. A secret that needs its end of
    the text ("... password hunter") still yields a run that holds it.
    """
    last = len(words) - 1

    def secret(first: int, end: int) -> bool:
        return find_secret(text[words[first][0] : words[end][1]]) is not None

    end = _first_true(0, last, lambda k: secret(0, k))
    # The largest start that still holds a secret: searched as the smallest distance back.
    back = _first_true(0, end, lambda d: secret(end - d, end))
    return end - back, end


def _masked(word: str) -> str:
    """``MASK`` in place of a word, keeping the punctuation around it (``•••.``)."""
    core = word.strip(_KEPT)
    if not core:
        return MASK
    start = word.index(core)
    return word[:start] + MASK + word[start + len(core) :]


def _replace(text: str, spans: list[Span], make: Callable[[str], str]) -> str:
    for start, end in sorted(spans, reverse=True):
        text = text[:start] + make(text[start:end]) + text[end:]
    return text


def _seed_words(text: str, words: list[Span], start: int, end: int) -> list[Span]:
    """The run widened over the BIP-39 words next to it (the rest of the phrase)."""
    known = bip39_words()

    def seed_word(index: int) -> bool:
        word = text[words[index][0] : words[index][1]].strip(_PUNCTUATION).lower()
        return word in known

    while start > 0 and seed_word(start - 1):
        start -= 1
    while end + 1 < len(words) and seed_word(end + 1):
        end += 1
    return words[start : end + 1]


def _digit_groups(text: str, words: list[Span], start: int, end: int) -> list[Span]:
    """The run widened over the groups of digits next to it ("СНИЛС 112-233-445 95")."""

    def digit_group(index: int) -> bool:
        return _GROUP_RE.fullmatch(text[words[index][0] : words[index][1]]) is not None

    while start > 0 and digit_group(start - 1):
        start -= 1
    while end + 1 < len(words) and digit_group(end + 1):
        end += 1
    return words[start : end + 1]


def _mask_run(text: str, words: list[Span], start: int, end: int) -> str:
    run = words[start : end + 1]
    first, last = run[0][0], run[-1][1]
    kind = find_secret(text[first:last])
    if kind in _DIGIT_KINDS:
        groups = _digit_groups(text, words, start, end)
        return _replace(text, groups, lambda word: _DIGIT_RE.sub("•", word))
    if kind == REASON_SEED_PHRASE:
        return _replace(text, _seed_words(text, words, start, end), _masked)
    if len(run) == 1:
        return _replace(text, run, _masked)
    masked = set(range(len(run)))
    for index in range(len(run)):
        keep = masked - {index}
        piece = _replace(text, [run[i] for i in keep], _masked)[first:]
        # The run's end moved by the masks: look only up to where the run now ends.
        shift = sum(len(_masked(text[a:b])) - (b - a) for a, b in (run[i] for i in keep))
        if find_secret(piece[: last - first + shift]) is None:
            masked = keep
    return _replace(text, [run[i] for i in masked], _masked)
