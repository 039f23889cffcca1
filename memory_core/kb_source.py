"""Find and read a knowledge base's markdown files: globs, safe symlinks, size and encoding.

This is the file-system half of the KB index (no database): :func:`find_files` walks the
tree under the include and exclude globs, :func:`read_files` reads and parses the files it
found. A file that cannot be used becomes a :class:`SkippedFile` with a reason; nothing here
raises for one bad file.
"""

from __future__ import annotations

import datetime as dt
import errno
import fnmatch
import os
import re
import stat
from collections.abc import Sequence
from dataclasses import dataclass, field
from pathlib import Path

from memory_core.errors import InvalidInputError
from memory_core.markdown import NoteFacts, read_note

__all__ = [
    "DEFAULT_EXCLUDE",
    "DEFAULT_INCLUDE",
    "DEFAULT_JIRA_IGNORE",
    "DEFAULT_MAX_BYTES",
    "FoundFile",
    "KbOptions",
    "NoteFile",
    "ReadBatch",
    "SkippedFile",
    "compile_glob",
    "find_files",
    "read_files",
    "shown_path",
]

DEFAULT_INCLUDE: tuple[str, ...] = ("notes/**/*.md", "README.md")
DEFAULT_EXCLUDE: tuple[str, ...] = (
    "archive/legacy/**",
    "notes/meetings/artifacts/**",
    "notes/daily-logs/**",
    "notes/work/daily-brief.md",
    "notes/work/end-of-day.md",
)
DEFAULT_MAX_BYTES = 1_000_000
"""Files larger than this (1 MB) are skipped: a note that big is an artifact, not a note."""
DEFAULT_JIRA_IGNORE: tuple[str, ...] = (
    "UTF",
    "ISO",
    "SHA",
    "MD",
    "CVE",
    "COVID",
    "GPT",
    "RFC",
    "PEP",
)
"""Words that look like Jira projects in ``UTF-8``, ``ISO-8601``, ``SHA-256``... but are not."""


@dataclass(frozen=True, slots=True)
class KbOptions:
    """What to index and how.

    Attributes:
        include: globs (relative to the KB root, ``/`` separated) of the files to index;
            ``**`` spans directories, ``*`` and ``?`` stay within one name.
        exclude: globs of files to leave out even when included; ``dir/**`` prunes ``dir``.
        max_bytes: larger files are skipped with a warning.
        owner_names: names (or ``@handles``) that mean the owner: such a participant is
            linked to the scope's ``User:`` entity instead of becoming a ``Person:``.
        jira_ignore: key prefixes that are not Jira projects (``UTF`` of ``UTF-8``).
    """

    include: tuple[str, ...] = DEFAULT_INCLUDE
    exclude: tuple[str, ...] = DEFAULT_EXCLUDE
    max_bytes: int = DEFAULT_MAX_BYTES
    owner_names: tuple[str, ...] = ()
    jira_ignore: tuple[str, ...] = DEFAULT_JIRA_IGNORE


@dataclass(frozen=True, slots=True)
class FoundFile:
    """A file the globs select, found on disk: its ``/`` relative path and where to read it."""

    rel: str
    path: Path


@dataclass(frozen=True, slots=True)
class NoteFile:
    """A note read and parsed: its relative path, the facts kept, and its date."""

    rel: str
    facts: NoteFacts
    date: dt.date


@dataclass(frozen=True, slots=True)
class SkippedFile:
    """A selected file that could not be indexed, and why (one short phrase)."""

    rel: str
    reason: str

    def __str__(self) -> str:
        return f"{self.rel}: {self.reason}"


def shown_path(rel: str) -> str:
    """Return ``rel`` printable: undecodable bytes and control characters escaped."""
    text = rel.encode("utf-8", "backslashreplace").decode("utf-8")
    return "".join(ch if ch.isprintable() else f"\\x{ord(ch):02x}" for ch in text)


def _name_problem(rel: str) -> str | None:
    try:
        rel.encode("utf-8")
    except UnicodeEncodeError:
        return "file name is not UTF-8"
    if any(not ch.isprintable() for ch in rel):
        return "file name holds control characters"
    return None


