"""The Telegram adapter: the composition root, handlers, the update -> Scope policy and buttons."""
