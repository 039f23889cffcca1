"""Real file systems for fault tests: a tiny tmpfs that fills up, and a read-only folder.

Both need privileges on Linux: as root they are made with ``mount`` (a tmpfs, a read-only
bind mount); as another user a read-only folder is ``chmod 555`` (root ignores modes) and a
small disk is not available. A test that cannot get one is skipped with the reason.
"""

from __future__ import annotations

import contextlib
import errno
import os
import shutil
import subprocess
from collections.abc import Iterator
from pathlib import Path

import pytest

__all__ = ["fill_disk", "read_only_folder", "small_disk"]


def _mount(*args: str) -> str | None:
    """Run ``mount`` (or ``umount``); return why it failed, or None."""
    tool = shutil.which(args[0])
    if tool is None:
        return f"{args[0]} is not installed"
    done = subprocess.run([tool, *args[1:]], capture_output=True, text=True, check=False)
    return None if done.returncode == 0 else (done.stderr.strip() or f"exit {done.returncode}")


@contextlib.contextmanager
def small_disk(where: Path, size_kb: int = 1024) -> Iterator[Path]:
    """Mount a tmpfs of ``size_kb`` at ``where`` for the block (skip the test if impossible)."""
    if os.geteuid() != 0:
        pytest.skip("a small tmpfs needs root (mount); running as another user")
    where.mkdir(parents=True, exist_ok=True)
    failed = _mount("mount", "-t", "tmpfs", "-o", f"size={size_kb}k", "tmpfs", str(where))
    if failed is not None:
        pytest.skip(f"cannot mount a small tmpfs here: {failed}")
    try:
        yield where
    finally:
        _mount("umount", "-l", str(where))


def fill_disk(folder: Path) -> Path:
    """Write a file into ``folder`` until the disk is full; return it (delete it to free)."""
    filler = folder / "filler"
    with filler.open("wb", buffering=0) as handle:
        for size in (65536, 4096, 512, 1):
            try:
                while True:
                    handle.write(b"\0" * size)
            except OSError as exc:
                if exc.errno != errno.ENOSPC:
                    raise
    return filler


@contextlib.contextmanager
def read_only_folder(folder: Path) -> Iterator[Path]:
    """Make ``folder`` (already filled) read-only for the block, even for root."""
    if os.geteuid() != 0:
        mode = folder.stat().st_mode
        folder.chmod(0o555)
        try:
            yield folder
        finally:
            folder.chmod(mode)
        return
    failed = _mount("mount", "--bind", str(folder), str(folder))
    if failed is None:
        failed = _mount("mount", "-o", "remount,bind,ro", str(folder))
        if failed is not None:
            _mount("umount", str(folder))
    if failed is not None:
        pytest.skip(f"cannot make a read-only folder as root: {failed}")
    try:
        yield folder
    finally:
        _mount("umount", "-l", str(folder))
