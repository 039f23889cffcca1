"""Docs stay true: every chat command and every CLI subcommand is in the README and /help."""

from __future__ import annotations

import argparse
from pathlib import Path

import pytest
from telegram.ext import CommandHandler

from bot.cli import build_parser
from bot.conversation.commands import COMMANDS
from bot.conversation.pipeline import help_text
from bot.conversation.render import to_plain
from bot.settings import load_settings
from bot.telegram.app import build_application
from memory_core import Memory

ROOT = Path(__file__).resolve().parents[2]
README = (ROOT / "README.md").read_text(encoding="utf-8")


def subcommands() -> list[str]:
    parser = build_parser()
    actions = [a for a in parser._actions if isinstance(a, argparse._SubParsersAction)]
    return sorted(actions[0].choices)


@pytest.mark.parametrize("name", [spec.name for spec in COMMANDS])
def test_every_chat_command_is_in_the_readme(name: str) -> None:
    assert f"/{name}" in README


def test_readme_has_a_chat_commands_section_in_both_languages() -> None:
    section = README.split("## Chat commands", 1)[1].split("\n## ", 1)[0]
    for phrase in (
        "запомни",
        "не забудь",
        "забудь",
        "всегда делай так",
        "больше так не делай",
        "remember",
        "don't forget",
        "forget",
        "always do",
        "never do",
    ):
        assert phrase in section


@pytest.mark.parametrize("name", subcommands())
def test_every_cli_subcommand_is_in_the_readme(name: str) -> None:
    assert f"memory-bot {name}" in README


def test_the_checks_above_can_fail() -> None:
    """A command missing from the README would be caught."""
    assert "/frobnicate" not in README
    assert {"run", "chat", "import", "export", "stats", "backup", "restore", "doctor"} <= set(
        subcommands()
    )


@pytest.mark.parametrize("lang", ["en", "ru"])
def test_help_is_generated_from_the_table(lang: str) -> None:
    text = to_plain(help_text(lang))  # type: ignore[arg-type]
    for spec in COMMANDS:
        assert f"/{spec.name}" in text
        assert spec.about(lang) in text  # type: ignore[arg-type]


def test_registered_command_handlers_come_from_the_table(tmp_path: Path) -> None:
    settings = load_settings(
        _env_file=None, telegram_bot_token="123456:" + "A" * 35, owner_user_id=42
    )
    app = build_application(settings, Memory(tmp_path / "m.db"))
    registered = [sorted(h.commands)[0] for h in app.handlers[0] if isinstance(h, CommandHandler)]
    assert registered == [spec.name for spec in COMMANDS]


def _section(title: str) -> str:
    return README.split(f"\n{title}\n", 1)[1].split("\n## ", 1)[0]


def test_readme_has_the_newcomer_sections() -> None:
    for title in (
        "## Start here",
        "## Configuration",
        "## Chat commands",
        "## Scopes: who reaches which memory",
        "## Command line",
        "### Docker",
        "## Backup and restore",
        "## MCP server",
        "## Knowledge base indexing",
        "## Architecture",
    ):
        assert f"\n{title}\n" in README, title


def test_readme_runs_the_same_test_command_as_ci() -> None:
    ci = (ROOT / ".ci" / "run").read_text(encoding="utf-8")
    [command] = [line for line in ci.splitlines() if "pytest" in line and "pip install" in line]
    assert command in _section("## Start here")


def test_readme_architecture_draws_every_room() -> None:
    """Every room of bot/ is in the drawing, and each says its one job in its __init__."""
    section = _section("## Architecture")
    assert "```text" in section
    rooms = sorted(p.parent for p in (ROOT / "bot").glob("*/__init__.py"))
    assert len(rooms) >= 5
    for room in rooms:
        assert f"bot/{room.name}/" in section, room.name
        init = (room / "__init__.py").read_text(encoding="utf-8")
        assert init.startswith('"""'), f"{room.name}/__init__.py has no one-line job"


def test_readme_scope_table_names_every_scope_kind() -> None:
    table = _section("## Scopes: who reaches which memory")
    for needle in ("`owner`", "`chat:<their id>`", "`chat:<group id>`", "ISOLATED_CHAT_IDS"):
        assert needle in table


def test_readme_docker_section_matches_the_dockerfile() -> None:
    dockerfile = (ROOT / "Dockerfile").read_text(encoding="utf-8")
    docker = _section("### Docker")
    assert "docker build -t memory-bot ." in docker
    for promise in ("python:3.11-slim", "DATABASE_PATH=/data/memory.db"):
        assert promise in docker
        assert promise in dockerfile
