"""Measure the bilingual dictionary: cache build and load cost, lookups, and coverage.

Cost: the installed dictd dictionaries are parsed into a fresh cache folder (first build),
then a new process opens that cache (warm load) and translates words (lookup); peak RSS
is read from the kernel for each process.

Coverage on ``../shared/eval/realchat-dev``: for every ``cross_language`` question, each
content word (not a stop word, 3+ letters) is translated, and it counts as covered when a
translation's stem opens a word of a target entity's name or lines. The same is counted
for three set-ups: glossary only (a machine without the Debian package), dictionary only,
and both. It also reports how many distinct words of the graph's lines get any
translation at all, per language, as a measure of general vocabulary coverage.

The figures go into ``bench/RESULTS.md`` between ``<!-- bilingual:begin -->`` and
``<!-- bilingual:end -->``; the rest of the file is kept.

    .venv/bin/python bench/bench_bilingual.py [--shared ../shared] [--no-write]
"""

from __future__ import annotations

import argparse
import json
import resource
import subprocess
import sys
import tempfile
import time
from pathlib import Path

from benchlib import machine_info, write_section

from memory_core import bilingual, dictd
from memory_core.bilingual import Bilingual, Glossary
from memory_core.language import is_cyrillic, is_stop_word, normalize, stem, tokens

ROOT = Path(__file__).resolve().parents[1]
BEGIN, END = "<!-- bilingual:begin -->", "<!-- bilingual:end -->"

_WARM = """
import resource, sys, time
from pathlib import Path
t = time.perf_counter()
from memory_core.bilingual import Bilingual
b = Bilingual(cache_dir=Path(sys.argv[1]))
b.load(None)
load = time.perf_counter() - t
words = sys.argv[2].split()
t = time.perf_counter()
for w in words:
    b.translations(w)
first = time.perf_counter() - t
t = time.perf_counter()
for _ in range(20):
    b._memo.clear()
    for w in words:
        b.translations(w)
lookup = (time.perf_counter() - t) / (20 * len(words))
rss = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024
print(load, first, lookup, rss)
"""
_WORDS = (
    "коронку квартиры ремонта deploy released warehouse tickets хранятся подрядчика dashboards"
)


def cost() -> list[str]:
    """Time the first build in this process and a warm load in a fresh one."""
    if not dictd.find_sources(bilingual.DEFAULT_DICT_DIR):
        return ["- no dictd dictionary installed: nothing to build"]
    with tempfile.TemporaryDirectory() as tmp:
        cache = Path(tmp) / "cache"
        before = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024
        t = time.perf_counter()
        b = Bilingual(cache_dir=cache)
        b.load(None)
        build = time.perf_counter() - t
        peak = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024
        size = sum(p.stat().st_size for p in cache.iterdir()) / 1e6
        status = b.status()
        b.close()
        out = subprocess.run(
            [sys.executable, "-c", _WARM, str(cache), _WORDS],
            capture_output=True, text=True, check=True, cwd=ROOT,
            env={"PYTHONPATH": str(ROOT), "PATH": ""},
        )  # fmt: skip
        load, first, lookup, rss = (float(x) for x in out.stdout.split())
    return [
        f"- {status}",
        f"- first build: {build:.1f} s, cache file {size:.1f} MB, peak RSS {peak:.0f} MB "
        f"(from {before:.0f} MB)",
        f"- warm load (import + glossary + open cache): {load * 1000:.0f} ms",
        f"- first 10 lookups (loads pymorphy3 on the first Russian word): {first * 1000:.0f} ms",
        f"- lookup without the in-process memo: {lookup * 1e6:.0f} µs; peak RSS {rss:.0f} MB",
    ]


def _target_words(graph: Path) -> dict[str, list[str]]:
    words: dict[str, list[str]] = {}
    for line in graph.read_text(encoding="utf-8").splitlines():
        item = json.loads(line)
        if item.get("type") == "entity":
            text = " ".join([item["name"], *item.get("observations", [])])
            words[item["name"]] = [normalize(t) for t in tokens(text)]
    return words


