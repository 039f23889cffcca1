"""The KB pointer index: what a markdown tree becomes in memory, and how re-runs keep it true."""

from __future__ import annotations

import datetime as dt
import itertools
import os
import re
import shutil
from pathlib import Path

import pytest

from memory_core import Entity, InvalidInputError, Memory, Relation, ScopedMemory
from memory_core.jsonl import export_lines
from memory_core.kb import KbOptions, KbReport, index_kb, pointer_line, too_many_removals
from memory_core.kb_source import compile_glob, find_files
from memory_core.markdown import participant_names, read_note
from memory_core.scope import Scope

FIXTURE = Path(__file__).resolve().parents[1] / "data" / "kb"
OWNER = KbOptions(owner_names=("Алексей Смирнов", "@asmirnov"))
MTIME = dt.datetime(2025, 3, 4, 12, 0, tzinfo=dt.UTC).timestamp()

INDEXED = {
    "README.md",
    "notes/ideas/code-first.md",
    "notes/ideas/untitled-thoughts.md",
    "notes/meetings/2025-11-02-planning.md",
    "notes/meetings/2025-12-28-eso-sync.md",
    "notes/projects/eso.md",
    "notes/ru/заметка.md",
    "notes/work/ops.md",
}


@pytest.fixture
def kb(tmp_path: Path) -> Path:
    """A copy of the fixture KB with every file dated 2025-03-04 (UTC)."""
    root = tmp_path / "kb"
    shutil.copytree(FIXTURE, root)
    for path in root.rglob("*"):
        os.utime(path, (MTIME, MTIME))
    return root


@pytest.fixture
async def me(owner: ScopedMemory) -> ScopedMemory:
    """The owner's scope with the owner's User entity, as the bot creates it."""
    await owner.create_entities([Entity("User:Алексей Смирнов", "User", ("pref: lang=ru",))])
    return owner


async def export(scope: ScopedMemory) -> list[str]:
    return [line async for line in export_lines(scope)]


async def notes_of(scope: ScopedMemory) -> dict[str, tuple[str, ...]]:
    graph = await scope.read_graph()
    return {e.name: e.observations for e in graph.entities if e.entity_type == "Note"}


async def links_of(scope: ScopedMemory) -> set[tuple[str, str, str]]:
    graph = await scope.read_graph()
    return {(r.from_, r.relation_type, r.to) for r in graph.relations}


def counts(report: KbReport) -> tuple[int, int, int, int, int]:
    return report.added, report.updated, report.removed, report.unchanged, report.skipped


# ------------------------------------------------------------------ what is indexed
async def test_selects_notes_and_readme_and_honours_excludes(kb: Path, me: ScopedMemory) -> None:
    report = await index_kb(me, kb, options=OWNER)
    assert counts(report) == (len(INDEXED), 0, 0, 0, 0)
    assert report.warnings == ()
    assert set(await notes_of(me)) == {f"Note:{p}" for p in INDEXED}


async def test_pointer_lines_titles_and_dates(kb: Path, me: ScopedMemory) -> None:
    await index_kb(me, kb, options=OWNER)
    notes = await notes_of(me)
    assert notes["Note:notes/projects/eso.md"] == (
        "pointer: notes/projects/eso.md — ESO — enterprise search (as_of=2025-08-10, src=kb)",
    )
    # front matter date wins over the file date; Russian title
    assert notes["Note:notes/meetings/2025-12-28-eso-sync.md"] == (
        "pointer: notes/meetings/2025-12-28-eso-sync.md — Синк по ESO (as_of=2025-12-28, src=kb)",
    )
    # no front matter: the file's modification date (UTC)
    assert notes["Note:README.md"] == (
        "pointer: README.md — Team knowledge base (as_of=2025-03-04, src=kb)",
    )
    assert notes["Note:notes/ru/заметка.md"] == (
        "pointer: notes/ru/заметка.md — Заметка о хлебе на закваске (as_of=2025-03-04, src=kb)",
    )
    # no H1: the file name; "## x" is not a title
    assert notes["Note:notes/ideas/untitled-thoughts.md"] == (
        "pointer: notes/ideas/untitled-thoughts.md — untitled-thoughts (as_of=2025-03-04, src=kb)",
    )
    # '# ...' inside a code fence is not a title; the setext heading after it is
    assert notes["Note:notes/ideas/code-first.md"][0].startswith(
        "pointer: notes/ideas/code-first.md — Shell snippets first ("
    )
    graph = await me.read_graph()
    assert {e.entity_type for e in graph.entities if e.name.startswith("Note:")} == {"Note"}


