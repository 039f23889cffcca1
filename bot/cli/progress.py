"""A one-line progress bar for long CLI work, drawn only when stderr is a terminal."""

from __future__ import annotations

import sys
import time
from typing import TextIO

__all__ = ["ProgressBar"]


class ProgressBar:
    """Draws ``label [#####.....] 45%  3.4/7.5 MB`` on one line; silent when not a terminal."""

    def __init__(
        self, total: int, label: str, stream: TextIO | None = None, *, unit: str = "MB"
    ) -> None:
        self.total = max(total, 1)
        self.label = label
        self.stream = stream if stream is not None else sys.stderr
        self.unit = unit
        self.enabled = self.stream.isatty()
        self._last = 0.0

    def _scale(self, n: int) -> str:
        if self.unit == "MB":
            return f"{n / 1_000_000:.1f}"
        return str(n)

    def update(self, done: int) -> None:
        """Redraw at most ten times a second, and always at 100%."""
        if not self.enabled:
            return
        now = time.monotonic()
        if done < self.total and now - self._last < 0.1:
            return
        self._last = now
        frac = min(done / self.total, 1.0)
        filled = int(frac * 30)
        bar = "#" * filled + "." * (30 - filled)
        self.stream.write(
            f"\r{self.label} [{bar}] {frac:4.0%}  "
            f"{self._scale(done)}/{self._scale(self.total)} {self.unit}"
        )
        self.stream.flush()

    def finish(self) -> None:
        """End the bar's line."""
        if self.enabled:
            self.update(self.total)
            self.stream.write("\n")
            self.stream.flush()
