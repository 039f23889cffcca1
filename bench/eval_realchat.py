"""Score recall on a personal-memory chat set (``../shared/eval/realchat-dev`` by default).

The set's ``graph.jsonl`` is imported into a fresh database, each question of
``queries.meta.jsonl`` is recalled (without reinforcement, so every question sees the same
data), and ``../shared/bench/eval_recall.py`` scores the ranked nodes: hit@1, hit@3, MRR per
kind, and false positives for ``smalltalk`` and ``nomatch``.

    python bench/eval_realchat.py                    # the table
    python bench/eval_realchat.py --misses           # and every question that missed
    python bench/eval_realchat.py --set DIR --json-out scores.json
"""

from __future__ import annotations

import argparse
import asyncio
import json
import subprocess
import sys
import tempfile
from collections.abc import Sequence
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path[:0] = [str(ROOT), str(ROOT / "bench")]

from bench_recall import recall_set  # noqa: E402


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--shared", type=Path, default=ROOT.parent / "shared")
    parser.add_argument("--set", type=Path, default=None, help="a folder with graph + queries")
    parser.add_argument("--misses", action="store_true", help="list the questions missed")
    parser.add_argument("--json-out", type=Path, default=None)
    args = parser.parse_args(argv)
    folder = args.set or args.shared / "eval" / "realchat-dev"
    meta = folder / "queries.meta.jsonl"
    queries = [json.loads(line) for line in meta.read_text(encoding="utf-8").splitlines()]
    with tempfile.TemporaryDirectory() as tmp:
        results = Path(tmp) / "results.jsonl"
        asyncio.run(recall_set(folder / "graph.jsonl", meta, Path(tmp) / "m.db", results))
        scorer = [sys.executable, str(args.shared / "bench" / "eval_recall.py"), str(meta)]
        extra = ["--json-out", str(args.json_out)] if args.json_out else []
        subprocess.run([*scorer, str(results), *extra], check=True)
        if args.misses:
            got = {
                r["id"]: r["ranked"]
                for r in map(json.loads, results.read_text(encoding="utf-8").splitlines())
            }
            for q in queries:
                top = got.get(q["id"], [])[:3]
                targets = set(q["targets"])
                missed = (not targets and top) or (targets and not targets & set(top))
                if missed:
                    print(f"MISS {q['kind']:<14} {q['query']!r}\n   want {q['targets'][:3]}")
                    print(f"   got  {top}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