async def test_jira_keys_become_references(kb: Path, me: ScopedMemory) -> None:
    await index_kb(me, kb, options=OWNER)
    links = await links_of(me)
    refs = {(f, t) for f, v, t in links if v == "references"}
    assert refs == {
        ("Note:notes/projects/eso.md", "Jira:ESO-159"),
        ("Note:notes/projects/eso.md", "Jira:ESO-160"),
        ("Note:notes/meetings/2025-12-28-eso-sync.md", "Jira:ESO-159"),
        ("Note:notes/meetings/2025-11-02-planning.md", "Jira:OPS-7"),
        ("Note:notes/work/ops.md", "Jira:OPS-7"),
    }
    names = set(await me.entity_names())
    assert "Jira:UTF-8" not in names  # "valid UTF-8" is not a ticket
    assert "Jira:ISO-8601" not in names
    graph = await me.open_nodes(["Jira:ESO-159"])
    assert graph.entities[0].entity_type == "Jira"


async def test_participants_become_people_and_the_owner_is_reused(
    kb: Path, me: ScopedMemory
) -> None:
    await index_kb(me, kb, options=OWNER)
    links = await links_of(me)
    sync = "Note:notes/meetings/2025-12-28-eso-sync.md"
    planning = "Note:notes/meetings/2025-11-02-planning.md"
    mentions = {(f, t) for f, v, t in links if v == "mentions"}
    assert mentions == {
        (sync, "Person:Иван Петров"),
        (sync, "Person:Мария Киселёва"),
        (sync, "User:Алексей Смирнов"),
        (planning, "Person:Alice Smith"),
        (planning, "Person:Bob Jones"),
    }
    names = await me.entity_names()
    assert not [n for n in names if "Смирнов" in n and not n.startswith("User:")]
    assert [n for n in names if n.startswith("User:")] == ["User:Алексей Смирнов"]
    assert not [n for n in names if "carol" in n.lower() or "@" in n or "(" in n]


async def test_owner_found_by_the_user_entity_name_without_options(
    kb: Path, me: ScopedMemory
) -> None:
    await index_kb(me, kb)  # no owner_names: the User entity's own name is enough
    assert ("Note:notes/meetings/2025-12-28-eso-sync.md", "mentions", "User:Алексей Смирнов") in (
        await links_of(me)
    )
    assert "Person:Алексей Смирнов" not in await me.entity_names()


async def test_each_user_of_a_shared_scope_is_reused(kb: Path, memory: Memory) -> None:
    group = memory.scoped(Scope.parse("chat:-100"))
    await group.create_entities([Entity("User:Bob Jones", "User"), Entity("User:Carol", "User")])
    await index_kb(group, kb, options=KbOptions(owner_names=("Alice Smith",)))
    planning = "Note:notes/meetings/2025-11-02-planning.md"
    mentions = {t for f, v, t in await links_of(group) if f == planning and v == "mentions"}
    # Bob and Carol (@carol) are users of the chat; Alice is the owner, who has no User
    # entity here yet, and is not taken for one of them
    assert mentions == {"User:Bob Jones", "User:Carol", "User:Alice Smith"}
    names = await group.entity_names()
    assert "Person:Bob Jones" not in names
    assert "Person:Alice Smith" not in names


async def test_owner_without_a_user_entity_gets_one(kb: Path, owner: ScopedMemory) -> None:
    await index_kb(owner, kb, options=OWNER)
    users = [n for n in await owner.entity_names() if n.startswith("User:")]
    assert users == ["User:Алексей Смирнов"]
    assert "Person:Алексей Смирнов" not in await owner.entity_names()


async def test_existing_people_are_reused_not_twinned(kb: Path, me: ScopedMemory) -> None:
    await me.create_entities(
        [Entity("Person:иван петров", "Person", ("role: тимлид ESO (src=user)",))]
    )
    await index_kb(me, kb, options=OWNER)
    names = await me.entity_names()
    assert [n for n in names if n.casefold() == "person:иван петров"] == ["Person:иван петров"]
    assert (
        "Note:notes/meetings/2025-12-28-eso-sync.md",
        "mentions",
        "Person:иван петров",
    ) in await links_of(me)


