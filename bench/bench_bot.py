"""Measure the bot's own cost per message: `memory-bot run` against a bare PTB echo bot.

Both bots are real processes polling a local fake Bot API (``tests/e2e/fake_bot_api.py``, one
instance each, on 127.0.0.1) and are measured in alternating rounds of the same run, so both
meet the same load on a shared machine. A round injects N messages into one bot's API at
once and waits for the last reply; the bot's CPU time (user + system of the whole process,
its SQLite threads included, read from the process's CPU-time clock) over the round, divided
by N, is its cost per update; the ratio product / echo is taken per round, and its median reported.

Workloads:

* ``recall``: the owner's private chat with a 10k-entity memory
  (``../shared/eval/graph-10k.jsonl``, or one from ``../shared/bench/gen_graph.py``): four
  questions (the eval's queries) and one ``remember`` in every five messages,
  ``PROPOSALS=off``, no language model.
* ``group``: messages in a group with memory off (no reply). A private message after them
  marks the end of the round (one reply: the same for both bots).

The rate limiter runs both ways: ``TELEGRAM_RATE_LIMITS=off`` for the cost rounds (N at once),
and on for the latency rounds, where messages arrive paced at 20 a second and each reply's
latency is the time from its message's arrival in the fake API to the reply's. Writes
``bench/RESULTS.md`` between ``<!-- bot:begin -->`` and ``<!-- bot:end -->``.

    PYTHONPATH=. .venv/bin/python bench/bench_bot.py                # about 5 minutes
    PYTHONPATH=. .venv/bin/python bench/bench_bot.py --rounds 2 --paced-rounds 1 --out quick.md
    PYTHONPATH=. .venv/bin/python bench/bench_bot.py --profile profile.txt   # py-spy, raw stacks
"""

from __future__ import annotations

import argparse
import asyncio
import itertools
import json
import signal
import statistics
import subprocess
import sys
import tempfile
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[1]
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))  # the fake Bot API lives in tests/, which is not installed

from benchlib import generate, machine_info, p50_p99, write_section  # noqa: E402
from botprocs import (  # noqa: E402
    OWNER,
    Bot,
    TimedApi,
    cpu_seconds,
    peak_rss_mb,
    start_echo,
    start_product,
    start_profiler,
)

from memory_core import Memory  # noqa: E402
from memory_core.jsonl import import_jsonl  # noqa: E402
from memory_core.scope import Scope  # noqa: E402
from tests.e2e import updates  # noqa: E402

BEGIN, END = "<!-- bot:begin -->", "<!-- bot:end -->"
GROUP = -1_009_999_999_999
MEMBERS = (7_000_002, 7_000_003, 7_000_004)
PACE = 20.0  # messages per second in the latency rounds
TARGETS = {"recall_cpu": 2.0, "group_cpu": 1.2, "p99_ms": 100.0}


def log(message: str) -> None:
    print(f"[bench_bot] {message}", file=sys.stderr, flush=True)


# --------------------------------------------------------------------- the workloads
@dataclass(frozen=True)
class Texts:
    """What the owner asks and what they tell the bot to remember."""

    questions: Sequence[str]
    people: Sequence[str]
    projects: Sequence[str]