def _segment_regex(segment: str) -> str:
    out: list[str] = []
    i = 0
    while i < len(segment):
        ch = segment[i]
        if ch == "*":
            out.append("[^/]*")
        elif ch == "?":
            out.append("[^/]")
        elif ch == "[" and "]" in segment[i + 2 :]:
            end = segment.index("]", i + 2)
            body = segment[i + 1 : end]
            if body.startswith("!"):
                body = "^" + body[1:]
            out.append("[" + body.replace("\\", "\\\\") + "]")
            i = end
        else:
            out.append(re.escape(ch))
        i += 1
    return "".join(out)


def compile_glob(pattern: str) -> re.Pattern[str]:
    """Compile a ``/`` glob (``**`` spans directories) into a regex for whole relative paths.

    ``notes/**/*.md`` matches ``notes/a.md`` and ``notes/x/y/a.md``; ``dir/**`` matches
    everything under ``dir``.
    """
    segments = [s for s in pattern.strip().strip("/").split("/") if s]
    parts: list[str] = []
    for i, segment in enumerate(segments):
        last = i == len(segments) - 1
        if segment == "**":
            parts.append(".*" if last else "(?:[^/]+/)*")
        else:
            parts.append(_segment_regex(segment) + ("" if last else "/"))
    return re.compile("".join(parts))


class _Selector:
    """The include and exclude globs, compiled; answers for files and for directories."""

    def __init__(self, options: KbOptions) -> None:
        self.include = [compile_glob(p) for p in options.include if p.strip()]
        self.exclude = [compile_glob(p) for p in options.exclude if p.strip()]
        self.include_segments = [
            [s for s in p.strip().strip("/").split("/") if s] for p in options.include if p.strip()
        ]
        self.pruned = [
            compile_glob(p.strip().rstrip("/")[:-3])
            for p in options.exclude
            if p.strip().rstrip("/").endswith("/**")
        ]

    def wants_file(self, rel: str) -> bool:
        """Tell whether the globs select this file path."""
        return any(r.fullmatch(rel) for r in self.include) and not any(
            r.fullmatch(rel) for r in self.exclude
        )

    def wants_dir(self, rel: str) -> bool:
        """Tell whether a selected file could lie under this directory."""
        if any(r.fullmatch(rel) for r in self.pruned):
            return False
        parts = rel.split("/")
        for pattern in self.include_segments:
            for i, part in enumerate(parts):
                if i >= len(pattern) - 1:
                    break
                if pattern[i] == "**":
                    return True
                if not fnmatch.fnmatchcase(part, pattern[i]):
                    break
            else:
                return True
        return False


def _inside(root: str, path: str) -> bool:
    return os.path.commonpath([root, path]) == root


def _symlink(
    entry: os.DirEntry[str], rel: str, root: str, select: _Selector
) -> FoundFile | SkippedFile | None:
    """Decide about one symbolic link: a file inside the root is read, nothing is followed."""
    try:
        target = os.stat(entry.path)
    except OSError as exc:
        if not select.wants_file(rel):
            return None
        if exc.errno == errno.ELOOP:
            return SkippedFile(rel, "symlink loop")
        if exc.errno == errno.ENOENT:
            return SkippedFile(rel, "dangling symlink")
        return SkippedFile(rel, f"unreadable symlink ({exc.strerror})")
    real = os.path.realpath(entry.path)
    if stat.S_ISDIR(target.st_mode):
        if not select.wants_dir(rel):
            return None
        if _inside(real, os.path.realpath(os.path.dirname(entry.path))):
            return SkippedFile(rel, "symlink loop (directory not followed)")
        if not _inside(root, real):
            return SkippedFile(rel, "symlink to a directory outside the knowledge base")
        return SkippedFile(rel, "symlinked directory not followed (indexed at its real path)")
    if not select.wants_file(rel):
        return None
    if not _inside(root, real):
        return SkippedFile(rel, "symlink to a file outside the knowledge base")
    if not stat.S_ISREG(target.st_mode):
        return SkippedFile(rel, "not a regular file")
    return FoundFile(rel, Path(real))


