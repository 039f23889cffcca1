"""Every failure is one line: a table of bad set-ups and inputs for the command line.

Each case runs ``memory-bot`` in a fresh working folder (its own `.env`, no settings from
the shell) and must exit non-zero with at most three lines on stderr, no traceback (output
of stray threads is caught too: the capture is on the file descriptors), and a message that
names the cause and the setting, flag or path involved.
"""

from __future__ import annotations

import asyncio
import io
import logging
import os
import sqlite3
import sys
from collections.abc import Callable, Iterator
from dataclasses import dataclass, field
from pathlib import Path

import pytest

from bot.cli import main
from bot.settings import Settings
from memory_core.upkeep import backup_file
from tests.bot.test_backup import make_db
from tests.filesystems import fill_disk, read_only_folder, small_disk

ROOT = Path(__file__).resolve().parents[2]
TOKEN = "987654321:AAH" + "x7Q_" * 8
RUN_ENV = {
    "OWNER_USER_ID": "42",
    "TELEGRAM_BOT_TOKEN": TOKEN,
    "TELEGRAM_BASE_URL": "http://127.0.0.1:9/bot",  # nothing listens: never reached
}
ENTITY = '{"type":"entity","name":"Project:A","entityType":"Project","observations":[]}'


@dataclass(frozen=True)
class Case:
    """One bad set-up: files to make, settings, the command, and what stderr must say."""

    name: str
    argv: list[str]
    expect: tuple[str, ...]
    env: dict[str, str] = field(default_factory=dict)
    files: dict[str, str | bytes] = field(default_factory=dict)
    prepare: Callable[[Path], None] | None = None
    read_only: bool = False
    """Run in a working folder that cannot be written (the files are made first)."""


def _db(name: str) -> Callable[[Path], None]:
    def make(root: Path) -> None:
        make_db(root / name, "a=1")

    return make


def _newer_db(root: Path) -> None:
    make_db(root / "m.db", "a=1")
    with sqlite3.connect(root / "m.db") as conn:
        conn.execute("INSERT INTO schema_migrations VALUES ('9999_future', 0)")


def _folder(name: str) -> Callable[[Path], None]:
    return lambda root: (root / name).mkdir(parents=True)


def _backup_copy(root: Path) -> None:
    make_db(root / "m.db", "a=1")
    backup_file(root / "m.db", root / "copy.db")


