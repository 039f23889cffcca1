"""The composition root: build the Telegram Application from settings and a memory store.

:func:`build_application` is the one place where objects are wired together. It does no
I/O: the store is opened in ``post_init`` (which also publishes the command menu in both
languages) and closed in ``post_shutdown``. :func:`serve` runs the Application the way
``run_polling`` / ``run_webhook`` do (same order of hooks), but inside the caller's event
loop and until an ``asyncio.Event`` is set, so the command line and the end-to-end tests
run the bot through the very same code.

Every update is stored in the database's inbox before it is handled and finished after its
reply (:mod:`bot.telegram.inbox`); at start, what a crash left unfinished is handled first.
Stopping finishes the update in hand (and any already fetched) before the store closes.
When Telegram answers ``getUpdates`` with 409 Conflict, another process polls with the same
token: :func:`serve` stops and raises :class:`PollingConflictError` instead of fighting it.
With ``BACKUP_DIR`` set, daily backups run alongside (:class:`bot.ops.backup.DailyBackups`);
the memory lifecycle (:class:`bot.ops.lifecycle_job.DailyLifecycle`) always does. With
``LLM_BASE_URL`` set, one :class:`bot.conversation.language_model.LanguageModel` (one HTTP
client) answers ordinary messages; it is opened in ``post_init`` and closed in ``post_shutdown``.
"""

from __future__ import annotations

import asyncio
import gc
import importlib.util
import logging
from typing import Any, Final
from urllib.parse import urlsplit

from telegram import Bot, BotCommand, LinkPreviewOptions, Update
from telegram.constants import ParseMode
from telegram.error import Conflict, InvalidToken, NetworkError, TelegramError
from telegram.ext import AIORateLimiter, Application, Defaults

from bot.conversation.commands import COMMANDS
from bot.conversation.texts import LANGS
from bot.conversation.wiring import language_model, pipeline_from, recall_options
from bot.ops.backup import DailyBackups
from bot.ops.lifecycle_job import DailyLifecycle
from bot.settings import Settings, SettingsError
from bot.telegram.buttons import ButtonStore
from bot.telegram.handlers import TelegramHandlers
from bot.telegram.inbox import DurableQueue, InboxProcessor, StoringRequest
from bot.telegram.json_request import JsonRequest
from bot.telegram.policy import may_reach_memory
from memory_core import Memory
from memory_core.recall import warm_up
from memory_core.scope import Scope

__all__ = [
    "ALLOWED_UPDATES",
    "BotApplication",
    "PollingConflictError",
    "build_application",
    "language_model",
    "publish_commands",
    "rate_limiter",
    "recall_options",
    "serve",
    "start_failure",
]

logger = logging.getLogger(__name__)

BotApplication = Application[Any, Any, Any, Any, Any, Any]

ALLOWED_UPDATES: Final[tuple[str, ...]] = (
    Update.MESSAGE,
    Update.EDITED_MESSAGE,
    Update.CALLBACK_QUERY,
)
"""The only update types the bot asks Telegram for (no inline queries, no channel posts)."""

MAX_RETRIES = 3
"""How often the rate limiter retries a call that got 429 Too Many Requests."""


class PollingConflictError(Exception):
    """Telegram said another process is polling with this bot token (409 Conflict)."""

    def __init__(self) -> None:
        super().__init__(
            "another process is polling Telegram with this bot token (409 Conflict); "
            "stopped so that only one runs"
        )


def start_failure(exc: TelegramError, settings: Settings) -> str:
    """Say in one line why the Bot API refused to start the bot, naming the setting.

    Telegram answers a bad token with JSON (401, or 404 for a malformed one); a 404 or any
    answer that is not the Bot API's JSON means ``TELEGRAM_BASE_URL`` points elsewhere.
    """
    url = settings.telegram_base_url
    text = " ".join(str(exc).split())
    cause = exc.__cause__ if isinstance(exc.__cause__, TelegramError) else exc
    first = " ".join(str(cause).split())  # PTB re-raises a refused getMe as "token rejected"
    if "Parsing the server response" in first or "Invalid server response" in first:
        status = first.split(". Parsing", 1)[0]
        return (
            f"TELEGRAM_BASE_URL: {url} does not answer as the Bot API ({status}); "
            "check the address"
        )
    if isinstance(exc, InvalidToken):
        return "TELEGRAM_BOT_TOKEN: Telegram rejected the token; copy it again from @BotFather"
    if isinstance(exc, NetworkError):
        return f"cannot reach the Bot API at TELEGRAM_BASE_URL {url}: {type(exc).__name__}: {text}"
    return f"cannot start the bot: {type(exc).__name__}: {text}"


def rate_limiter(settings: Settings) -> AIORateLimiter:
    """Return the limiter: Telegram's limits, or none with ``TELEGRAM_RATE_LIMITS=off``.

    Either way a call answered 429 Too Many Requests waits as told and is retried.
    """
    if settings.telegram_rate_limits == "off":
        return AIORateLimiter(overall_max_rate=0, group_max_rate=0, max_retries=MAX_RETRIES)
    return AIORateLimiter(max_retries=MAX_RETRIES)


async def publish_commands(bot: Bot) -> None:
    """Set the command menu from the command table, in English (default) and Russian."""
    for lang in LANGS:
        commands = [BotCommand(spec.name, spec.about(lang)) for spec in COMMANDS]
        await bot.set_my_commands(commands, language_code=None if lang == "en" else lang)


