"""The bots `bench_bot.py` measures, as processes: each polls its own fake Bot API on 127.0.0.1.

:class:`TimedApi` is ``tests/e2e/fake_bot_api.py`` keeping only when each reply arrived;
:class:`Bot` is one process (``memory-bot run``, or the bare echo bot of ``echo_bot.py``)
with its API; :func:`cpu_seconds` reads a process's CPU time to the nanosecond.
"""

from __future__ import annotations

import asyncio
import os
import signal
import subprocess
import sys
import time
from dataclasses import dataclass
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))  # the fake Bot API lives in tests/, which is not installed

from tests.e2e.fake_bot_api import Call, FakeBotApi  # noqa: E402

TOKEN = "987654321:AAH" + "b3nch_" * 6
OWNER = 5_000_001


# --------------------------------------------------------------------- the fake API
class TimedApi(FakeBotApi):
    """The fake Bot API, keeping only when each reply arrived (not every call's params)."""

    def __init__(self) -> None:
        super().__init__()
        self.replies: list[float] = []
        self.polls = 0
        self._want = 0
        self._enough = asyncio.Event()

    def expect(self, count: int) -> asyncio.Event:
        """Forget earlier replies; return an event set once ``count`` replies have arrived."""
        self.replies.clear()
        self._want = count
        self._enough = asyncio.Event()
        return self._enough

    async def _record(self, call: Call) -> None:
        method = call.method.lower()
        self._arrived.clear()  # nobody waits on it here; it would only grow
        if method == "getupdates":
            self.polls += 1
        elif method == "sendmessage" and call.ok:
            self.replies.append(time.perf_counter())
            if len(self.replies) >= self._want:
                self._enough.set()
        elif method == "setmycommands":
            await super()._record(call)


# ------------------------------------------------------------------------- the bots
def cpu_seconds(pid: int) -> float:
    """Return a process's CPU time so far (all its threads, ended ones too), in seconds.

    Read from the process's CPU-time clock (Linux ``MAKE_PROCESS_CPUCLOCK(pid, SCHED)``), to
    the nanosecond: ``/proc/<pid>/stat`` counts 10 ms ticks, too coarse for a cheap update.
    """
    return time.clock_gettime((~pid << 3) | 2)


def peak_rss_mb(pid: int) -> float:
    """Return a process's peak resident set size (VmHWM) in MiB."""
    for line in Path(f"/proc/{pid}/status").read_text().splitlines():
        if line.startswith("VmHWM:"):
            return int(line.split()[1]) / 1024
    raise RuntimeError(f"no VmHWM for pid {pid}")


def base_env(workdir: Path) -> dict[str, str]:
    """A clean environment: nothing of the caller's settings leaks into a bot."""
    keep = {k: v for k, v in os.environ.items() if k in {"PATH", "LANG", "LC_ALL", "TMPDIR"}}
    return {**keep, "HOME": str(workdir), "PYTHONPATH": str(ROOT)}


@dataclass
class Bot:
    """One bot process under test and its own fake API."""

    name: str
    api: TimedApi
    process: asyncio.subprocess.Process | None = None
    log_path: Path | None = None

    @property
    def pid(self) -> int:
        if self.process is None:
            raise RuntimeError(f"{self.name} is not running")
        return self.process.pid

    async def stop(self) -> None:
        if self.process is not None and self.process.returncode is None:
            self.process.send_signal(signal.SIGTERM)
            try:
                await asyncio.wait_for(self.process.wait(), 30)
            except TimeoutError:
                self.process.kill()
                await self.process.wait()


async def start_product(bot: Bot, db: Path, workdir: Path, limits: str) -> None:
    """Start ``memory-bot run`` on ``db`` and wait until it polls."""
    env = {
        **base_env(workdir),
        "TELEGRAM_BOT_TOKEN": TOKEN,
        "OWNER_USER_ID": str(OWNER),
        "TELEGRAM_BASE_URL": bot.api.base_url,
        "TELEGRAM_RATE_LIMITS": limits,
        "PROPOSALS": "off",
        "NON_OWNER_MEMORY": "off",
        "ISOLATED_CHAT_IDS": "",
        "LLM_BASE_URL": "",
        "BACKUP_DIR": "",
        "WEBHOOK_URL": "",
        "KB_PATH": "",
    }
    bot.log_path = workdir / f"{bot.name}-{limits}.log"
    with bot.log_path.open("ab") as err:
        bot.process = await asyncio.create_subprocess_exec(
            *[sys.executable, "-m", "bot", "run", "--db", str(db)],
            cwd=workdir,  # no .env here
            env=env,
            stdout=err,
            stderr=err,
        )
    await bot.api.wait_for("setMyCommands", count=2, timeout=120)
    await wait_polling(bot)


async def start_echo(bot: Bot, workdir: Path, limits: str) -> None:
    """Start the bare echo bot and wait until it polls."""
    env = {
        **base_env(workdir),
        "BENCH_TOKEN": TOKEN,
        "BENCH_BASE_URL": bot.api.base_url,
        "BENCH_RATE_LIMITS": limits,
    }
    bot.log_path = workdir / f"{bot.name}-{limits}.log"
    with bot.log_path.open("ab") as err:
        bot.process = await asyncio.create_subprocess_exec(
            *[sys.executable, str(ROOT / "bench" / "echo_bot.py")],
            cwd=workdir,
            env=env,
            stdout=err,
            stderr=err,
        )
    await wait_polling(bot)


async def wait_polling(bot: Bot, timeout: float = 120) -> None:  # noqa: ASYNC109
    deadline = time.monotonic() + timeout
    while bot.api.polls == 0:
        if bot.process is not None and bot.process.returncode is not None:
            raise RuntimeError(f"{bot.name} exited; see {bot.log_path}")
        if time.monotonic() > deadline:
            raise RuntimeError(f"{bot.name} did not poll within {timeout} s")
        await asyncio.sleep(0.05)


def start_profiler(pid: int, out: Path) -> subprocess.Popen[bytes]:
    """Sample the product with py-spy (raw collapsed stacks, threads included) until stopped."""
    py_spy = Path(sys.executable).with_name("py-spy")
    return subprocess.Popen(
        [str(py_spy), "record", "--pid", str(pid), "--format", "raw", "--rate", "250",
         "--threads", "--nonblocking", "-o", str(out)],
    )  # fmt: skip