CASES = [
    # the database: missing, a folder, garbage, under a file, from a newer version
    Case("stats-no-db", ["stats"], ("no database at data/memory.db", "DATABASE_PATH")),
    Case(
        "stats-dotenv-db-missing",
        ["stats"],
        ("no database at kept/m.db", "(DATABASE_PATH)"),
        files={".env": "DATABASE_PATH=kept/m.db\n"},
    ),
    Case(
        "stats-db-folder", ["stats", "--db", "d"], ("d is a folder", "--db"), prepare=_folder("d")
    ),
    Case(
        "export-db-folder",
        ["export", "--db", "d"],
        ("d is a folder", "--db"),
        prepare=_folder("d"),
    ),
    Case(
        "recall-garbage-db",
        ["recall", "x", "--db", "junk.db"],
        ("junk.db", "not a database", "--db"),
        files={"junk.db": b"garbage" * 500},
    ),
    Case(
        "chat-db-folder", ["chat", "--db", "d"], ("d", "is a folder", "--db"), prepare=_folder("d")
    ),
    Case(
        "import-db-under-a-file",
        ["import", "in.jsonl"],
        ("afile is a file, not a folder", "DATABASE_PATH"),
        files={".env": "DATABASE_PATH=afile/m.db\n", "afile": "x", "in.jsonl": ENTITY},
    ),
    Case(
        "run-db-under-a-file",
        ["run"],
        ("afile is a file, not a folder", "afile/m.db", "DATABASE_PATH"),
        env={**RUN_ENV, "DATABASE_PATH": "afile/m.db"},
        files={"afile": "x"},
    ),
    Case(
        "run-newer-db",
        ["run", "--db", "m.db"],
        ("newer memory-bot", "9999_future"),
        env=RUN_ENV,
        prepare=_newer_db,
    ),
    # read-only places
    Case(
        "run-db-in-read-only-folder",
        ["run"],
        ("cannot create database data/memory.db", "DATABASE_PATH"),
        env={**RUN_ENV, "DATABASE_PATH": "data/memory.db"},
        read_only=True,
    ),
    Case(
        "chat-in-read-only-folder",
        ["chat"],
        ("cannot create database data/memory.db", "DATABASE_PATH"),
        read_only=True,
    ),
    Case(
        "import-in-read-only-folder",
        ["import", "in.jsonl"],
        ("data/memory.db", "read-only"),
        files={"in.jsonl": ENTITY},
        read_only=True,
    ),
    Case(
        "backup-in-read-only-folder",
        ["backup", "--db", "m.db"],
        ("backup failed", "backups/memory-", "read-only", "BACKUP_DIR"),
        prepare=_db("m.db"),
        read_only=True,
    ),
    Case(
        "recall-read-only-db-needs-no-reinforce",
        ["recall", "a", "--db", "m.db"],
        ("m.db is read-only", "--no-reinforce"),
        prepare=_db("m.db"),
        read_only=True,
    ),
    Case(
        "restore-into-read-only-folder",
        ["restore", "copy.db", "--db", "m.db", "--force"],
        ("m.db", "read-only"),
        prepare=_backup_copy,
        read_only=True,
    ),
    # export targets
    Case(
        "export-to-a-folder",
        ["export", "out", "--db", "m.db"],
        ("cannot export to out", "folder"),
        files={"out/keep": "x"},
        prepare=_db("m.db"),
    ),
    Case(
        "export-into-a-missing-folder",
        ["export", "no/such/out.jsonl", "--db", "m.db"],
        ("no/such/out.jsonl", "no/such does not exist"),
        prepare=_db("m.db"),
    ),
    Case(
        "export-over-a-file",
        ["export", "out.jsonl", "--db", "m.db"],
        ("out.jsonl already exists", "--force"),
        files={"out.jsonl": "mine"},
        prepare=_db("m.db"),
    ),
    # import inputs
    Case("import-missing-file", ["import", "none.jsonl"], ("no such file: none.jsonl",)),
    Case("import-a-folder", ["import", "d"], ("d is a folder",), prepare=_folder("d")),
    Case(
        "import-nested-100k-deep",
        ["import", "deep.jsonl"],
        ("line 1", "nested too deeply", "nothing was imported"),
        files={"deep.jsonl": "[" * 100_000},
    ),
    Case(
        "import-5000-digit-number",
        ["import", "big.jsonl"],
        ("line 2", "number too long"),
        files={"big.jsonl": ENTITY + '\n{"type":"entity","n":' + "7" * 5000 + "}\n"},
    ),
    Case(
        "import-not-utf8",
        ["import", "latin.jsonl"],
        ("latin.jsonl is not UTF-8",),
        files={"latin.jsonl": b'{"type":"entity","name":"Caf\xe9"}\n'},
    ),
    Case(
        "import-control-character",
        ["import", "ctl.jsonl"],
        ("line 1", "'name' holds a control character"),
        files={
            "ctl.jsonl": '{"type":"entity","name":"A\\u001b[2J","entityType":"T",'
            '"observations":[]}\n'
        },
    ),
    Case(
        "import-bad-json",
        ["import", "bad.jsonl"],
        ("line 1", "not valid JSON"),
        files={"bad.jsonl": "{oops\n"},
    ),
    # arguments
    Case("stats-bad-scope", ["stats", "--scope", "everyone"], ("scope", "everyone")),
    Case("index-kb-missing-dir", ["index-kb", "nowhere"], ("no such directory: nowhere",)),
    Case(
        "index-kb-max-bytes-zero",
        ["index-kb", "kb", "--max-bytes", "0"],
        ("--max-bytes",),
        prepare=_folder("kb"),
    ),
    Case("restore-missing-backup", ["restore", "gone.db"], ("no backup at gone.db",)),
    Case(
        "restore-garbage-backup",
        ["restore", "junk.db"],
        ("junk.db cannot be restored",),
        files={"junk.db": b"garbage" * 500},
    ),
    Case(
        "backup-over-a-file",
        ["backup", "copy.db", "--db", "m.db"],
        ("copy.db already exists",),
        files={"copy.db": "mine"},
        prepare=_db("m.db"),
    ),
    # settings
    Case(
        "run-without-token",
        ["run"],
        ("TELEGRAM_BOT_TOKEN", "required"),
        env={"OWNER_USER_ID": "42"},
    ),
    Case(
        "run-without-owner",
        ["run"],
        ("OWNER_USER_ID: is required to run the bot",),
        env={"TELEGRAM_BOT_TOKEN": TOKEN},
    ),
    Case(
        "run-malformed-token",
        ["run"],
        ("TELEGRAM_BOT_TOKEN: must look like",),
        env={"OWNER_USER_ID": "42", "TELEGRAM_BOT_TOKEN": "12:short"},
    ),
    Case(
        "run-bot-api-unreachable",
        ["run", "--db", "m.db"],
        ("cannot reach the Bot API", "TELEGRAM_BASE_URL", "127.0.0.1:9"),
        env={**RUN_ENV, "LOG_LEVEL": "ERROR"},
    ),
    Case("owner-not-a-number", ["stats"], ("OWNER_USER_ID",), env={"OWNER_USER_ID": "me"}),
    Case(
        "recall-nodes-out-of-range",
        ["recall", "x"],
        ("RECALL_MAX_NODES",),
        env={"RECALL_MAX_NODES": "9"},
    ),
    Case(
        "webhook-without-secret",
        ["stats"],
        ("WEBHOOK_SECRET", "WEBHOOK_URL"),
        env={"WEBHOOK_URL": "https://x.example/hook"},
    ),
    Case(
        "llm-url-not-http",
        ["chat"],
        ("LLM_BASE_URL", "http"),
        files={".env": "LLM_BASE_URL=ftp://model.example\nLLM_MODEL=m\n"},
    ),
    Case(
        "proposals-bad-choice-in-dotenv",
        ["export"],
        ("PROPOSALS", "'on' or 'off'"),
        files={".env": "PROPOSALS=maybe\n"},
    ),
    Case(
        "isolated-chat-ids-not-numbers",
        ["mcp"],
        ("ISOLATED_CHAT_IDS",),
        env={"ISOLATED_CHAT_IDS": "-100, group"},
    ),
    Case("mcp-bad-scope", ["mcp", "--scope", "chat:"], ("scope",)),
]


