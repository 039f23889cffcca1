"""The store subcommands: import, export and stats, as a user runs them."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest

from bot.cli import main

ROOT = Path(__file__).resolve().parents[2]
GRAPH = "\n".join(
    [
        '{"type":"entity","name":"Project:ESO","entityType":"Project","observations":'
        '["summary: enterprise search (as_of=2025-08-10, src=kb)"]}',
        '{"type":"entity","name":"Person:Иван Петров","entityType":"Person","observations":[]}',
        '{"type":"relation","from":"Person:Иван Петров","to":"Project:ESO",'
        '"relationType":"works_on"}',
    ]
)


@pytest.fixture
def graph_file(tmp_path: Path) -> Path:
    path = tmp_path / "memory.jsonl"
    path.write_text(GRAPH, encoding="utf-8")
    return path


def test_import_export_round_trip(
    tmp_path: Path, graph_file: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    db = tmp_path / "m.db"
    assert main(["import", str(graph_file), "--db", str(db)]) == 0
    assert "imported 2 entities, 1 observation, 1 relation" in capsys.readouterr().err
    out = tmp_path / "out.jsonl"
    assert main(["export", str(out), "--db", str(db)]) == 0
    assert out.read_text(encoding="utf-8") == GRAPH
    assert main(["export", "--db", str(db)]) == 0
    assert capsys.readouterr().out == GRAPH


def test_scopes_are_separate(tmp_path: Path, graph_file: Path, capsys) -> None:
    db = tmp_path / "m.db"
    assert main(["import", str(graph_file), "--db", str(db), "--scope", "chat:-5"]) == 0
    capsys.readouterr()
    assert main(["export", "--db", str(db)]) == 0
    assert capsys.readouterr().out == ""
    assert main(["stats", "--db", str(db), "--scope", "chat:-5", "--json"]) == 0
    stats = json.loads(capsys.readouterr().out)
    assert stats == {
        "scope": "chat:-5",
        "entities": 2,
        "observations": 1,
        "relations": 1,
        "entities_by_type": {"Person": 1, "Project": 1},
    }


def test_stats_human_readable(tmp_path: Path, graph_file: Path, capsys) -> None:
    db = tmp_path / "m.db"
    main(["import", str(graph_file), "--db", str(db)])
    capsys.readouterr()
    assert main(["stats", "--db", str(db)]) == 0
    out = capsys.readouterr().out
    assert "entities      2" in out
    assert "Person" in out


def test_malformed_file_names_the_line_and_imports_nothing(
    tmp_path: Path, graph_file: Path, capsys
) -> None:
    db = tmp_path / "m.db"
    graph_file.write_text(GRAPH + '\n{"type":"entity"', encoding="utf-8")
    assert main(["import", str(graph_file), "--db", str(db)]) == 1
    err = capsys.readouterr().err
    assert "line 4" in err
    assert "nothing was imported" in err
    assert main(["stats", "--db", str(db), "--json"]) == 0
    assert json.loads(capsys.readouterr().out)["entities"] == 0


def test_not_utf8(tmp_path: Path, capsys) -> None:
    bad = tmp_path / "bad.jsonl"
    bad.write_bytes(b'{"type":"entity","name":"\xff\xfe"}')
    assert main(["import", str(bad), "--db", str(tmp_path / "m.db")]) == 2
    assert "not UTF-8" in capsys.readouterr().err


def test_missing_file_and_bad_scope(tmp_path: Path, capsys) -> None:
    assert main(["import", str(tmp_path / "nope.jsonl"), "--db", str(tmp_path / "m.db")]) == 2
    assert "no such file" in capsys.readouterr().err
    assert main(["stats", "--db", str(tmp_path / "none.db")]) == 2
    assert "no database" in capsys.readouterr().err
    path = tmp_path / "g.jsonl"
    path.write_text(GRAPH, encoding="utf-8")
    assert main(["import", str(path), "--db", str(tmp_path / "m.db"), "--scope", "all"]) == 1
    assert "invalid scope" in capsys.readouterr().err


def test_database_path_from_environment(tmp_path: Path, graph_file: Path, monkeypatch) -> None:
    db = tmp_path / "env.db"
    monkeypatch.setenv("DATABASE_PATH", str(db))
    assert main(["import", str(graph_file)]) == 0
    assert db.exists()


def test_python_dash_m_bot_and_stdin(tmp_path: Path) -> None:
    db = tmp_path / "m.db"
    done = subprocess.run(
        [sys.executable, "-m", "bot", "import", "-", "--db", str(db)],
        input=GRAPH,
        capture_output=True,
        text=True,
        cwd=ROOT,
        check=False,
    )
    assert done.returncode == 0, done.stderr
    done = subprocess.run(
        [sys.executable, "-m", "bot", "export", "--db", str(db)],
        capture_output=True,
        text=True,
        cwd=ROOT,
        check=False,
    )
    assert done.stdout == GRAPH
