"""The loosest fallback: a lasting statement about the one person a sentence names.

No rule reads every way a message can say something about someone ("Жоре Пятакову сделали
операцию на колене", "our cat goes to dr. Saulius Mockus at the Pilaite vet clinic",
"архитектором Quarry будет Саба Кварацхелия"). When every specific rule and every other
fallback found nothing, :func:`named_fact` keeps such a sentence whole as a ``fact:`` line on
the one person it names (a person the memory holds, or a full name it lacks) and links that
person to the one known project the sentence names with them.

It is guarded by signals, not wordings: the sentence names exactly one person; a new name is
two or three capitalised words that are no ordinary words ("Bank of Georgia" is none) and do
not follow a preposition of place; nothing in it tells of a passing event ("сегодня", "said",
"заболел"), a meeting, a ticket or a plan; and, like every fallback, it runs only on a
sentence with no report of the day's work and no hedge
(:func:`~memory_core.extraction_fallback.may_fall_back`) in a message that is no question,
small talk, worklog or secret.
"""

from __future__ import annotations

import re
from typing import Final

from memory_core import bilingual
from memory_core.extraction_people import FEELING_FOR_HIM, TRANSIENT
from memory_core.extraction_text import ENT, NEW_NAME, Draft, Reading
from memory_core.language import is_cyrillic
from memory_core.morphology import known_russian_word
from memory_core.name_gender import is_given_name
from memory_core.naming import split_prefix

__all__ = ["PASSING", "named_fact"]

_I = re.IGNORECASE
_AFTER_PLACE = re.compile(
    r"(?:\b(?:from|at|of|in|on|to|with|из|от|в|во|на|с|со|у|для|for))\s+$", _I
)
"""A capitalised pair after one of these names a place or a company: "at Pilaite Clinic"."""
_HONORIFIC = re.compile(
    r"^(?:доктор\w*|dr\.?|doctor|mr\.?|mrs\.?|ms\.?|miss|pani|pan|пани|пан)\s+", _I
)
"""A title before a name: "dr. Mockus" names a person even after "to" and as one word."""
PASSING = re.compile(
    r"\b(?:встреч\w*|созвон\w*|звонок|звонк\w*|перенес\w*|отмен\w*|обед\w*|ужин\w*|кофе|"
    r"meeting|call|sync|lunch|dinner|coffee|postponed|moved\s+to|cancel\w*|rescheduled|"
    r"утр[оа]м?|вечер\w*|ноч\w*|весь\s+день|с\s+утра|this\s+morning|this\s+afternoon|"
    r"this\s+evening|all\s+(?:day|night)|overnight|кашл\w*|простуд\w*|температур\w*|"
    r"выспал\w*|cough\w*|flu|fever|headache|"
    r"на\s+неделе|next\s+week|на\s+следующей\s+неделе|в\s+(?:понедельник|вторник|среду|четверг|"
    r"пятницу|субботу|воскресенье)|on\s+(?:monday|tuesday|wednesday|thursday|friday|saturday|"
    r"sunday)|ждём|ждем|жду|waiting|пинг\w*|ping\w*|reminded|напомнил\w*|"
    r"todo|to-do|standup|стендап\w*|eod|wip|blocked|блок\w*|"
    r"вопрос\w*|ответ(?:ит|ят|ил\w*|ь)|спрос\w*|question\w*|answer\w*|ask\w*)\b",
    _I,
)
"""Words of an appointment, a plan, a question passed on or a day's chatter: no lasting fact
about anyone."""
_MIN_FACT_WORDS: Final = 3
"""Words the sentence must hold besides the person's name: a name alone states nothing."""
_WORD = re.compile(r"[^\W\d_][\w'-]*")


def _ordinary(word: str) -> bool:
    """Whether a capitalised word is an ordinary word of either language, not a name."""
    if is_given_name(word):
        return False
    lower = word.lower()
    if is_cyrillic(word):
        return known_russian_word(lower)
    return bool(bilingual.translations(lower, limit=1))


def _new_names(r: Reading, d: Draft) -> tuple[list[str], str]:
    """People the sentence names by a full name the memory lacks ("Саба Кварацхелия",
    "dr. Saulius Mockus"): two or three capitalised words that are no ordinary words; and
    the text without them."""
    found: list[str] = []
    rest = r.text
    for m in re.finditer(NEW_NAME, r.text):
        surface = m.group(0)
        titled = _HONORIFIC.match(surface) is not None
        words = _HONORIFIC.sub("", surface).split()
        if len(words) < (1 if titled else 2):
            continue
        before = r.text[: m.start()]
        if not titled and (
            _AFTER_PLACE.search(before)
            or _A_THING.search(before)
            or any(_ordinary(w) for w in words)
        ):
            continue
        person = d.person(surface)
        if person is not None and split_prefix(person)[0] == "Person":
            found.append(person)
            rest = rest.replace(surface, " ", 1)
    return found, rest


def _lone_names(rest: str) -> list[str]:
    """Capitalised single words that are first names ("будет Христо"): someone the memory
    lacks, whom the sentence may be about as well."""
    return [w for w in _WORD.findall(rest) if w[:1].isupper() and is_given_name(w)]


_A_THING = re.compile(r"\b(?:a|an)\s+(?:(?-i:[a-z])[\w-]*\s+){0,2}$", _I)
"""A name after "a"/"an" (and an adjective or two) is a thing's: "a blue Skoda Octavia"."""
_FOR_WHOM = re.compile(r"(?:\b(?:для|for|с|со|with)|(?<!\w)w/)\s+$", _I)
"""A person after one of these is whom something is done for or with ("отчёт для X")."""


def _people(r: Reading, d: Draft) -> list[str | None]:
    """Every person the sentence names, known (by placeholder) or new, once each; ``None``
    in the list for a known person said only as whom something is for or with, and for
    each word that may be a first name the memory lacks."""
    known = [
        r.entity(m.group(0)) if not _FOR_WHOM.search(r.text[: m.start()]) else None
        for m in re.finditer(ENT, r.text)
        if split_prefix(r.entity(m.group(0)))[0] == "Person"
    ]
    new, rest = _new_names(r, d)
    others: list[str | None] = [None for _ in _lone_names(rest)]
    return list(dict.fromkeys([*known, *new, *others]))


def named_fact(r: Reading, d: Draft) -> bool:
    """ "Жоре Пятакову сделали операцию на колене": the sentence as a ``fact:`` line on the
    one person it names, who is linked to the one known project it names with them."""
    text = r.text
    if TRANSIENT.search(text) or PASSING.search(text) or r.names_in(text, "Jira"):
        return False
    people = _people(r, d)
    if len(people) != 1 or people[0] is None:
        return False
    person = people[0]
    rest = re.sub(ENT, " ", text)
    rest = re.sub(NEW_NAME, " ", rest)
    if len(_WORD.findall(rest)) < _MIN_FACT_WORDS or FEELING_FOR_HIM.fullmatch(rest.strip()):
        return False  # too short, or "X already loves him": a remark, no lasting fact
    d.line(person, "fact", text)
    projects = {p for p in r.names_in(text, "Project") if p not in r.guessed}
    if len(projects) == 1:
        d.link(person, "works_on", projects.pop())
    return True
