"""Entity naming conventions (``Type:Name``) and the relation-verb vocabulary."""

from __future__ import annotations

import re

from memory_core.errors import InvalidInputError
from memory_core.secrets import FIELD_NAME, FIELD_TYPE, FIELD_VERB, ensure_no_secret, find_secret

__all__ = [
    "ENTITY_TYPES",
    "MAX_NAME_CHARS",
    "RELATION_VERBS",
    "canonical_entity",
    "display_name",
    "guarded_verb",
    "jira_upper",
    "normalize_relation_type",
    "person_entry",
    "person_id_of",
    "split_prefix",
]

MAX_NAME_CHARS = 300
ENTITY_TYPES: tuple[str, ...] = ("User", "Person", "Project", "Note", "Jira", "Decision")
_TYPE_BY_LOWER = {t.lower(): t for t in ENTITY_TYPES}

RELATION_VERBS: frozenset[str] = frozenset(
    {
        "assigned_to",
        "attended",
        "authored",
        "blocks",
        "caregiver_of",
        "child_of",
        "coach_of",
        "concerns",
        "covers",
        "decided",
        "decided_in",
        "depends_on",
        "doctor_of",
        "friend_of",
        "knows",
        "manages",
        "married_to",
        "member_of",
        "mentions",
        "mentor_of",
        "owns",
        "parent_of",
        "part_of",
        "pm_of",
        "provider_of",
        "references",
        "related_to",
        "reports_to",
        "sibling_of",
        "supersedes",
        "teacher_of",
        "uses",
        "works_on",
    }
)
"""The relation types: work and documents, people's roles and family, decisions."""
_SYNONYMS: dict[str, str] = {
    "about": "covers",
    "cover": "covers",
    "describes": "covers",
    "mention": "mentions",
    "refers_to": "references",
    "reference": "references",
    "cites": "references",
    "links_to": "references",
    "report_to": "reports_to",
    "reports": "reports_to",
    "subordinate_of": "reports_to",
    "work_on": "works_on",
    "working_on": "works_on",
    "worked_on": "works_on",
    "contributes_to": "works_on",
    "decide": "decided",
    "decides": "decided",
    "made_decision": "decided",
    "own": "owns",
    "owner_of": "owns",
    "depend_on": "depends_on",
    "depends": "depends_on",
    "requires": "depends_on",
    "block": "blocks",
    "relates_to": "related_to",
    "related": "related_to",
    "associated_with": "related_to",
    "manage": "manages",
    "manager_of": "manages",
    "leads": "manages",
    "member": "member_of",
    "belongs_to": "member_of",
    "is_part_of": "part_of",
    "assigned": "assigned_to",
    "wrote": "authored",
    "author_of": "authored",
    "attends": "attended",
    "replaces": "supersedes",
    "use": "uses",
    "know": "knows",
    "project_manager_of": "pm_of",
    "product_manager_of": "pm_of",
    "spouse_of": "married_to",
    "husband_of": "married_to",
    "wife_of": "married_to",
    "son_of": "child_of",
    "daughter_of": "child_of",
    "mother_of": "parent_of",
    "father_of": "parent_of",
    "sister_of": "sibling_of",
    "brother_of": "sibling_of",
    "friends_with": "friend_of",
    "mentors": "mentor_of",
    "coaches": "coach_of",
    "teaches": "teacher_of",
    "about_project": "decided_in",
    "concern": "concerns",
}
_PERSON_ID_RE = re.compile(r" \(id (?P<id>[1-9][0-9]{0,19})\)$")
_LABEL_DROP_RE = re.compile(r"[()\[\]:\x00-\x1f]")
_MAX_LABEL_CHARS = 64
_CAMEL_RE = re.compile(r"(?<=[a-z0-9])(?=[A-Z])")
_NON_WORD_RE = re.compile(r"[\W_]+")


def split_prefix(name: str) -> tuple[str | None, str]:
    """Return ``(canonical type, rest)`` when ``name`` starts with a known ``Type:`` prefix."""
    head, sep, rest = name.partition(":")
    if sep and head.strip().lower() in _TYPE_BY_LOWER:
        return _TYPE_BY_LOWER[head.strip().lower()], rest.strip()
    return None, name


def display_name(name: str) -> str:
    """Return the part of a name after a known type prefix (``Person:Иван`` -> ``Иван``)."""
    return split_prefix(name)[1]


def _check_text(what: str, value: str) -> str:
    value = " ".join(value.split())
    if not value:
        raise InvalidInputError(f"{what} cannot be empty")
    if len(value) > MAX_NAME_CHARS:
        raise InvalidInputError(f"{what} is at most {MAX_NAME_CHARS} characters")
    if any(ord(ch) < 32 for ch in value):
        raise InvalidInputError(f"{what} cannot hold control characters")
    return value


