"""Personal identifiers written in a sentence: passport, national ID, SNILS, personal INN, SSN.

:func:`has_personal_identifier` reads the ``words`` view of :mod:`memory_core.secret_text` and
answers yes or no; it never returns the matched text. A text holds one when a document label
(``passport``, ``паспорт``, ``national ID``, ``SNILS``, ``ИНН``, ``personal code``, ``asmens
kodas``, ``driver's licence``, ``вид на жительство``...) comes with an identifier-shaped
value:

* after the label, within a few words of the same clause (``Vera's passport number is
  28841937``, ``his henkilötunnus is 010190A123B``, ``номер паспорта у мамы 4509 112233``,
  ``СНИЛС: 112-233-445 95``);
* or before it, joined by a dash or a copula (``AB1234567 — мой загранпаспорт``).

A value is one token of 6 or more digits, or groups of digits joined by spaces or dashes
(``45 09 112233``), optionally after one to three capital letters (``AB1234567``). A ``ИНН``
or ``INN`` needs the 12 digits of a person's number (a company's 10 are public), and a label
about a company (``ИНН компании``, ``vendor tax ID``) is not personal. Dates, years, phone
numbers, Jira keys, amounts (a currency or a unit after the number) and numbers that follow
another reference (``passport office phone``, ``заявка на паспорт 123456``) are let through:
``passport expires 2031`` or ``загранпаспорт будет готов через 14 дней`` is no secret.
"""

from __future__ import annotations

import re
from typing import Final

__all__ = ["has_personal_identifier"]


def _words(text: str) -> frozenset[str]:
    return frozenset(text.split())


# Each label as a pattern (case ignored); a group named "inn" needs 12 digits.
_LABEL_RE = re.compile(
    r"(?<![\w-])(?:"
    r"passports?|загранпаспорт\w*|паспорт\w*|загран(?:а|е|ом|у)?"
    r"|(?:national|personal|citizen(?:ship)?|identity|identification)\s+(?:id|code|number"
    r"|card|no\.?|#)"
    r"|id\s+(?:card|number|no\.?|#)|id-card|ssn|social\s+(?:security|insurance)(?:\s+number)?"
    r"|national\s+insurance(?:\s+number)?|tax\s+(?:id|identification\s+number|number|code)"
    r"|driver'?s?\s+licen[cs]e|driving\s+licen[cs]e|residence\s+permit"
    r"|snils|pesel|asmens\s+kodas|isikukood|personas\s+kods|codice\s+fiscale"
    r"|personnummer|personalausweis\w*|ausweisnummer|steuer-?id"
    r"|henkilötunnu\w*|hetu|fødselsnummer|rodné\s+číslo|jmbg|aadhaar"
    r"|снилс\w*|(?P<inn>инн|иин|ипн)"
    r"|(?:личн|персональн|идентификационн)\w*\s+(?:код|номер)\w*"
    r"|удостоверени\w*\s+личности|водительск\w*(?:\s+(?:прав|удостоверени)\w*)?"
    r"|вид\w*\s+на\s+жительство|внж|свидетельств\w*\s+о\s+рождении|полис\w*\s+омс"
    r")(?![\w-])",
    re.IGNORECASE,
)
# Acronyms that are also words ("tin", "inn", Polish "nie", "dni"): capitals only.
_ACRONYM_RE = re.compile(r"(?<![\w-])(?:TIN|NIE|DNI|NIF|BSN|NINO|(?P<inn>INN))(?![\w-])")
# One value token: digits (dashes inside), optionally after up to three capitals ("AB1234567").
# A check letter may close it, after a century sign and digits ("150620A912K", "12345678Z").
_VALUE_RE = re.compile(r"(?:[A-ZА-ЯЁ]{1,3})?\d[\d-]*(?:[A-Z+]\d{3})?[A-Z]?")
_GROUP_RE = re.compile(r"\d{1,8}(?:-\d{1,8})*")
_DATE_RE = re.compile(r"^(?:\d{4}-\d{1,2}-\d{1,2}|\d{1,2}-\d{1,2}-\d{2,4})$")
_MIN_DIGITS: Final = 6
_MAX_DIGITS: Final = 20
_INN_DIGITS: Final = 12
_WINDOW: Final = 6
_LEAD: Final = "\"'«(“„[№#"
_TRAIL: Final = "\"'»)]”"
# Words that may stand between a label and its value without ending the search.
_ABBREVIATIONS: Final = _words("no. nr. num. no nr num № #")
# A label about an organisation or a thing, not a person: a company's tax number is public,
# a "паспорт проекта" is a project charter, a "user ID number" is an account in some system.
_ORGANISATION: Final = _words(
    """company company's companies vendor vendor's supplier supplier's firm llc ltd inc gmbh
    employer employer's business organisation organization corporate vat project product
    user customer client account device app chat transaction session request tenant order
    merchant employee item
    компании компаний организации ооо оао зао ао юрлица юр.лица фирмы поставщика подрядчика
    вендора работодателя банка предприятия магазина клиники школы проекта объекта сделки
    оборудования изделия продукта качества"""
)
# A number after one of these is another reference, not the document's number.
_OTHER_REFERENCE: Final = _words(
    """phone tel telephone mobile fax office ticket order booking appointment application case
    request queue room line ext extension tracking invoice receipt jira
    телефон телефона тел факс заказ заказа заявка заявки заявку тикет тикета запись записи
    очередь очереди кабинет кабинета окно окна офис офиса приём приема приёма трек"""
)
# A number followed by one of these is an amount, a duration or a count.
_UNITS: Final = _words(
    """eur euro euros usd dollars rub руб руб. рублей рубля тенге тг uah грн pln zł zl gel
    лари byn kzt sek nok dkk chf gbp € $ ₽ £ ¥ ₸ % km км m м kg кг days day дней дня день
    weeks недель месяцев months years лет года people человек users пользователей"""
)
_PREPOSITIONS: Final = _words("for of on about на для о об по")
_COPULAS: Final = _words("is was это — - : =")
_POSSESSIVES: Final = _words(
    """my our his her their your its мой моя моё мое мои наш наша наше его её ее их твой ваш
    номер number no. no"""
)


