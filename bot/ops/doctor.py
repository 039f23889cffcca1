"""Health checks for ``memory-bot doctor``: settings, the database file, backups, the Bot API.

Each check gives one :class:`Check` (OK, WARN or FAIL, a name, one line of detail). Nothing
here writes to the database or changes the bot; FTS ``integrity-check`` only reads, and so
does the scan for stored secrets (it names scopes, entities and kinds, never the text).
"""

from __future__ import annotations

import datetime as dt
import time
from dataclasses import dataclass
from pathlib import Path
from typing import Literal

from telegram import Bot, User
from telegram.error import TelegramError

from bot.cli.options import default_db
from bot.ops.backup import DAY, backups_in
from bot.ops.instance_lock import lock_holder
from bot.ops.redaction import redact
from bot.settings import Settings, SettingsError, load_settings
from memory_core import StorageError, bilingual
from memory_core.secret_audit import scan_file, summary
from memory_core.upkeep import (
    KNOWN_MIGRATIONS,
    applied_migrations,
    integrity_problems,
    search_index_problems,
)

__all__ = ["Check", "Status", "bot_api_checks", "database_checks", "run_checks"]

Status = Literal["OK", "WARN", "FAIL"]


@dataclass(frozen=True, slots=True)
class Check:
    """The outcome of one check."""

    status: Status
    name: str
    detail: str

    def line(self) -> str:
        """Render as one line: ``OK    name: detail``."""
        return f"{self.status:<5} {self.name}: {self.detail}"


def _problems(name: str, problems: list[str]) -> Check:
    more = f" (and {len(problems) - 1} more)" if len(problems) > 1 else ""
    return Check("FAIL", name, problems[0] + more)


def database_checks(db: Path) -> list[Check]:
    """Check the database file: present, who runs on it, integrity, indexes, schema."""
    if not db.is_file():
        return [Check("WARN", "database", f"{db} does not exist yet; `memory-bot run` creates it")]
    checks = [Check("OK", "database", f"{db} ({db.stat().st_size} bytes)")]
    pid = lock_holder(db)
    running = f"a bot is running on it (pid {pid})" if pid else "no bot is running on it"
    checks.append(Check("OK", "instance", running))
    try:
        problems = integrity_problems(db)
    except StorageError as exc:
        return [*checks, Check("FAIL", "integrity", str(exc))]
    checks.append(_problems("integrity", problems) if problems else Check("OK", "integrity", "ok"))
    index = search_index_problems(db)
    checks.append(
        _problems("search index", index)
        if index
        else Check("OK", "search index", "entity_fts, observation_fts and entity_doc in step")
    )
    checks.append(_secrets_check(db))
    applied = applied_migrations(db)
    unknown = sorted(set(applied) - set(KNOWN_MIGRATIONS))
    pending = [m for m in KNOWN_MIGRATIONS if m not in applied]
    if unknown:
        detail = f"written by a newer memory-bot (unknown migrations: {', '.join(unknown)})"
        checks.append(Check("FAIL", "schema", detail))
    elif pending:
        count = f"{len(pending)} of {len(KNOWN_MIGRATIONS)}"
        detail = f"{count} migrations pending; the next start applies them"
        checks.append(Check("WARN", "schema", detail))
    else:
        checks.append(Check("OK", "schema", f"up to date ({len(applied)} migrations)"))
    return checks


def _secrets_check(db: Path) -> Check:
    """What the file holds that the secret guard refuses: counts and entities, no text."""
    found = scan_file(db)
    if not found:
        return Check("OK", "stored secrets", "none")
    detail = summary(found) + "; `memory-bot forget-secrets` removes them"
    return Check("WARN", "stored secrets", detail)


def backup_check(settings: Settings, now: float | None = None) -> Check:
    """Check the daily backups: on or off, and how old the newest one is."""
    if settings.backup_dir is None:
        return Check("OK", "backups", "daily backups are off (set BACKUP_DIR to turn them on)")
    existing = backups_in(settings.backup_dir)
    if not existing:
        return Check("WARN", "backups", f"none in {settings.backup_dir} yet")
    newest = existing[-1]
    age = (now if now is not None else time.time()) - newest.stat().st_mtime
    when = dt.datetime.fromtimestamp(newest.stat().st_mtime, tz=dt.UTC)
    detail = f"newest {newest.name} ({when:%Y-%m-%d %H:%M} UTC), {len(existing)} kept"
    return Check("WARN" if age > 2 * DAY else "OK", "backups", detail)


def _flag_checks(me: User) -> list[Check]:
    checks: list[Check] = []
    if me.supports_inline_queries:
        detail = "on; turn it off in @BotFather (/setinline): inline queries never get memory"
        checks.append(Check("WARN", "inline mode", detail))
    else:
        checks.append(Check("OK", "inline mode", "off"))
    if me.can_connect_to_business:
        detail = "on; turn it off in @BotFather (Business Mode): business chats get no memory"
        checks.append(Check("WARN", "business mode", detail))
    else:
        checks.append(Check("OK", "business mode", "off"))
    if me.can_read_all_group_messages:
        detail = (
            "off: the bot receives every group message; turn it on in @BotFather (/setprivacy)"
        )
        checks.append(Check("WARN", "group privacy", detail))
    else:
        checks.append(
            Check("OK", "group privacy", "on (in groups the bot sees commands and replies)")
        )
    return checks


async def bot_api_checks(settings: Settings) -> list[Check]:
    """Ask the Bot API ``getMe`` and check the bot's inline, business and privacy flags."""
    if settings.telegram_bot_token is None:
        return [Check("WARN", "bot api", "TELEGRAM_BOT_TOKEN is not set; not checked")]
    token = settings.telegram_bot_token.get_secret_value()
    bot = Bot(
        token,
        base_url=settings.telegram_base_url,
        base_file_url=settings.telegram_base_file_url,
    )
    try:
        async with bot:
            me = await bot.get_me()
    except TelegramError as exc:
        reason = redact(f"{type(exc).__name__}: {exc}", [token])
        return [Check("FAIL", "bot api", f"getMe failed: {reason}")]
    return [Check("OK", "bot api", f"@{me.username} answers getMe"), *_flag_checks(me)]


def dictionary_check(db: Path) -> Check:
    """Whether recall has its English-Russian dictionary (else it uses the glossary only)."""
    line = bilingual.load(db).status()
    missing = line.startswith("dictionary missing")
    return Check("WARN" if missing else "OK", "dictionary", line.removeprefix("dictionary: "))


async def run_checks(db: Path | None = None) -> list[Check]:
    """Run every check: settings from the environment and ``.env``, then the rest."""
    try:
        settings: Settings | None = load_settings(
            **({"database_path": db} if db is not None else {})
        )
    except SettingsError as exc:
        settings = None
        checks = [Check("FAIL", "settings", str(exc))]
    else:
        checks = [Check("OK", "settings", "valid")]
    path = settings.database_path if settings is not None else db or default_db()
    try:
        checks.extend(database_checks(path))
    except StorageError as exc:
        checks.append(Check("FAIL", "database", str(exc)))
    checks.append(dictionary_check(path))
    if settings is None:
        checks.append(Check("WARN", "bot api", "not checked (the settings are invalid)"))
        return checks
    checks.append(backup_check(settings))
    checks.extend(await bot_api_checks(settings))
    return checks