def owner_messages(texts: Texts, n: int, tag: str) -> list[str]:
    """Four questions and one ``remember`` in every five messages (remembers all new)."""
    out: list[str] = []
    forms: list[Callable[[int], str]] = [
        lambda i: f"запомни {texts.people[i % len(texts.people)]}: заметка {tag} номер {i}",
        lambda i: f"remember Project:{texts.projects[i % len(texts.projects)]}: note {tag}-{i}",
        lambda i: f"remember I parked on level {i} of the garage ({tag})",
        lambda i: f"remember bench_{tag}_{i % 7}=value {i}",
    ]
    for i in range(n):
        if i % 5 == 4:
            out.append(forms[(i // 5) % len(forms)](i))
        else:
            out.append(texts.questions[(i - i // 5) % len(texts.questions)])
    return out


def recall_updates(texts: Texts, n: int, tag: str) -> list[dict[str, Any]]:
    return [updates.private_message(t, user_id=OWNER) for t in owner_messages(texts, n, tag)]


def group_updates(texts: Texts, n: int) -> list[dict[str, Any]]:
    """N plain messages by members of a group without memory, then one owner message."""
    out = [
        updates.group_message(
            texts.questions[i % len(texts.questions)], chat_id=GROUP, user_id=MEMBERS[i % 3]
        )
        for i in range(n)
    ]
    out.append(updates.private_message("/start", user_id=OWNER))  # the end of the round
    return out


@dataclass
class Batch:
    """One bot's round: CPU per update, throughput and reply latencies."""

    cpu_ms: float
    per_second: float
    latencies: list[float] = field(default_factory=list)


async def run_batch(
    bot: Bot, raw: Sequence[dict[str, Any]], replies: int, pace: float | None
) -> Batch:
    """Push ``raw`` (at once, or ``pace`` a second) and wait for ``replies`` replies."""
    enough = bot.api.expect(replies)
    cpu0 = cpu_seconds(bot.pid)
    start = time.perf_counter()
    pushed: list[float] = []
    if pace is None:
        for update in raw:
            bot.api.push_update(update)
        pushed = [start] * len(raw)
    else:
        for i, update in enumerate(raw):
            delay = start + i / pace - time.perf_counter()
            if delay > 0:
                await asyncio.sleep(delay)
            pushed.append(time.perf_counter())
            bot.api.push_update(update)
    try:
        await asyncio.wait_for(enough.wait(), 60 + len(raw))
    except TimeoutError:
        raise RuntimeError(
            f"{bot.name}: {len(bot.api.replies)} of {replies} replies; see {bot.log_path}"
        ) from None
    end = time.perf_counter()
    cpu = cpu_seconds(bot.pid) - cpu0
    await asyncio.sleep(0.3)  # a reply more than expected would show now
    if len(bot.api.replies) != replies:
        raise RuntimeError(f"{bot.name}: {len(bot.api.replies)} replies, expected {replies}")
    latencies = (
        [(r - p) * 1000 for r, p in zip(bot.api.replies, pushed, strict=True)]
        if replies == len(raw)
        else []
    )
    return Batch(cpu * 1000 / len(raw), len(raw) / (end - start), latencies)


# --------------------------------------------------------------------------- phases
@dataclass
class Phase:
    """Every round of one workload: each bot's batches, in round order."""

    workload: str
    limits: str
    pace: float | None
    n: int
    product: list[Batch] = field(default_factory=list)
    echo: list[Batch] = field(default_factory=list)

    def ratios(self) -> list[float]:
        return [p.cpu_ms / e.cpu_ms for p, e in zip(self.product, self.echo, strict=True)]


async def rounds(
    bots: tuple[Bot, Bot], phases: Sequence[Phase], count: int, texts: Texts, tags: Any
) -> None:
    """Run ``count`` rounds of every phase; the bots' order alternates round by round."""
    for r in range(count):
        order = bots if r % 2 == 0 else bots[::-1]
        for phase in phases:
            tag = next(tags)
            for bot in order:
                if phase.workload == "recall":
                    raw, replies = recall_updates(texts, phase.n, tag), phase.n
                else:
                    raw, replies = group_updates(texts, phase.n), 1
                batch = await run_batch(bot, raw, replies, phase.pace)
                getattr(phase, bot.name).append(batch)
            p, e = phase.product[-1], phase.echo[-1]
            log(
                f"{phase.workload}/{phase.limits} round {r + 1}: product {p.cpu_ms:.2f} ms,"
                f" echo {e.cpu_ms:.2f} ms per update ({p.cpu_ms / e.cpu_ms:.2f}x)"
            )


async def run_phases(
    db: Path, workdir: Path, texts: Texts, args: argparse.Namespace
) -> tuple[list[Phase], dict[str, float]]:
    """Both limiter settings, each with a fresh pair of bot processes."""
    tags = (f"r{i}" for i in itertools.count())
    cost = [
        Phase("recall", "off", None, args.n),
        Phase("group", "off", None, args.group_n),
    ]
    paced = [Phase("recall", "on", PACE, args.paced_n)]
    rss: dict[str, float] = {}
    for limits, phases, count in (("off", cost, args.rounds), ("on", paced, args.paced_rounds)):
        if count <= 0:
            continue
        product, echo = Bot("product", TimedApi()), Bot("echo", TimedApi())
        await product.api.start()
        await echo.api.start()
        profiler: subprocess.Popen[bytes] | None = None
        try:
            await start_product(product, db, workdir, limits)
            await start_echo(echo, workdir, limits)
            log(f"limits {limits}: both bots poll; one untimed warm-up round")
            warm = [Phase(p.workload, limits, None, min(p.n, 100)) for p in phases]
            await rounds((product, echo), warm, 1, texts, tags)
            if args.profile is not None and limits == "off":
                profiler = start_profiler(product.pid, args.profile)
            await rounds((product, echo), phases, count, texts, tags)
            rss[f"product-{limits}"] = peak_rss_mb(product.pid)
            rss[f"echo-{limits}"] = peak_rss_mb(echo.pid)
        finally:
            if profiler is not None:
                profiler.send_signal(signal.SIGINT)
                profiler.wait(60)
            await product.stop()
            await echo.stop()
            await product.api.stop()
            await echo.api.stop()
    return [*cost, *paced], rss


# -------------------------------------------------------------------------- inputs
async def prepare(shared: Path, workdir: Path, graph: Path | None) -> tuple[Path, Texts, str]:
    """Import the 10k graph into a new database; return it, the texts and the source."""
    questions_file = shared / "eval" / "queries.txt"
    if graph is None and (shared / "eval" / "graph-10k.jsonl").is_file():
        graph, source = shared / "eval" / "graph-10k.jsonl", "../shared/eval/graph-10k.jsonl"
        questions = questions_file.read_text(encoding="utf-8").splitlines()
    elif graph is None:
        graph, questions, _ = generate(shared, 10_000, workdir)
        source = "../shared/bench/gen_graph.py --entities 10000"
    else:
        source = graph.name
        questions = questions_file.read_text(encoding="utf-8").splitlines()
    people, projects = [], []
    with graph.open(encoding="utf-8") as f:
        for raw in f:
            item = json.loads(raw)
            kind, _, name = str(item.get("name", "")).partition(":")
            if item.get("type") == "entity" and kind == "Person":
                people.append(name)
            elif item.get("type") == "entity" and kind == "Project":
                projects.append(name)
    db = workdir / "memory.db"
    async with Memory(db) as memory:
        with graph.open(encoding="utf-8") as f:
            await import_jsonl(memory.scoped(Scope.owner()), f)
    texts = Texts([q for q in questions if q.strip()], people[:50], projects[:20])
    return db, texts, source


# --------------------------------------------------------------------------- report
def median(values: Sequence[float]) -> float:
    return statistics.median(values)


def latency(batches: Sequence[Batch]) -> str:
    samples = [x for b in batches for x in b.latencies]
    if len(samples) < 200:
        return "n/a"
    p50, p99 = p50_p99(samples)
    return f"{p50:.1f} / {p99:.1f}"


def render(phases: Sequence[Phase], rss: dict[str, float], info: dict[str, str]) -> str:
    """Return the Markdown of the section, markers included."""
    out = [
        BEGIN,
        "## The bot's own cost per message (issue 18)",
        "",
        f"Measured {info['date']} by `bench/bench_bot.py`: {info['nproc']} cores ({info['cpu']}),"
        f" {info['os']}, Python {info['python']}, SQLite {info['sqlite']}, database on"
        f" {info['temp_fs']} (temp dir); code at {info['code']}; graph {info['graph']}.",
        "",
        "`memory-bot run` (the product) and a bare python-telegram-bot echo bot "
        "(`bench/echo_bot.py`, same PTB and rate limiter) as real processes, each polling its "
        "own instance of the fake Bot API on 127.0.0.1, measured in alternating rounds of one "
        "run (the order flips every round). CPU is the bot process's user + system time over "
        "the round (all threads, read from the process's CPU-time clock) divided by the updates"
        " injected; the ratio is taken per round. `recall`: the owner's private chat on the "
        "10k-entity memory, four questions (the eval's queries) and one `remember` in every "
        "five messages, `PROPOSALS=off`, no language model. `group`: plain messages in a group "
        "with memory off, no reply (one private message ends the round, for both bots). Limits "
        "off: `TELEGRAM_RATE_LIMITS=off`, all N messages injected at once, latency includes the"
        f" queue. Limits on: Telegram's limits, messages paced at {PACE:.0f}/s, latency from a "
        "message's arrival in the fake API to its reply's.",
        "",
        "| workload | limiter | N x rounds | product CPU ms / update | echo CPU ms / update"
        " | ratio per round (median) | product / echo updates/s | product latency p50 / p99 ms"
        " | echo latency p50 / p99 ms |",
        "|---|---|---:|---:|---:|---:|---:|---:|---:|",
    ]
    for ph in phases:
        if not ph.product:
            continue
        ratios = ph.ratios()
        shown = ", ".join(f"{r:.2f}" for r in ratios)
        out.append(
            f"| {ph.workload} | {ph.limits}{' (paced)' if ph.pace else ''} |"
            f" {ph.n} x {len(ph.product)} |"
            f" {median([b.cpu_ms for b in ph.product]):.2f} |"
            f" {median([b.cpu_ms for b in ph.echo]):.2f} |"
            f" {shown} (**{median(ratios):.2f}x**) |"
            f" {median([b.per_second for b in ph.product]):.0f} /"
            f" {median([b.per_second for b in ph.echo]):.0f} |"
            f" {latency(ph.product)} | {latency(ph.echo)} |"
        )
    out += ["", "Peak RSS (VmHWM) MB: " + ", ".join(f"{k} {v:.0f}" for k, v in rss.items())]
    out += ["", "| target | measured | |", "|---|---:|:-:|"]
    by = {(p.workload, p.limits): p for p in phases if p.product}
    if ("recall", "off") in by:
        r = median(by["recall", "off"].ratios())
        ok = "✓" if r <= TARGETS["recall_cpu"] else "✗"
        out.append(f"| owner recall path CPU <= 2.0x echo | {r:.2f}x | {ok} |")
    if ("group", "off") in by:
        r = median(by["group", "off"].ratios())
        ok = "✓" if r <= TARGETS["group_cpu"] else "✗"
        out.append(f"| group message, memory off, CPU <= 1.2x echo | {r:.2f}x | {ok} |")
    if ("recall", "on") in by:
        samples = [x for b in by["recall", "on"].product for x in b.latencies]
        p99 = p50_p99(samples)[1] if len(samples) >= 200 else float("nan")
        ok = "✓" if p99 <= TARGETS["p99_ms"] else "✗"
        out.append(
            f"| reply p99 at {PACE:.0f} msg/s, limiter on, <= 100 ms | {p99:.1f} ms | {ok} |"
        )
    out.append(END)
    return "\n".join(out) + "\n"


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=(__doc__ or "").splitlines()[0])
    parser.add_argument("--shared", type=Path, default=ROOT.parent / "shared")
    parser.add_argument("--graph", type=Path, default=None, help="a JSONL graph instead")
    parser.add_argument("-n", type=int, default=300, help="owner messages per cost round")
    parser.add_argument("--group-n", type=int, default=2000, help="group messages per round")
    parser.add_argument("--paced-n", type=int, default=200, help="messages per paced round")
    parser.add_argument("--rounds", type=int, default=7)
    parser.add_argument("--paced-rounds", type=int, default=3)
    parser.add_argument("--profile", type=Path, default=None, help="py-spy raw output file")
    parser.add_argument("--out", type=Path, default=ROOT / "bench" / "RESULTS.md")
    args = parser.parse_args(argv)
    started = time.perf_counter()
    info = machine_info()
    with tempfile.TemporaryDirectory(prefix="bench-bot-") as tmp:
        work = Path(tmp)
        log("importing the graph")
        db, texts, info["graph"] = asyncio.run(prepare(args.shared, work, args.graph))
        phases, rss = asyncio.run(run_phases(db, work, texts, args))
    section = render(phases, rss, info)
    write_section(args.out, BEGIN, END, section)
    print(section)
    log(f"wrote {args.out} in {time.perf_counter() - started:.0f} s")
    return 0


if __name__ == "__main__":
    sys.exit(main())