async def test_participant_typos_and_genders(kb: Path, me: ScopedMemory) -> None:
    await me.create_entities(
        [
            Entity("Person:Иван Петров", "Person", ("role: тимлид (src=user)",)),
            Entity("Person:Саша Петров", "Person"),
            Entity("Person:Anna-Lee Wu", "Person"),
            Entity("Person:Anna Lee Wu", "Person"),
        ]
    )
    path = kb / "notes" / "meetings" / "2026-01-10-review.md"
    path.write_text(
        "# Review\n\n**Participants**: Иван Петрв, Саша Петрова, anna lee wu\n",
        encoding="utf-8",
    )
    report = await index_kb(me, kb, options=OWNER)
    links = {
        t for f, v, t in await links_of(me) if f == "Note:notes/meetings/2026-01-10-review.md"
    }
    assert "Person:Иван Петров" in links  # a typo finds the existing person
    assert "Person:Саша Петрова" in links  # a near match of another gender is not taken
    assert "Person:Саша Петров" not in links
    assert not [t for t in links if "Anna" in t or "anna" in t]  # two fit: not linked
    assert [w for w in report.warnings if "anna lee wu" in w and "not linked" in w]
    names = await me.entity_names()
    assert "Person:Иван Петрв" not in names
    assert "Person:anna lee wu" not in names


async def test_one_run_is_one_transaction(kb: Path, memory: Memory, me: ScopedMemory) -> None:
    statements: list[str] = []
    await memory.db.writer.set_trace_callback(statements.append)
    await index_kb(me, kb, options=OWNER)
    (kb / "README.md").unlink()
    (kb / "notes" / "work" / "ops.md").write_text("# Renamed\n", encoding="utf-8")
    report = await index_kb(me, kb, options=OWNER)
    await memory.db.writer.set_trace_callback(lambda _statement: None)
    assert (report.removed, report.updated) == (1, 1)
    begins = [s for s in statements if s.startswith("BEGIN")]
    assert begins == ["BEGIN IMMEDIATE", "BEGIN IMMEDIATE"]
    assert sum(s.startswith("INSERT INTO entity ") for s in statements) >= 1


async def test_no_body_text_is_stored(kb: Path, me: ScopedMemory) -> None:
    await index_kb(me, kb, options=OWNER)
    dump = "\n".join(await export(me))
    checked = 0
    for path in FIXTURE.rglob("*.md"):
        _, _, body = path.read_text(encoding="utf-8").partition("\n---\n")
        text = body or path.read_text(encoding="utf-8")
        lines = [line.strip() for line in text.splitlines()] + [""]
        for line, after in itertools.pairwise(lines):
            if not line or line.startswith(("#", "---", "```", "=", "**", "- **")):
                continue
            if after.startswith("="):
                continue  # an underlined title
            for sentence in re.split(r"(?<=[.!?])\s+", line):
                fragment = sentence.strip()
                if len(fragment) >= 20:
                    checked += 1
                    assert fragment not in dump, f"{path.name}: {fragment!r} was stored"
                    assert fragment[:20] not in dump, f"{path.name}: {fragment!r} was stored"
    assert checked >= 20  # the check really looked at the notes


async def test_pointers_are_searchable(kb: Path, me: ScopedMemory) -> None:
    await index_kb(me, kb, options=OWNER)
    graph = await me.search_nodes("enterprise search")
    assert "Note:notes/projects/eso.md" in [e.name for e in graph.entities]
    graph = await me.search_nodes("закваске")
    assert "Note:notes/ru/заметка.md" in [e.name for e in graph.entities]


# ------------------------------------------------------------------ re-runs
async def test_second_run_changes_nothing(kb: Path, me: ScopedMemory) -> None:
    await index_kb(me, kb, options=OWNER)
    before = await export(me)
    report = await index_kb(me, kb, options=OWNER)
    assert counts(report) == (0, 0, 0, len(INDEXED), 0)
    assert not report.changed
    assert await export(me) == before


