"""ruff and mypy (strict) stay clean: the suite fails when either complains."""

from __future__ import annotations

import shutil
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
BIN = Path(sys.executable).parent


def run(tool: str, *args: str) -> subprocess.CompletedProcess[str]:
    exe = BIN / tool
    if not exe.exists():
        found = shutil.which(tool)
        if found is None:
            pytest.fail(f"{tool} is not installed (pip install -e '.[test]')")
        exe = Path(found)
    return subprocess.run(
        [str(exe), *args], cwd=ROOT, capture_output=True, text=True, check=False, timeout=300
    )


def test_ruff_check_is_clean() -> None:
    done = run("ruff", "check", "--no-cache", ".")
    assert done.returncode == 0, done.stdout + done.stderr


def test_ruff_format_is_clean() -> None:
    done = run("ruff", "format", "--check", "--no-cache", ".")
    assert done.returncode == 0, done.stdout + done.stderr


def test_mypy_strict_is_clean() -> None:
    done = run("mypy", "memory_core", "bot", "tests", "bench")
    assert done.returncode == 0, done.stdout + done.stderr
