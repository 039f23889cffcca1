"""Fixtures for the MCP server tests: a database path and the reference tool list."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest


@pytest.fixture
def db(tmp_path: Path) -> Path:
    return tmp_path / "memory.db"


@pytest.fixture(scope="session")
def reference_tools() -> dict[str, Any]:
    """The reference server's tools/list, descriptions left out (see reference_tools.json)."""
    data: dict[str, Any] = json.loads(
        (Path(__file__).parent / "reference_tools.json").read_text(encoding="utf-8")
    )
    return data