async def test_changed_title_replaces_the_pointer(kb: Path, me: ScopedMemory) -> None:
    await index_kb(me, kb, options=OWNER)
    path = kb / "notes" / "work" / "ops.md"
    path.write_text(
        path.read_text(encoding="utf-8").replace("# Operations runbook", "# Ops handbook"),
        encoding="utf-8",
    )
    os.utime(path, (MTIME, MTIME))
    report = await index_kb(me, kb, options=OWNER)
    assert counts(report) == (0, 1, 0, len(INDEXED) - 1, 0)
    assert (await notes_of(me))["Note:notes/work/ops.md"] == (
        pointer_line("notes/work/ops.md", "Ops handbook", "2025-03-04"),
    )
    assert counts(await index_kb(me, kb, options=OWNER)) == (0, 0, 0, len(INDEXED), 0)


async def test_changed_links_are_synced(kb: Path, me: ScopedMemory) -> None:
    await index_kb(me, kb, options=OWNER)
    path = kb / "notes" / "projects" / "eso.md"
    path.write_text(
        path.read_text(encoding="utf-8").replace("ESO-160", "ESO-161"), encoding="utf-8"
    )
    report = await index_kb(me, kb, options=OWNER)
    assert counts(report)[:3] == (0, 1, 0)
    links = await links_of(me)
    assert ("Note:notes/projects/eso.md", "references", "Jira:ESO-161") in links
    assert ("Note:notes/projects/eso.md", "references", "Jira:ESO-160") not in links
    names = await me.entity_names()
    assert "Jira:ESO-160" not in names  # nothing left on it: pruned
    assert report.entities_pruned == 1


async def test_removed_file_takes_its_note_and_links(kb: Path, me: ScopedMemory) -> None:
    await index_kb(me, kb, options=OWNER)
    (kb / "notes" / "meetings" / "2025-11-02-planning.md").unlink()
    report = await index_kb(me, kb, options=OWNER)
    assert counts(report) == (0, 0, 1, len(INDEXED) - 1, 0)
    names = set(await me.entity_names())
    assert "Note:notes/meetings/2025-11-02-planning.md" not in names
    assert not [r for r in await links_of(me) if "planning" in r[0]]
    # people only that meeting named are gone with it; a ticket another note names stays
    assert "Person:Alice Smith" not in names
    assert "Jira:OPS-7" in names
    assert "User:Алексей Смирнов" in names


async def test_hand_made_notes_are_never_removed(kb: Path, me: ScopedMemory) -> None:
    hand = Entity(
        "Note:notes/ideas/lost.md",
        "Note",
        ("pointer: notes/ideas/lost.md — Lost idea (as_of=2025-01-01, src=user)",),
    )
    await me.create_entities([hand])
    await index_kb(me, kb, options=OWNER)
    # the owner adds a fact to an indexed note, and links it by hand
    await me.create_entities([Entity("Project:ESO", "Project")])
    await me.add_observations([("Note:notes/work/ops.md", ["status: reviewed (src=user)"])])
    await me.create_relations([Relation("Note:notes/projects/eso.md", "Project:ESO", "covers")])
    (kb / "notes" / "work" / "ops.md").unlink()
    (kb / "notes" / "projects" / "eso.md").unlink()
    report = await index_kb(me, kb, options=OWNER)
    assert report.removed == 2
    notes = await notes_of(me)
    assert notes["Note:notes/ideas/lost.md"] == hand.observations
    assert notes["Note:notes/work/ops.md"] == ("status: reviewed (src=user)",)
    assert notes["Note:notes/projects/eso.md"] == ()
    links = await links_of(me)
    assert ("Note:notes/projects/eso.md", "covers", "Project:ESO") in links
    assert not [r for r in links if r[0] == "Note:notes/projects/eso.md" and r[1] != "covers"]
    # and the next run leaves them alone
    assert counts(await index_kb(me, kb, options=OWNER))[:3] == (0, 0, 0)


async def test_a_hand_made_note_of_an_indexed_path_is_adopted(kb: Path, me: ScopedMemory) -> None:
    await me.create_entities([Entity("Note:README.md", "Note", ("fact: read me first",))])
    report = await index_kb(me, kb, options=OWNER)
    assert report.added == len(INDEXED)
    assert (await notes_of(me))["Note:README.md"] == (
        "fact: read me first",
        "pointer: README.md — Team knowledge base (as_of=2025-03-04, src=kb)",
    )


async def test_newly_excluded_files_are_removed(kb: Path, me: ScopedMemory) -> None:
    await index_kb(me, kb, options=OWNER)
    options = KbOptions(owner_names=OWNER.owner_names, exclude=("notes/ideas/**",))
    report = await index_kb(me, kb, options=options)
    assert report.removed == 2
    assert not [n for n in await notes_of(me) if "/ideas/" in n]


