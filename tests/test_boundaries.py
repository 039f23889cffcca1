"""The import direction: memory_core never imports telegram, bot or pydantic_settings."""

from __future__ import annotations

import ast
from pathlib import Path

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