def find_files(root: Path, options: KbOptions) -> tuple[list[FoundFile], list[SkippedFile]]:
    """Walk ``root`` and return the files the globs select, and those that must be skipped.

    Symbolic links are never followed out of the root, and links to directories are never
    followed at all (the files they lead to inside the root are found at their real path).
    Names starting with ``.`` (``.git``, ``.obsidian``, ``.trash``) are not looked at.

    Args:
        root: the knowledge base directory (resolved by the caller).
        options: the globs.

    Returns:
        ``(files, skipped)``, each sorted by relative path.

    Raises:
        InvalidInputError: ``root`` is not a directory.
    """
    if not root.is_dir():
        raise InvalidInputError(f"{root} is not a directory")
    select = _Selector(options)
    real_root = os.path.realpath(root)
    found: list[FoundFile] = []
    skipped: list[SkippedFile] = []
    stack: list[tuple[str, str]] = [(real_root, "")]
    while stack:
        directory, rel_dir = stack.pop()
        try:
            with os.scandir(directory) as it:
                entries = sorted(it, key=lambda e: e.name)
        except OSError as exc:
            skipped.append(SkippedFile(rel_dir or ".", f"unreadable directory ({exc.strerror})"))
            continue
        subdirs: list[tuple[str, str]] = []
        for entry in entries:
            if entry.name.startswith("."):
                continue
            rel = f"{rel_dir}/{entry.name}" if rel_dir else entry.name
            try:
                is_link = entry.is_symlink()
                is_dir = not is_link and entry.is_dir(follow_symlinks=False)
            except OSError as exc:
                if select.wants_file(rel):
                    skipped.append(SkippedFile(rel, f"unreadable ({exc.strerror})"))
                continue
            if is_link:
                verdict = _symlink(entry, rel, real_root, select)
            elif is_dir:
                if select.wants_dir(rel):
                    subdirs.append((entry.path, rel))
                verdict = SkippedFile(rel, "a directory") if select.wants_file(rel) else None
            elif select.wants_file(rel):
                verdict = FoundFile(rel, Path(entry.path))
            else:
                verdict = None
            if isinstance(verdict, SkippedFile):
                skipped.append(verdict)
            elif verdict is not None:
                found.append(verdict)
        stack.extend(reversed(subdirs))
    found.sort(key=lambda f: f.rel)
    skipped.sort(key=lambda s: s.rel)
    return found, skipped


def _read_one(
    file: FoundFile, options: KbOptions, ignore: frozenset[str]
) -> NoteFile | SkippedFile:
    problem = _name_problem(file.rel)
    if problem is not None:
        return SkippedFile(shown_path(file.rel), problem)
    try:
        info = os.stat(file.path)
        if not stat.S_ISREG(info.st_mode):
            return SkippedFile(file.rel, "not a regular file")
        if info.st_size > options.max_bytes:
            return SkippedFile(
                file.rel, f"larger than {options.max_bytes:,} bytes ({info.st_size:,})"
            )
        with open(file.path, "rb") as handle:
            data = handle.read(options.max_bytes + 1)
    except OSError as exc:
        return SkippedFile(file.rel, f"unreadable ({exc.strerror})")
    if len(data) > options.max_bytes:
        return SkippedFile(file.rel, f"larger than {options.max_bytes:,} bytes")
    try:
        text = data.decode("utf-8")
    except UnicodeDecodeError:
        return SkippedFile(file.rel, "not UTF-8 text")
    facts = read_note(text, ignore)
    date = facts.date or dt.datetime.fromtimestamp(info.st_mtime, tz=dt.UTC).date()
    return NoteFile(file.rel, facts, date)


@dataclass(slots=True)
class ReadBatch:
    """What :func:`read_files` made of a batch: parsed notes and skipped files."""

    notes: list[NoteFile] = field(default_factory=list)
    skipped: list[SkippedFile] = field(default_factory=list)


def read_files(files: Sequence[FoundFile], options: KbOptions) -> ReadBatch:
    """Read and parse files (blocking I/O: run it in a worker thread).

    The note's date is its front matter's ``date:`` when valid, else the file's modification
    time as a UTC date.
    """
    ignore = frozenset(options.jira_ignore)
    batch = ReadBatch()
    for file in files:
        result = _read_one(file, options, ignore)
        if isinstance(result, NoteFile):
            batch.notes.append(result)
        else:
            batch.skipped.append(result)
    return batch