async def test_dry_run_writes_nothing(kb: Path, me: ScopedMemory) -> None:
    before = await export(me)
    report = await index_kb(me, kb, options=OWNER, dry_run=True)
    assert report.dry_run
    assert counts(report) == (len(INDEXED), 0, 0, 0, 0)
    assert report.entities_created == 7  # 3 tickets, 4 people
    assert await export(me) == before
    real = await index_kb(me, kb, options=OWNER)
    assert counts(real) == counts(report)
    assert real.entities_created == report.entities_created
    (kb / "README.md").unlink()
    after = await export(me)
    assert counts(await index_kb(me, kb, options=OWNER, dry_run=True))[:3] == (0, 0, 1)
    assert await export(me) == after


async def test_scopes_stay_apart(kb: Path, memory: Memory) -> None:
    chat = memory.scoped(Scope.parse("chat:42"))
    await index_kb(chat, kb)
    assert await memory.scoped(Scope.owner()).entity_names() == []
    assert len(await notes_of(chat)) == len(INDEXED)


async def test_progress_and_summary(kb: Path, me: ScopedMemory) -> None:
    calls: list[tuple[int, int]] = []
    report = await index_kb(me, kb, options=OWNER, progress=lambda d, t: calls.append((d, t)))
    assert calls[0] == (0, len(INDEXED))
    assert calls[-1] == (len(INDEXED), len(INDEXED))
    assert report.summary() == ("kb index: 8 added, 0 updated, 0 removed, 0 unchanged, 0 skipped")
    dry = await index_kb(me, kb, options=OWNER, dry_run=True)
    assert dry.summary().startswith("kb index (dry run, nothing written): 0 added")


async def test_not_a_directory(tmp_path: Path, me: ScopedMemory) -> None:
    with pytest.raises(InvalidInputError, match="not a directory"):
        await index_kb(me, tmp_path / "missing")


# ------------------------------------------------------------------ bad files
def make_bad_files(kb: Path, outside: Path) -> dict[str, str]:
    """Create the problem files of issue 5; return path -> expected reason fragment."""
    notes = kb / "notes"
    (notes / "bad").mkdir()
    (notes / "bad" / "latin1.md").write_bytes("# Café\n\nNaïve café notes.\n".encode("cp1252"))
    (notes / "bad" / "folder.md").mkdir()
    os.mkfifo(notes / "bad" / "pipe.md")
    (notes / "bad" / "dangling.md").symlink_to(kb / "nowhere.md")
    (notes / "bad" / "loop-a.md").symlink_to(notes / "bad" / "loop-b.md")
    (notes / "bad" / "loop-b.md").symlink_to(notes / "bad" / "loop-a.md")
    (notes / "bad" / "cycle").symlink_to(notes, target_is_directory=True)
    outside.mkdir()
    (outside / "secret.md").write_text("# Outside\n\nNot part of the KB.\n", encoding="utf-8")
    (notes / "bad" / "escape.md").symlink_to(outside / "secret.md")
    (notes / "bad" / "escape-dir").symlink_to(outside, target_is_directory=True)
    big = "# Huge\n\n" + "All work and no play makes a very large note.\n" * 25_000
    (notes / "bad" / "huge.md").write_text(big, encoding="utf-8")
    return {
        "notes/bad/latin1.md": "not UTF-8",
        "notes/bad/folder.md": "directory",
        "notes/bad/pipe.md": "not a regular file",
        "notes/bad/dangling.md": "dangling symlink",
        "notes/bad/loop-a.md": "symlink loop",
        "notes/bad/loop-b.md": "symlink loop",
        "notes/bad/cycle": "symlink loop",
        "notes/bad/escape.md": "outside the knowledge base",
        "notes/bad/escape-dir": "outside the knowledge base",
        "notes/bad/huge.md": "larger than 1,000,000 bytes",
    }


