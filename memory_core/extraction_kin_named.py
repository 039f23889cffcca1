"""A relative of someone the memory knows, named in passing beside them.

"Tamik and his wife Nazrin are expecting", "Рустам с женой Лейлой переехали в Тбилиси", "X and
her son Emil ...", "у X жена Азра открыла пекарню" (then the news is the relative's):
whatever rule read the sentence kept it as a fact of the known person; :func:`with_kin_named`
adds the relative named after the kin word, with the kin's line and link to that person
(``married_to`` for a spouse, ``child_of`` for a child, ...), when the draft does not name
them yet. The owner's own relatives are read by the people rules.
"""

from __future__ import annotations

import re

from memory_core.extraction_roles import apply_role, read_role
from memory_core.extraction_text import ENT, NEW_NAME, Draft
from memory_core.naming import split_prefix

__all__ = ["with_kin_named"]

_KIN = (
    r"wife|husband|partner|girlfriend|boyfriend|fianc[ée]e?|son|daughter|brother|sister|"
    r"mother|father|mom|mum|dad|"
    r"жена|женой|муж|мужем|сын|сыном|дочь|дочерью|дочка|дочкой|брат|братом|сестра|сестрой|"
    r"невеста|невестой|жених|женихом|мама|мамой|папа|папой"
)
_BESIDE = re.compile(
    rf"(?P<holder>{ENT})\s+(?:and|&|и|with|с|со|together\s+with|вместе\s+с)\s+"
    r"(?:(?:his|her|their|своей|своим|своей|его|её|ее)\s+)?"
    rf"(?P<kin>{_KIN})\s*,?\s+(?P<who>{ENT}|{NEW_NAME})",
    re.IGNORECASE,
)
"""A known person, "and/with", a kin word, then the relative's name."""
_AT = re.compile(
    rf"(?:^|[,;—]\s*|\s)у\s+(?P<holder>{ENT})\s+(?:(?:теперь|сейчас|новая|новый)\s+)?"
    rf"(?P<kin>{_KIN})\s*(?:—|–|-|,)?\s+(?P<who>{ENT}|{NEW_NAME})(?:\s*,)?(?P<rest>\s+[^\W\d_].*)?$",
    re.IGNORECASE,
)
"""A relative said as the known person's ("у X жена Азра открыла пекарню", "у X жена Азра,
она пекарь"), then what they did: the relative and their news, not the known person's."""


def with_kin_named(draft: Draft) -> Draft:
    """``draft`` with the relative a sentence names beside a known person ("X and his wife
    Y"): Y with the kin's line, linked to X, unless the draft names Y already."""
    m = _BESIDE.search(draft.reading.text) or _AT.search(draft.reading.text)
    if m is None:
        return draft
    holder = draft.reading.entity(m["holder"])
    if split_prefix(holder)[0] != "Person":
        return draft
    relative = draft.person(m["who"])
    named = {*draft.lines, *(end for frm, _, to in draft.links for end in (frm, to))}
    role = read_role(draft.reading, m["kin"])
    if relative is None or relative == holder or relative in named or role is None:
        return draft
    apply_role(draft, relative, role, holder)
    rest = m.groupdict().get("rest")
    if rest:  # "у X жена Азра открыла пекарню": the news is the relative's
        draft.line(relative, "fact", rest)
        draft.lines.pop(holder, None)
    return draft
