"""Settings: read and validate the bot's configuration from the environment and `.env`.

This module is the only reader of the environment. Field names map one to one to environment
variables (``owner_user_id`` is ``OWNER_USER_ID``). There is no module-level instance: the
command line builds one :class:`Settings` per run (flags override it) and hands it to every
command; tests construct :class:`Settings` with ``_env_file=None``. A bad value becomes a
:class:`SettingsError` whose message is one line naming the variable and never its secret value.

Nothing is required for every command: ``TELEGRAM_BOT_TOKEN`` and ``OWNER_USER_ID`` are asked
for only by ``run`` (:meth:`Settings.for_the_bot`), the one command that uses them.
"""

from __future__ import annotations

import os
import re
from pathlib import Path
from typing import Annotated, Any, Final, Literal

from pydantic import Field, SecretStr, ValidationError, field_validator, model_validator
from pydantic_core import ErrorDetails
from pydantic_settings import BaseSettings, NoDecode, SettingsConfigDict

__all__ = [
    "Settings",
    "SettingsError",
    "database_path_setting",
    "load_settings",
    "terminal_language",
]

#: Where the memory lives unless DATABASE_PATH (or a --db flag) says otherwise.
DEFAULT_DATABASE_PATH: Final = Path("data/memory.db")

#: Telegram accounts that send messages on behalf of something else; never a person.
#: 777000 service notifications and linked-channel forwards, 1087968824 GroupAnonymousBot,
#: 136817688 Channel_Bot, 1271266957 Replies, 93372553 BotFather.
SERVICE_ACCOUNT_IDS: Final[frozenset[int]] = frozenset(
    {777000, 1087968824, 136817688, 1271266957, 93372553}
)

_TOKEN_RE = re.compile(r"^\d+:[A-Za-z0-9_-]{30,}$")
_WEBHOOK_SECRET_RE = re.compile(r"^[A-Za-z0-9_-]{1,256}$")


class SettingsError(Exception):
    """A setting is missing or invalid; ``str()`` is one line that names the variable."""


