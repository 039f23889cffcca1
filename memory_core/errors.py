"""Errors raised by memory_core, factored out so every module can import them.

* MemoryCoreError
  x InvalidInputError       (bad name, type, verb, scope or observation text)
    x SecretRefused         (the text holds a secret; carries its kind, never the value)
      x SecretsInFileError  (an import holds secrets; carries line numbers and kinds)
  x EntityNotFoundError     (carries scope and the missing names)
  x AmbiguousNameError      (carries the query and the close candidates)
  x ImportFormatError       (carries the line number of a malformed JSONL line)
  x SchemaVersionError      (the database was written by a newer version)
  x StorageError            (wraps sqlite3.Error and OSError at the database boundary)
    x DiskFullError         (the disk holding the database is full; nothing was written)
    x ReadOnlyError         (the database or its folder cannot be written)

:func:`storage_error` picks the class for a low-level error, so the cause ("the disk is
full") is never replaced by a later symptom.
"""

from __future__ import annotations

import errno
import os
import sqlite3
from pathlib import Path

__all__ = [
    "AmbiguousNameError",
    "DiskFullError",
    "EntityNotFoundError",
    "ImportFormatError",
    "InvalidInputError",
    "MemoryCoreError",
    "ReadOnlyError",
    "SchemaVersionError",
    "SecretRefused",
    "SecretsInFileError",
    "StorageError",
    "storage_error",
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


class DiskFullError(StorageError):
    """The disk holding the database is full: the write was rolled back, reads still work."""

    def __init__(self, path: Path | str) -> None:
        self.path = Path(path)
        super().__init__(f"the disk is full: nothing was saved to {path}")


class ReadOnlyError(StorageError):
    """The database, or the folder it is in, cannot be written."""


_SQLITE_FULL = 13
_SQLITE_READONLY = 8
_SQLITE_CANTOPEN = 14
_SQLITE_IOERR = 10


def storage_error(exc: BaseException, path: Path | str, doing: str) -> StorageError:
    """Return the :class:`StorageError` that says what ``exc`` means for the database.

    Args:
        exc: a ``sqlite3.Error`` or ``OSError`` raised while working on the file.
        path: the database file.
        doing: what was being done, e.g. ``"cannot commit to"`` (followed by the path).
    """
    if isinstance(exc, StorageError):
        return exc
    code = getattr(exc, "sqlite_errorcode", None)
    primary = code & 0xFF if isinstance(code, int) else None
    if primary == _SQLITE_FULL or (isinstance(exc, OSError) and exc.errno == errno.ENOSPC):
        return DiskFullError(path)
    if isinstance(exc, sqlite3.Error) and "disk is full" in str(exc):
        return DiskFullError(path)
    if primary == _SQLITE_IOERR and _no_space_left(Path(path)):
        return DiskFullError(path)  # e.g. the shared-memory file could not grow
    if isinstance(exc, OSError) and exc.errno == errno.EROFS:
        return ReadOnlyError(f"{doing} {path}: the file system is read-only")
    if primary == _SQLITE_READONLY:
        return ReadOnlyError(f"{doing} {path}: it is read-only ({_reason(exc)})")
    if isinstance(exc, OSError) and exc.errno in (errno.EACCES, errno.EPERM):
        return ReadOnlyError(f"{doing} {path}: permission denied")
    not_a_folder = isinstance(exc, OSError) and exc.errno in (errno.ENOTDIR, errno.EEXIST)
    if primary == _SQLITE_CANTOPEN or not_a_folder:
        return StorageError(f"{doing} {path}: {_cannot_open(Path(path))}")
    return StorageError(f"{doing} {path}: {_reason(exc)}")


def _no_space_left(path: Path) -> bool:
    """Whether the file system holding ``path`` has no free block left."""
    for folder in (path.parent, *path.parent.parents):
        if folder.is_dir():
            try:
                return os.statvfs(folder).f_bavail == 0
            except OSError:
                return False
    return False


def _reason(exc: BaseException) -> str:
    if isinstance(exc, OSError) and exc.strerror:
        return exc.strerror[0].lower() + exc.strerror[1:]
    return " ".join(str(exc).split()) or type(exc).__name__


def _cannot_open(path: Path) -> str:
    """Say why SQLite could not open ``path``, as far as the file system tells."""
    if path.is_dir():
        return "it is a folder, not a database file"
    parent = path.parent
    for folder in (parent, *parent.parents):
        if folder.exists():
            if not folder.is_dir():
                return f"{folder} is a file, not a folder"
            break
    return "unable to open the database file (is its folder writable?)"
