"""A bare python-telegram-bot echo bot: the baseline `bench_bot.py` measures the product against.

It polls the Bot API at ``BENCH_BASE_URL`` with ``BENCH_TOKEN``, echoes every private text
message back, and receives (but answers nothing to) every other message, through the same
``AIORateLimiter`` as the product: Telegram's limits, or none with ``BENCH_RATE_LIMITS=off``.
SIGTERM stops it.

    BENCH_BASE_URL=http://127.0.0.1:8081/bot BENCH_TOKEN=1:abc python bench/echo_bot.py
"""

from __future__ import annotations

import os

from telegram import Update
from telegram.ext import AIORateLimiter, Application, ContextTypes, MessageHandler, filters


async def echo(update: Update, _context: ContextTypes.DEFAULT_TYPE) -> None:
    """Send the message's text back to its chat."""
    if update.message is not None and update.message.text is not None:
        await update.message.reply_text(update.message.text)


async def receive(_update: Update, _context: ContextTypes.DEFAULT_TYPE) -> None:
    """Receive a message without answering (a group message to a bot with memory off)."""


def main() -> None:
    off = os.environ.get("BENCH_RATE_LIMITS", "on") == "off"
    limiter = (
        AIORateLimiter(overall_max_rate=0, group_max_rate=0, max_retries=3)
        if off
        else AIORateLimiter(max_retries=3)
    )
    app = (
        Application.builder()
        .token(os.environ["BENCH_TOKEN"])
        .base_url(os.environ["BENCH_BASE_URL"])
        .rate_limiter(limiter)
        .build()
    )
    app.add_handler(MessageHandler(filters.ChatType.PRIVATE & filters.TEXT, echo))
    app.add_handler(MessageHandler(filters.ALL, receive))
    app.run_polling(allowed_updates=["message", "edited_message", "callback_query"])


if __name__ == "__main__":
    main()