def _covered(translation: str, words: list[str]) -> bool:
    parts = [stem(normalize(p)) for p in translation.split()]
    return all(len(p) >= 3 and any(w.startswith(p) for w in words) for p in parts)


def coverage(shared: Path) -> list[str]:
    """Count question words whose translation reaches their targets' lines."""
    folder = shared / "eval" / "realchat-dev"
    entities = _target_words(folder / "graph.jsonl")
    queries = [json.loads(x) for x in (folder / "queries.meta.jsonl").read_text().splitlines()]
    cross = [q for q in queries if q["kind"] == "cross_language"]
    with tempfile.TemporaryDirectory() as tmp:
        setups = {
            "glossary only": Bilingual(Path(tmp) / "none", cache_dir=Path(tmp) / "c"),
            "dictionary only": Bilingual(cache_dir=Path(tmp) / "c"),
            "glossary + dictionary": Bilingual(cache_dir=Path(tmp) / "c"),
        }
        for b in setups.values():
            b.load(None)
        setups["dictionary only"]._glossary = Glossary()
        lines = ["", "| set-up | question words covered | questions with 1+ covered word |",
                 "|---|---:|---:|"]  # fmt: skip
        detail: list[str] = []
        for name, b in setups.items():
            covered = total = questions = 0
            for q in cross:
                words = [w for t in q["targets"] for w in entities.get(t, [])]
                content = [
                    normalize(t) for t in tokens(q["query"]) if len(t) >= 3 and not is_stop_word(t)
                ]
                hits = [w for w in content if any(_covered(t, words) for t in b.translations(w))]
                covered, total = covered + len(hits), total + len(content)
                questions += bool(hits)
                if name == "glossary + dictionary":
                    detail.append(f"  - {q['query']!r}: {', '.join(hits) or '-'}")
            lines.append(f"| {name} | {covered}/{total} | {questions}/{len(cross)} |")
        vocab: dict[bool, set[str]] = {True: set(), False: set()}
        for ws in entities.values():
            for w in ws:
                if len(w) >= 4 and w.isalpha() and not is_stop_word(w):
                    vocab[is_cyrillic(w)].add(w)
        full = setups["glossary + dictionary"]
        bare = setups["glossary only"]
        for russian, label in ((True, "Russian"), (False, "English")):
            words = sorted(vocab[russian])
            n_full = sum(bool(full.translations(w)) for w in words)
            n_bare = sum(bool(bare.translations(w)) for w in words)
            lines.append(
                f"\nDistinct {label} words (4+ letters) in the graph's lines: {len(words)}; "
                f"translated: {n_full} with the dictionary, {n_bare} with the glossary only."
            )
        for b in setups.values():
            b.close()
    return [*lines, "", "Covered words per question (glossary + dictionary):", *detail]


def main() -> None:
    """Measure, print the markdown section and write it into RESULTS.md."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0] if __doc__ else "")
    parser.add_argument("--shared", type=Path, default=ROOT.parent / "shared")
    parser.add_argument("--out", type=Path, default=ROOT / "bench" / "RESULTS.md")
    parser.add_argument("--no-write", action="store_true", help="print only; keep RESULTS.md")
    args = parser.parse_args()
    info = machine_info()
    head = (
        f"Measured {info['date']} by `bench/bench_bilingual.py`: {info['nproc']} cores "
        f"({info['cpu']}), Python {info['python']}, SQLite {info['sqlite']}; code at "
        f"{info['code']}."
    )
    body = [BEGIN, "## Bilingual dictionary (Russian <-> English words)", "", head, ""]
    section = "\n".join([*body, *cost(), *coverage(args.shared), END]) + "\n"
    if not args.no_write:
        write_section(args.out, BEGIN, END, section)
    print(section)


if __name__ == "__main__":
    main()
