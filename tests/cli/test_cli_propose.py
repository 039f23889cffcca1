"""``memory-bot propose``: what statements would add, one JSON line each; nothing is stored."""

from __future__ import annotations

import io
import json
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest

from bot.cli import main

ROOT = Path(__file__).resolve().parents[2]
GRAPH = "\n".join(
    json.dumps(item, ensure_ascii=False)
    for item in (
        {"type": "entity", "name": "User:Алексей", "entityType": "User", "observations": []},
        {"type": "entity", "name": "Project:ESO", "entityType": "Project", "observations": []},
        {
            "type": "entity",
            "name": "Person:Jane Brooks",
            "entityType": "Person",
            "observations": ["role: designer (as_of=2025-01-01, src=user)"],
        },
    )
)


@pytest.fixture
def db(tmp_path: Path) -> Path:
    source = tmp_path / "graph.jsonl"
    source.write_text(GRAPH + "\n", encoding="utf-8")
    path = tmp_path / "m.db"
    assert main(["import", str(source), "--db", str(path)]) == 0
    return path


def propose_lines(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str], db: Path, text: str
) -> list[dict[str, Any]]:
    capsys.readouterr()
    monkeypatch.setattr(sys, "stdin", io.StringIO(text))
    assert main(["propose", "--json", "-", "--db", str(db)]) == 0
    return [json.loads(line) for line in capsys.readouterr().out.splitlines()]


def test_statements_on_stdin_give_one_json_line_each(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str], db: Path
) -> None:
    """Names resolve against the scope (any script); the owner is the scope's User: entry."""
    lines = propose_lines(
        monkeypatch,
        capsys,
        db,
        "мой тимлид — Иван Петров\nДжейн Брукс is the product owner of ESO\n"
        "кто мой тимлид?\nпривет\nсегодня потратил 3 часа на ESO-159\nмой пароль qwerty123\n"
        "погода хорошая\n",
    )
    first, second, *skipped = lines
    assert first["entities"] == [
        {"name": "Person:Иван Петров", "lines": [first["entities"][0]["lines"][0]]}
    ]
    assert str(first["entities"][0]["lines"][0]).startswith("role: тимлид (as_of=")
    assert first["relations"] == [
        {"from": "User:Алексей", "relationType": "reports_to", "to": "Person:Иван Петров"}
    ]
    assert first["skipped"] is None
    assert second["relations"] == [
        {"from": "Person:Jane Brooks", "relationType": "owns", "to": "Project:ESO"}
    ]
    assert [s["skipped"] for s in skipped] == [
        "question",
        "small talk",
        "worklog",
        "secret",
        "nothing durable",
    ]
    assert all(s["entities"] == [] and s["relations"] == [] for s in skipped)
    assert set(first) == {"text", "entities", "relations", "skipped"}


def test_nothing_is_stored(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str], db: Path
) -> None:
    before = db.read_bytes()
    propose_lines(monkeypatch, capsys, db, "мой тимлид — Иван Петров\n")
    assert db.read_bytes() == before
    capsys.readouterr()
    assert main(["stats", "--json", "--db", str(db)]) == 0
    assert json.loads(capsys.readouterr().out)["entities"] == 3


def test_a_missing_database_is_not_created(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    missing = tmp_path / "none.db"
    capsys.readouterr()
    assert main(["propose", "my manager is Jane Brooks", "--db", str(missing)]) == 0
    out = capsys.readouterr().out
    assert "Person:Jane Brooks" in out
    assert "User:owner -[reports_to]-> Person:Jane Brooks" in out
    assert not missing.exists()


def test_propose_works_piped(tmp_path: Path) -> None:
    """The real command: stdin from a pipe, JSON lines out, exit 0."""
    done = subprocess.run(
        [sys.executable, "-m", "bot", "propose", "--json", "-", "--db", str(tmp_path / "x.db")],
        input="we decided to use cursor pagination\nthanks!\n",
        capture_output=True,
        text=True,
        cwd=ROOT,
        timeout=60,
        check=False,
    )
    assert done.returncode == 0, done.stderr
    first, second = (json.loads(line) for line in done.stdout.splitlines())
    assert first["entities"][0]["name"].startswith("Decision:")
    assert second["skipped"] == "small talk"
