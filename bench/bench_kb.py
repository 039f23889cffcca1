"""Measure indexing a generated 10,000-note markdown KB and write RESULTS.md's kb section.

The generator (seeded) writes ``notes/<area>/<topic>/note-N.md`` files: about a third with
front matter, two thirds naming Jira keys, a quarter meetings under ``notes/meetings/`` with a
``**Participants**:`` / ``**Участники**:`` line drawn from 281 people (the owner among them),
and some files the default globs leave out (daily logs, meeting artifacts). Then, on a fresh
database file:

1. first run: ``index_kb`` on the whole tree (every note added);
2. second run: unchanged tree (must report 0 added, 0 updated);
3. dry run on the unchanged tree;
4. churn run: 1% of titles changed, 1% of files deleted, 1% new files.

Wall time of each ``index_kb`` call (file reading included, the database already open).
The figures go between ``<!-- kb:begin -->`` and ``<!-- kb:end -->`` in ``bench/RESULTS.md``;
the rest of the file is kept.

    .venv/bin/python bench/bench_kb.py                 # 10,000 notes
    .venv/bin/python bench/bench_kb.py --notes 2000    # a quick smoke run
"""

from __future__ import annotations

import argparse
import asyncio
import os
import random
import re
import sys
import tempfile
import time
from collections.abc import Sequence
from pathlib import Path
from typing import Any

from benchlib import machine_info, peak_rss_mb, write_section

from memory_core import Entity, Memory
from memory_core.kb import KbOptions, KbReport, index_kb
from memory_core.scope import Scope

ROOT = Path(__file__).resolve().parents[1]
BEGIN = "<!-- kb:begin -->"
END = "<!-- kb:end -->"
TARGET_SECONDS = 20.0
OWNER = "Алексей Смирнов"
OPTIONS = KbOptions(owner_names=(OWNER, "@asmirnov"))
JIRA_RE = re.compile(r"\b[A-Z][A-Z0-9]+-\d+\b")

FIRST = ["Иван", "Мария", "Пётр", "Анна", "Олег", "Alice", "Bob", "Carol", "Dmitri", "Eva"]
LAST = ["Петров", "Киселёва", "Smith", "Jones", "Орлов", "Novak", "Ли", "Brown", "Wu", "Ким"]
LAST += ["Соколов", "Taylor", "Garcia", "Морозов", "Ivanova", "Lee", "Фомин", "Clark", "Ruiz"]
LAST += ["Белов", "Moore", "Young", "Зайцев", "King", "Scott", "Волков", "Adams", "Baker"]
PROJECTS = ["ESO", "OPS", "BILL", "AUTH", "SRCH", "INFRA", "DATA", "MOB", "WEB", "QA"]
AREAS = ["projects", "work", "ideas", "ru", "howto", "people", "reading", "infra"]
WORDS = [
    *("pagination", "cursor", "index", "rollout", "migration", "audit", "search", "latency"),
    *("budget", "review", "plan", "release", "schema", "backlog", "incident", "runbook"),
    *("sync", "retro", "design", "draft", "metrics", "пагинация", "индекс", "релиз"),
    *("миграция", "аудит", "поиск", "задержка", "бюджет", "план", "схема"),
]


def log(message: str) -> None:
    print(f"[bench_kb] {message}", file=sys.stderr, flush=True)


def people(rng: random.Random) -> list[str]:
    pool = sorted({f"{f} {last}" for f in FIRST for last in LAST})
    rng.shuffle(pool)
    return [OWNER, *pool[:299]]


def title(rng: random.Random, n: int) -> str:
    return f"{' '.join(rng.sample(WORDS, 3)).capitalize()} {n}"


