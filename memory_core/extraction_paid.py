"""The one who serves the owner's household, told by the owner paying them.

"новый арендодатель — X, платим ей с апреля", "the new cleaner is Y, we pay him weekly": the
role has no "мой"/"our" before it, but the owner pays the one who holds it, so the service is
the owner's. :func:`with_paid_provider` links the one person a rule gave a provider's role
(a landlord, a plumber, a lawyer: :mod:`memory_core.extraction_lexicon`'s ``provider`` kind)
and no link, ``provider_of`` the owner, when the sentence says "we pay"/"платим" them.
"""

from __future__ import annotations

import re
from typing import Final

from memory_core.extraction_lexicon import kind_of_role
from memory_core.extraction_text import Draft
from memory_core.naming import split_prefix

__all__ = ["with_paid_provider"]

_PAID = re.compile(
    r"(?<![\w-])(?:плат(?:им|ю)|плачу|оплачива(?:ем|ю)|переводим|(?:we|I)\s+pay|"
    r"(?:the\s+)?rent\s+goes\s+to)\s+(?:ей|ему|им|её|ее|его|her|him|them)(?![\w-])",
    re.IGNORECASE,
)
"""The owner paying someone: "платим ей", "плачу ему", "we pay her", "rent goes to him"."""
_ROLE_LINE = re.compile(r"^role: (?P<role>.+?) \(as_of=")
_PROVIDER: Final = "provider"


def with_paid_provider(draft: Draft, sentence: str) -> Draft:
    """``draft`` with its one provider, who has a role line and no link, ``provider_of`` the
    owner when ``sentence`` says the owner pays them (see the module)."""
    if draft.links or _PAID.search(sentence) is None:
        return draft
    held = [
        (name, kind)
        for name, lines in draft.lines.items()
        if split_prefix(name)[0] == "Person"
        for line in lines
        if (m := _ROLE_LINE.match(line)) is not None
        and (kind := kind_of_role(m["role"])) is not None
        and kind.name == _PROVIDER
    ]
    if len({name for name, _ in held}) != 1 or held[0][1].to_holder is None:
        return draft
    draft.link(held[0][0], held[0][1].to_holder, draft.owner)
    return draft
