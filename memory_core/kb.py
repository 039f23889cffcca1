"""Index a markdown knowledge base into one scope as pointers: ``Note:<path>`` entities.

Each indexed file becomes ``Note:<relative path>`` (type ``Note``) with exactly one line

    pointer: <relative path> — <H1 title> (as_of=<date>, src=kb)

and relations ``Note -[references]-> Jira:<KEY>`` for the Jira keys in its text and
``Note -[mentions]-> Person:<Full Name>`` (or the owner's ``User:`` entity) for the names on
its ``**Participants**:`` / ``**Участники**:`` lines. No body text is stored.

Choices:

* The title is the first H1 (``# Title`` or a ``===`` underline, outside code fences); a note
  without one is titled by its file name without ``.md``.
* Participants: a name (or ``@handle``) among ``KbOptions.owner_names``, or named like an
  existing ``User:`` entity, links to that ``User:`` entity (for the owner: the one named like
  the owner, else the scope's only one, else ``User:<first owner name>`` is created); any
  other name becomes ``Person:<name>``, reusing an existing person found case-insensitively
  or by a near-typo, as ``create_entities`` does. A bare ``@handle`` of someone else is left
  out: it names nobody the graph can hold.
* The date is the front matter's ``date:`` (``YYYY-MM-DD``) when it has one, else the file's
  modification time as a UTC date. Touching a file therefore updates its pointer.
* The indexer owns the Notes that carry a ``pointer:`` line with ``src=kb`` (hand-made notes
  never do), and on them only the ``references -> Jira:`` and ``mentions -> Person:/User:``
  relations. A run makes the scope match the tree: new files are added, changed pointers
  and links are replaced, and owned Notes whose file is gone (or no longer selected) are
  removed with those relations. A Note that also holds hand-made lines or relations keeps
  them: only the indexer's pointer and links are taken off it. ``Jira:`` and ``Person:``
  entities left with no lines and no relations by a removal are removed too.
* A file that still exists but is skipped this run (unreadable, too large, not UTF-8) keeps
  the pointer of an earlier run: a passing problem does not churn the index.
* One knowledge base per scope: indexing another directory into the same scope removes the
  first one's Notes.
* All writes of a run happen in one transaction; the files are read before it starts.
"""

from __future__ import annotations

import asyncio
import contextlib
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass, field
from pathlib import Path, PurePosixPath
from typing import Any

from memory_core.errors import InvalidInputError, SecretRefused
from memory_core.kb_source import (
    DEFAULT_EXCLUDE,
    DEFAULT_INCLUDE,
    DEFAULT_MAX_BYTES,
    KbOptions,
    NoteFile,
    SkippedFile,
    find_files,
    read_files,
)
from memory_core.kb_sync import KB_SOURCE, WantedNote, apply_sync, person_aliases, plan_sync
from memory_core.matching import name_key
from memory_core.naming import canonical_entity, display_name
from memory_core.observation import check_observation_text
from memory_core.rows import chunks
from memory_core.secrets import describe, find_secret
from memory_core.service import ScopedMemory

__all__ = [
    "DEFAULT_EXCLUDE",
    "DEFAULT_INCLUDE",
    "DEFAULT_MAX_BYTES",
    "KbOptions",
    "KbProgress",
    "KbReport",
    "index_kb",
    "pointer_line",
    "too_many_removals",
]

KbProgress = Callable[[int, int], None]
"""Called on the event loop with ``(files read, files selected)`` while the files are read."""

_READ_BATCH = 500


