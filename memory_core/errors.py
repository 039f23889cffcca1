"""Errors raised by memory_core, factored out so every module can import them.

* MemoryCoreError
  x InvalidInputError       (bad name, type, verb, scope or observation text)
    x SecretRefused         (the text holds a secret; carries its kind, never the value)
      x SecretsInFileError  (an import holds secrets; carries line numbers and kinds)
  x EntityNotFoundError     (carries scope and the missing names)
  x AmbiguousNameError      (carries the query and the close candidates)
  x ImportFormatError       (carries the line number of a malformed JSONL line)
  x SchemaVersionError      (the database was written by a newer version)
  x StorageError            (wraps sqlite3.Error at the database boundary)
"""

from __future__ import annotations

__all__ = [
    "AmbiguousNameError",
    "EntityNotFoundError",
    "ImportFormatError",
    "InvalidInputError",
    "MemoryCoreError",
    "SchemaVersionError",
    "SecretRefused",
    "SecretsInFileError",
    "StorageError",
]


class MemoryCoreError(Exception):
    """Base class of every error memory_core raises on purpose."""


class InvalidInputError(MemoryCoreError):
    """A value given to the store is not acceptable (empty, too long, unknown verb...)."""


class SecretRefused(InvalidInputError):
    """A text to store holds a secret. Carries the kind and the field, never the text itself.

    ``entity`` names the entity a refused line or relation was for, when that name is not
    itself the secret.
    """

    def __init__(self, kind: str, field: str = "text", entity: str | None = None) -> None:
        self.kind = kind
        self.field = field
        self.entity = entity
        what = f"the {field} for {entity!r}" if entity is not None else f"the {field}"
        super().__init__(
            f"not stored: {what} looks like a secret ({kind}); secrets are never stored"
        )


class SecretsInFileError(SecretRefused):
    """Lines of an imported file hold secrets; nothing of the file was kept.

    ``lines`` holds ``(line number, kind)`` pairs in file order, never a value.
    """

    def __init__(self, lines: tuple[tuple[int, str], ...]) -> None:
        self.lines = lines
        first = lines[0][1] if lines else "secret"
        super().__init__(first, "import line")
        listed = "; ".join(f"line {n}: {kind}" for n, kind in lines[:20])
        more = f"; and {len(lines) - 20} more" if len(lines) > 20 else ""
        self.args = (f"secrets found ({listed}{more}); nothing was imported",)


class EntityNotFoundError(MemoryCoreError):
    """One or more entities named in a request do not exist in the scope."""

    def __init__(self, scope: str, names: list[str] | tuple[str, ...]) -> None:
        self.scope = scope
        self.names = tuple(names)
        listed = ", ".join(repr(n) for n in self.names)
        noun = "entity" if len(self.names) == 1 else "entities"
        super().__init__(f"No {noun} named {listed} in scope {scope!r}; nothing was changed.")


class AmbiguousNameError(MemoryCoreError):
    """A name matched several entities about equally well."""

    def __init__(self, query: str, candidates: tuple[str, ...]) -> None:
        self.query = query
        self.candidates = candidates
        listed = ", ".join(repr(c) for c in candidates)
        super().__init__(f"{query!r} could be {listed}; pass the exact name to choose one.")


class ImportFormatError(MemoryCoreError):
    """A JSONL line could not be imported; nothing of the file was kept."""

    def __init__(self, line_number: int, reason: str) -> None:
        self.line_number = line_number
        self.reason = reason
        super().__init__(f"line {line_number}: {reason}; nothing was imported.")


class SchemaVersionError(MemoryCoreError):
    """The database holds migrations this version does not know (it is newer)."""

    def __init__(self, unknown: tuple[str, ...]) -> None:
        self.unknown = unknown
        super().__init__(
            "The database was written by a newer memory-bot (unknown migrations: "
            + ", ".join(unknown)
            + "); upgrade memory-bot or restore an older backup."
        )


class StorageError(MemoryCoreError):
    """SQLite failed in a way the caller cannot fix by changing the input."""
