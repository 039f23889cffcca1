"""A fallback: a milestone a project reached ("P перевалил за 10к клиентов", "P crossed 1M
bookings"), kept as a fact on the project.

A count a project went past is news to keep: how big it is now. :func:`project_milestone`
reads the project, a verb of going past or reaching, and a number; the rest of the sentence
(what was counted, "отметили тортом") stays in the line as said. Like every fallback it
never runs on a report of the day's work, a hedge, a question, small talk, worklog or a
secret, and only on a project the memory holds.
"""

from __future__ import annotations

import re

from memory_core.extraction_text import ENT, Draft, Reading
from memory_core.naming import split_prefix

__all__ = ["project_milestone"]

_PASSED = (
    r"(?:перевалил[аио]?|перешагнул[аио]?|превысил[аио]?|пробил[аио]?|достиг(?:ла|ло|ли)?|"
    r"дорос(?:ла|ло|ли)?|вырос(?:ла|ло|ли)?|набрал[аио]?|вышел|вышла|вышло)"
    r"(?:\s+(?:за|до|на|отметку\s+в|планку\s+в))?|"
    r"(?:has\s+|just\s+)*(?:crossed|hit|passed|reached|surpassed|topped|broke|cleared|"
    r"grew\s+(?:past|to|beyond)|went\s+past)(?:\s+the)?(?:\s+(?:mark\s+of|milestone\s+of))?"
)
"""Going past or reaching a count: "перевалил за", "достиг", "crossed", "hit"."""
_MILESTONE = re.compile(
    rf"^(?P<proj>{ENT})\s+(?:(?:уже|наконец|теперь|officially|finally|already|just)\s+)*"
    rf"(?P<said>(?:{_PASSED})\s+(?:отметку\s+в\s+)?[~≈]?\d[\d\s.,]*"
    r"(?:\s*(?:к|k|тыс\.?|тысяч\w*|млн|m|million|thousand|%))?(?![\w]).*)$",
    re.IGNORECASE,
)


def project_milestone(r: Reading, d: Draft) -> bool:
    """ "P перевалил за 10к активных клиентов", "P crossed 1M bookings": a line on P."""
    m = _MILESTONE.match(r.text)
    if m is None:
        return False
    project = r.entity(m["proj"])
    if split_prefix(project)[0] != "Project" or project in r.guessed:
        return False
    d.line(project, "fact", m["said"].strip(" ,.;"))
    return True