class Settings(BaseSettings):
    """The bot's configuration; every field is an environment variable of the same name."""

    model_config = SettingsConfigDict(env_file=".env", extra="ignore")

    telegram_bot_token: SecretStr | None = None
    owner_user_id: int | None = None
    database_path: Path = DEFAULT_DATABASE_PATH
    telegram_base_url: str = "https://api.telegram.org/bot"
    telegram_base_file_url: str = "https://api.telegram.org/file/bot"
    non_owner_memory: Literal["off", "isolated"] = "off"
    isolated_chat_ids: Annotated[frozenset[int], NoDecode] = frozenset()
    webhook_url: str | None = None
    webhook_secret: SecretStr | None = None
    webhook_listen: str = "127.0.0.1"
    webhook_port: int = Field(default=8443, ge=1, le=65535)
    log_level: Literal["DEBUG", "INFO", "WARNING", "ERROR"] = "INFO"
    memory_fabric_dedup_threshold: float = Field(default=0.85, ge=0.0, le=1.0)
    memory_fabric_boost_factor: float = Field(default=1.2, ge=1.0)
    memory_fabric_max_results: int = Field(default=20, ge=1)
    recall_max_nodes: int = Field(default=3, ge=1, le=3)
    recall_max_observations: int = Field(default=12, ge=1, le=12)
    kb_path: Path | None = None
    kb_include: Annotated[tuple[str, ...] | None, NoDecode] = None
    kb_exclude: Annotated[tuple[str, ...] | None, NoDecode] = None
    kb_max_bytes: int = Field(default=1_000_000, ge=1)
    kb_owner_names: Annotated[tuple[str, ...], NoDecode] = ()
    llm_base_url: str | None = None
    llm_model: str | None = None
    llm_api_key: SecretStr | None = None
    llm_timeout: float = Field(default=20.0, gt=0, le=600)
    proposals: Literal["on", "off"] = "on"
    backup_dir: Path | None = None
    backup_keep: int = Field(default=7, ge=1)
    telegram_rate_limits: Literal["on", "off"] = "on"

    @field_validator(
        "telegram_bot_token",
        "webhook_secret",
        "webhook_url",
        "kb_path",
        "backup_dir",
        "llm_base_url",
        "llm_model",
        "llm_api_key",
        mode="before",
    )
    @classmethod
    def _empty_is_unset(cls, value: Any) -> Any:
        """Treat an empty environment value (``WEBHOOK_URL=``) as not set."""
        if isinstance(value, str) and not value.strip():
            return None
        return value

    @field_validator("telegram_bot_token")
    @classmethod
    def _check_token(cls, value: SecretStr | None) -> SecretStr | None:
        if value is not None and not _TOKEN_RE.fullmatch(value.get_secret_value()):
            raise ValueError("must look like '<digits>:<30+ letters, digits, _ or ->'")
        return value

    @field_validator("owner_user_id", mode="before")
    @classmethod
    def _empty_owner_is_unset(cls, value: Any) -> Any:
        """Treat ``OWNER_USER_ID=`` as not set."""
        if isinstance(value, str) and not value.strip():
            return None
        return value

    @field_validator("owner_user_id")
    @classmethod
    def _check_owner(cls, value: int | None) -> int | None:
        if value is None:
            return None
        if value <= 0 or value in SERVICE_ACCOUNT_IDS:
            raise ValueError(
                f"must be a positive integer user id, not a Telegram service account ({value})"
            )
        return value

    @field_validator("kb_include", "kb_exclude", "kb_owner_names", mode="before")
    @classmethod
    def _parse_list(cls, value: Any) -> Any:
        """Parse ``"a, b"`` into ``("a", "b")``; an empty string is unset (or empty)."""
        if isinstance(value, str):
            items = tuple(part.strip() for part in value.split(",") if part.strip())
            return items or None
        return value

    @field_validator("kb_owner_names", mode="after")
    @classmethod
    def _names_default(cls, value: tuple[str, ...] | None) -> tuple[str, ...]:
        return value or ()

    @field_validator("llm_base_url")
    @classmethod
    def _check_llm_url(cls, value: str | None) -> str | None:
        if value is not None and not re.match(r"^https?://[^\s/]+", value.strip()):
            raise ValueError("must be an http:// or https:// URL, e.g. http://127.0.0.1:11434/v1")
        return value.strip().rstrip("/") if value is not None else None

    @field_validator("non_owner_memory", "proposals", "telegram_rate_limits", mode="before")
    @classmethod
    def _lower_choice(cls, value: Any) -> Any:
        """Accept ``Isolated``: the choice is compared case-insensitively."""
        return value.strip().lower() if isinstance(value, str) else value

    @field_validator("log_level", mode="before")
    @classmethod
    def _upper_level(cls, value: Any) -> Any:
        """Accept ``info``: the level is compared case-insensitively."""
        return value.strip().upper() if isinstance(value, str) else value

    @field_validator("isolated_chat_ids", mode="before")
    @classmethod
    def _parse_chat_ids(cls, value: Any) -> Any:
        """Parse ``"-1001, -1002"`` into a set of ints; an empty string is the empty set."""
        if isinstance(value, str):
            parts = [part.strip() for part in value.split(",")]
            ids: set[int] = set()
            for part in parts:
                if not part:
                    continue
                try:
                    ids.add(int(part))
                except ValueError:
                    raise ValueError(
                        "must be comma-separated integer chat ids, e.g. -1001234567890"
                    ) from None
            return frozenset(ids)
        return value

    @field_validator("webhook_secret")
    @classmethod
    def _check_webhook_secret(cls, value: SecretStr | None) -> SecretStr | None:
        if value is not None and not _WEBHOOK_SECRET_RE.fullmatch(value.get_secret_value()):
            raise ValueError("must be 1-256 characters of A-Z, a-z, 0-9, _ and -")
        return value

    @model_validator(mode="after")
    def _webhook_needs_secret(self) -> Settings:
        if self.webhook_url is not None and self.webhook_secret is None:
            raise ValueError("WEBHOOK_SECRET: required when WEBHOOK_URL is set")
        if self.llm_base_url is not None and self.llm_model is None:
            raise ValueError("LLM_MODEL: required when LLM_BASE_URL is set")
        return self

    def for_the_bot(self) -> tuple[SecretStr, int]:
        """Return the token and the owner's id, which running the Telegram bot needs.

        Raises:
            SettingsError: one of them is not set (the message names it).
        """
        missing = [
            name
            for name, value in (
                ("OWNER_USER_ID", self.owner_user_id),
                ("TELEGRAM_BOT_TOKEN", self.telegram_bot_token),
            )
            if value is None
        ]
        if missing:
            more = f" (also not set: {', '.join(missing[1:])})" if len(missing) > 1 else ""
            raise SettingsError(f"{missing[0]}: is required to run the bot{more}")
        assert self.telegram_bot_token is not None  # noqa: S101 - checked just above
        assert self.owner_user_id is not None  # noqa: S101
        return self.telegram_bot_token, self.owner_user_id

    def database_origin(self) -> str:
        """Name where ``database_path`` came from: ``DATABASE_PATH`` or the default."""
        return "DATABASE_PATH" if "database_path" in self.model_fields_set else "the default"