def note_text(rng: random.Random, n: int, pool: Sequence[str], meeting: bool) -> str:
    """One note: optional front matter, an H1 (mostly), body sentences, keys, participants."""
    lines: list[str] = []
    if rng.random() < 0.33:
        lines += ["---", f"date: 2025-{rng.randint(1, 12):02d}-{rng.randint(1, 28):02d}"]
        lines += ["tags: [bench]", "---", ""]
    if rng.random() < 0.95:
        lines += [f"# {title(rng, n)}", ""]
    if meeting:
        names = rng.sample(pool, rng.randint(2, 6))
        if rng.random() < 0.5:
            names = [f"{name} (lead)" if i == 0 else name for i, name in enumerate(names)]
        label = "**Участники**" if rng.random() < 0.5 else "**Participants**"
        lines += [f"{label}: {', '.join(names)}", ""]
    for _ in range(rng.randint(3, 12)):
        sentence = " ".join(rng.choices(WORDS, k=rng.randint(6, 14))).capitalize()
        if rng.random() < 0.15:
            sentence += f" {rng.choice(PROJECTS)}-{rng.randint(1, 2000)}"
        lines.append(sentence + ".")
    return "\n".join(lines) + "\n"


def generate(root: Path, count: int, seed: int = 5) -> dict[str, int]:
    """Write ``count`` selected notes (plus some excluded files); return what was written."""
    rng = random.Random(seed)
    pool = people(rng)
    (root / "README.md").write_text("# Bench KB\n\nGenerated notes.\n", encoding="utf-8")
    shape = {"notes": 1, "meetings": 0, "jira": 0, "front_matter": 0, "people": len(pool)}
    for n in range(count - 1):
        meeting = n % 4 == 0
        if meeting:
            folder = root / "notes" / "meetings" / f"2025-{n % 12 + 1:02d}"
        else:
            folder = root / "notes" / AREAS[n % len(AREAS)] / f"topic-{n % 97}"
        folder.mkdir(parents=True, exist_ok=True)
        text = note_text(rng, n, pool, meeting)
        (folder / f"note-{n}.md").write_text(text, encoding="utf-8")
        shape["notes"] += 1
        shape["meetings"] += meeting
        shape["jira"] += bool(JIRA_RE.search(text))
        shape["front_matter"] += text.startswith("---")
    for skipped, k in (("notes/daily-logs", 300), ("notes/meetings/artifacts", 100)):
        (root / skipped).mkdir(parents=True, exist_ok=True)
        for i in range(k):
            (root / skipped / f"x-{i}.md").write_text(f"# Excluded {i}\n", encoding="utf-8")
    return shape


