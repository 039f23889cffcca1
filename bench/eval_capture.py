"""Score the rule-based extraction on ../shared/eval/capture-dev (or another set of its form).

Each statement of ``statements.jsonl`` goes through :func:`memory_core.extraction.extract`
with a :class:`~memory_core.name_resolver.StoreResolver` (the bot's resolver) over the set's
``graph.jsonl`` (nothing is stored anywhere), the proposals are written one JSON line each in the
``memory-bot propose --json`` shape, and the set's own ``score_capture.py`` scores them.

    .venv/bin/python bench/eval_capture.py                 # prints the scorer's figures
    .venv/bin/python bench/eval_capture.py --details       # and every statement it faults
    .venv/bin/python bench/eval_capture.py --set DIR --out capture-out.jsonl
    .venv/bin/python bench/eval_capture.py --results bench/RESULTS.md   # its section there
"""

from __future__ import annotations

import argparse
import datetime as dt
import json
import subprocess
import sys
import tempfile
import time
from pathlib import Path

from memory_core.extraction import extract
from memory_core.models import Entity, Graph, Relation
from memory_core.name_resolver import StoreResolver

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT / "bench"))

from benchlib import machine_info, write_section  # noqa: E402

TODAY = dt.date(2026, 2, 1)  # a fixed as_of, so two runs print the same lines


def load_graph(path: Path) -> Graph:
    """Read a reference-server JSONL graph (entities and relations) into a Graph."""
    entities, relations = [], []
    for raw in path.read_text(encoding="utf-8").splitlines():
        if not raw.strip():
            continue
        obj = json.loads(raw)
        if obj.get("type") == "entity":
            entities.append(
                Entity(obj["name"], obj["entityType"], tuple(obj.get("observations", ())))
            )
        elif obj.get("type") == "relation":
            relations.append(Relation(obj["from"], obj["to"], obj["relationType"]))
    return Graph(tuple(entities), tuple(relations))


def run(set_dir: Path, out: Path) -> float:
    """Write one proposal line per statement to ``out``; return the mean ms per statement."""
    resolver = StoreResolver.from_graph(load_graph(set_dir / "graph.jsonl"))
    texts = [
        json.loads(line)["text"]
        for line in (set_dir / "statements.jsonl").read_text(encoding="utf-8").splitlines()
        if line.strip()
    ]
    extract("warm up the analyzer", resolver, today=TODAY)
    started = time.perf_counter()
    lines = [
        json.dumps(extract(text, resolver, today=TODAY).to_json(), ensure_ascii=False)
        for text in texts
    ]
    elapsed = time.perf_counter() - started
    out.write_text("\n".join(lines) + "\n", encoding="utf-8")
    return 1000 * elapsed / max(1, len(texts))


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument(
        "--shared",
        type=Path,
        default=ROOT.parent / "shared",
        help="the shared directory (default: ../shared from the repo root)",
    )
    parser.add_argument(
        "--set", type=Path, default=None, help="a set directory (default: SHARED/eval/capture-dev)"
    )
    parser.add_argument(
        "--out",
        type=Path,
        default=None,
        help="keep the proposals here (default: a temporary file)",
    )
    parser.add_argument("--details", action="store_true", help="list every faulted statement")
    parser.add_argument(
        "--results",
        type=Path,
        default=None,
        help="also write the table as the 'capture' section of this file (bench/RESULTS.md)",
    )
    args = parser.parse_args()
    dev = args.shared / "eval" / "capture-dev"
    set_dir = args.set or dev
    scorer = set_dir / "score_capture.py"
    if not scorer.is_file():  # a set of the same form without its own copy (bench/heldout)
        scorer = dev / "score_capture.py"
    if not scorer.is_file():
        raise SystemExit(f"no scorer at {scorer} (see --shared / --set)")
    with tempfile.TemporaryDirectory() as tmp:
        out = args.out or Path(tmp) / "capture-out.jsonl"
        per_statement = run(set_dir, out)
        command = [sys.executable, str(scorer), str(set_dir / "statements.jsonl"), str(out)]
        done = subprocess.run(
            command + (["--details"] if args.details else []),
            check=False,
            text=True,
            capture_output=True,
        )
    print(done.stdout, end="")
    print(done.stderr, end="", file=sys.stderr)
    print(f"extraction: {per_statement:.2f} ms per statement")
    if args.results is not None and done.returncode == 0:
        _write_results(args.results, set_dir, done.stdout, per_statement)
    return done.returncode


def _write_results(path: Path, set_dir: Path, table: str, per_statement: float) -> None:
    """Write the scorer's table as the ``capture`` section of RESULTS.md."""
    info = machine_info()
    rows = [line for line in table.splitlines() if line.strip() and "missed:" not in line]
    section = "\n".join(
        [
            "<!-- capture:begin -->",
            "## Capture from statements (issue 19)",
            "",
            f"Measured {info['date']} by `bench/eval_capture.py`: {info['nproc']} cores "
            f"({info['cpu']}), Python {info['python']}; code at {info['code']}.",
            "",
            f"Each statement of `{set_dir.name}` goes through the rule-based extraction "
            "(`memory_core.extraction.extract`, no model) with the bot's resolver "
            "(`memory_core.name_resolver.StoreResolver`) over the set's graph; the set's own "
            "tolerant scorer scores the `propose --json` lines. `precision`: proposed "
            "entities and links that are right (a wrong person, link or line counts against "
            "it); `recall`: expected entities and links found; `skip_ok`: statements "
            "proposed or skipped as expected; `viol`: proposals for worklog, secrets, "
            "questions or small talk. The rules were written with this development set at "
            "hand; acceptance uses a hidden set of the same form about other people, so expect "
            "lower figures there.",
            "",
            "```",
            *rows,
            "```",
            "",
            f"Extraction takes {per_statement:.2f} ms per statement (mean, warm analyzer). "
            "Targets: precision >= 0.90, recall >= 0.80, 0 worklog or secret proposals, "
            "0 proposals for questions and small talk.",
            "<!-- capture:end -->",
        ]
    )
    write_section(path, "<!-- capture:begin -->", "<!-- capture:end -->", section)


if __name__ == "__main__":
    sys.exit(main())