async def test_bad_files_are_skipped_with_warnings(
    kb: Path, tmp_path: Path, me: ScopedMemory
) -> None:
    expected = make_bad_files(kb, tmp_path / "outside")
    (kb / "notes" / "bad" / "inside.md").symlink_to(kb / "notes" / "work" / "ops.md")
    report = await index_kb(me, kb, options=OWNER)
    assert report.added == len(INDEXED) + 1  # the link to a file inside the KB is indexed
    assert report.skipped == len(expected)
    assert len(report.warnings) == len(expected)
    for rel, reason in expected.items():
        hits = [w for w in report.warnings if w.startswith(f"{rel}: ")]
        assert len(hits) == 1, (rel, report.warnings)
        assert reason in hits[0], hits[0]
    names = set(await me.entity_names())
    assert "Note:notes/bad/inside.md" in names
    assert not [n for n in names if "Outside" in n or "secret" in n or "Huge" in n]
    assert not [n for n in names if n.startswith("Note:notes/bad/") and "inside" not in n]
    assert "Note:notes/bad/cycle/work/ops.md" not in names


def make_bad_names(kb: Path) -> None:
    """A Latin-1 file name (not UTF-8) and a name with a tab."""
    Path(os.fsdecode(os.fsencode(kb / "notes") + b"/caf\xe9.md")).write_bytes(b"# Latin-1\n")
    (kb / "notes" / "tab\there.md").write_text("# Tab\n", encoding="utf-8")


async def test_bad_file_names_are_skipped(kb: Path, me: ScopedMemory) -> None:
    make_bad_names(kb)
    report = await index_kb(me, kb, options=OWNER)
    assert report.skipped == 2
    assert any("file name is not UTF-8" in w for w in report.warnings)
    assert any("control characters" in w for w in report.warnings)
    assert report.added == len(INDEXED)
    for warning in report.warnings:
        warning.encode("utf-8")  # printable, whatever the name


async def test_a_file_that_turns_bad_keeps_its_pointer(kb: Path, me: ScopedMemory) -> None:
    await index_kb(me, kb, options=OWNER)
    (kb / "notes" / "work" / "ops.md").write_bytes(b"# Ops \xff\xfe broken\n")
    report = await index_kb(me, kb, options=OWNER)
    assert counts(report) == (0, 0, 0, len(INDEXED) - 1, 1)
    assert "Note:notes/work/ops.md" in await notes_of(me)


async def test_max_bytes_is_a_setting(kb: Path, me: ScopedMemory) -> None:
    options = KbOptions(max_bytes=200)
    report = await index_kb(me, kb, options=options)
    assert report.skipped >= 1
    assert all("larger than 200 bytes" in w for w in report.warnings)
    assert "notes/projects/eso.md: larger than 200 bytes" in " ".join(report.warnings)


async def test_hidden_names_are_ignored(kb: Path, me: ScopedMemory) -> None:
    (kb / "notes" / ".trash").mkdir()
    (kb / "notes" / ".trash" / "gone.md").write_text("# Gone\n", encoding="utf-8")
    (kb / "notes" / ".draft.md").write_text("# Draft\n", encoding="utf-8")
    report = await index_kb(me, kb)
    assert report.added == len(INDEXED)


async def test_bad_front_matter_date_falls_back_with_a_warning(kb: Path, me: ScopedMemory) -> None:
    path = kb / "notes" / "dated.md"
    path.write_text("---\ndate: next tuesday\n---\n# Dated\n", encoding="utf-8")
    os.utime(path, (MTIME, MTIME))
    report = await index_kb(me, kb)
    assert report.skipped == 0
    assert report.warnings == (
        "notes/dated.md: front matter date is not YYYY-MM-DD; file date used",
    )
    assert (await notes_of(me))["Note:notes/dated.md"] == (
        "pointer: notes/dated.md — Dated (as_of=2025-03-04, src=kb)",
    )


# ------------------------------------------------------------------ parts
@pytest.mark.parametrize(
    ("pattern", "path", "matches"),
    [
        ("notes/**/*.md", "notes/a.md", True),
        ("notes/**/*.md", "notes/x/y/a.md", True),
        ("notes/**/*.md", "notes/a.txt", False),
        ("notes/**/*.md", "other/notes/a.md", False),
        ("README.md", "README.md", True),
        ("README.md", "notes/README.md", False),
        ("archive/legacy/**", "archive/legacy/a/b.md", True),
        ("archive/legacy/**", "archive/legacy2/b.md", False),
        ("notes/work/daily-brief.md", "notes/work/daily-brief.md", True),
        ("notes/*.md", "notes/x/a.md", False),
        ("notes/[!x]*.md", "notes/a.md", True),
        ("notes/[!x]*.md", "notes/xa.md", False),
        ("notes/?.md", "notes/a.md", True),
    ],
)
def test_globs(pattern: str, path: str, matches: bool) -> None:
    assert bool(compile_glob(pattern).fullmatch(path)) is matches


