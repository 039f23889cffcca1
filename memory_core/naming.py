"""Entity naming conventions (``Type:Name``) and the relation-verb vocabulary."""

from __future__ import annotations

import re
import unicodedata

from memory_core.errors import InvalidInputError

__all__ = [
    "ENTITY_TYPES",
    "MAX_NAME_CHARS",
    "RELATION_VERBS",
    "canonical_entity",
    "display_name",
    "has_control_characters",
    "normalize_relation_type",
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
        "covers",
        "decided",
        "depends_on",
        "knows",
        "manages",
        "member_of",
        "mentions",
        "owns",
        "part_of",
        "references",
        "related_to",
        "reports_to",
        "supersedes",
        "uses",
        "works_on",
    }
)
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
}
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
    if has_control_characters(value):
        raise InvalidInputError(f"{what} cannot hold control characters")
    return value


def has_control_characters(text: str) -> bool:
    """Whether ``text`` holds a control character (tab, newline, escape, DEL, C1 codes...)."""
    return any(unicodedata.category(ch) == "Cc" or ch in "\u2028\u2029" for ch in text)


def canonical_entity(name: str, entity_type: str | None) -> tuple[str, str]:
    """Validate a new entity's name and type and put them in canonical form.

    A name with a known prefix (``User``, ``Person``, ``Project``, ``Note``, ``Jira``,
    ``Decision``; any case) gets the canonical prefix and the matching type; a type that
    contradicts the prefix is refused. Other names are kept as given (for compatibility
    with graphs made elsewhere) and need a type.

    Returns:
        ``(name, entity_type)`` in canonical form.

    Raises:
        InvalidInputError: empty or too long, or the type contradicts the prefix.
    """
    name = _check_text("an entity name", name)
    prefix_type, rest = split_prefix(name)
    given_type = _check_text("an entity type", entity_type) if entity_type else None
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
    return f"{prefix_type}:{rest}", prefix_type


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
