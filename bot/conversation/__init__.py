"""The conversation shared by Telegram and the terminal: grammar, pipeline, use cases."""