def test_excluded_directories_are_not_walked(kb: Path) -> None:
    (kb / "notes" / "daily-logs" / "locked").mkdir()
    os.symlink("locked", kb / "notes" / "daily-logs" / "locked" / "self.md")
    found, skipped = find_files(kb, KbOptions())
    assert sorted(f.rel for f in found) == sorted(INDEXED)
    assert skipped == []  # the loop under an excluded folder is never even seen


def test_read_note_parts() -> None:
    text = (
        "\ufeff---\ntitle: Not this\ndate: '2024-02-29'\n---\n"
        "Intro line\n\n# The *real* title #\n\n"
        "**Участники**: Иван Петров (тимлид, ESO), @asmirnov; [Мария Киселёва](https://x.y/m)\n"
        "See ESO-12, ESO-12 again, AB1-7, UTF-8, eso-3, XESO-9x, and (PROJ-44).\n"
    )
    facts = read_note(text, frozenset({"UTF"}))
    assert facts.title == "The *real* title"
    assert facts.date == dt.date(2024, 2, 29)
    assert not facts.bad_date
    assert facts.jira_keys == ("ESO-12", "AB1-7", "PROJ-44")
    assert facts.participants == ("Иван Петров", "@asmirnov", "Мария Киселёва")


def test_read_note_without_front_matter_or_title() -> None:
    facts = read_note("---\n\nA rule, then text.\n")
    assert facts.title is None
    assert facts.date is None
    facts = read_note("#\n# \n#hashtag\n# Late title\n")
    assert facts.title == "Late title"


@pytest.mark.parametrize(
    ("raw", "names"),
    [
        ("Alice Smith (PM), Bob Jones, @carol", ["Alice Smith", "Bob Jones", "@carol"]),
        ("Иван Петров — тимлид; Мария", ["Иван Петров", "Мария"]),
        ("@ivanp Иван Петров, (guest)", ["Иван Петров"]),
        ("A. B. Smith (lead, infra); ", ["A. B. Smith"]),
        ("", []),
    ],
)
def test_participant_names(raw: str, names: list[str]) -> None:
    assert participant_names(raw) == names


async def test_an_empty_or_wrong_folder_removes_nothing_without_prune(
    kb: Path, tmp_path: Path, me: ScopedMemory
) -> None:
    """A run that would take out all, or over half, of the indexed notes writes nothing."""
    await index_kb(me, kb, options=OWNER)
    before = await export(me)
    empty = tmp_path / "empty"
    empty.mkdir()
    report = await index_kb(me, empty, options=OWNER)
    assert report.held_back
    assert (report.removed, report.indexed) == (len(INDEXED), len(INDEXED))
    assert "nothing written" in report.summary()
    assert "would remove all of the 8 indexed notes" in report.summary()
    assert "--prune" in report.summary()
    assert await export(me) == before

    wrong = tmp_path / "wrong"
    (wrong / "notes").mkdir(parents=True)
    shutil.copy(kb / "notes" / "work" / "ops.md", wrong / "notes" / "ops.md")
    report = await index_kb(me, wrong, options=OWNER)
    assert report.held_back
    assert report.added == 1  # the whole run waits, additions too
    assert await export(me) == before

    report = await index_kb(me, empty, options=OWNER, prune=True)
    assert not report.held_back
    assert report.removed == len(INDEXED)
    assert await notes_of(me) == {}


async def test_removing_half_or_fewer_needs_no_prune(kb: Path, me: ScopedMemory) -> None:
    await index_kb(me, kb, options=OWNER)
    for rel in sorted(INDEXED)[: len(INDEXED) // 2]:
        (kb / rel).unlink()
    report = await index_kb(me, kb, options=OWNER)
    assert not report.held_back
    assert report.removed == len(INDEXED) // 2
    assert len(await notes_of(me)) == len(INDEXED) - len(INDEXED) // 2


@pytest.mark.parametrize(
    ("removed", "indexed", "needs_prune"),
    [(0, 0, False), (0, 5, False), (1, 1, True), (1, 2, False), (2, 3, True), (3, 6, False)],
)
def test_too_many_removals(removed: int, indexed: int, needs_prune: bool) -> None:
    assert too_many_removals(removed, indexed) is needs_prune