@pytest.fixture
def clean(monkeypatch: pytest.MonkeyPatch) -> Iterator[None]:
    """No setting from the shell; logging and stdin restored after a case."""
    for name in Settings.model_fields:
        monkeypatch.delenv(name.upper(), raising=False)
    monkeypatch.setattr(sys, "stdin", io.StringIO(""))
    root = logging.getLogger()
    level, filters = root.level, {h: list(h.filters) for h in root.handlers}
    names = ("httpx", "httpcore", "telegram", "aiosqlite")
    levels = {n: logging.getLogger(n).level for n in names}
    yield
    root.setLevel(level)
    for handler, kept in filters.items():
        handler.filters[:] = kept
    for name, old in levels.items():
        logging.getLogger(name).setLevel(old)


def _make(root: Path, case: Case) -> None:
    root.mkdir(parents=True, exist_ok=True)
    for name, content in case.files.items():
        path = root / name
        path.parent.mkdir(parents=True, exist_ok=True)
        if isinstance(content, bytes):
            path.write_bytes(content)
        else:
            path.write_text(content, encoding="utf-8")
    if case.prepare is not None:
        case.prepare(root)


def test_the_table_is_big_enough() -> None:
    assert len(CASES) >= 30
    assert len({c.name for c in CASES}) == len(CASES)


@pytest.mark.usefixtures("clean")
@pytest.mark.parametrize("case", CASES, ids=[c.name for c in CASES])
def test_a_bad_set_up_is_one_line(
    case: Case,
    tmp_path: Path,
    monkeypatch: pytest.MonkeyPatch,
    capfd: pytest.CaptureFixture[str],
) -> None:
    root = tmp_path / "work"
    _make(root, case)
    for name, value in case.env.items():
        monkeypatch.setenv(name, value)
    if case.read_only:
        with read_only_folder(root):
            monkeypatch.chdir(root)  # inside the mount, not the folder under it
            status = main(case.argv)
    else:
        monkeypatch.chdir(root)
        status = main(case.argv)
    err = capfd.readouterr().err
    lines = err.splitlines()
    assert status != 0, err
    assert 1 <= len(lines) <= 3, err
    assert "Traceback" not in err
    assert lines[-1].startswith("memory-bot: error: "), err
    for needle in case.expect:
        assert needle in err, f"{needle!r} not in {err!r}"
    assert TOKEN.split(":")[1] not in err


async def test_chat_on_a_disk_that_fills_up_says_so_and_goes_on(tmp_path: Path) -> None:
    """`memory-bot chat` answers "the disk is full" in one line and keeps reading."""
    with small_disk(tmp_path / "disk", size_kb=2048) as disk:
        await asyncio.to_thread(make_db, disk / "m.db", "status=green")
        process = await asyncio.create_subprocess_exec(
            sys.executable,
            "-m",
            "bot",
            "chat",
            "--db",
            str(disk / "m.db"),
            "--lang",
            "en",
            cwd=tmp_path,
            env={**os.environ, "PYTHONPATH": str(ROOT)},
            stdin=asyncio.subprocess.PIPE,
            stdout=asyncio.subprocess.PIPE,
            stderr=asyncio.subprocess.PIPE,
        )
        assert process.stdin is not None
        assert process.stdout is not None
        process.stdin.write(b"remember first=1\n")
        first = await asyncio.wait_for(process.stdout.readline(), 60)
        assert first.decode().startswith("✅ Saved"), first
        fill_disk(disk)
        lines = "".join(f"remember note{n}=" + "x" * 400 + "\n" for n in range(40))
        out, err = await asyncio.wait_for(
            process.communicate((lines + "/recall Atlas status\n").encode()), 60
        )
    text = out.decode()
    assert process.returncode == 0, err.decode()
    assert "💾 Not saved: the disk is full." in text
    assert "status=green" in text.split("💾 Not saved")[-1], "recall answered after it"
    assert "Traceback" not in err.decode()
    assert all("disk is full" in line for line in err.decode().splitlines()), err.decode()
