"""Extraction of a person's phone, email or messenger handle: "сантехник Пётр, +7 900 ...".

A contact detail said in a statement is split off before the sentence is read
(:func:`split_contact`), so the rest reads as it would without it ("сантехник Пётр" gives the
role), then :func:`with_contact` writes it as a ``contact:`` line of its own on the one person
the draft names. A trade of the home said bare with a contact ("электрик — Виктор, тел ...")
is the owner's provider (``provider_of``). When the rest names only whose detail it is
("телефон Кати", "Anna's email is", "у Димы телеграм", "Катя"), :func:`contact_holder` makes
the rule that finds that person. Another person's contact detail is no secret; passwords,
card and passport numbers are refused before any rule runs.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from dataclasses import dataclass

from memory_core.extraction_fallback_links import people_of
from memory_core.extraction_lexicon import kind_of_role
from memory_core.extraction_roles import WHO
from memory_core.extraction_someone import KIN_WORD, someone
from memory_core.extraction_text import Draft, Reading
from memory_core.language import is_cyrillic
from memory_core.observation import parse_observation

__all__ = ["Contact", "contact_holder", "split_contact", "with_contact"]

_I = re.IGNORECASE
_LABELS: dict[str, tuple[str, str]] = {
    (
        r"(?:номер\s+)?тел(?:ефона?|\.)?|моб(?:ильный|\.)?|номер|"
        r"(?:phone|cell|mobile)(?:\s+number)?|tel\.?|number"
    ): ("телефон", "phone"),
    r"e-?mail|почта|имейл|мейл|mail": ("email", "email"),
    r"телеграм\w*|телег\w*|тг|tg|telegram": ("телеграм", "telegram"),
    r"whatsapp|ватсап|вотсап": ("whatsapp", "whatsapp"),
}
_LABEL = "|".join(_LABELS)
_VALUE = (
    r"(?P<phone>\+?\(?\d[\d\s()\-]{5,}\d)(?!\w)|(?P<email>[\w.+-]+@[\w-]+(?:\.[\w-]+)+)|"
    r"(?P<handle>(?<![\w.])@[A-Za-z][\w]{3,})"
)
_DETAIL = re.compile(
    rf"(?:\s*(?:,|—|-|:|;)?\s*(?:(?P<label>{_LABEL})\s*(?:—|-|:)?\s*)?)(?:{_VALUE})", _I
)


@dataclass(frozen=True, slots=True)
class Contact:
    """One contact detail said in a sentence: its kind word and its value."""

    label: str
    value: str

    def line(self) -> str:
        """The ``contact:`` line's body: "телефон +7 900 111-22-33"."""
        return f"{self.label} {self.value}"


def _phone_like(value: str) -> bool:
    """Whether unlabelled digits read as a phone number ("+7 ...", "8 (916) 123-45-67",
    "555-0101"), not a sum ("7 500 000"), a span of years or a date."""
    digits = sum(ch.isdigit() for ch in value)
    if value.startswith("+"):
        return 7 <= digits <= 15
    if re.fullmatch(r"\d{3}-\d{4}", value):
        return True
    return (digits == 11 and value[0] in "78") or (digits == 10 and value.startswith("("))


def split_contact(sentence: str) -> tuple[str, Contact | None]:
    """``sentence`` without its one contact detail, and the detail (``None`` when it holds
    none, or more than one)."""
    found = list(_DETAIL.finditer(sentence))
    if len(found) != 1:
        return sentence, None
    m = found[0]
    value = m["phone"] or m["email"] or m["handle"]
    labelled = m["label"] is not None and 5 <= sum(ch.isdigit() for ch in value) <= 15
    if m["phone"] and not (labelled or _phone_like(value)):
        return sentence, None  # "бюджет 1 200 000", "в 2024-2025": a sum, years
    kind = "phone" if m["phone"] else "email" if m["email"] else "telegram"
    if m["label"]:
        kind = next(v[1] for k, v in _LABELS.items() if re.fullmatch(k, m["label"], _I))
    russian = is_cyrillic(sentence)
    label = next(ru if russian else en for ru, en in _LABELS.values() if en == kind)
    rest = f"{sentence[: m.start()]} {sentence[m.end() :]}".strip(" ,;:—-")
    return " ".join(rest.split()), Contact(label, " ".join(value.split()))


_WHOSE = tuple(
    (re.compile(p, _I), oblique)
    for p, oblique in (
        (rf"^(?:(?:{_LABEL}|контакт\w*|contacts?)\s+)(?:у\s+)?(?P<who>{WHO}|{KIN_WORD})$", True),
        (rf"^у\s+(?P<who>{WHO}|{KIN_WORD})(?:\s+(?:{_LABEL}))?$", True),
        (
            rf"^(?:my\s+)?(?P<who>{WHO}|{KIN_WORD})(?:'s|\s+is)\s+(?:{_LABEL}|contact)(?:\s+is)?$",
            False,
        ),
        (rf"^(?P<who>{WHO})$", False),
    )
)
"""Whose detail the rest of the sentence names: "телефон Кати", "Anna's email is", "Катя"."""


def contact_holder(contact: Contact) -> Callable[[Reading, Draft], bool]:
    """The rule that writes ``contact`` on the person the rest of the sentence names."""

    def holder(r: Reading, d: Draft) -> bool:
        for pattern, oblique in _WHOSE:
            m = pattern.match(r.text)
            if m is None:
                continue
            person = someone(d, m["who"], oblique=oblique)
            if person is None:
                return False
            d.line(person, "contact", contact.line())
            return True
        return False

    return holder


def with_contact(draft: Draft, contact: Contact | None) -> Draft:
    """``draft`` with ``contact`` on the one person it names; a home trade's holder given
    as the owner's provider when the draft links them to nobody."""
    people = people_of(draft)
    if contact is None or len(people) != 1:
        return draft
    person = people.pop()
    draft.line(person, "contact", contact.line())
    said = [parse_observation(x) for x in draft.lines.get(person, ())]
    roles = [x.body for x in said if x.kind == "role"]
    provider = any(
        (kind := kind_of_role(role)) is not None and kind.name == "provider" for role in roles
    )
    if provider and not any(frm == person for frm, _, _ in draft.links):
        draft.link(person, "provider_of", draft.owner)
    return draft
