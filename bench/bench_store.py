"""Measure the store (import, search, open, add, delete, peak RSS) and write RESULTS.md's section.

Each size runs in a fresh child process (``--one-size N --json``) on a graph made by the
shared generator, so peak RSS is per size. The parent renders the figures, compares the
largest size with the issue's targets, and replaces only the text between
``<!-- store:begin -->`` and ``<!-- store:end -->`` in the results file.

    .venv/bin/python bench/bench_store.py            # 1k, 10k, 50k (a few minutes)
    .venv/bin/python bench/bench_store.py --quick    # 1k, 5k, one round: a smoke run
"""

from __future__ import annotations

import argparse
import asyncio
import json
import random
import statistics
import subprocess
import sys
import tempfile
import time
from collections.abc import Awaitable, Callable, Sequence
from dataclasses import dataclass
from functools import partial
from pathlib import Path
from typing import Any

from benchlib import (
    MIN_SAMPLES,
    code_fingerprint,
    file_mb,
    generate,
    machine_info,
    p50_p99,
    peak_rss_mb,
    write_section,
)

from memory_core import Memory, Scope
from memory_core.jsonl import import_jsonl

ROOT = Path(__file__).resolve().parents[1]
BEGIN = "<!-- store:begin -->"
END = "<!-- store:end -->"
DEFAULT_SIZES = (1_000, 10_000, 50_000)
QUICK_SIZES = (1_000, 5_000)
DEFAULT_ROUNDS = 5
TARGET_SIZE = 50_000
WRITES_PER_ROUND = 100
SCOPE = Scope.owner()
REFERENCE_LINE = (
    "reference server (@modelcontextprotocol/server-memory) reported at 50k: ~1.1 s p99 per"
    " search, ~1.3 s per write, ~half of writes lost with two processes"
)


@dataclass(frozen=True)
class Target:
    """One goal from the issue: a measured key must stay under ``limit``."""

    label: str
    key: str
    limit: float
    unit: str


TARGETS = (
    Target("search_nodes p99", "search_p99_ms", 10.0, "ms"),
    Target("open_nodes p99", "open_p99_ms", 10.0, "ms"),
    Target("add_observations p99", "add_p99_ms", 10.0, "ms"),
    Target("delete_observations p99", "delete_p99_ms", 10.0, "ms"),
    Target("import", "import_s", 30.0, "s"),
    Target("peak RSS", "peak_rss_mb", 200.0, "MB"),
)


def log(message: str) -> None:
    print(f"[bench_store] {message}", file=sys.stderr, flush=True)


# ------------------------------------------------------------------ one size, in a child


async def timed_import(graph: Path, db: Path) -> float:
    """Import the graph into a fresh database the way ``memory-bot import`` does; seconds."""
    start = time.perf_counter()
    async with Memory(db) as memory:
        with graph.open(encoding="utf-8") as stream:
            await import_jsonl(memory.scoped(SCOPE), stream)
    return time.perf_counter() - start


async def latencies(calls: Sequence[Callable[[], Awaitable[object]]]) -> list[float]:
    """Await each call in turn; return each one's wall time in milliseconds."""
    out: list[float] = []
    for call in calls:
        start = time.perf_counter()
        await call()
        out.append((time.perf_counter() - start) * 1000)
    return out


