"""Extraction of a standing duty said with a verb: "X теперь согласует все бюджеты".

Same contract as :mod:`memory_core.extraction_people`: :func:`duty` reads the marked message
and writes into the draft when its shape holds. A person (known, or a new capitalised name,
perhaps with the team they are from), a word that says it holds from now on ("теперь",
"now", "с марта", "отныне") and a verb of a duty that recurs (approving, signing off,
handling, hiring, answering for): "Карен Оганесян из финансов теперь согласует все бюджеты
на облако", "Priya now signs off every release", "Лена с апреля ведёт весь найм". The duty
and the team becomes a ``role:`` line. Without the word of time it is one event ("Лена
согласовала бюджет"), and nothing is written, unless the verb itself says the duty stands
("Лена отвечает за счета", "Tom is in charge of hiring").
"""

from __future__ import annotations

import re

from memory_core.extraction_roles import WHO
from memory_core.extraction_text import Draft, Reading

__all__ = ["duty"]

_I = re.IGNORECASE
_FROM_NOW = (
    r"(?:теперь|отныне|now|from\s+now\s+on|с\s+(?:\d{1,2}\s+)?[а-яё]+|from\s+[a-z]+|"
    r"starting\s+[a-z]+)"
)
_DUTY_VERB = (
    r"(?:согласует|утверждает|подписывает|одобряет|визирует|approves|signs\s+off(?:\s+on)?|"
    r"handles|вед[её]т\s+(?:весь|всю|все|всё)|занимается|отвечает\s+за|is\s+responsible\s+for|"
    r"is\s+in\s+charge\s+of|owns\s+(?:all|every))"
)
_DUTY = re.compile(
    rf"^(?P<who>{WHO})(?:\s+(?:из|from)\s+(?:the\s+)?(?P<team>[\w-]+)(?:\s+(?:team|команды))?)?"
    rf"\s+(?:(?:ещё|еще|also|тоже)\s+)*{_FROM_NOW}\s+(?:(?:ещё|еще|also|тоже|и)\s+)*"
    rf"(?P<duty>{_DUTY_VERB}\s+[^⟦,]+?)\s*$",
    _I,
)


_STANDING_VERB = (
    r"(?:отвечает\s+за|ответствен(?:ен|на)\s+за|is\s+responsible\s+for|is\s+in\s+charge\s+of|"
    r"занимается|курирует|заведует|следит\s+за|handles|manages(?!\s+to\b)|deals\s+with|"
    r"takes\s+care\s+of|looks\s+after|coordinates|is\s+the\s+go-to\s+(?:person\s+)?for)"
)
_STANDING = re.compile(
    rf"^(?P<who>{WHO})\s+(?:(?:ещё|еще|also|тоже|и)\s+)*(?P<team>)(?P<duty>{_STANDING_VERB}\s+[^⟦,]+?)\s*$",
    _I,
)
"""A duty that holds by its verb alone: "Лена отвечает за счета", "Tom is in charge of hiring",
"Лариса занимается закупками", "Kevin handles vacation requests", "Omar takes care of the
keys"."""


def duty(r: Reading, d: Draft) -> bool:
    """ "Карен Оганесян из финансов теперь согласует все бюджеты на облако"."""
    m = _DUTY.match(r.text) or _STANDING.match(r.text)
    person = d.person(m["who"]) if m else None
    if m is None or person is None:
        return False
    team = f", {m['team']}" if m["team"] else ""
    d.line(person, "role", f"{m['duty']}{team}")
    return True
