"""Extraction of who takes over from someone leaving a post or going on leave.

Same contract as :mod:`memory_core.extraction_people`: :func:`cover` reads the marked message
and writes into the draft when its shape holds. First the one who goes and their news, then,
after a comma, who takes over and, when said, what they take over:

* "Michael is stepping down as CTO in april, Arsen takes over": Arsen gets the post named in
  the first clause (a ``role: CTO`` line); Michael the news as a ``fact:`` line
* "Ewa leaves in May, Magda takes over engineering recruiting", "Kuba from HR is leaving, his
  replacement is Ania": the new one gets what they take over, or the team the one leaving is
  from ("HR"), as a ``role:`` line
* "мариам ушла в декрет, пока вместо неё по hr-вопросам Сона", "X ушла в декрет,
  рекрутингом вместо неё занимается Y": the same, said with "вместо неё" / "на его место"

A project named in what is taken over is left to the rules that read who leads a project
(:mod:`memory_core.extraction_charge`), which come first.
"""

from __future__ import annotations

import re

from memory_core.extraction_lexicon import kind_of_role
from memory_core.extraction_roles import ADVS, WHO, apply_role, read_role
from memory_core.extraction_text import Draft, Reading

__all__ = ["cover"]

_I = re.IGNORECASE
_HEAD = re.compile(rf"^(?P<out>{WHO})\s+(?P<news>[^,;]+?)\s*[,;—]\s*(?P<tail>.+)$", _I)
_POST = re.compile(
    r"\b(?:as|с\s+поста|с\s+должности|from\s+(?:the\s+)?role\s+of)\s+(?P<post>[\w-]+(?:\s+[\w-]+)?)"
    r"|\b(?:from|из)\s+(?:the\s+)?(?P<team>[\w-]+)(?:\s+(?:team|команды))?\b",
    _I,
)
"""The post or team the one leaving held: "as CTO", "с поста CTO", "from HR"."""
_TIME_AFTER = re.compile(r"\s+(?:in|on|at|from|by|until|с|в|до|со)$", _I)
"""A word that starts when, not the post: "as CTO in april"."""
_TAKE_OVER = r"(?:takes|will\s+take|is\s+taking|took|is\s+going\s+to\s+take)\s+over"
_PRONOUN = r"(?:неё|нее|него|них|her|him|them)"
_TAILS = (
    re.compile(  # "Arsen takes over", "Magda takes over engineering recruiting"
        rf"^(?:(?:and|so|и|а)\s+)?(?P<who>{WHO})\s+{ADVS}{_TAKE_OVER}"
        rf"(?:\s+from\s+{_PRONOUN})?(?P<duty>(?:\s+[^,]+)?)$",
        _I,
    ),
    re.compile(  # "his replacement is Ania Sobczak", "her replacement as PM is X"
        rf"^(?:(?:and|so)\s+)?(?:his|her|their)\s+(?:replacement|successor)"
        rf"(?:\s+as\s+(?P<duty>[^,]+?))?\s+(?:is|will\s+be)\s+(?P<who>{WHO})$",
        _I,
    ),
    re.compile(  # "пока вместо неё по hr-вопросам Сона", "рекрутингом вместо неё занимается Y"
        rf"^(?:(?:а|и)\s+)?(?P<before>[^,]*?)\s*(?:вместо\s+{_PRONOUN}|на\s+(?:её|ее|его|их)\s+место)"
        rf"\s*,?\s*(?P<after>[^,]*?)\s*(?P<who>{WHO})$",
        _I,
    ),
)
_FILLER = re.compile(
    r"\b(?:пока|временно|теперь|сейчас|будет|будут|станет|занимается|займётся|займется|"
    r"отвечает\s+за|ведёт|ведет|берёт|берет|придёт|придет|пришла|пришёл|пришел|"
    r"for\s+now|temporarily)\b",
    _I,
)


def cover(r: Reading, d: Draft) -> bool:
    """ "X is stepping down as CTO, Y takes over", "X ушла в декрет, вместо неё по hr Y"."""
    m = _HEAD.match(r.text)
    if m is None:
        return False
    for tail in _TAILS:
        t = tail.match(m["tail"])
        if t is None:
            continue
        groups = t.groupdict()
        duty = groups.get("duty") or " ".join(
            filter(None, (groups.get("before"), groups.get("after")))
        )
        duty = " ".join(_FILLER.sub(" ", duty or "").split()).strip(" ,")
        out, person = d.person(m["out"]), d.person(t["who"])
        if out is None or person is None or out == person or "⟦" in duty:
            return False
        if not duty:
            post = _POST.search(m["news"])
            duty = _TIME_AFTER.sub("", (post["post"] or post["team"]) if post else "")
            if not duty or kind_of_role(duty) is None:
                return False
        role = read_role(r, duty)
        if role is not None:
            apply_role(d, person, role, None)
        else:
            d.line(person, "role", duty)
        d.line(out, "fact", m["news"])
        return True
    return False
