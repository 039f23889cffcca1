"""`memory-bot backup`, `restore`, `doctor`, and `run` refusing to start (one line each)."""

from __future__ import annotations

import logging
import os
import sqlite3
from collections.abc import Iterator
from pathlib import Path

import pytest

from bot.cli import main
from bot.ops.doctor import database_checks
from bot.ops.instance_lock import InstanceLock
from memory_core.upkeep import KNOWN_MIGRATIONS
from tests.bot.test_backup import facts_in, make_db

TOKEN = "987654321:AAH" + "x7Q_" * 8


@pytest.fixture
def workdir(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> Iterator[Path]:
    """An empty working directory (no .env), no bot settings, logging restored afterwards."""
    monkeypatch.chdir(tmp_path)
    for name in (
        "DATABASE_PATH",
        "BACKUP_DIR",
        "BACKUP_KEEP",
        "OWNER_USER_ID",
        "TELEGRAM_BOT_TOKEN",
        "WEBHOOK_URL",
        "ISOLATED_CHAT_IDS",
        "NON_OWNER_MEMORY",
    ):
        monkeypatch.delenv(name, raising=False)
    names = ("", "httpx", "httpcore", "telegram", "aiosqlite")
    levels = {name: logging.getLogger(name).level for name in names}
    filters = {h: list(h.filters) for h in logging.getLogger().handlers}
    yield tmp_path
    for name, level in levels.items():
        logging.getLogger(name).setLevel(level)
    for handler, kept in filters.items():
        handler.filters[:] = kept


def test_backup_default_destination_and_backup_dir(
    workdir: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    make_db(workdir / "data" / "memory.db", "a=1")
    assert main(["backup"]) == 0
    [made] = (workdir / "backups").iterdir()
    assert made.name.startswith("memory-")
    assert capsys.readouterr().out == f"backed up data/memory.db to backups/{made.name}\n"
    assert facts_in(made) == ["fact: a=1"]

    monkeypatch.setenv("BACKUP_DIR", str(workdir / "nightly"))
    assert main(["backup"]) == 0
    assert len(list((workdir / "nightly").iterdir())) == 1
    assert main(["backup", "by-hand/"]) == 0
    assert len(list((workdir / "by-hand").iterdir())) == 1


def test_backup_to_a_file_and_its_errors(
    workdir: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    db = make_db(workdir / "m.db", "a=1")
    assert main(["backup", "copy.db", "--db", str(db)]) == 0
    assert facts_in(workdir / "copy.db") == ["fact: a=1"]
    capsys.readouterr()
    assert main(["backup", "copy.db", "--db", str(db)]) == 2
    assert capsys.readouterr().err == "memory-bot: error: backup failed: copy.db already exists\n"
    assert main(["backup", "x.db", "--db", "missing.db"]) == 2
    assert capsys.readouterr().err == "memory-bot: error: no database at missing.db\n"
    assert not (workdir / "missing.db").exists()


def test_restore_command(workdir: Path, capsys: pytest.CaptureFixture[str]) -> None:
    old = make_db(workdir / "old.db", "from=backup", clock=1000.0)
    db = make_db(workdir / "m.db", "from=live", clock=2000.0)
    assert main(["restore", "old.db", "--db", "m.db"]) == 2
    err = capsys.readouterr().err
    assert err.startswith("memory-bot: error: m.db has changes newer than the backup")
    assert err.count("\n") == 1
    assert facts_in(db) == ["fact: from=live"]

    with InstanceLock(db):
        assert main(["restore", "old.db", "--db", "m.db", "--force"]) == 2
    assert capsys.readouterr().err == (
        f"memory-bot: error: another memory-bot is running on m.db (pid {os.getpid()}); "
        "stop it before restoring\n"
    )

    assert main(["restore", str(old), "--db", "m.db", "--force"]) == 0
    assert capsys.readouterr().out == (
        f"restored m.db from {old}\nthe replaced database is kept as m.db.before-restore\n"
    )
    assert facts_in(db) == ["fact: from=backup"]
    assert facts_in(workdir / "m.db.before-restore") == ["fact: from=live"]


def test_run_refuses_a_database_from_a_newer_version_in_one_line(
    workdir: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    db = make_db(workdir / "m.db", "a=1")
    with sqlite3.connect(db) as conn:
        conn.execute("INSERT INTO schema_migrations VALUES ('9999_future', 0)")
    monkeypatch.setenv("OWNER_USER_ID", "42")
    monkeypatch.setenv("TELEGRAM_BOT_TOKEN", TOKEN)
    monkeypatch.setenv("TELEGRAM_BASE_URL", "http://127.0.0.1:9/bot")  # never contacted
    assert main(["run", "--db", str(db)]) == 1
    err = capsys.readouterr().err
    assert err == (
        "memory-bot: error: The database was written by a newer memory-bot (unknown "
        "migrations: 9999_future); upgrade memory-bot or restore an older backup.\n"
    )


def test_run_refuses_a_database_another_bot_holds(
    workdir: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    db = workdir / "m.db"
    monkeypatch.setenv("OWNER_USER_ID", "42")
    monkeypatch.setenv("TELEGRAM_BOT_TOKEN", TOKEN)
    monkeypatch.setenv("TELEGRAM_BASE_URL", "http://127.0.0.1:9/bot")  # never contacted
    with InstanceLock(db):
        assert main(["run", "--db", str(db)]) == 2
    assert capsys.readouterr().err == (
        f"memory-bot: error: another memory-bot is running on {db} (pid {os.getpid()})\n"
    )
    assert not db.exists(), "nothing was opened"


def test_doctor_without_a_token(
    workdir: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    db = make_db(workdir / "m.db", "a=1")
    monkeypatch.setenv("OWNER_USER_ID", "42")
    assert main(["doctor", "--db", str(db)]) == 0
    lines = capsys.readouterr().out.splitlines()
    dictionary = next(line for line in lines if line.split(":")[0].endswith("dictionary"))
    assert dictionary.split(":")[0] in ("OK    dictionary", "WARN  dictionary")
    assert ("dictionary missing" in dictionary) == dictionary.startswith("WARN")
    assert [line.split(":")[0] for line in lines if line != dictionary] == [
        "OK    settings",
        "OK    database",
        "OK    instance",
        "OK    integrity",
        "OK    search index",
        "OK    stored secrets",
        "OK    schema",
        "OK    backups",
        "WARN  bot api",
    ]
    assert lines[-1] == "WARN  bot api: TELEGRAM_BOT_TOKEN is not set; not checked"

    with sqlite3.connect(db) as conn:
        conn.execute("DELETE FROM entity_doc")
    monkeypatch.delenv("OWNER_USER_ID")
    assert main(["doctor", "--db", str(db)]) == 1
    out = capsys.readouterr().out
    assert "FAIL  settings: OWNER_USER_ID: is required but not set\n" in out
    assert "FAIL  search index: 1 entities have no entity_doc row\n" in out


def test_doctor_database_checks(tmp_path: Path) -> None:
    [missing] = database_checks(tmp_path / "none.db")
    assert (missing.status, missing.name) == ("WARN", "database")

    db = make_db(tmp_path / "m.db", "a=1")
    with sqlite3.connect(db) as conn:
        conn.execute("DELETE FROM schema_migrations WHERE name = '0006_bulk_fts'")
    by_name = {c.name: c for c in database_checks(db)}
    assert by_name["schema"].status == "WARN"
    pending = f"1 of {len(KNOWN_MIGRATIONS)} migrations pending"
    assert by_name["schema"].detail.startswith(pending)

    with sqlite3.connect(db) as conn:
        conn.execute("INSERT INTO schema_migrations VALUES ('9999_future', 0)")
    by_name = {c.name: c for c in database_checks(db)}
    assert by_name["schema"].status == "FAIL"
    assert "9999_future" in by_name["schema"].detail

    junk = tmp_path / "junk.db"
    junk.write_bytes(b"garbage" * 1000)
    checks = database_checks(junk)
    assert checks[-1].status == "FAIL"
    assert checks[-1].name == "integrity"