def churn(root: Path, seed: int = 7) -> dict[str, int]:
    """Change 1% of titles, delete 1% of files and add 1% new ones."""
    rng = random.Random(seed)
    files = sorted(p for p in (root / "notes").rglob("note-*.md"))
    share = max(len(files) // 100, 1)
    picked = rng.sample(files, share * 2)
    for path in picked[:share]:
        text = path.read_text(encoding="utf-8")
        if "\n# " in "\n" + text:
            text = text.replace("# ", "# Renamed ", 1)
        else:
            text = "# Renamed\n" + text
        path.write_text(text, encoding="utf-8")
    for path in picked[share:]:
        path.unlink()
    new = root / "notes" / "new"
    new.mkdir()
    pool = people(rng)
    for i in range(share):
        text = note_text(rng, 100_000 + i, pool, i % 2 == 0)
        (new / f"note-new-{i}.md").write_text(text, encoding="utf-8")
    return {"retitled": share, "deleted": share, "created": share}


async def timed(memory: Memory, root: Path, *, dry_run: bool = False) -> tuple[float, KbReport]:
    start = time.perf_counter()
    report = await index_kb(memory.scoped(Scope.owner()), root, options=OPTIONS, dry_run=dry_run)
    return time.perf_counter() - start, report


async def measure(root: Path, db: Path) -> dict[str, Any]:
    async with Memory(db) as memory:
        await memory.scoped(Scope.owner()).create_entities([Entity(f"User:{OWNER}", "User")])
        first = await timed(memory, root)
        log(f"first run {first[0]:.2f} s: {first[1].summary()}")
        second = await timed(memory, root)
        log(f"second run {second[0]:.2f} s: {second[1].summary()}")
        dry = await timed(memory, root, dry_run=True)
        log(f"dry run {dry[0]:.2f} s: {dry[1].summary()}")
        changes = churn(root)
        third = await timed(memory, root)
        log(f"churn run {third[0]:.2f} s: {third[1].summary()}")
        stats = await memory.scoped(Scope.owner()).stats()
    return {
        "runs": [
            ("first run (empty database)", *first),
            ("second run (unchanged)", *second),
            ("dry run (unchanged)", *dry),
            ("after churn (1% each)", *third),
        ],
        "churn": changes,
        "stats": stats,
        "db_mb": _db_mb(db),
        "rss": peak_rss_mb(),
    }


def _db_mb(db: Path) -> float:
    files = [db, db.with_name(db.name + "-wal")]
    return sum(f.stat().st_size for f in files if f.exists()) / 1e6


def render(
    result: dict[str, Any], shape: dict[str, int], info: dict[str, str], gen_s: float
) -> str:
    files = shape["notes"]
    stats = result["stats"]
    by_type = ", ".join(f"{t} {n:,}" for t, n in stats.entities_by_type.items())
    churn_spec = result["churn"]
    lines = [
        BEGIN,
        "## KB index (issue 5)",
        "",
        f"Measured {info['date']} by `bench/bench_kb.py`: {info['nproc']} cores "
        f"({info['cpu']}), {info['os']}, Python {info['python']}, SQLite {info['sqlite']}, "
        f"files and database on {info['temp_fs']} (temp dir); code at {info['code']}.",
        "",
        f"{files:,} generated notes selected by the default globs (plus 400 excluded files),"
        f" written in {gen_s:.1f} s: {shape['meetings']:,} meetings with 2-6 participants"
        f" from {shape['people']} people (the owner among them), {shape['jira']:,} notes"
        f" naming Jira keys, {shape['front_matter']:,} with front matter. Each figure is one"
        " `index_kb` call, file reading included, on an open database; all writes of a run"
        " are one transaction.",
        "",
        "| run | seconds | added | updated | removed | unchanged | skipped |",
        "|---|---:|---:|---:|---:|---:|---:|",
    ]
    for label, seconds, report in result["runs"]:
        lines.append(
            f"| {label} | {seconds:.2f} | {report.added:,} | {report.updated:,} | "
            f"{report.removed:,} | {report.unchanged:,} | {report.skipped:,} |"
        )
    first_s = result["runs"][0][1]
    second = result["runs"][1][2]
    lines += [
        "",
        f"Churn: {churn_spec['retitled']} titles changed, {churn_spec['deleted']} files"
        f" deleted, {churn_spec['created']} created. After it the scope holds"
        f" {stats.entities:,} entities ({by_type}), {stats.observations:,} observations,"
        f" {stats.relations:,} relations; database {result['db_mb']:.1f} MB;"
        f" peak RSS {result['rss']:.0f} MB.",
        "",
        "| metric | target | measured | |",
        "|---|---:|---:|:-:|",
        f"| index {files:,} notes, first run | < {TARGET_SECONDS:.0f} s | {first_s:.2f} s | "
        f"{'✓' if first_s < TARGET_SECONDS else '✗'} |",
        f"| second run changes nothing | 0 added, 0 updated | {second.added} added, "
        f"{second.updated} updated | {'✓' if not second.changed else '✗'} |",
        END,
    ]
    return "\n".join(lines) + "\n"


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0] if __doc__ else "")
    parser.add_argument("--notes", type=int, default=10_000, help="selected notes to generate")
    parser.add_argument("--out", type=Path, default=ROOT / "bench" / "RESULTS.md")
    parser.add_argument("--no-write", action="store_true", help="print only; keep RESULTS.md")
    args = parser.parse_args(argv)
    with tempfile.TemporaryDirectory() as tmp:
        work = Path(tmp)
        kb = work / "kb"
        kb.mkdir()
        start = time.perf_counter()
        shape = generate(kb, args.notes)
        gen_s = time.perf_counter() - start
        log(f"generated {shape['notes']:,} notes in {gen_s:.1f} s under {kb}")
        os.sync()
        result = asyncio.run(measure(kb, work / "kb.db"))
    section = render(result, shape, machine_info(), gen_s)
    if not args.no_write:
        write_section(args.out, BEGIN, END, section)
    print(section)
    return 0


if __name__ == "__main__":
    sys.exit(main())
