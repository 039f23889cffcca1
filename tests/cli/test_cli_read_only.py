"""A database on a read-only mount: readable by stats, export, recall and doctor, restorable.

`doctor` tells the truth about it: the file reads fine, but `run` could not write there.
"""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest

from bot.cli import main
from bot.ops.instance_lock import InstanceLock
from bot.settings import Settings
from tests.bot.test_backup import facts_in, make_db
from tests.filesystems import read_only_folder


@pytest.fixture
def mounted(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> Iterator[Path]:
    """A read-only folder holding m.db (written and closed before the folder froze)."""
    for name in Settings.model_fields:
        monkeypatch.delenv(name.upper(), raising=False)
    monkeypatch.chdir(tmp_path)
    folder = tmp_path / "mnt"
    make_db(folder / "m.db", "status=green")
    with InstanceLock(folder / "m.db"):
        pass  # the lock file a bot left behind
    with read_only_folder(folder):
        yield folder


def test_stats_export_and_recall_read_it(
    mounted: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    db = str(mounted / "m.db")
    assert main(["stats", "--db", db]) == 0
    assert "observations  1" in capsys.readouterr().out
    assert main(["export", "--db", db]) == 0
    assert "status=green" in capsys.readouterr().out
    assert main(["recall", "Atlas", "status", "--no-reinforce", "--db", db]) == 0
    assert "status=green" in capsys.readouterr().out
    assert sorted(p.name for p in mounted.iterdir()) == ["m.db", "m.db.lock"], "nothing written"


def test_doctor_reads_it_and_fails_for_run(
    mounted: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    assert main(["doctor", "--db", str(mounted / "m.db")]) == 1
    out = capsys.readouterr().out
    assert f"OK    database: {mounted / 'm.db'}" in out
    assert "FAIL  writable: " in out
    assert "OK    instance: no bot is running on it" in out
    assert "OK    integrity: ok" in out
    assert "OK    search index:" in out
    assert "OK    schema: up to date" in out
    assert "not a usable SQLite database" not in out


def test_doctor_fails_when_the_database_cannot_be_created(
    mounted: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    assert main(["doctor", "--db", str(mounted / "data" / "new.db")]) == 1
    out = capsys.readouterr().out
    assert f"FAIL  database: cannot create {mounted / 'data' / 'new.db'}: " in out
    assert "not writable" in out


def test_a_backup_on_a_read_only_mount_restores(
    mounted: Path, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    target = tmp_path / "live" / "m.db"
    assert main(["restore", str(mounted / "m.db"), "--db", str(target)]) == 0
    assert facts_in(target) == ["fact: status=green"]
    assert "restored" in capsys.readouterr().out