def _core(token: str) -> str:
    return token.lstrip(_LEAD).rstrip(_TRAIL).rstrip(",;.:!?")


def _ends_clause(token: str) -> bool:
    return token.rstrip(_TRAIL)[-1:] in {",", ";", ".", "!", "?"} and token not in _ABBREVIATIONS


def _value_digits(tokens: list[str], start: int) -> tuple[int, int] | None:
    """Digits in the value starting at ``tokens[start]`` and the index after it, or None."""
    first = _core(tokens[start])
    if not _VALUE_RE.fullmatch(first) or _DATE_RE.match(first) or tokens[start].startswith("+"):
        return None
    digits = sum(c.isdigit() for c in first)
    end = start + 1
    while end < len(tokens) and not _ends_clause(tokens[end - 1]):
        group = _core(tokens[end])
        if not _GROUP_RE.fullmatch(group):
            break
        digits += sum(c.isdigit() for c in group)
        end += 1
    return digits, end


def _is_value(tokens: list[str], start: int, *, inn: bool) -> bool:
    found = _value_digits(tokens, start)
    if found is None:
        return False
    digits, end = found
    if inn and digits != _INN_DIGITS:
        return False
    if not _MIN_DIGITS <= digits <= _MAX_DIGITS:
        return False
    after = tokens[end].lower().rstrip(",;.:!?") if end < len(tokens) else ""
    return after not in _UNITS or _ends_clause(tokens[end - 1])


def _value_after(tokens: list[str], *, inn: bool) -> bool:
    for k in range(min(len(tokens), _WINDOW)):
        word = _core(tokens[k]).lower()
        if word in _ORGANISATION or word in _OTHER_REFERENCE:
            return False
        if any(c.isdigit() for c in word):
            return _is_value(tokens, k, inn=inn)
        if _ends_clause(tokens[k]):
            return False
    return False


def _value_before(tokens: list[str], label: int, *, inn: bool) -> bool:
    k = label - 1
    while k >= 0 and tokens[k].lower() in _POSSESSIVES:
        k -= 1
    if k < 1 or tokens[k].lower() not in _COPULAS:
        return False
    start = k - 1
    while (
        start > 0
        and _GROUP_RE.fullmatch(_core(tokens[start]))
        and not _ends_clause(tokens[start - 1])
    ):
        start -= 1
    return any(_is_value(tokens, i, inn=inn) for i in range(start, k))


def _about_something_else(before: list[str]) -> bool:
    """Whether the words before a label make it an organisation's or another reference's."""
    last = [_core(token).lower() for token in before[-2:]]
    if last and last[-1] in _ORGANISATION:
        return True
    return len(last) == 2 and last[1] in _PREPOSITIONS and last[0] in _OTHER_REFERENCE


def _labels(text: str) -> list[re.Match[str]]:
    found = [*_LABEL_RE.finditer(text), *_ACRONYM_RE.finditer(text)]
    return sorted(found, key=lambda match: match.start())


def has_personal_identifier(words_view: str) -> bool:
    """Whether the ``words`` view holds a personal document or ID number (see the module doc).

    Args:
        words_view: The ``words`` view of a text (see :mod:`memory_core.secret_text`).

    Returns:
        True when a document label comes with an identifier-shaped value.
    """
    if not any(c.isdigit() for c in words_view):
        return False
    for match in _labels(words_view):
        before = words_view[: match.start()].split()
        inn = match.group("inn") is not None
        if _about_something_else(before):
            continue
        if _value_after(words_view[match.end() :].split(), inn=inn):
            return True
        if _value_before([*before, match.group()], len(before), inn=inn):
            return True
    return False
