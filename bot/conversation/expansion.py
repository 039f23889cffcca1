"""Search terms from a language model, for a question the words of memory do not match.

When the lexical recall finds nothing for a question ("what kinda stove are we getting"
about a note that says "induction hob"), a configured model is asked once for a few search
terms: synonyms, the other language's words, likely names. Recall then runs again on them.
The model sees only the question, never memory; its answer is read as data (a JSON list of
short words), and at most :data:`MAX_TERMS` of them are used. The call is bounded by the
model client's timeout (``LLM_TIMEOUT``).
"""

from __future__ import annotations

import json
import re
from typing import Protocol

from bot.conversation.language_model import LanguageModel, ModelError

__all__ = ["MAX_TERMS", "Expander", "ModelSearchTerms", "parse_terms", "search_messages"]

MAX_TERMS = 8
"""The most search terms taken from the model."""
_MAX_TERM_CHARS = 40
_TERM_RE = re.compile(r"[^\W_][\w\s.\-]*")

_SYSTEM = """\
You turn ONE chat question into search terms for a personal notes database that mixes \
Russian and English. Reply with JSON only, exactly this shape:
{"terms": ["...", "..."]}
Give 3 to 8 short terms (one or two words each): the question's key nouns and names, their \
synonyms, and their translations into the other language (Russian <-> English). No \
sentences, no explanations.\
"""


class Expander(Protocol):
    """What recall needs from a model to widen a question that found nothing."""

    async def search_terms(self, question: str) -> list[str]:
        """Return a few search terms for ``question`` (raises ModelError)."""
        ...


def search_messages(question: str) -> list[dict[str, str]]:
    """Build the chat-completion messages asking for search terms."""
    return [{"role": "system", "content": _SYSTEM}, {"role": "user", "content": question}]


def parse_terms(raw: str) -> list[str]:
    """Read the model's JSON; keep short word-like terms only, at most :data:`MAX_TERMS`.

    Raises:
        ValueError: not the expected JSON shape.
    """
    start, end = raw.find("{"), raw.rfind("}")
    if start < 0 or end < start:
        raise ValueError("no JSON object")
    data = json.loads(raw[start : end + 1])
    terms = data.get("terms") if isinstance(data, dict) else None
    if not isinstance(terms, list):
        raise ValueError("no 'terms' list")  # noqa: TRY004 - bad model output, not a bug
    kept: list[str] = []
    for given in terms:
        if not isinstance(given, str):
            continue
        term = " ".join(given.split())[:_MAX_TERM_CHARS]
        if _TERM_RE.fullmatch(term) and term.casefold() not in {k.casefold() for k in kept}:
            kept.append(term)
    return kept[:MAX_TERMS]


class ModelSearchTerms:
    """The :class:`Expander` backed by a language model."""

    def __init__(self, model: LanguageModel) -> None:
        self.model = model

    async def search_terms(self, question: str) -> list[str]:
        """Ask the model for search terms (raises ModelError)."""
        raw = await self.model.chat(search_messages(question), max_tokens=120, temperature=0)
        try:
            return parse_terms(raw)
        except (ValueError, json.JSONDecodeError) as exc:
            raise ModelError(f"bad search terms: {exc}") from None
