"""Several OS processes on one database file: nothing lost, nothing half-written."""

from __future__ import annotations

import os
import signal
import subprocess
import sys
from pathlib import Path

from memory_core import Memory
from memory_core.scope import Scope
from memory_core.working_memory import recent_turns

ROOT = Path(__file__).resolve().parents[2]


def spawn(db: Path, label: str, count: int, *extra: str) -> subprocess.Popen[str]:
    return subprocess.Popen(
        [
            sys.executable,
            "-m",
            "tests.memory_core.writer_process",
            str(db),
            label,
            str(count),
            *extra,
        ],
        cwd=ROOT,
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
        env={**os.environ, "PYTHONPATH": str(ROOT)},
    )


async def lines_of(db: Path) -> list[str]:
    async with Memory(db) as memory:
        graph = await memory.scoped(Scope.owner()).open_nodes(["Project:Shared"])
    return list(graph.entities[0].observations)


async def test_two_processes_keep_all_400_writes(tmp_path: Path) -> None:
    """The reference server loses about half of these; SQLite locking loses none."""
    db = tmp_path / "shared.db"
    procs = [spawn(db, "a", 200), spawn(db, "b", 200)]
    results = [proc.communicate(timeout=120) for proc in procs]  # wait for both, pass or fail
    for proc, (out, err) in zip(procs, results, strict=True):
        assert proc.returncode == 0, err
        assert out.count("wrote") == 200
    lines = await lines_of(db)
    assert len(lines) == 400
    assert set(lines) == {f"obs: {p}-{i}" for p in "ab" for i in range(200)}


def kill_after_writes(db: Path, label: str, count: int, *extra: str) -> tuple[list[str], int]:
    """Let a writer report ``count`` writes, then SIGKILL it; return what it reported and
    its exit status."""
    proc = spawn(db, label, count, "--then-sleep", *extra)
    assert proc.stdout is not None
    assert proc.stderr is not None
    seen = [proc.stdout.readline().strip() for _ in range(count)]
    os.kill(proc.pid, signal.SIGKILL)
    proc.wait(timeout=10)
    proc.stdout.close()
    proc.stderr.close()
    return seen, proc.returncode


async def test_write_survives_sigkill_right_after_it_returned(tmp_path: Path) -> None:
    db = tmp_path / "killed.db"
    seen, status = kill_after_writes(db, "k", 3)
    assert seen == ["wrote k-0", "wrote k-1", "wrote k-2"]
    assert status == -signal.SIGKILL
    assert await lines_of(db) == ["obs: k-0", "obs: k-1", "obs: k-2"]


async def test_a_turn_written_without_flushing_survives_sigkill(tmp_path: Path) -> None:
    """Working-memory turns skip the flush to the disk: a killed process still keeps them."""
    db = tmp_path / "turns.db"
    seen, _status = kill_after_writes(db, "t", 3, "--turns")
    assert seen == ["wrote t-0", "wrote t-1", "wrote t-2"]
    async with Memory(db) as memory:
        turns = await recent_turns(memory.scoped(Scope.owner()))
    assert [t.message for t in turns] == ["t-2", "t-1", "t-0"]
