"""The import direction: memory_core never imports telegram, bot or pydantic_settings."""

from __future__ import annotations

import ast
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
FORBIDDEN = ("telegram", "bot", "pydantic_settings")


def _imported_modules(path: Path) -> set[str]:
    tree = ast.parse(path.read_text(encoding="utf-8"))
    found: set[str] = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            found.update(alias.name for alias in node.names)
        elif isinstance(node, ast.ImportFrom) and node.module and node.level == 0:
            found.add(node.module)
    return found


def test_memory_core_is_telegram_free() -> None:
    """No memory_core module imports the Telegram layer or settings."""
    files = list((ROOT / "memory_core").rglob("*.py"))
    assert files
    for path in files:
        bad = {m for m in _imported_modules(path) if m.split(".")[0] in FORBIDDEN}
        assert not bad, f"{path.name}: {sorted(bad)}"


def test_the_checker_sees_forbidden_imports(tmp_path: Path) -> None:
    """The checker itself catches a forbidden import (so the test above can fail)."""
    sample = tmp_path / "x.py"
    sample.write_text("import telegram.ext\nfrom bot.cli import main\n", encoding="utf-8")
    assert _imported_modules(sample) == {"telegram.ext", "bot.cli"}


def _loaded_after_import(module: str) -> set[str]:
    """The top-level packages a fresh interpreter holds after importing ``module``."""
    code = f"import sys, {module}; print(' '.join({{m.split('.')[0] for m in sys.modules}}))"
    out = subprocess.run(
        [sys.executable, "-c", code], cwd=ROOT, capture_output=True, text=True, check=True
    )
    return set(out.stdout.split())


# Rooms that never load Telegram, checked through sys.modules in a fresh interpreter, so an
# indirect import (a settings module that imports the policy, say) is caught too.
TELEGRAM_FREE = [
    "bot.conversation.pipeline",
    "bot.conversation.offer",
    "bot.conversation.forget",
    "bot.mcp.server",
    "bot.cli",
    "bot.cli.main",
    "bot.cli.recall",
    "bot.cli.propose",
    "bot.cli.mcp",
    "bot.cli.stats",
    "bot.cli.importing",
    "bot.cli.export",
    "bot.cli.chat",
    "bot.cli.kb",
    "bot.cli.backup",
]
# `run` and `doctor` are the two subcommands that talk to the Bot API, so they load telegram.
# Store commands start without Telegram and without an HTTP client.
HTTP_FREE = [
    "bot.cli.main",
    "bot.cli.recall",
    "bot.cli.propose",
    "bot.cli.mcp",
    "bot.cli.stats",
    "bot.cli.importing",
    "bot.cli.export",
]


@pytest.mark.parametrize("module", TELEGRAM_FREE)
def test_rooms_without_telegram_never_load_it(module: str) -> None:
    """conversation, mcp and cli (except ``run``) never load the telegram package."""
    assert "telegram" not in _loaded_after_import(module)


@pytest.mark.parametrize("module", HTTP_FREE)
def test_store_commands_load_no_http_client(module: str) -> None:
    """``mcp``, ``recall``, ``propose``, ``stats``, ``import``, ``export``: no telegram, httpx."""
    loaded = _loaded_after_import(module)
    assert not loaded & {"telegram", "httpx"}


def test_the_telegram_room_does_load_telegram() -> None:
    """The check above can fail: the composition root does load telegram."""
    assert "telegram" in _loaded_after_import("bot.telegram.app")


def _import_seconds(module: str) -> float:
    """Cumulative import time of ``module`` by ``python -X importtime``, in seconds."""
    out = subprocess.run(
        [sys.executable, "-X", "importtime", "-c", f"import {module}"],
        cwd=ROOT,
        capture_output=True,
        text=True,
        check=True,
    )
    for line in reversed(out.stderr.splitlines()):
        parts = [p.strip() for p in line.split("|")]
        if len(parts) == 3 and parts[2] == module:
            return int(parts[1]) / 1e6
    raise AssertionError(f"{module} not in the importtime output")


@pytest.mark.parametrize("module", ["bot.cli.mcp", "bot.cli.recall", "bot.cli.stats"])
def test_store_commands_import_quickly(module: str) -> None:
    """A generous bound (the figure is in bench/RESULTS.md): no Telegram-sized import."""
    best = min(_import_seconds(module) for _ in range(3))
    assert best < 0.6, f"{module} took {best:.2f} s to import"