async def measure(entities: int, rounds: int, import_runs: int, shared: Path) -> dict[str, Any]:
    """Measure one graph size; return the figures as a JSON-ready dict."""
    rng = random.Random(entities)
    result: dict[str, Any] = {"entities": entities, "rounds": rounds}
    with tempfile.TemporaryDirectory(prefix="bench-store-") as tmp:
        workdir = Path(tmp)
        log(f"{entities}: generating graph")
        graph, queries, summary = generate(shared, entities, workdir)
        result.update(
            observations=summary["observations"],
            relations=summary["relations"],
            jsonl_mb=summary["bytes"] / 2**20,
            rss_before_import_mb=peak_rss_mb(),
        )
        runs: list[float] = []
        db = workdir / "run0.db"
        for run in range(import_runs):
            db = workdir / f"run{run}.db"
            runs.append(await timed_import(graph, db))
            log(f"{entities}: import run {run + 1}/{import_runs}: {runs[-1]:.2f} s")
        result.update(import_runs_s=runs, import_s=statistics.median(runs))
        result["db_mb"] = file_mb(db)

        async with Memory(db) as memory:
            store = memory.scoped(SCOPE)
            names = await store.entity_names()
            if len(names) != entities:
                raise RuntimeError(f"imported {len(names)} entities, expected {entities}")
            for query in queries:  # warm the page cache and statement cache, untimed
                await store.search_nodes(query)

            log(f"{entities}: search_nodes x {rounds * len(queries)}")
            hits = [len((await store.search_nodes(q)).entities) for q in queries]
            search_calls = [partial(store.search_nodes, q) for q in queries * rounds]
            search = await latencies(search_calls)

            n_open = rounds * len(queries)
            log(f"{entities}: open_nodes x {n_open}")
            picks = [rng.sample(names, rng.randint(1, 3)) for _ in range(n_open)]
            opened = await latencies([partial(store.open_nodes, p) for p in picks])

            n_writes = max(MIN_SAMPLES, rounds * WRITES_PER_ROUND)
            log(f"{entities}: add_observations x {n_writes}, then delete_observations")
            lines = [
                (rng.choice(names), f"note: bench probe {k} at {entities} entities")
                for k in range(n_writes)
            ]
            added = await latencies(
                [partial(store.add_observations, [(n, [t])]) for n, t in lines]
            )
            deleted = await latencies(
                [partial(store.delete_observations, [(n, [t])]) for n, t in lines]
            )
            stats = await store.stats()
            if stats.observations != summary["observations"]:
                raise RuntimeError("delete_observations did not remove every probe line")

    for key, samples in (
        ("search", search),
        ("open", opened),
        ("add", added),
        ("delete", deleted),
    ):
        p50, p99 = p50_p99(samples)
        result.update({f"{key}_p50_ms": p50, f"{key}_p99_ms": p99, f"{key}_n": len(samples)})
    result["search_queries_with_hits"] = sum(1 for h in hits if h)
    result["search_queries"] = len(queries)
    result["peak_rss_mb"] = peak_rss_mb()
    return result


# ----------------------------------------------------------------- the parent: all sizes
def run_child(entities: int, args: argparse.Namespace) -> dict[str, Any]:
    """Measure one size in a fresh interpreter and return its JSON figures."""
    command = [
        sys.executable,
        str(Path(__file__).resolve()),
        "--one-size",
        str(entities),
        "--json",
        "--rounds",
        str(args.rounds),
        "--shared",
        str(args.shared),
    ]
    if args.import_runs is not None:
        command += ["--import-runs", str(args.import_runs)]
    done = subprocess.run(command, check=True, stdout=subprocess.PIPE, text=True)
    figures: dict[str, Any] = json.loads(done.stdout)
    return figures


def render(
    results: Sequence[dict[str, Any]],
    info: dict[str, str],
    *,
    quick: bool,
    code_changed: bool,
) -> str:
    """Return the Markdown of the store section, markers included."""
    out = [BEGIN, "## Store (issue 2)", ""]
    if code_changed:
        out += [
            "**memory_core was edited during this run: the sizes may have run different code.**",
            "",
        ]
    out.append(
        f"Measured {info['date']} by `bench/bench_store.py{' --quick' if quick else ''}`:"
        f" {info['nproc']} cores ({info['cpu']}), {info['os']}, Python {info['python']},"
        f" SQLite {info['sqlite']}, database on {info['temp_fs']} (temp dir);"
        f" code at {info['code']}."
    )
    out += [
        "",
        "Graphs from `../shared/bench/gen_graph.py` (default seed). Each size runs in a fresh"
        " process. Import: `import_jsonl` into a new database file, open to close, median of"
        " the runs shown. `search_nodes`: the generator's 200 queries, several rounds, after"
        " one untimed warm-up round. `open_nodes`: 1-3 random existing names per call."
        " `add_observations`: one new line on a random entity per call, each its own"
        " transaction with `synchronous=FULL` (fsync included); `delete_observations` removes"
        " those lines again. Latencies are wall time per awaited call, in ms.",
        "",
        "| entities | obs | relations | DB MB | import s (runs) | search p50 / p99"
        " | open p50 / p99 | add p50 / p99 | delete p50 / p99 | peak RSS MB |",
        "|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|",
    ]
    for r in results:
        runs = ", ".join(f"{s:.2f}" for s in r["import_runs_s"])
        cells = [
            f"{r['entities']:,}",
            f"{r['observations']:,}",
            f"{r['relations']:,}",
            f"{r['db_mb']:.1f}",
            f"{r['import_s']:.2f} ({runs})",
            *(
                f"{r[f'{k}_p50_ms']:.2f} / {r[f'{k}_p99_ms']:.2f}"
                for k in ("search", "open", "add", "delete")
            ),
            f"{r['peak_rss_mb']:.0f}",
        ]
        out.append("| " + " | ".join(cells) + " |")
    out += ["", "Per size: samples per operation, queries that found anything, RSS before import."]
    out += [""] + [
        f"- {r['entities']:,}: search {r['search_n']}, open {r['open_n']}, add {r['add_n']},"
        f" delete {r['delete_n']}; {r['search_queries_with_hits']}/{r['search_queries']}"
        f" queries found something; {r['rss_before_import_mb']:.0f} MB before import"
        for r in results
    ]

    largest = max(results, key=lambda r: r["entities"])
    out += ["", f"### Targets at {TARGET_SIZE:,} entities", ""]
    if largest["entities"] != TARGET_SIZE:
        out += [
            f"This run's largest graph has {largest['entities']:,} entities, not"
            f" {TARGET_SIZE:,}: the comparison below is indicative only.",
            "",
        ]
    out += ["| metric | target | measured | |", "|---|---:|---:|:-:|"]
    for t in TARGETS:
        value = largest[t.key]
        mark = "✓" if value < t.limit else "✗"
        out.append(f"| {t.label} | < {t.limit:g} {t.unit} | {value:.2f} {t.unit} | {mark} |")
    out += ["", f"For comparison, cited from the issue, not measured here: {REFERENCE_LINE}."]
    out.append(END)
    return "\n".join(out) + "\n"


