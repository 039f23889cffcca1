"""Settings: environment parsing, validation, and one-line errors that never leak secrets."""

from __future__ import annotations

import traceback
from pathlib import Path

import pytest
from pydantic import SecretStr

from bot.settings import Settings, SettingsError, load_settings

OWNER = "5000001"
# Assembled from parts so that no token-shaped literal sits in the repository.
TOKEN = "7123456789" + ":" + "AAH" + "x7Kq2-ZpL_m9" * 3
WEBHOOK_SECRET = "whs_" + "Q9v-" * 5


@pytest.fixture(autouse=True)
def clean_env(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    """No setting leaks in from the developer's shell or a stray .env in the working dir."""
    for name in Settings.model_fields:
        monkeypatch.delenv(name.upper(), raising=False)
    monkeypatch.chdir(tmp_path)


def load(**overrides: object) -> Settings:
    return load_settings(_env_file=None, **overrides)


def error_for(monkeypatch: pytest.MonkeyPatch, **env: str) -> SettingsError:
    for name, value in env.items():
        monkeypatch.setenv(name, value)
    with pytest.raises(SettingsError) as info:
        load()
    message = str(info.value)
    assert "\n" not in message, "the error must be one line"
    return info.value


def test_minimal_environment_gives_documented_defaults(monkeypatch: pytest.MonkeyPatch) -> None:
    """Only OWNER_USER_ID is required; everything else has the documented default."""
    monkeypatch.setenv("OWNER_USER_ID", OWNER)
    settings = load()
    assert settings.owner_user_id == int(OWNER)
    assert settings.telegram_bot_token is None
    assert settings.database_path == Path("data/memory.db")
    assert settings.telegram_base_url == "https://api.telegram.org/bot"
    assert settings.telegram_base_file_url == "https://api.telegram.org/file/bot"
    assert settings.non_owner_memory == "off"
    assert settings.isolated_chat_ids == frozenset()
    assert settings.webhook_url is None
    assert settings.webhook_secret is None
    assert (settings.webhook_listen, settings.webhook_port) == ("127.0.0.1", 8443)
    assert settings.log_level == "INFO"
    assert settings.memory_fabric_dedup_threshold == 0.85
    assert settings.memory_fabric_boost_factor == 1.2
    assert settings.memory_fabric_max_results == 20
    assert (settings.recall_max_nodes, settings.recall_max_observations) == (3, 12)
    assert settings.kb_path is None
    assert (settings.kb_include, settings.kb_exclude) == (None, None)
    assert (settings.kb_max_bytes, settings.kb_owner_names) == (1_000_000, ())
    assert (settings.llm_base_url, settings.llm_model, settings.llm_api_key) == (None, None, None)
    assert (settings.llm_timeout, settings.proposals) == (20.0, "on")


def test_nothing_is_required_until_the_bot_runs(monkeypatch: pytest.MonkeyPatch) -> None:
    """Only running the bot needs OWNER_USER_ID and the token; the line names what is missing."""
    settings = load()
    assert (settings.owner_user_id, settings.telegram_bot_token) == (None, None)
    with pytest.raises(SettingsError) as info:
        settings.for_the_bot()
    assert str(info.value) == (
        "OWNER_USER_ID: is required to run the bot (also not set: TELEGRAM_BOT_TOKEN)"
    )
    monkeypatch.setenv("OWNER_USER_ID", "")
    assert load().owner_user_id is None, "an empty value is not set"
    with pytest.raises(SettingsError, match=r"^TELEGRAM_BOT_TOKEN: is required to run the bot$"):
        load(owner_user_id=OWNER).for_the_bot()
    with pytest.raises(SettingsError, match=r"^OWNER_USER_ID: is required to run the bot"):
        load(telegram_bot_token=TOKEN).for_the_bot()
    token, owner = load(owner_user_id=OWNER, telegram_bot_token=TOKEN).for_the_bot()
    assert (token.get_secret_value(), owner) == (TOKEN, int(OWNER))


@pytest.mark.parametrize(
    "service_id", ["777000", "1087968824", "136817688", "1271266957", "93372553"]
)
def test_owner_cannot_be_a_telegram_service_account(
    monkeypatch: pytest.MonkeyPatch, service_id: str
) -> None:
    """Telegram's own accounts (777000, GroupAnonymousBot, ...) are never the owner."""
    message = str(error_for(monkeypatch, OWNER_USER_ID=service_id))
    assert message.startswith("OWNER_USER_ID: ")
    assert "service account" in message
    assert service_id in message


@pytest.mark.parametrize("value", ["-5", "0", "-1001234567890"])
def test_owner_must_be_positive(monkeypatch: pytest.MonkeyPatch, value: str) -> None:
    """A zero or negative id (a group id, say) is not a user."""
    message = str(error_for(monkeypatch, OWNER_USER_ID=value))
    assert message.startswith("OWNER_USER_ID: must be a positive integer user id")


def test_owner_must_be_an_integer(monkeypatch: pytest.MonkeyPatch) -> None:
    """A username is not an id: identity is numeric only."""
    message = str(error_for(monkeypatch, OWNER_USER_ID="@ivan"))
    assert message.startswith("OWNER_USER_ID: ")
    assert "integer" in message


def test_bad_non_owner_memory_is_named(monkeypatch: pytest.MonkeyPatch) -> None:
    """NON_OWNER_MEMORY accepts only off and isolated."""
    message = str(error_for(monkeypatch, OWNER_USER_ID=OWNER, NON_OWNER_MEMORY="shared"))
    assert message == "NON_OWNER_MEMORY: must be 'off' or 'isolated'"


def test_non_owner_memory_ignores_case(monkeypatch: pytest.MonkeyPatch) -> None:
    """``Isolated`` in the environment means isolated."""
    monkeypatch.setenv("OWNER_USER_ID", OWNER)
    monkeypatch.setenv("NON_OWNER_MEMORY", " Isolated ")
    assert load().non_owner_memory == "isolated"


def test_webhook_url_requires_a_secret(monkeypatch: pytest.MonkeyPatch) -> None:
    """A webhook without WEBHOOK_SECRET would accept forged updates: refuse to start."""
    message = str(
        error_for(monkeypatch, OWNER_USER_ID=OWNER, WEBHOOK_URL="https://bot.example.com/hook")
    )
    assert message.startswith("WEBHOOK_SECRET: ")
    assert "WEBHOOK_URL" in message


def test_webhook_with_secret_is_accepted(monkeypatch: pytest.MonkeyPatch) -> None:
    """With both set, the secret is kept as a SecretStr."""
    monkeypatch.setenv("OWNER_USER_ID", OWNER)
    monkeypatch.setenv("WEBHOOK_URL", "https://bot.example.com/hook")
    monkeypatch.setenv("WEBHOOK_SECRET", WEBHOOK_SECRET)
    settings = load()
    assert isinstance(settings.webhook_secret, SecretStr)
    assert settings.webhook_secret.get_secret_value() == WEBHOOK_SECRET


@pytest.mark.parametrize("bad", ["has space", "semi;colon", "x" * 257])
def test_bad_webhook_secret_is_named_not_shown(monkeypatch: pytest.MonkeyPatch, bad: str) -> None:
    """WEBHOOK_SECRET allows 1-256 of A-Z a-z 0-9 _ -; the error never echoes the value."""
    message = str(
        error_for(
            monkeypatch,
            OWNER_USER_ID=OWNER,
            WEBHOOK_URL="https://bot.example.com/hook",
            WEBHOOK_SECRET=bad,
        )
    )
    assert message.startswith("WEBHOOK_SECRET: ")
    assert bad not in message


@pytest.mark.parametrize(
    ("raw", "expected"),
    [
        ("", frozenset()),
        ("-1001234567890", frozenset({-1001234567890})),
        ("-1001234567890,-1009876543210", frozenset({-1001234567890, -1009876543210})),
        (" -1001 , -1002 ,, ", frozenset({-1001, -1002})),
        ("-1001,-1001", frozenset({-1001})),
    ],
)
def test_isolated_chat_ids_parse_from_a_comma_separated_string(
    monkeypatch: pytest.MonkeyPatch, raw: str, expected: frozenset[int]
) -> None:
    """ISOLATED_CHAT_IDS is a comma list of ints (not JSON); empty means none."""
    monkeypatch.setenv("OWNER_USER_ID", OWNER)
    monkeypatch.setenv("ISOLATED_CHAT_IDS", raw)
    assert load().isolated_chat_ids == expected


def test_isolated_chat_ids_reject_non_integers(monkeypatch: pytest.MonkeyPatch) -> None:
    """A chat username or typo in ISOLATED_CHAT_IDS stops start-up with the variable named."""
    message = str(error_for(monkeypatch, OWNER_USER_ID=OWNER, ISOLATED_CHAT_IDS="-1001,@team"))
    assert message.startswith("ISOLATED_CHAT_IDS: ")


def test_isolated_chat_ids_accept_a_set_override() -> None:
    """Code (and tests) can pass the set directly."""
    settings = load(owner_user_id=int(OWNER), isolated_chat_ids={-1001, -1002})
    assert settings.isolated_chat_ids == frozenset({-1001, -1002})


def test_valid_token_is_kept_secret(monkeypatch: pytest.MonkeyPatch) -> None:
    """The token is readable on purpose only; repr, str and JSON dumps mask it."""
    monkeypatch.setenv("OWNER_USER_ID", OWNER)
    monkeypatch.setenv("TELEGRAM_BOT_TOKEN", TOKEN)
    settings = load()
    assert settings.telegram_bot_token is not None
    assert settings.telegram_bot_token.get_secret_value() == TOKEN
    for rendering in (repr(settings), str(settings), settings.model_dump_json()):
        assert TOKEN not in rendering
        assert TOKEN.split(":")[1] not in rendering


@pytest.mark.parametrize(
    "bad_token",
    [
        "not-a-token",
        "123456:short",
        TOKEN.replace(":", "-"),
        TOKEN + " ",
        "abc:" + "A" * 35,
    ],
)
def test_malformed_token_is_named_not_shown(
    monkeypatch: pytest.MonkeyPatch, bad_token: str
) -> None:
    """A malformed token stops start-up; neither the message nor the traceback shows it."""
    err = error_for(monkeypatch, OWNER_USER_ID=OWNER, TELEGRAM_BOT_TOKEN=bad_token)
    message = str(err)
    assert message.startswith("TELEGRAM_BOT_TOKEN: ")
    assert bad_token.strip() not in message
    rendered = "".join(traceback.format_exception(err))
    assert bad_token.strip() not in rendered


def test_token_never_appears_in_an_error_about_another_setting(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """When another setting is bad, the error (and its traceback) still hides the token."""
    err = error_for(monkeypatch, TELEGRAM_BOT_TOKEN=TOKEN, OWNER_USER_ID="777000")
    rendered = "".join(traceback.format_exception(err))
    assert TOKEN not in rendered
    assert TOKEN.split(":")[1] not in rendered


def test_several_bad_settings_are_one_line_naming_each(monkeypatch: pytest.MonkeyPatch) -> None:
    """The first problem is explained; the others are named on the same line."""
    message = str(
        error_for(monkeypatch, OWNER_USER_ID="0", RECALL_MAX_NODES="4", LOG_LEVEL="LOUD")
    )
    assert message.startswith("OWNER_USER_ID: ")
    assert "LOG_LEVEL" in message
    assert "RECALL_MAX_NODES" in message


@pytest.mark.parametrize(
    ("name", "value"),
    [
        ("RECALL_MAX_NODES", "0"),
        ("RECALL_MAX_NODES", "4"),
        ("RECALL_MAX_OBSERVATIONS", "13"),
        ("MEMORY_FABRIC_DEDUP_THRESHOLD", "1.5"),
        ("MEMORY_FABRIC_MAX_RESULTS", "0"),
        ("WEBHOOK_PORT", "70000"),
        ("LOG_LEVEL", "TRACE"),
    ],
)
def test_out_of_range_values_are_named(
    monkeypatch: pytest.MonkeyPatch, name: str, value: str
) -> None:
    """Numeric and choice settings outside their range stop start-up, naming the variable."""
    message = str(error_for(monkeypatch, OWNER_USER_ID=OWNER, **{name: value}))
    assert message.startswith(f"{name}: ")


def test_log_level_ignores_case(monkeypatch: pytest.MonkeyPatch) -> None:
    """``debug`` means DEBUG."""
    monkeypatch.setenv("OWNER_USER_ID", OWNER)
    monkeypatch.setenv("LOG_LEVEL", "debug")
    assert load().log_level == "DEBUG"


def test_empty_optional_values_mean_unset(monkeypatch: pytest.MonkeyPatch) -> None:
    """``WEBHOOK_URL=`` and ``KB_PATH=`` in .env.example style mean "not set"."""
    monkeypatch.setenv("OWNER_USER_ID", OWNER)
    monkeypatch.setenv("WEBHOOK_URL", "")
    monkeypatch.setenv("KB_PATH", "")
    monkeypatch.setenv("TELEGRAM_BOT_TOKEN", "")
    settings = load()
    assert settings.webhook_url is None
    assert settings.kb_path is None
    assert (settings.kb_include, settings.kb_exclude) == (None, None)
    assert (settings.kb_max_bytes, settings.kb_owner_names) == (1_000_000, ())
    assert (settings.llm_base_url, settings.llm_model, settings.llm_api_key) == (None, None, None)
    assert (settings.llm_timeout, settings.proposals) == (20.0, "on")
    assert settings.telegram_bot_token is None


def test_overrides_beat_the_environment(monkeypatch: pytest.MonkeyPatch) -> None:
    """Keyword overrides to load_settings take precedence over environment variables."""
    monkeypatch.setenv("OWNER_USER_ID", OWNER)
    monkeypatch.setenv("DATABASE_PATH", "from-env.db")
    settings = load(database_path=Path("override.db"))
    assert settings.database_path == Path("override.db")


def test_dotenv_file_is_read(tmp_path: Path) -> None:
    """Values come from a .env file too, and unknown keys there are ignored."""
    env_file = tmp_path / "custom.env"
    env_file.write_text(
        f"OWNER_USER_ID={OWNER}\nISOLATED_CHAT_IDS=-1001,-1002\nUNRELATED_THING=1\n",
        encoding="utf-8",
    )
    settings = load_settings(_env_file=env_file)
    assert settings.owner_user_id == int(OWNER)
    assert settings.isolated_chat_ids == frozenset({-1001, -1002})


def test_env_example_lists_every_setting() -> None:
    """.env.example documents every Settings field, each with a comment line above it."""
    example = Path(__file__).parents[2] / ".env.example"
    lines = example.read_text(encoding="utf-8").splitlines()
    keys = {line.split("=", 1)[0] for line in lines if line and not line.startswith("#")}
    assert keys == {name.upper() for name in Settings.model_fields}
    for index, line in enumerate(lines):
        if line and not line.startswith("#"):
            assert lines[index - 1].startswith("#"), f"no comment above {line.split('=')[0]}"


def test_env_example_values_are_valid(monkeypatch: pytest.MonkeyPatch) -> None:
    """The example file itself loads: its fake values pass validation."""
    example = Path(__file__).parents[2] / ".env.example"
    settings = load_settings(_env_file=example)
    assert settings.owner_user_id is not None
    assert settings.owner_user_id > 0


def test_backup_settings(monkeypatch: pytest.MonkeyPatch) -> None:
    """Daily backups are off unless BACKUP_DIR is set; BACKUP_KEEP keeps at least one."""
    monkeypatch.delenv("BACKUP_DIR", raising=False)
    monkeypatch.delenv("BACKUP_KEEP", raising=False)
    settings = load_settings(_env_file=None, owner_user_id=42, backup_dir="")
    assert (settings.backup_dir, settings.backup_keep) == (None, 7)
    settings = load_settings(_env_file=None, owner_user_id=42, backup_dir="/srv/b", backup_keep=3)
    assert (settings.backup_dir, settings.backup_keep) == (Path("/srv/b"), 3)
    with pytest.raises(SettingsError, match=r"^BACKUP_KEEP: "):
        load_settings(_env_file=None, owner_user_id=42, backup_keep=0)


def test_llm_and_kb_settings(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("OWNER_USER_ID", OWNER)
    monkeypatch.setenv("LLM_BASE_URL", "http://127.0.0.1:11434/v1/")
    monkeypatch.setenv("LLM_MODEL", "llama3.1")
    monkeypatch.setenv("LLM_API_KEY", "sk-secret-value-1")
    monkeypatch.setenv("LLM_TIMEOUT", "7.5")
    monkeypatch.setenv("PROPOSALS", "OFF")
    monkeypatch.setenv("KB_INCLUDE", "notes/**/*.md, docs/*.md")
    monkeypatch.setenv("KB_EXCLUDE", "")
    monkeypatch.setenv("KB_OWNER_NAMES", "Alex Smith, @alex")
    settings = load()
    assert settings.llm_base_url == "http://127.0.0.1:11434/v1"
    assert settings.llm_model == "llama3.1"
    assert settings.llm_api_key == SecretStr("sk-secret-value-1")
    assert "sk-secret-value-1" not in repr(settings)
    assert (settings.llm_timeout, settings.proposals) == (7.5, "off")
    assert settings.kb_include == ("notes/**/*.md", "docs/*.md")
    assert settings.kb_exclude is None
    assert settings.kb_owner_names == ("Alex Smith", "@alex")


@pytest.mark.parametrize(
    ("env", "needle"),
    [
        ({"LLM_BASE_URL": "http://127.0.0.1:11434/v1"}, "LLM_MODEL: required"),
        ({"LLM_BASE_URL": "ftp://host/v1", "LLM_MODEL": "m"}, "LLM_BASE_URL: must be an http"),
        ({"LLM_TIMEOUT": "0"}, "LLM_TIMEOUT"),
        ({"PROPOSALS": "maybe"}, "PROPOSALS"),
        ({"KB_MAX_BYTES": "0"}, "KB_MAX_BYTES"),
    ],
)
def test_bad_llm_and_kb_settings_name_the_variable(
    monkeypatch: pytest.MonkeyPatch, env: dict[str, str], needle: str
) -> None:
    monkeypatch.setenv("OWNER_USER_ID", OWNER)
    monkeypatch.setenv("LLM_API_KEY", "sk-never-shown")
    error = error_for(monkeypatch, **env)
    assert needle in str(error)
    assert "sk-never-shown" not in str(error)
