"""Measure how fast each ``memory-bot`` subcommand's module imports, and what it loads.

For each entry module, a fresh interpreter runs ``python -X importtime -c "import M"``
several times; the module's cumulative import time is read from the report (median and
max over the runs), and one more run lists whether ``telegram`` and ``httpx`` were loaded.
Writes the "Start-up" section of bench/RESULTS.md.

    python bench/bench_startup.py [--runs 15]
"""

from __future__ import annotations

import argparse
import statistics
import subprocess
import sys
from collections.abc import Sequence
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(Path(__file__).resolve().parent))

from benchlib import machine_info, write_section  # noqa: E402

MODULES = [
    ("mcp", "bot.cli.mcp"),
    ("recall", "bot.cli.recall"),
    ("stats", "bot.cli.stats"),
    ("import", "bot.cli.importing"),
    ("export", "bot.cli.export"),
    ("index-kb", "bot.cli.kb"),
    ("chat", "bot.cli.chat"),
    ("run", "bot.cli.run"),
    ("(the parser: every command)", "bot.cli.main"),
]


def import_seconds(module: str) -> float:
    """Cumulative import time of ``module`` in a fresh interpreter, in seconds."""
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
    raise RuntimeError(f"{module} not in the importtime report")


def loads(module: str) -> tuple[bool, bool]:
    """Whether importing ``module`` loads telegram and httpx."""
    code = f"import sys, {module}; print('telegram' in sys.modules, 'httpx' in sys.modules)"
    out = subprocess.run(
        [sys.executable, "-c", code], cwd=ROOT, capture_output=True, text=True, check=True
    )
    telegram, httpx = out.stdout.split()
    return telegram == "True", httpx == "True"


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=15)
    parser.add_argument("--out", type=Path, default=ROOT / "bench" / "RESULTS.md")
    args = parser.parse_args(argv)
    info = machine_info()
    rows = []
    for command, module in MODULES:
        times = [import_seconds(module) for _ in range(args.runs)]
        telegram, httpx = loads(module)
        rows.append(
            f"| `{command}` | `{module}` | {statistics.median(times) * 1000:.0f} "
            f"| {max(times) * 1000:.0f} | {'yes' if telegram else 'no'} "
            f"| {'yes' if httpx else 'no'} |"
        )
        print(rows[-1], file=sys.stderr)
    section = "\n".join(
        [
            "<!-- startup:begin -->",
            "## Start-up (issue 17)",
            "",
            f"Measured {info['date']} by `bench/bench_startup.py`: {info['nproc']} cores "
            f"({info['cpu']}), Python {info['python']}; code at {info['code']}.",
            "",
            "Cumulative import time of each subcommand's module by `python -X importtime`, "
            f"in a fresh interpreter, {args.runs} runs each (ms). Only the chosen "
            "subcommand's module is imported by `memory-bot`; the parser itself is "
            "`bot.cli.main`.",
            "",
            "| command | module | median ms | max ms | loads telegram | loads httpx |",
            "|---|---|---:|---:|:-:|:-:|",
            *rows,
            "",
            "Target: `mcp`, `recall`, `stats`, `import`, `export` under 250 ms without "
            "telegram or httpx.",
            "<!-- startup:end -->",
        ]
    )
    write_section(args.out, "<!-- startup:begin -->", "<!-- startup:end -->", section)
    return 0


if __name__ == "__main__":
    sys.exit(main())