def parse_sizes(text: str) -> list[int]:
    sizes = [int(part) for part in text.split(",") if part.strip()]
    if not sizes or min(sizes) < 1:
        raise argparse.ArgumentTypeError("sizes are positive integers separated by commas")
    return sizes


def build_parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument(
        "--sizes",
        type=parse_sizes,
        default=None,
        metavar="N,N,...",
        help="entity counts (default: 1000,10000,50000)",
    )
    parser.add_argument(
        "--rounds",
        type=int,
        default=None,
        help=f"rounds over the 200 queries; also scales open/add/delete calls"
        f" (default {DEFAULT_ROUNDS}, 1 with --quick)",
    )
    parser.add_argument(
        "--import-runs",
        type=int,
        default=None,
        help="imports per size (default: 3 up to 10k entities, 2 above, 1 with --quick)",
    )
    parser.add_argument("--quick", action="store_true", help="sizes 1000,5000, one round")
    parser.add_argument(
        "--out",
        type=Path,
        default=ROOT / "bench" / "RESULTS.md",
        help="results file whose store section is replaced (default: bench/RESULTS.md)",
    )
    parser.add_argument(
        "--shared",
        type=Path,
        default=ROOT.parent / "shared",
        help="the shared directory holding bench/gen_graph.py (default: ../shared)",
    )
    parser.add_argument("--one-size", type=int, default=None, help=argparse.SUPPRESS)
    parser.add_argument("--json", action="store_true", help=argparse.SUPPRESS)
    return parser


def main(argv: Sequence[str] | None = None) -> int:
    args = build_parser().parse_args(argv)
    if args.rounds is None:
        args.rounds = 1 if args.quick else DEFAULT_ROUNDS
    if args.rounds < 1:
        raise SystemExit("--rounds must be at least 1")
    if args.quick and args.import_runs is None:
        args.import_runs = 1
    if args.one_size is not None:
        runs = args.import_runs or (3 if args.one_size <= 10_000 else 2)
        figures = asyncio.run(measure(args.one_size, args.rounds, runs, args.shared))
        print(json.dumps(figures) if args.json else json.dumps(figures, indent=2))
        return 0
    sizes = args.sizes or (list(QUICK_SIZES) if args.quick else list(DEFAULT_SIZES))
    started = time.perf_counter()
    info, fingerprint = machine_info(), code_fingerprint()
    results = []
    for size in sizes:
        log(f"size {size}: starting a fresh process")
        results.append(run_child(size, args))
        r = results[-1]
        log(
            f"size {size}: import {r['import_s']:.2f} s, search p99 {r['search_p99_ms']:.2f} ms,"
            f" peak RSS {r['peak_rss_mb']:.0f} MB"
        )
    changed = code_fingerprint() != fingerprint
    if changed:
        log("warning: memory_core changed during the run; the sizes measured different code")
    section = render(results, info, quick=args.quick, code_changed=changed)
    write_section(args.out, BEGIN, END, section)
    log(f"wrote {args.out} in {time.perf_counter() - started:.0f} s")
    return 0


if __name__ == "__main__":
    sys.exit(main())
