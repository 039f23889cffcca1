"""Shared pieces of the bench scripts: percentiles, machine facts, graphs, RESULTS.md sections."""

from __future__ import annotations

import hashlib
import json
import os
import platform
import resource
import sqlite3
import statistics
import subprocess
import sys
import tempfile
from collections.abc import Sequence
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[1]
MIN_SAMPLES = 200  # fewer than this and a p99 is just the maximum


def p50_p99(samples: Sequence[float]) -> tuple[float, float]:
    """Return the 50th and 99th percentiles (inclusive method) of at least 200 samples."""
    if len(samples) < MIN_SAMPLES:
        raise ValueError(f"{len(samples)} samples: a p99 needs at least {MIN_SAMPLES}")
    cuts = statistics.quantiles(samples, n=100, method="inclusive")
    return cuts[49], cuts[98]


def peak_rss_mb() -> float:
    """Return this process's peak resident set size in MiB."""
    peak = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss
    return peak / 2**20 if sys.platform == "darwin" else peak / 2**10  # bytes vs KiB


def generate(shared: Path, entities: int, workdir: Path) -> tuple[Path, list[str], dict[str, Any]]:
    """Run the shared generator; return the graph file, its 200 queries and its summary."""
    script = shared / "bench" / "gen_graph.py"
    if not script.is_file():
        raise SystemExit(f"no generator at {script} (see --shared)")
    graph, queries = workdir / "graph.jsonl", workdir / "queries.txt"
    done = subprocess.run(
        [
            sys.executable,
            str(script),
            "--entities",
            str(entities),
            "--out",
            str(graph),
            "--queries-out",
            str(queries),
        ],
        check=True,
        capture_output=True,
        text=True,
    )
    summary: dict[str, Any] = json.loads(done.stderr.strip().splitlines()[-1])
    return graph, queries.read_text(encoding="utf-8").splitlines(), summary


def file_mb(db: Path) -> float:
    """Return the size of a database with its WAL and shared-memory files, in MiB."""
    return sum(p.stat().st_size for p in db.parent.glob(f"{db.name}*")) / 2**20


def filesystem_of(path: Path) -> str:
    """Return the filesystem type holding ``path`` (Linux ``/proc/mounts``), or ``unknown``."""
    try:
        mounts = Path("/proc/mounts").read_text(encoding="utf-8").splitlines()
    except OSError:
        return "unknown"
    best, kind = "", "unknown"
    resolved = str(path.resolve())
    for line in mounts:
        parts = line.split()
        if len(parts) < 3:
            continue
        point = parts[1]
        inside = resolved == point or resolved.startswith(point.rstrip("/") + "/")
        if inside and len(point) > len(best):
            best, kind = point, parts[2]
    return kind


def cpu_model() -> str:
    """Return the CPU model name, or the machine architecture when it is not known."""
    try:
        for line in Path("/proc/cpuinfo").read_text(encoding="utf-8").splitlines():
            if line.startswith("model name"):
                return line.split(":", 1)[1].strip()
    except OSError:
        pass
    return platform.machine()


def code_version() -> str:
    """Return the commit measured, noting uncommitted changes to ``memory_core``."""
    try:
        head = subprocess.run(
            ["git", "rev-parse", "--short", "HEAD"],
            cwd=ROOT,
            check=True,
            capture_output=True,
            text=True,
        ).stdout.strip()
        dirty = subprocess.run(
            ["git", "status", "--porcelain", "--", "memory_core"],
            cwd=ROOT,
            check=True,
            capture_output=True,
            text=True,
        ).stdout.strip()
    except (OSError, subprocess.CalledProcessError):
        return "unknown"
    return f"{head} with uncommitted memory_core changes" if dirty else head


def code_fingerprint() -> str:
    """Return a hash of the ``memory_core`` sources, to notice edits during a run."""
    digest = hashlib.sha256()
    for path in sorted((ROOT / "memory_core").glob("*.py")):
        digest.update(path.name.encode() + b"\0" + path.read_bytes())
    return digest.hexdigest()


def machine_info() -> dict[str, str]:
    """Return what the figures depend on: cores, CPU, Python, SQLite, disk, date."""
    nproc = len(os.sched_getaffinity(0)) if hasattr(os, "sched_getaffinity") else os.cpu_count()
    return {
        "date": datetime.now(UTC).strftime("%Y-%m-%d %H:%M UTC"),
        "nproc": str(nproc),
        "cpu": cpu_model(),
        "os": platform.platform(terse=True),
        "python": platform.python_version(),
        "sqlite": sqlite3.sqlite_version,
        "temp_fs": filesystem_of(Path(tempfile.gettempdir())),
        "code": code_version(),
    }


def write_section(path: Path, begin: str, end: str, section: str) -> None:
    """Replace the text between ``begin`` and ``end`` in ``path`` (or append the section).

    Everything else in the file is kept, so each benchmark owns one section of RESULTS.md.
    """
    text = path.read_text(encoding="utf-8") if path.exists() else "# Benchmark results\n"
    start, stop = text.find(begin), text.find(end)
    if start != -1 and stop > start:
        text = text[:start] + section.rstrip("\n") + text[stop + len(end) :]
    else:
        text = text.rstrip("\n") + "\n\n" + section
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(text, encoding="utf-8")
