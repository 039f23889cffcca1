"""`memory-bot run` killed with SIGKILL at random points while updates are queued.

python-telegram-bot confirms a batch of updates to Telegram as soon as it fetches the next
one, before handling them; the inbox keeps them. Whatever the kill point (while a batch is
being stored, while an update is being handled, while its reply is on its way), after the
restarts every update is answered and every fact is stored exactly once.

A reply is a message to Telegram, which has no way to take one back or to tell a repeat: a
kill after Telegram took a reply but before the bot recorded it (a few milliseconds) makes
that one update be answered again after the restart. So each kill may repeat at most one
answer (the update in hand); the test counts them and the report names them.
"""

from __future__ import annotations

import asyncio
import os
import random
import re
import sqlite3
from collections import Counter
from pathlib import Path

import pytest

from tests.e2e import updates
from tests.e2e.fake_bot_api import FakeBotApi
from tests.e2e.harness import OWNER
from tests.e2e.test_bot_process import bot_env, start_run

pytestmark = pytest.mark.e2e

UPDATES = 200
"""Enough that the kills come while updates are still queued (a reply takes a few ms)."""
KILLS = 20
_KEY_RE = re.compile(r"crash(\d+)=v\1\b")


def answered(api: FakeBotApi) -> Counter[int]:
    """How many times each queued update was answered (by the fact its reply names)."""
    counts: Counter[int] = Counter()
    for text in api.sent_texts():
        counts.update({int(m[1]) for m in _KEY_RE.finditer(text)})
    return counts


def stored(db: Path) -> Counter[int]:
    """How many lines of each queued fact the database holds."""
    with sqlite3.connect(db) as conn:
        rows = conn.execute("SELECT text FROM observation").fetchall()
    return Counter(int(m[1]) for (text,) in rows if (m := _KEY_RE.search(text)))


async def kill_somewhere(
    api: FakeBotApi, process: asyncio.subprocess.Process, rng: random.Random
) -> str:
    """Wait for a random point of the bot's work, then SIGKILL it; say where it was.

    A wait for replies never asks for more than the updates still unanswered (counted at
    the same moment), so it cannot wait for replies that will never come; with none left,
    the kill comes after a fetch (the bot keeps polling).
    """
    before = len(api.calls("sendMessage"))
    left = UPDATES - len(answered(api))
    if left <= 0 or rng.random() < 0.3:
        # right after a batch was fetched: while it is stored, or the first one handled
        fetched = len([c for c in api.calls("getUpdates") if c.ok])
        await api.wait_for("getUpdates", count=fetched + 1, timeout=30)
        where = "after a fetch"
    else:
        more = rng.randint(1, min(3, left))
        await api.wait_for("sendMessage", count=before + more, timeout=30)
        where = f"after {more} replies"
    await asyncio.sleep(rng.uniform(0, 0.015))
    process.kill()
    await process.wait()
    return where


async def start_polling(
    api: FakeBotApi, env: dict[str, str], db: Path, tmp_path: Path
) -> asyncio.subprocess.Process:
    """Start the bot and wait until it polls: all may be answered already, and a SIGTERM
    that came while it was still starting would end it before it can stop cleanly."""
    fetched = len([c for c in api.calls("getUpdates") if c.ok])
    process = await start_run(env, db, tmp_path)
    try:
        await api.wait_for("getUpdates", count=fetched + 1, timeout=30)
    except BaseException:
        process.kill()
        await process.wait()
        raise
    return process


async def test_sigkill_at_random_points_loses_nothing_and_stores_once(
    fake_api: FakeBotApi, tmp_path: Path
) -> None:
    seed = int(os.environ.get("CRASH_SEED") or random.randrange(1 << 30))
    rng = random.Random(seed)
    db = tmp_path / "m.db"
    env = bot_env(fake_api)
    for n in range(UPDATES):
        fake_api.push_update(updates.private_message(f"remember crash{n}=v{n}", user_id=OWNER))

    points: list[str] = []
    notes: list[str] = []  # what the killed processes logged at WARNING and above
    queued = 0  # kills that came while some update was still unanswered
    for _ in range(KILLS):
        queued += len(answered(fake_api)) < UPDATES
        process = await start_run(env, db, tmp_path)
        try:
            points.append(await kill_somewhere(fake_api, process, rng))
        except AssertionError:
            process.kill()
            _out, err = await process.communicate()
            raise AssertionError(
                f"no progress after {points} ({len(answered(fake_api))} answered): "
                f"{err.decode()[-3000:]}"
            ) from None
        finally:
            if process.returncode is None:
                process.kill()
                await process.wait()
        _out, err = await process.communicate()
        notes += [n for n in err.decode().splitlines() if " WARNING " in n or " ERROR " in n]
    # kills come while updates are queued; once all are answered (a restart may answer
    # dozens before the next kill point), the rest come after a fetch
    assert queued >= KILLS // 4, f"only {queued} kills came while updates were queued"

    process = await start_polling(fake_api, env, db, tmp_path)
    try:
        while len(answered(fake_api)) < UPDATES:
            count = len(fake_api.calls("sendMessage")) + 1
            try:
                await fake_api.wait_for("sendMessage", count=count, timeout=30)
            except AssertionError:
                missing = sorted(set(range(UPDATES)) - set(answered(fake_api)))
                texts = [t.splitlines()[0] for t in fake_api.sent_texts()[-5:]]
                raise AssertionError(
                    f"never answered: {missing}; seed {seed}; kill points {points}; "
                    f"last replies {texts}; logged {notes}"
                ) from None
    finally:
        process.terminate()
        _out, err = await asyncio.wait_for(process.communicate(), 30)
    assert process.returncode == 0, err.decode()[-2000:]

    replies = answered(fake_api)
    context = f"seed {seed}, {queued} kills while queued, points {points}, replies {dict(replies)}"
    assert set(replies) == set(range(UPDATES)), context
    assert stored(db) == Counter(range(UPDATES)), f"each fact stored once; {context}"
    repeated = {n: count for n, count in replies.items() if count > 1}
    assert sum(count - 1 for count in repeated.values()) <= KILLS, context
    with sqlite3.connect(db) as conn:
        assert conn.execute("SELECT count(*) FROM inbox WHERE done_at IS NULL").fetchone() == (0,)
        assert conn.execute("SELECT count(*) FROM applied_update").fetchone() == (UPDATES,)
    print(f"crash test: {context}; answered twice: {sorted(repeated)}")  # for the report
