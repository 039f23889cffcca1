"""Private files: memory is personal data, so its files are readable by their owner only.

New folders are made mode 0700 and new files 0600, whatever the umask. SQLite gives the
``-wal`` and ``-shm`` files the mode of their database file, so creating the database file
0600 before SQLite opens it keeps those private too. Existing files and folders are left as
they are: their owner chose their mode.
"""

from __future__ import annotations

import os
from pathlib import Path

__all__ = ["DIR_MODE", "FILE_MODE", "create_private_file", "make_private_dir"]

DIR_MODE = 0o700
FILE_MODE = 0o600


def make_private_dir(path: Path) -> None:
    """Create ``path`` and any missing parents, each new one mode 0700.

    Raises:
        OSError: a parent is a file, or a folder cannot be created.
    """
    missing: list[Path] = []
    for folder in (path, *path.parents):
        if folder.is_dir():
            break
        missing.append(folder)
    for folder in reversed(missing):
        try:
            folder.mkdir(mode=DIR_MODE)
        except FileExistsError:
            if not folder.is_dir():
                raise
            continue
        os.chmod(folder, DIR_MODE)  # mkdir's mode is filtered by the umask


def create_private_file(path: Path) -> bool:
    """Create ``path`` empty with mode 0600 unless it exists; return whether it was created.

    Raises:
        OSError: the folder is missing or not writable.
    """
    try:
        fd = os.open(path, os.O_WRONLY | os.O_CREAT | os.O_EXCL, FILE_MODE)
    except FileExistsError:
        return False
    try:
        os.fchmod(fd, FILE_MODE)
    finally:
        os.close(fd)
    return True
