"""The Dockerfile's promises, and its install and run steps replayed in a fresh venv.

No container engine runs here, so the image is checked by parts: the file says what the
README promises (slim base, non-root user, /data volume, no token, `memory-bot run`), and
its COPY, `RUN pip install` and CMD steps are replayed in a clean virtual environment
built from a copy of the build context. The replay needs the package index (or pip's local
cache and wheel directories); without it, it is skipped and says why.
"""

from __future__ import annotations

import json
import os
import re
import shlex
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
DOCKERFILE = (ROOT / "Dockerfile").read_text(encoding="utf-8")
DOCKERIGNORE = (ROOT / ".dockerignore").read_text(encoding="utf-8")
_NETWORK_TROUBLE = (
    "NewConnectionError",
    "Temporary failure in name resolution",
    "Network is unreachable",
    "ConnectTimeoutError",
    "ProxyError",
    "Could not fetch URL",
    "No matching distribution found",
)
_DEV_TOOLS = ("pytest", "ruff", "mypy", "hypothesis", "aiohttp")
_SETTINGS = (
    "TELEGRAM_BOT_TOKEN",
    "OWNER_USER_ID",
    "DATABASE_PATH",
    "WEBHOOK_URL",
    "ISOLATED_CHAT_IDS",
    "NON_OWNER_MEMORY",
    "BACKUP_DIR",
    "VIRTUAL_ENV",
    "PYTHONPATH",
)


def instructions() -> list[tuple[str, str]]:
    """The Dockerfile as (INSTRUCTION, arguments), continuations joined, comments dropped."""
    text = re.sub(r"\\\n\s*", " ", DOCKERFILE)
    found: list[tuple[str, str]] = []
    for line in text.splitlines():
        stripped = line.strip()
        if stripped and not stripped.startswith("#"):
            word, _, rest = stripped.partition(" ")
            found.append((word.upper(), rest.strip()))
    return found


def all_of(name: str) -> list[str]:
    return [rest for word, rest in instructions() if word == name]


def test_the_image_is_slim_unprivileged_and_keeps_data_on_a_volume() -> None:
    [base] = all_of("FROM")
    assert base == "python:3.11-slim"
    users = all_of("USER")
    assert users
    assert users[-1] not in ("root", "0")
    assert any("/data" in v for v in all_of("VOLUME"))
    env = " ".join(all_of("ENV"))
    assert "DATABASE_PATH=/data/memory.db" in env
    assert "TELEGRAM_BOT_TOKEN" not in DOCKERFILE.replace("# The token", "")
    assert "ARG" not in {word for word, _ in instructions()}, "no build-time secrets"
    assert json.loads(all_of("CMD")[-1]) == ["memory-bot", "run"]


def test_pip_installs_the_package_without_test_tools() -> None:
    installs = [r for r in all_of("RUN") if "pip install" in r]
    assert installs == ["pip install ."], "runtime dependencies only, no [test] extra"


def test_dockerignore_lets_in_exactly_what_copy_needs() -> None:
    lines = [ln.strip() for ln in DOCKERIGNORE.splitlines() if ln.strip() and ln[0] != "#"]
    assert lines[0] == "*", "everything else (.env, .venv, data/, tests/) stays out"
    allowed = {ln[1:].rstrip("/") for ln in lines if ln.startswith("!")}
    for copy in all_of("COPY"):
        for source in shlex.split(copy)[:-1]:
            assert source.rstrip("/") in allowed, source


def _build_context(dest: Path) -> Path:
    """Replay the COPY steps into ``dest`` (the image's WORKDIR at install time)."""
    dest.mkdir()
    for copy in all_of("COPY"):
        *sources, target = shlex.split(copy)
        for source in sources:
            src = ROOT / source
            if src.is_dir():
                to = dest / target
                shutil.copytree(src, to, ignore=shutil.ignore_patterns("__pycache__"))
            else:
                to = dest / target / src.name if target.endswith("/") else dest / target
                shutil.copy2(src, to)
    return dest


def _clean_env(venv: Path) -> dict[str, str]:
    env = {k: v for k, v in os.environ.items() if k not in _SETTINGS}
    env["PATH"] = f"{venv / 'bin'}{os.pathsep}{env.get('PATH', '')}"
    env["PIP_DEFAULT_TIMEOUT"] = "20"
    env["PIP_RETRIES"] = "1"
    return env


@pytest.mark.install
def test_install_and_run_steps_work_in_a_fresh_venv(tmp_path: Path) -> None:
    context = _build_context(tmp_path / "src")
    venv = tmp_path / "venv"
    subprocess.run([sys.executable, "-m", "venv", str(venv)], check=True, timeout=60)
    env = _clean_env(venv)
    [install] = [r for r in all_of("RUN") if "pip install" in r]
    command = shlex.split(install)
    command[0] = str(venv / "bin" / "pip")
    done = subprocess.run(
        command, cwd=context, env=env, capture_output=True, text=True, timeout=240, check=False
    )
    if done.returncode != 0:
        output = done.stdout + done.stderr
        trouble = next((t for t in _NETWORK_TROUBLE if t in output), None)
        if trouble is not None:
            pytest.skip(f"the package index is unreachable ({trouble}); cannot replay pip install")
        pytest.fail(f"`{install}` failed:\n{output[-3000:]}")

    listed = subprocess.run(
        [str(venv / "bin" / "pip"), "list", "--format=json"],
        env=env,
        capture_output=True,
        text=True,
        check=True,
        timeout=60,
    )
    installed = {p["name"].lower() for p in json.loads(listed.stdout)}
    assert {"memory-bot", "python-telegram-bot", "tornado", "aiosqlite"} <= installed
    assert not installed & set(_DEV_TOOLS), "no test or lint tools in the image"

    work = tmp_path / "data"  # the image's WORKDIR at run time; no .env here
    work.mkdir()
    env["DATABASE_PATH"] = str(work / "memory.db")
    cmd = json.loads(all_of("CMD")[-1])
    exe = str(venv / "bin" / cmd[0])

    def run(*args: str, stdin: str = "", **extra: str) -> subprocess.CompletedProcess[str]:
        return subprocess.run(
            [exe, *args],
            cwd=work,
            env={**env, **extra},
            input=stdin,
            capture_output=True,
            text=True,
            timeout=60,
            check=False,
        )

    assert run("--help").returncode == 0
    started = run(*cmd[1:], OWNER_USER_ID="42")
    assert started.returncode != 0
    assert started.stderr == (
        "memory-bot: error: TELEGRAM_BOT_TOKEN: is required to run the bot\n"
    )
    chat = run("chat", "--lang", "en", stdin="remember tz=UTC\n")
    assert chat.returncode == 0, chat.stderr
    assert chat.stdout.startswith("✅ Saved to User:owner")
    assert (work / "memory.db").is_file()