def build_application(settings: Settings, memory: Memory) -> BotApplication:
    """Build the bot: handlers, rate limiter, HTML defaults, and the store's lifecycle.

    Args:
        settings: validated settings; ``TELEGRAM_BOT_TOKEN`` and ``OWNER_USER_ID`` must be set.
        memory: the store, not yet opened (``post_init`` opens it).

    Returns:
        The Application, ready for :func:`serve`.

    Raises:
        SettingsError: the token or the owner's id is missing.
    """
    token, _owner = settings.for_the_bot()
    backups = (
        DailyBackups(memory.db.path, settings.backup_dir, settings.backup_keep)
        if settings.backup_dir is not None
        else None
    )
    lifecycle = DailyLifecycle(memory)
    model = language_model(settings)
    stop_backups = asyncio.Event()
    background: list[asyncio.Task[None]] = []

    async def post_init(app: BotApplication) -> None:
        await memory.open()
        await warm_up(memory.scoped(Scope.owner()))  # the owner's first question is not slower
        # What exists now (modules, the caches of names and words) lives as long as the bot;
        # frozen, the garbage collector's full passes no longer walk it on every message.
        gc.freeze()
        if model is not None:
            await model.open()
        stop_backups.clear()
        if backups is not None:
            background.append(asyncio.create_task(backups.run(stop_backups)))
        background.append(asyncio.create_task(lifecycle.run(stop_backups)))
        try:
            await publish_commands(app.bot)
        except TelegramError as exc:  # the menu is a nicety; the bot works without it
            logger.warning("could not set the command menu: %s", type(exc).__name__)

    async def post_shutdown(_app: BotApplication) -> None:
        stop_backups.set()
        # a backup in progress is finished, not cut off
        results = await asyncio.gather(*background, return_exceptions=True)
        background.clear()
        for result in results:
            if isinstance(result, BaseException):
                logger.error("a daily job stopped: %s", type(result).__name__)
        if model is not None:
            await model.close()
        await memory.close()

    queue = DurableQueue(memory.inbox)
    processor = InboxProcessor(queue)
    defaults = Defaults(
        parse_mode=ParseMode.HTML, link_preview_options=LinkPreviewOptions(is_disabled=True)
    )
    app: BotApplication = (
        Application.builder()
        .token(token.get_secret_value())
        .base_url(settings.telegram_base_url)
        .base_file_url(settings.telegram_base_file_url)
        .rate_limiter(rate_limiter(settings))
        .defaults(defaults)
        .request(JsonRequest())
        .post_init(post_init)
        .post_shutdown(post_shutdown)
        .update_queue(queue)
        .get_updates_request(StoringRequest(queue))
        .concurrent_updates(processor)
        .build()
    )
    buttons = ButtonStore()
    pipeline = pipeline_from(settings, model)
    handlers = TelegramHandlers(settings, memory, pipeline, buttons)
    handlers.register(app)
    processor.quiet = lambda update: handlers.scope_of(update) is None
    isolated = settings.isolated_chat_ids
    queue.keeps = lambda raw: may_reach_memory(raw, isolated_chat_ids=isolated)
    return app


async def serve(app: BotApplication, settings: Settings, stop: asyncio.Event) -> None:
    """Run the bot until ``stop`` is set: long polling, or a webhook when ``WEBHOOK_URL`` is set.

    The order matches PTB's ``run_polling``: initialize, ``post_init``, start receiving
    updates, start processing; then stop both, shut down, ``post_shutdown``.

    Raises:
        SettingsError: webhook mode without its secret, or without PTB's webhook extra.
        PollingConflictError: another process polls with the same token (after a clean stop).
    """
    updater = app.updater
    if updater is None:
        raise RuntimeError("the Application was built without an Updater")
    if settings.webhook_url is not None:
        if settings.webhook_secret is None:
            raise SettingsError("WEBHOOK_SECRET: required when WEBHOOK_URL is set")
        if importlib.util.find_spec("tornado") is None:
            raise SettingsError(
                "WEBHOOK_URL: webhook mode needs python-telegram-bot[webhooks] installed"
            )
    allowed = list(ALLOWED_UPDATES)
    conflicts: list[Conflict] = []

    def polling_failed(exc: TelegramError) -> None:
        if isinstance(exc, Conflict):
            conflicts.append(exc)
            stop.set()
        else:
            logger.warning("getUpdates failed, retrying: %s: %s", type(exc).__name__, exc)

    await app.initialize()
    try:
        if app.post_init is not None:
            await app.post_init(app)
        if isinstance(app.update_queue, DurableQueue):
            await app.update_queue.replay(app.bot)  # before anything new is fetched
        if settings.webhook_url is not None and settings.webhook_secret is not None:
            await updater.start_webhook(
                listen=settings.webhook_listen,
                port=settings.webhook_port,
                url_path=urlsplit(settings.webhook_url).path.lstrip("/"),
                webhook_url=settings.webhook_url,
                secret_token=settings.webhook_secret.get_secret_value(),
                allowed_updates=allowed,
            )
        else:
            await updater.start_polling(allowed_updates=allowed, error_callback=polling_failed)
        await app.start()
        await stop.wait()
    finally:
        if updater.running:
            await updater.stop()
        if app.running:
            await app.stop()
        await app.shutdown()
        if app.post_shutdown is not None:
            await app.post_shutdown(app)
    if conflicts:
        raise PollingConflictError