@dataclass(frozen=True, slots=True)
class KbReport:
    """What one indexing run did (or, with ``dry_run``, would do).

    Attributes:
        added: notes indexed for the first time.
        updated: notes whose pointer or links changed.
        removed: notes taken out because their file is gone or no longer selected.
        unchanged: notes already up to date.
        skipped: selected files that could not be indexed (each has a warning).
        warnings: one line per skipped file or other problem (``path: reason``).
        entities_created: ``Jira:``, ``Person:`` or ``User:`` entities created for links.
        entities_pruned: ``Jira:`` or ``Person:`` entities removed because nothing was left
            on them (not counted when ``dry_run``).
        dry_run: nothing was written.
        secrets: note titles, participants and note paths left out because they hold a
            secret (a note with such a title is indexed by its path alone).
        indexed: notes the scope held before the run.
        held_back: nothing was written because the run would remove more than half of the
            indexed notes, or all of them (an empty or wrong folder); ``prune`` allows it.
    """

    added: int = 0
    updated: int = 0
    removed: int = 0
    unchanged: int = 0
    skipped: int = 0
    warnings: tuple[str, ...] = ()
    entities_created: int = 0
    entities_pruned: int = 0
    dry_run: bool = False
    secrets: int = 0
    indexed: int = 0
    held_back: bool = False

    @property
    def changed(self) -> bool:
        """Whether the run changed (or would change) the index."""
        return bool(self.added or self.updated or self.removed)

    def summary(self) -> str:
        """Return the one-line summary: added, updated, removed, unchanged, skipped."""
        if self.held_back:
            share = "all" if self.removed == self.indexed else f"{self.removed}"
            head = "kb index (dry run)" if self.dry_run else "kb index"
            return (
                f"{head}: nothing written: this run would remove {share} of the "
                f"{self.indexed} indexed notes (more than half), as if the folder were empty "
                "or the wrong one; check it, or pass --prune to remove them"
            )
        head = "kb index (dry run, nothing written)" if self.dry_run else "kb index"
        return (
            f"{head}: {self.added} added, {self.updated} updated, {self.removed} removed, "
            f"{self.unchanged} unchanged, {self.skipped} skipped"
            + (f", {self.secrets} secrets left out" if self.secrets else "")
            + (
                f", {len(self.warnings)} warning{'s' * (len(self.warnings) != 1)}"
                if self.warnings
                else ""
            )
        )

    def to_dict(self) -> dict[str, Any]:
        """Return the report as plain JSON-ready values."""
        return {
            "added": self.added,
            "updated": self.updated,
            "removed": self.removed,
            "unchanged": self.unchanged,
            "skipped": self.skipped,
            "warnings": list(self.warnings),
            "entities_created": self.entities_created,
            "entities_pruned": self.entities_pruned,
            "dry_run": self.dry_run,
            "secrets": self.secrets,
            "indexed": self.indexed,
            "held_back": self.held_back,
        }


def pointer_line(rel: str, title: str | None, as_of: str) -> str:
    """Return a note's pointer line: ``pointer: <rel> — <title> (as_of=<date>, src=kb)``.

    Without a title (it held a secret) the line is ``pointer: <rel> (as_of=..., src=kb)``.
    """
    head = f"pointer: {rel} — {title}" if title is not None else f"pointer: {rel}"
    return f"{head} (as_of={as_of}, src={KB_SOURCE})"


# ------------------------------------------------------------------------ wanted state
@dataclass(slots=True)
class _Scan:
    """The tree after reading: wanted notes, names of present-but-skipped files, problems."""

    wanted: dict[str, WantedNote] = field(default_factory=dict)
    kept: set[str] = field(default_factory=set)
    skipped: list[str] = field(default_factory=list)
    warnings: list[str] = field(default_factory=list)
    secrets: int = 0
    """Titles, participants and paths left out because they hold a secret."""


def _owner_keys(options: KbOptions, users: Iterable[str]) -> set[str]:
    keys = {name_key(n) for n in options.owner_names if name_key(n)}
    keys.update(name_key(display_name(u)) for u in users if name_key(display_name(u)))
    return keys


def _pointer(note: NoteFile, scan: _Scan) -> str:
    """The note's pointer line; without its title when the title holds a secret."""
    title = note.facts.title or PurePosixPath(note.rel).name.removesuffix(".md")
    as_of = note.date.isoformat()
    try:
        return check_observation_text(pointer_line(note.rel, title, as_of))
    except SecretRefused as exc:
        scan.secrets += 1
        scan.warnings.append(f"{note.rel}: title left out (it looks like {describe(exc.kind)})")
        return check_observation_text(pointer_line(note.rel, None, as_of))


def _wanted_note(note: NoteFile, owner_keys: set[str], scan: _Scan) -> None:
    try:
        name, _ = canonical_entity(f"Note:{note.rel}", "Note")
        pointer = _pointer(note, scan)
    except SecretRefused as exc:
        scan.secrets += 1
        scan.skipped.append(f"a note whose path looks like {describe(exc.kind)}: skipped")
        return
    except InvalidInputError as exc:
        scan.skipped.append(f"{note.rel}: cannot be a note name ({exc})")
        return
    if name in scan.wanted:
        scan.skipped.append(f"{note.rel}: same note name as {scan.wanted[name].rel}")
        return
    if note.facts.bad_date:
        scan.warnings.append(f"{note.rel}: front matter date is not YYYY-MM-DD; file date used")
    wanted = WantedNote(name, note.rel, pointer, [f"Jira:{k}" for k in note.facts.jira_keys], [])
    for person in note.facts.participants:
        if name_key(person) in owner_keys and find_secret(person) is None:
            if person not in wanted.users:
                wanted.users.append(person)
            continue
        if person.startswith("@"):
            continue  # a bare handle that is not the owner's names nobody we can link
        try:
            person_name, _ = canonical_entity(f"Person:{person}", "Person")
        except SecretRefused as exc:
            scan.secrets += 1
            scan.warnings.append(
                f"{note.rel}: a participant left out (looks like {describe(exc.kind)})"
            )
            continue
        except InvalidInputError as exc:
            scan.warnings.append(f"{note.rel}: participant {person!r} not linked ({exc})")
            continue
        if person_name not in wanted.people:
            wanted.people.append(person_name)
    scan.wanted[name] = wanted


