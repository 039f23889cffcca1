"""Telegram layer of memory-bot."""
