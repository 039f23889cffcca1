"""Recall on the held-out sets of other worlds (bench/heldout/recall-*): no quality lost.

Each set is one invented owner's memory and chat questions by kind (the form of
``../shared/eval/realchat-dev``). The floors are the figures the sets reached when they
were last used to fix the rules, less one question's share: a change that loses questions
there fails here, and the closing notes say when a floor moves.
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from memory_core import ScopedMemory
from memory_core.jsonl import import_jsonl
from memory_core.recall import RecallOptions, recall

SETS = Path(__file__).resolve().parents[2] / "bench" / "heldout"
NO_MATCH = frozenset({"smalltalk", "nomatch"})
FLOORS = {
    "recall-1": (0.93, 1),
    "recall-2": (0.93, 2),
    "recall-3": (0.93, 1),
    "recall-4": (0.86, 1),
    "recall-5": (0.94, 2),
    "recall-6": (0.86, 3),
    "recall-7": (0.90, 3),
    "recall-8": (0.95, 1),
    "recall-9": (0.85, 1),
    "recall-10": (0.93, 1),
    "recall-11": (0.87, 1),
    "recall-12": (0.79, 0),
    "recall-13": (0.90, 0),
    "recall-14": (0.80, 1),  # held out: a floor against regressions, not a tuning target
    "recall-15": (0.88, 1),  # a tuning set since session 14: measured 0.90, 0 no-match answered
    "recall-16": (0.95, 1),  # held out to session 15 (0.88, 0); a tuning set since: 0.98, 0
    "recall-17": (0.91, 1),  # held out to session 15 (0.86, 1); a tuning set since: 0.93, 1
    "recall-18": (0.88, 1),  # blind 0.85 / 3 answered; a tuning set since: 0.90, 0
    "recall-19": (0.92, 1),  # blind 0.85 / 1 answered; a tuning set since: 0.94, 1
    "recall-20": (0.89, 1),  # held out (session 16): blind 0.88, 0 answered; 0.91, 0 at its end
    "recall-21": (0.84, 1),  # blind 0.79 / 1 answered; a tuning set since: 0.86, 0
    "recall-22": (0.89, 1),  # blind 0.81 / 0 answered; a tuning set since its round: 0.91, 0
    "recall-23": (0.90, 2),  # blind 0.86 / 2 answered; a tuning set since its round: 0.92, 2
    "recall-24": (0.95, 1),  # blind 0.83 / 2 answered; a tuning set since its round: 0.97, 0
    "recall-25": (0.82, 1),  # held out (session 17): blind 0.84, 0 answered (read at c7f1eba)
}
"""Per set: the least share of scored questions with a target in the top 3, and the most
small-talk or no-match questions that may show any memory."""


@pytest.mark.parametrize("name", sorted(FLOORS))
async def test_recall_on_a_held_out_world_keeps_its_floor(owner: ScopedMemory, name: str) -> None:
    folder = SETS / name
    with (folder / "graph.jsonl").open(encoding="utf-8") as f:
        await import_jsonl(owner, f)
    lines = (folder / "queries.meta.jsonl").read_text(encoding="utf-8").splitlines()
    cases = [json.loads(line) for line in lines if line.strip()]
    hits = scored = false_positives = 0
    missed: list[str] = []
    for case in cases:
        result = await recall(owner, case["query"], RecallOptions(reinforce=False))
        if case["kind"] in NO_MATCH:
            false_positives += bool(result.nodes[:3])
            continue
        scored += 1
        if set(result.nodes[:3]) & set(case["targets"]):
            hits += 1
        else:
            missed.append(case["query"])
    least, most_false = FLOORS[name]
    assert hits / scored >= least, missed
    assert false_positives <= most_false
