"""One set of settings for every command: `.env` and the environment, flags on top.

Every store command finds DATABASE_PATH from `.env`; `chat` answers with the bot's settings
(proposals, recall limits, the knowledge base, the language model); only `run` asks for the
token and the owner's id.
"""

from __future__ import annotations

import asyncio
import io
import os
import stat
import subprocess
import sys
from pathlib import Path

import pytest

from bot.cli import main
from bot.settings import Settings
from memory_core import Memory
from memory_core.scope import Scope
from tests.fake_llm import FakeLlm

ROOT = Path(__file__).resolve().parents[2]
JSONL = (
    '{"type":"entity","name":"Project:Atlas","entityType":"Project",'
    '"observations":["fact: status=green","fact: owner=Ann","fact: budget=small"]}\n'
)


@pytest.fixture
def workdir(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> Path:
    """A working folder whose `.env` sets DATABASE_PATH; nothing else from the shell."""
    for name in Settings.model_fields:
        monkeypatch.delenv(name.upper(), raising=False)
    monkeypatch.chdir(tmp_path)
    (tmp_path / ".env").write_text("DATABASE_PATH=store/memory.db\n", encoding="utf-8")
    (tmp_path / "atlas.jsonl").write_text(JSONL, encoding="utf-8")
    return tmp_path


def chat(monkeypatch: pytest.MonkeyPatch, text: str, *args: str) -> int:
    monkeypatch.setattr(sys, "stdin", io.StringIO(text))
    return main(["chat", "--lang", "en", *args])


def test_every_store_command_reads_database_path_from_dotenv(
    workdir: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    db = workdir / "store" / "memory.db"
    assert main(["import", "atlas.jsonl"]) == 0
    assert db.is_file()
    assert not (workdir / "data").exists(), "nothing went to the default data/memory.db"
    capsys.readouterr()
    assert main(["stats", "--json"]) == 0
    assert '"observations": 3' in capsys.readouterr().out
    assert main(["export"]) == 0
    assert "Project:Atlas" in capsys.readouterr().out
    assert main(["recall", "--no-reinforce", "Atlas", "status"]) == 0
    assert "status=green" in capsys.readouterr().out
    assert chat(monkeypatch, "remember Project:Atlas: phase=two\n") == 0
    assert "Saved to Project:Atlas" in capsys.readouterr().out
    assert main(["backup", "copy.db"]) == 0
    assert capsys.readouterr().out == "backed up store/memory.db to copy.db\n"
    assert main(["restore", "copy.db", "--force"]) == 0
    assert "restored store/memory.db from copy.db" in capsys.readouterr().out
    assert (workdir / "store" / "memory.db.before-restore").is_file()


def test_mcp_reads_database_path_from_dotenv(workdir: Path) -> None:
    done = subprocess.run(
        [sys.executable, "-m", "bot", "mcp"],
        cwd=workdir,
        env={**os.environ, "PYTHONPATH": str(ROOT)},
        stdin=subprocess.DEVNULL,
        capture_output=True,
        text=True,
        timeout=60,
        check=False,
    )
    assert "serving scope owner of store/memory.db" in done.stderr, done.stderr
    assert (workdir / "store" / "memory.db").is_file()


def test_a_flag_overrides_the_setting(workdir: Path, capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["import", "atlas.jsonl", "--db", "other.db"]) == 0
    assert (workdir / "other.db").is_file()
    assert not (workdir / "store").exists()
    capsys.readouterr()
    assert main(["stats"]) == 2
    assert capsys.readouterr().err == (
        "memory-bot: error: no database at store/memory.db (DATABASE_PATH)\n"
    )


def test_store_commands_need_no_owner_or_token(
    workdir: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    """Without OWNER_USER_ID and a token everything but `run` works."""
    assert main(["import", "atlas.jsonl"]) == 0
    assert chat(monkeypatch, "/memory\n") == 0
    assert main(["run"]) == 2
    assert "OWNER_USER_ID: is required to run the bot" in capsys.readouterr().err


def test_a_bad_setting_stops_any_command_with_one_line(
    workdir: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    (workdir / ".env").write_text("DATABASE_PATH=x.db\nPROPOSALS=maybe\n", encoding="utf-8")
    assert main(["stats"]) == 2
    assert capsys.readouterr().err == "memory-bot: error: PROPOSALS: must be 'on' or 'off'\n"


def test_chat_honours_proposals_and_recall_settings(
    workdir: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    assert main(["import", "atlas.jsonl"]) == 0
    assert chat(monkeypatch, "I live in Belgrade\n") == 0
    assert "Shall I remember this?" in capsys.readouterr().out
    monkeypatch.setenv("PROPOSALS", "off")
    monkeypatch.setenv("RECALL_MAX_OBSERVATIONS", "1")
    assert chat(monkeypatch, "I live in Belgrade\n/recall Atlas\n") == 0
    out = capsys.readouterr().out
    assert "Shall I remember this?" not in out
    assert sum(line.strip().startswith("• ") for line in out.splitlines()) == 1


def test_chat_indexes_kb_path(
    workdir: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    kb = workdir / "kb" / "notes"
    kb.mkdir(parents=True)
    (kb / "ops.md").write_text("# Ops runbook\n", encoding="utf-8")
    monkeypatch.setenv("KB_PATH", str(workdir / "kb"))
    assert chat(monkeypatch, "/index\n") == 0
    assert "📚 Knowledge base indexed: 1 added" in capsys.readouterr().out
    (kb / "ops.md").unlink()
    assert chat(monkeypatch, "/index\n") == 0
    out = capsys.readouterr().out
    assert "Nothing indexed: this run would remove 1 of the 1 indexed notes" in out


async def test_chat_answers_with_the_configured_model(workdir: Path) -> None:
    async with FakeLlm() as llm:
        env = {
            **os.environ,
            "PYTHONPATH": str(ROOT),
            "LLM_BASE_URL": llm.base_url,
            "LLM_MODEL": "tiny",
        }
        process = await asyncio.create_subprocess_exec(
            sys.executable,
            "-m",
            "bot",
            "chat",
            "--lang",
            "en",
            cwd=workdir,
            env=env,
            stdin=asyncio.subprocess.PIPE,
            stdout=asyncio.subprocess.PIPE,
            stderr=asyncio.subprocess.PIPE,
        )
        out, err = await asyncio.wait_for(process.communicate(b"what is new with Atlas?\n"), 60)
    assert process.returncode == 0, err.decode()
    assert "An answer from the model." in out.decode()
    assert llm.answers(), "the model was asked"
    assert llm.answers()[0].body["model"] == "tiny"


async def _stats(db: Path) -> int:
    async with Memory(db) as memory:
        return (await memory.scoped(Scope.owner()).stats()).entities


def test_export_is_private_and_asks_before_overwriting(
    workdir: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    old = os.umask(0o022)
    try:
        assert main(["import", "atlas.jsonl"]) == 0
        assert main(["export", "out.jsonl"]) == 0
        assert stat.S_IMODE((workdir / "out.jsonl").stat().st_mode) == 0o600
        (workdir / "out.jsonl").write_text("precious\n", encoding="utf-8")
        capsys.readouterr()
        assert main(["export", "out.jsonl"]) == 2  # stdin is not a terminal: no means no
        assert capsys.readouterr().err == (
            "memory-bot: error: out.jsonl already exists; pass --force to overwrite it\n"
        )
        assert (workdir / "out.jsonl").read_text(encoding="utf-8") == "precious\n"
        assert main(["export", "out.jsonl", "--force"]) == 0
        assert "Project:Atlas" in (workdir / "out.jsonl").read_text(encoding="utf-8")
    finally:
        os.umask(old)
    assert asyncio.run(_stats(workdir / "store" / "memory.db")) == 1


def test_version(capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit) as info:
        main(["--version"])
    assert info.value.code == 0
    out = capsys.readouterr().out
    assert out.startswith("memory-bot ")
    assert out.count("\n") == 1