_JIRA_KEY_ANY_CASE = re.compile(r"[A-Za-z][A-Za-z0-9]*-\d+")


def jira_upper(name: str) -> str:
    """Write a ``Jira:`` name's key in upper case (``Jira:eso-159`` -> ``Jira:ESO-159``).

    Jira keys are exact: they are matched case-insensitively and stored upper-case, so
    ``eso-159`` and ``ESO-159`` are one entity and ``ESO-10`` is never ``ESO-100``.
    """
    prefix, rest = split_prefix(name)
    if prefix == "Jira" and _JIRA_KEY_ANY_CASE.fullmatch(rest.strip()):
        return f"Jira:{rest.strip().upper()}"
    return name


def canonical_entity(name: str, entity_type: str | None) -> tuple[str, str]:
    """Validate a new entity's name and type and put them in canonical form.

    A name with a known prefix (``User``, ``Person``, ``Project``, ``Note``, ``Jira``,
    ``Decision``; any case) gets the canonical prefix and the matching type; a type that
    contradicts the prefix is refused. Other names are kept as given (for compatibility
    with graphs made elsewhere) and need a type.

    Returns:
        ``(name, entity_type)`` in canonical form.

    Raises:
        SecretRefused: the name or the type holds a secret (:mod:`memory_core.secrets`).
        InvalidInputError: empty or too long, or the type contradicts the prefix.
    """
    name = ensure_no_secret(_check_text("an entity name", name), field=FIELD_NAME)
    prefix_type, rest = split_prefix(name)
    given_type = _check_text("an entity type", entity_type) if entity_type else None
    if given_type is not None:
        ensure_no_secret(given_type, field=FIELD_TYPE)
    if prefix_type is None:
        if given_type is None:
            raise InvalidInputError(f"entity {name!r} needs a type")
        return name, given_type
    if not rest:
        raise InvalidInputError(f"entity name {name!r} has nothing after '{prefix_type}:'")
    if given_type is not None and given_type.lower() != prefix_type.lower():
        raise InvalidInputError(
            f"entity {name!r} must have type {prefix_type!r}, not {given_type!r}"
        )
    return jira_upper(f"{prefix_type}:{rest}"), prefix_type


def normalize_relation_type(verb: str, *, strict: bool = True) -> str:
    """Return the vocabulary's snake_case verb for ``verb`` (synonyms mapped).

    Args:
        verb: a relation type such as ``worksOn``, ``works on`` or ``refers_to``.
        strict: refuse verbs outside the vocabulary (``False`` keeps them, snake_cased).

    Raises:
        InvalidInputError: empty, or unknown while ``strict``.
    """
    snake = _NON_WORD_RE.sub("_", _CAMEL_RE.sub("_", verb.strip()).lower()).strip("_")
    if not snake:
        raise InvalidInputError("a relation type cannot be empty")
    if snake in RELATION_VERBS:
        return snake
    if snake in _SYNONYMS:
        return _SYNONYMS[snake]
    if strict:
        raise InvalidInputError(
            f"unknown relation type {verb!r}; use one of: {', '.join(sorted(RELATION_VERBS))}"
        )
    if len(snake) > 64:
        raise InvalidInputError("a relation type is at most 64 characters")
    return snake


def guarded_verb(verb: str, *, strict: bool = True) -> str:
    """:func:`normalize_relation_type` for a new relation: neither the verb as given nor the
    verb as stored may hold a secret (snake-casing could hide one: ``password_hunter2``).

    Raises:
        SecretRefused: the verb holds a secret.
        InvalidInputError: empty, or unknown while ``strict``.
    """
    ensure_no_secret(verb, field=FIELD_VERB)
    return ensure_no_secret(normalize_relation_type(verb, strict=strict), field=FIELD_VERB)


def person_entry(label: str, person_id: int) -> str:
    """Return the ``User:`` entry name bound to a person's numeric id: ``User:Alex (id 42)``.

    In a shared scope the id is the person; the label (a display name, which may change
    and which two people may share) only makes the name readable. Brackets and colons are
    dropped from the label, so that no label can pass for another id; an empty label, or
    one that holds a secret, becomes ``member``.
    """
    words = " ".join(_LABEL_DROP_RE.sub(" ", label).split())[:_MAX_LABEL_CHARS].strip()
    if not words or find_secret(words) is not None:
        words = "member"
    return f"User:{words} (id {int(person_id)})"


def person_id_of(name: str) -> int | None:
    """Return the id a ``User:`` entry is bound to (see :func:`person_entry`), else None."""
    if split_prefix(name)[0] != "User":
        return None
    found = _PERSON_ID_RE.search(name)
    return int(found["id"]) if found else None
