"""``memory-bot recall``: one query for people, or JSON lines from stdin for scripts."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest

from bot.cli import main

ROOT = Path(__file__).resolve().parents[2]
DATA = ROOT / "tests" / "data" / "recall_graph.jsonl"


@pytest.fixture
def db(tmp_path: Path) -> Path:
    path = tmp_path / "m.db"
    assert main(["import", str(DATA), "--db", str(path)]) == 0
    return path


def test_human_output_groups_lines_by_entity(db: Path, capsys) -> None:
    capsys.readouterr()
    assert main(["recall", "статус", "проекта", "ESO", "--db", str(db)]) == 0
    out = capsys.readouterr().out
    assert out.startswith("query: ESO статус проекта")
    assert "Project:ESO\n  - status: at_risk" in out


def test_json_one_query(db: Path, capsys) -> None:
    capsys.readouterr()
    assert main(["recall", "ESO-159", "--json", "--db", str(db)]) == 0
    data = json.loads(capsys.readouterr().out)
    assert data["query"] == "ESO-159"
    assert data["built_query"] == "ESO-159"
    assert data["nodes"][0] == "Jira:ESO-159"
    assert {"entity": "Jira:ESO-159", "text": data["observations"][0]["text"]} in data[
        "observations"
    ]


def test_stdin_gives_one_json_line_per_query(db: Path) -> None:
    queries = "Ивану Петрову\nsourdough starter\n\nESO-159\n"
    done = subprocess.run(
        [sys.executable, "-m", "bot", "recall", "--json", "-", "--db", str(db)],
        input=queries,
        capture_output=True,
        text=True,
        cwd=ROOT,
        check=False,
    )
    assert done.returncode == 0, done.stderr
    rows = [json.loads(line) for line in done.stdout.splitlines()]
    assert [r["query"] for r in rows] == ["Ивану Петрову", "sourdough starter", "", "ESO-159"]
    assert rows[0]["nodes"][0] == "Person:Иван Петров"
    assert rows[1]["nodes"] == []
    assert rows[1]["observations"] == []
    assert rows[3]["nodes"][0] == "Jira:ESO-159"
    for row in rows:
        assert {"query", "built_query", "nodes", "observations"} <= set(row)
        assert {"ranked", "lines", "relations", "candidates"} <= set(row)
        assert [r["name"] for r in row["ranked"]] == row["nodes"]
        assert [(ln["entity"], ln["text"]) for ln in row["lines"]] == [
            (o["entity"], o["text"]) for o in row["observations"]
        ]


def test_nothing_remembered(db: Path, capsys) -> None:
    capsys.readouterr()
    assert main(["recall", "sourdough", "--db", str(db)]) == 0
    assert "nothing is remembered about this" in capsys.readouterr().out


def test_no_database(tmp_path: Path, capsys) -> None:
    assert main(["recall", "x", "--db", str(tmp_path / "none.db")]) == 2
    assert "no database" in capsys.readouterr().err
