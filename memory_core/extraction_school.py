"""Extraction of a child's class and teacher: "Миша в 3Б, классная — Ольга Петровна".

Same contract as :mod:`memory_core.extraction_people`: :func:`school` reads the marked message
and writes into the draft when its shape holds. The child is a person (known, a new first
name, or a kin word: :func:`memory_core.extraction_someone.someone`); "сын"/"дочь"/"my son"
before the name links them to the owner as a child. Shapes:

* "Миша в 3Б", "сын Миша учится в 5 классе", "Emma is in 2nd grade": a ``fact:`` line with
  the class on the child;
* the teacher said after it (", классная — X", ", her teacher is X") or alone ("у Сони
  классный руководитель — X", "классная у Миши — X", "Emma's teacher is X"): X is a person
  with the teacher's ``role:`` line and a ``teacher_of`` link to the child.
"""

from __future__ import annotations

import re

from memory_core.extraction_roles import WHO
from memory_core.extraction_someone import KIN_WORD, kin_of, someone
from memory_core.extraction_text import Draft, Reading

__all__ = ["school"]

_I = re.IGNORECASE
_TEACHER_RU = r"(?:классн\w*(?:\s+руководител\w*)?|классух\w*|учител\w*)"
_TEACHER_EN = r"(?:(?:class|homeroom|form)\s+)?teacher"
_TEACHER = rf"(?P<role>{_TEACHER_RU}|{_TEACHER_EN})"
_IS = r"\s*(?:—|-|:|\bis\b|\bэто\b)\s*"
_CHILD = rf"(?:(?:мой|моя|my)\s+)?(?:(?P<kin>сын|дочь|дочка|son|daughter)\s+)?(?P<kid>{WHO})"
_GRADE_RU = (
    r"(?:(?:теперь|уже|сейчас)\s+)?(?:(?:учится|ходит|пош[её]л|пошла|перев[её]лся|перешла|"
    r"перешёл|перешел)\s+)?в\s+(?P<grade>\d{1,2}(?:\s*-?\s*[«\"]?[А-ЯЁA-Zа-яё][»\"]?\b|"
    r"\s*[«\"]?[А-ЯЁA-Zа-яё][»\"]?(?=\s+класс)|(?=\s+класс))(?:\s+класс\w*)?)"
)
_GRADE_EN = (
    r"(?:is|'s)\s+(?:(?:now|already)\s+)?in\s+(?P<grade>(?:the\s+)?\d{1,2}(?:st|nd|rd|th)\s+"
    r"grade|grade\s+\d{1,2}|year\s+\d{1,2}|class\s+\w+|kindergarten)"
)
_THEN_TEACHER = re.compile(
    rf"^\s*[,;]\s*(?:а\s+|and\s+)?(?:(?:его|её|ее|их|his|her|their)\s+)?{_TEACHER}{_IS}"
    rf"(?P<teacher>{WHO})\s*$",
    _I,
)
_IN_CLASS = tuple(
    re.compile(rf"^{_CHILD}\s+{grade}(?P<rest>.*)$", _I) for grade in (_GRADE_RU, _GRADE_EN)
)
_TEACHER_OF = (
    re.compile(rf"^у\s+(?P<kid>{WHO}|{KIN_WORD})\s+{_TEACHER}{_IS}(?P<teacher>{WHO})$", _I),
    re.compile(rf"^{_TEACHER}\s+(?:у\s+)?(?P<kid>{WHO}|{KIN_WORD}){_IS}(?P<teacher>{WHO})$", _I),
    re.compile(
        rf"^(?:my\s+)?(?P<kid>{WHO}|{KIN_WORD})(?:'s|\s+is)\s+{_TEACHER}{_IS}(?P<teacher>{WHO})$",
        _I,
    ),
)


def school(r: Reading, d: Draft) -> bool:
    """ "Миша в 3Б, классная — Ольга Петровна", "у Сони классный руководитель — X"."""
    m = next((m for p in _IN_CLASS if (m := p.match(r.text)) is not None), None)
    if m is not None:
        teacher = _THEN_TEACHER.match(m["rest"])
        if m["rest"].strip(" .") and teacher is None:
            return False  # "Миша в 3Б, ходит на танцы": more than this rule reads
        kid = someone(d, m["kid"])
        if kid is None:
            return False
        if m["kin"] and (kin := kin_of(m["kin"])) is not None and d.relative(kin) != kid:
            d.link(kid, "child_of", d.owner)
        grade = " ".join(m["grade"].split())
        if re.search(r"[а-яё]", grade, _I) and "класс" not in grade.lower():
            grade = f"{grade} классе"
        d.line(
            kid, "fact", f"учится в {grade}" if re.search(r"[а-яё]", grade, _I) else f"in {grade}"
        )
        return teacher is None or _teacher(d, kid, teacher)
    for pattern in _TEACHER_OF:
        m = pattern.match(r.text)
        if m is not None:
            kin = kin_of(m["kid"])
            if kin is not None and d.relative(kin) is None:
                return False  # "my daughter's teacher is X": which daughter the memory can't tell
            kid = someone(
                d, m["kid"], oblique=r.text.lower().startswith(("у ", "классн", "учител"))
            )
            return kid is not None and _teacher(d, kid, m)
    return False


def _teacher(d: Draft, kid: str, m: re.Match[str]) -> bool:
    """Write the teacher ``m`` names: a role line and a ``teacher_of`` link to ``kid``."""
    teacher = d.person(m["teacher"])
    if teacher is None or teacher == kid:
        return False
    d.line(teacher, "role", " ".join(m["role"].lower().split()))
    d.link(teacher, "teacher_of", kid)
    return True
