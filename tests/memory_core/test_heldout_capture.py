"""Capture on the held-out sets of other worlds (bench/heldout/capture-*): no quality lost.

The statements go through ``bench/eval_capture.py``, scored by the dev set's own scorer
(``../shared/eval/capture-dev/score_capture.py``; skipped when the shared folder is not
beside the project). The floors are the figures the sets reached when they were last used
to fix the rules, less a little: a change that loses statements there fails here.
"""

from __future__ import annotations

import re
import subprocess
import sys
from pathlib import Path

import pytest

from tests.conftest import SHARED

ROOT = Path(__file__).resolve().parents[2]
FLOORS = {
    "capture-1": (0.95, 0.95, 75),
    "capture-2": (0.95, 0.95, 78),
    "capture-3": (0.95, 0.95, 58),
    "capture-4": (0.95, 0.95, 72),
    "capture-5": (0.95, 0.95, 73),
    "capture-6": (0.95, 0.95, 73),
    "capture-7": (0.95, 0.93, 66),
    "capture-8": (0.95, 0.95, 75),
    "capture-9": (0.95, 0.92, 74),
    "capture-10": (0.95, 0.95, 73),
    "capture-11": (0.95, 0.93, 72),
    "capture-12": (0.95, 0.91, 72),
    "capture-13": (0.94, 0.94, 72),
    "capture-14": (0.96, 0.87, 71),
    "capture-15": (0.93, 0.90, 72),
    "capture-16": (0.97, 0.93, 73),  # a tuning set since its round: measured 1.00 / 0.96 / 75
    "capture-17": (0.96, 0.97, 74),  # a tuning set since its round: measured 0.99 / 1.00 / 75
    "capture-18": (0.96, 0.94, 73),  # a tuning set since its round: measured 0.99 / 0.97 / 75
    "capture-19": (0.95, 0.91, 73),  # a tuning set since its round: measured 0.97 / 0.94 / 75
    "capture-20": (0.96, 0.96, 74),  # a tuning set since its round: measured 0.99 / 1.00 / 75
    "capture-21": (0.92, 0.80, 72),  # a tuning set since its round: measured 0.94 / 0.83 / 73
    "capture-22": (0.95, 0.83, 72),  # a tuning set since its round: measured 0.97 / 0.86 / 74
    "capture-23": (0.97, 0.89, 71),  # a tuning set since its round: measured 1.00 / 0.92 / 73
    "capture-24": (0.97, 0.63, 64),  # a tuning set since its round: measured 1.00 / 0.66 / 66
    "capture-25": (0.97, 0.82, 70),  # a tuning set since its round: measured 1.00 / 0.85 / 72
    "capture-26": (0.94, 0.95, 73),  # a tuning set since its round: measured 0.96 / 0.97 / 74
    "capture-27": (
        0.96,
        0.76,
        73,
    ),  # a tuning set since its round: blind 0.89 / 0.45 / 63, then 0.98 / 0.78 / 74
    "capture-28": (
        0.86,
        0.62,
        67,
    ),  # a tuning set since its round: blind 0.83 / 0.41 / 64, then 0.88 / 0.64 / 68
    "capture-29": (
        0.95,
        0.80,
        70,
    ),  # a tuning set since its round: blind 0.90 / 0.59 / 64, then 0.97 / 0.83 / 72
    "capture-30": (0.95, 0.52, 63),  # held out (session 17): blind 0.97 / 0.54 / 64; 0.97 / 0.55
}
"""Per set: the least precision, recall and statements proposed or skipped as expected."""
_FIGURES = re.compile(
    r"capture: precision=([\d.]+) recall=([\d.]+) skip_ok=(\d+)/\d+ violations=(\d+)"
)


@pytest.mark.skipif(
    not (SHARED / "eval" / "capture-dev" / "score_capture.py").is_file(),
    reason="the shared capture scorer is not beside the project",
)
@pytest.mark.parametrize("name", sorted(FLOORS))
def test_capture_on_a_held_out_world_keeps_its_floor(name: str) -> None:
    done = subprocess.run(
        [sys.executable, str(ROOT / "bench" / "eval_capture.py"), "--shared", str(SHARED),
         "--set", str(ROOT / "bench" / "heldout" / name)],
        check=False, capture_output=True, text=True, cwd=ROOT,
    )  # fmt: skip
    # the scorer exits 1 below its own targets (0.90 / 0.80); the floors here are per set
    found = _FIGURES.search(done.stdout)
    assert found is not None, done.stdout + done.stderr
    assert done.returncode in (0, 1), done.stderr
    precision, recall, skip_ok, violations = found.groups()
    least_precision, least_recall, least_skip_ok = FLOORS[name]
    assert float(precision) >= least_precision
    assert float(recall) >= least_recall
    assert int(skip_ok) >= least_skip_ok
    assert int(violations) == 0