async def _read_tree(
    root: Path, options: KbOptions, progress: KbProgress | None
) -> tuple[list[NoteFile], list[SkippedFile]]:
    """Find and read the files in worker threads, reporting progress on the event loop."""
    found, skipped = await asyncio.to_thread(find_files, root, options)
    notes: list[NoteFile] = []
    total = len(found)
    if progress is not None:
        progress(0, total)
    done = 0
    for part in chunks(found, _READ_BATCH):
        batch = await asyncio.to_thread(read_files, part, options)
        notes.extend(batch.notes)
        skipped.extend(batch.skipped)
        done += len(part)
        if progress is not None:
            progress(done, total)
    return notes, sorted(skipped, key=lambda s: s.rel)


def _shape(
    notes: Sequence[NoteFile], skipped: Sequence[SkippedFile], owner_keys: set[str]
) -> _Scan:
    """Turn the files read into wanted notes; remember skipped files that still exist."""
    scan = _Scan()
    for item in skipped:
        kind = find_secret(item.rel)
        shown = f"a file whose path looks like {describe(kind)}" if kind else item.rel
        scan.skipped.append(f"{shown}: {item.reason}")
        with contextlib.suppress(InvalidInputError):
            scan.kept.add(canonical_entity(f"Note:{item.rel}", "Note")[0])
    for note in notes:
        _wanted_note(note, owner_keys, scan)
    return scan


# ------------------------------------------------------------------------ entry point
async def index_kb(
    scoped: ScopedMemory,
    root: Path | str,
    *,
    options: KbOptions | None = None,
    dry_run: bool = False,
    prune: bool = False,
    progress: KbProgress | None = None,
) -> KbReport:
    """Index the markdown knowledge base under ``root`` into the scope, as pointers.

    Files are found and read first (in worker threads); then every write of the run happens
    in one transaction. Running it again on an unchanged tree changes nothing. Bad files
    (unreadable, not UTF-8, too large, symlink loops or links out of the tree) are skipped
    with a warning each; they never stop the run.

    Args:
        scoped: the scope to index into.
        root: the knowledge base directory.
        options: globs, size limit and the owner's names (defaults: :class:`KbOptions`).
        dry_run: compute the report without writing anything.
        prune: remove notes even when that is more than half of those indexed (or all);
            without it such a run writes nothing and says so (``held_back``).
        progress: called with ``(files read, files selected)`` as files are read.

    Returns:
        What the run did (or would do).

    Raises:
        InvalidInputError: ``root`` is not a directory.
    """
    options = options if options is not None else KbOptions()
    notes, skipped = await _read_tree(Path(root), options, progress)
    repo = scoped.repo
    async with scoped.read() as conn:
        users = await repo.names_of_type(conn, "User")
        people = await repo.names_of_type(conn, "Person")
    scan = _shape(notes, skipped, _owner_keys(options, users))
    aliases = person_aliases(scan.wanted.values(), people, scan.warnings)
    pruned = 0
    if dry_run:
        async with scoped.read() as conn:
            plan = await plan_sync(
                conn, repo, scan.wanted, kept=scan.kept, aliases=aliases, options=options
            )
        held_back = not prune and too_many_removals(plan.removed, plan.indexed)
    else:
        async with scoped.write(bulk=True) as conn:
            plan = await plan_sync(
                conn, repo, scan.wanted, kept=scan.kept, aliases=aliases, options=options
            )
            held_back = not prune and too_many_removals(plan.removed, plan.indexed)
            if plan.writes and not held_back:
                pruned = await apply_sync(conn, repo, plan, scoped.now())
    created = sum(1 for t in plan.new_entities.values() if t != "Note")
    return KbReport(
        added=plan.added,
        updated=plan.updated,
        removed=plan.removed,
        unchanged=plan.unchanged,
        skipped=len(scan.skipped),
        warnings=tuple(scan.skipped + scan.warnings),
        entities_created=created,
        entities_pruned=pruned,
        dry_run=dry_run,
        secrets=scan.secrets,
        indexed=plan.indexed,
        held_back=held_back,
    )


def too_many_removals(removed: int, indexed: int) -> bool:
    """Whether removing ``removed`` of ``indexed`` notes needs ``prune``: all, or over half."""
    return removed > 0 and (removed == indexed or 2 * removed > indexed)
