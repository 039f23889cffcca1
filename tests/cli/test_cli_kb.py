"""``memory-bot index-kb DIR``: summary line, warnings, JSON, dry run, and the progress bar."""

from __future__ import annotations

import argparse
import asyncio
import json
import os
import pty
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from bot.cli import CliError, build_parser, main
from bot.cli.main import runner, settings_for
from bot.cli.parsers import add_kb_parser
from memory_core import Memory
from memory_core.scope import Scope

ROOT = Path(__file__).resolve().parents[2]
FIXTURE = ROOT / "tests" / "data" / "kb"


def run(argv: list[str]) -> int:
    """Parse and run ``index-kb`` the way ``memory-bot`` does once it is registered."""
    parser = argparse.ArgumentParser(prog="memory-bot")
    sub = parser.add_subparsers(dest="command", required=True)
    add_kb_parser(sub)
    args = parser.parse_args(argv)
    result: int = asyncio.run(runner(args)(args, settings_for(args)))
    return result


@pytest.fixture
def kb(tmp_path: Path) -> Path:
    root = tmp_path / "kb"
    shutil.copytree(FIXTURE, root)
    return root


def names(db: Path, scope: str = "owner") -> list[str]:
    async def read() -> list[str]:
        async with Memory(db) as memory:
            return await memory.scoped(Scope.parse(scope)).entity_names()

    return asyncio.run(read())


def test_index_prints_one_summary_line(
    kb: Path, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    db = tmp_path / "m.db"
    argv = ["index-kb", str(kb), "--db", str(db), "--owner-name", "Алексей Смирнов"]
    assert run(argv) == 0
    out, err = capsys.readouterr()
    assert out == "kb index: 8 added, 0 updated, 0 removed, 0 unchanged, 0 skipped\n"
    assert err == ""
    assert "Note:notes/projects/eso.md" in names(db)
    assert "User:Алексей Смирнов" in names(db)
    assert run(argv) == 0
    assert capsys.readouterr().out == (
        "kb index: 0 added, 0 updated, 0 removed, 8 unchanged, 0 skipped\n"
    )


def test_warnings_go_to_stderr(
    kb: Path, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    (kb / "notes" / "latin1.md").write_bytes(b"# caf\xe9\n")
    (kb / "notes" / "loop.md").symlink_to(kb / "notes" / "loop.md")
    assert run(["index-kb", str(kb), "--db", str(tmp_path / "m.db")]) == 0
    out, err = capsys.readouterr()
    assert out.endswith("2 skipped, 2 warnings\n")
    assert err.splitlines() == [
        "warning: notes/latin1.md: not UTF-8 text",
        "warning: notes/loop.md: symlink loop",
    ]


def test_dry_run_and_json(kb: Path, tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    db = tmp_path / "m.db"
    assert run(["index-kb", str(kb), "--db", str(db), "--dry-run", "--json"]) == 0
    data = json.loads(capsys.readouterr().out)
    assert data["scope"] == "owner"
    assert data["dry_run"] is True
    assert (data["added"], data["updated"], data["removed"], data["skipped"]) == (8, 0, 0, 0)
    assert names(db) == []


def test_scope_and_globs(kb: Path, tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    db = tmp_path / "m.db"
    argv = ["index-kb", str(kb), "--db", str(db), "--scope", "chat:-100"]
    argv += ["--include", "docs/*.md", "--include", "archive/**/*.md", "--exclude", "archive/r*"]
    assert run(argv) == 0
    assert "2 added" in capsys.readouterr().out
    assert names(db) == []
    assert sorted(n for n in names(db, "chat:-100") if n.startswith("Note:")) == [
        "Note:archive/legacy/old-wiki.md",
        "Note:docs/guide.md",
    ]


def test_max_bytes(kb: Path, tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    assert run(["index-kb", str(kb), "--db", str(tmp_path / "m.db"), "--max-bytes", "150"]) == 0
    out, err = capsys.readouterr()
    assert "warning: notes/projects/eso.md: larger than 150 bytes" in err
    assert " 0 skipped" not in out


def test_bad_arguments(tmp_path: Path) -> None:
    with pytest.raises(CliError, match="no such directory"):
        run(["index-kb", str(tmp_path / "none"), "--db", str(tmp_path / "m.db")])
    with pytest.raises(CliError, match="--max-bytes"):
        run(["index-kb", str(tmp_path), "--db", str(tmp_path / "m.db"), "--max-bytes", "0"])


SCRIPT = """
import argparse, asyncio, sys
from bot.cli.main import runner, settings_for
from bot.cli.parsers import add_kb_parser
parser = argparse.ArgumentParser()
add_kb_parser(parser.add_subparsers(dest="command", required=True))
args = parser.parse_args(sys.argv[1:])
sys.exit(asyncio.run(runner(args)(args, settings_for(args))))
"""


def test_progress_bar_on_a_terminal(kb: Path, tmp_path: Path) -> None:
    primary, secondary = pty.openpty()
    try:
        done = subprocess.run(
            [sys.executable, "-c", SCRIPT, "index-kb", str(kb), "--db", str(tmp_path / "m.db")],
            cwd=ROOT,
            stdout=subprocess.PIPE,
            stderr=secondary,
            text=True,
            check=False,
            timeout=60,
        )
        os.close(secondary)
        secondary = -1
        drawn = b""
        while True:
            try:
                chunk = os.read(primary, 65536)
            except OSError:
                break
            if not chunk:
                break
            drawn += chunk
    finally:
        os.close(primary)
        if secondary != -1:
            os.close(secondary)
    assert done.returncode == 0, drawn
    assert done.stdout.startswith("kb index: 8 added")
    assert "indexing [" in drawn.decode()
    assert "8/8 files" in drawn.decode()


@pytest.mark.skipif(
    "index-kb" not in build_parser().format_help(),
    reason="index-kb is not registered in bot/cli/main.py yet",
)
def test_registered_in_memory_bot(kb: Path, tmp_path: Path) -> None:
    assert main(["index-kb", str(kb), "--db", str(tmp_path / "m.db")]) == 0
    assert main(["index-kb", str(tmp_path / "none"), "--db", str(tmp_path / "m.db")]) == 2


def test_an_empty_folder_removes_nothing_without_prune(
    kb: Path, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    db = tmp_path / "m.db"
    assert run(["index-kb", str(kb), "--db", str(db)]) == 0
    before = names(db)
    empty = tmp_path / "empty"
    empty.mkdir()
    capsys.readouterr()
    assert run(["index-kb", str(empty), "--db", str(db)]) == 1
    out, err = capsys.readouterr()
    assert out == ""
    assert err.count("\n") == 1
    assert "nothing written" in err
    assert "would remove all of the 8 indexed notes" in err
    assert "--prune" in err
    assert names(db) == before
    assert run(["index-kb", str(empty), "--db", str(db), "--prune"]) == 0
    assert "8 removed" in capsys.readouterr().out
    assert not [n for n in names(db) if n.startswith("Note:")]