def _env_name(loc: tuple[int | str, ...]) -> str | None:
    """Map a pydantic error location to the environment variable name, if it has one."""
    for part in loc:
        if isinstance(part, str) and part in Settings.model_fields:
            return part.upper()
    return None


def _describe(error: ErrorDetails) -> str:
    """Render one pydantic error dict as ``NAME: reason`` without echoing the input value."""
    name = _env_name(tuple(error["loc"]))
    kind = error["type"]
    message = " ".join(error["msg"].split())  # always one line
    if kind == "missing":
        reason = "is required but not set"
    elif kind == "value_error":
        reason = message.removeprefix("Value error, ")
    else:
        reason = message.replace("Input should be", "must be")
    if name is None:
        # Model-level errors already start with the variable name ("WEBHOOK_SECRET: ...").
        return reason
    return f"{name}: {reason}"


def load_settings(**overrides: Any) -> Settings:
    """Read the settings from the environment and ``.env``, with optional overrides.

    Args:
        **overrides: Field values (or pydantic-settings options such as ``_env_file``) that take
            precedence over the environment.

    Returns:
        The validated settings.

    Raises:
        SettingsError: A value is missing or invalid. The message is one line naming the first
            bad variable by its environment name; it never contains a secret value.
    """
    try:
        return Settings(**overrides)
    except ValidationError as exc:
        errors = exc.errors(include_input=False, include_url=False)
        first = _describe(errors[0]) if errors else "invalid settings"
        others = sorted({name for err in errors[1:] if (name := _env_name(tuple(err["loc"])))})
        more = f" (also invalid: {', '.join(others)})" if others else ""
        raise SettingsError(first + more) from None


class _DatabaseOnly(BaseSettings):
    """``DATABASE_PATH`` alone, read when the other settings are invalid (for ``doctor``)."""

    model_config = SettingsConfigDict(env_file=".env", extra="ignore")

    database_path: Path = DEFAULT_DATABASE_PATH


def database_path_setting(**overrides: Any) -> Path:
    """Return ``DATABASE_PATH`` (or an override) even when other settings are invalid."""
    try:
        return _DatabaseOnly(**overrides).database_path
    except ValidationError:
        return DEFAULT_DATABASE_PATH


def terminal_language() -> str | None:
    """Return the terminal's language from the locale variables (``ru_RU.UTF-8`` -> ``ru``)."""
    for name in ("LC_ALL", "LC_MESSAGES", "LANG"):
        value = os.environ.get(name, "").strip()
        if value and value not in ("C", "POSIX"):
            return value.split("_")[0].split(".")[0].lower() or None
    return None
