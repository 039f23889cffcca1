"""Find durable facts a message states without a trigger, to offer remembering them (pure).

Rules cover common Russian and English phrasings ("я живу в Белграде", "my manager is Jane
Brooks", "I prefer answers in English"); a language model's extraction, when configured,
is read by :func:`facts_from_json`, which validates and caps what the model returns. Questions
and messages holding secrets are never proposed (:func:`is_proposable`). Only ``pref`` and
``fact`` lines are ever proposed: never a rule for the bot.
"""

from __future__ import annotations

import functools
import json
import re
from dataclasses import dataclass
from typing import Any, Final

from bot.conversation.secret_guard import find_secret
from memory_core.errors import InvalidInputError
from memory_core.naming import canonical_entity

__all__ = [
    "MAX_FACTS",
    "ProposedFact",
    "facts_from_json",
    "is_proposable",
    "propose",
]

MAX_FACTS: Final = 3
"""At most this many facts are offered for one message."""
_MAX_MESSAGE = 300
_MAX_VALUE = 120
_KINDS: Final = frozenset({"pref", "fact"})
_KEY_RE = re.compile(r"^[a-z][a-z0-9_.-]{0,39}$")
_QUESTION_RE = re.compile(
    r"^\s*(?:what|who|whom|whose|where|when|why|how|which|do|does|did|is|are|can|could|"
    r"would|should|will|что|кто|где|когда|почему|зачем|как|какой|какая|какое|какие|чей|"
    r"сколько|можно|ли)\b",
    re.IGNORECASE,
)


@dataclass(frozen=True, slots=True)
class ProposedFact:
    """A fact to offer: on ``entity`` (``None``: the speaker's ``User:`` entry).

    The line is ``kind: key=value`` when ``key`` is set, else ``kind: value``.
    """

    entity: str | None
    kind: str
    key: str | None
    value: str


def is_proposable(text: str) -> bool:
    """Tell whether a message may be looked at for facts: a short statement, no secrets."""
    text = text.strip()
    if not text or len(text) > _MAX_MESSAGE or "\n" in text:
        return False
    if "?" in text or _QUESTION_RE.match(text):
        return False
    return find_secret(text) is None


def _roles(pairs: dict[str, str]) -> tuple[re.Pattern[str], dict[str, str]]:
    keys = {" ".join(k.split()).lower(): v for k, v in pairs.items()}
    words = sorted(keys, key=len, reverse=True)
    alternation = "|".join(r"\s+".join(map(re.escape, w.split())) for w in words)
    return re.compile(alternation, re.IGNORECASE), keys


_EN_ROLES = _roles(
    {
        "manager": "manager",
        "boss": "manager",
        "line manager": "manager",
        "team lead": "team_lead",
        "team leader": "team_lead",
        "teamlead": "team_lead",
        "tech lead": "tech_lead",
        "mentor": "mentor",
        "wife": "wife",
        "husband": "husband",
        "partner": "partner",
        "doctor": "doctor",
        "assistant": "assistant",
        "time zone": "timezone",
        "timezone": "timezone",
        "birthday": "birthday",
        "home town": "hometown",
        "hometown": "hometown",
        "native language": "native_language",
        "favourite language": "favourite_language",
        "favorite language": "favourite_language",
    }
)
_RU_ROLES = _roles(
    {
        "тимлид": "team_lead",
        "техлид": "tech_lead",
        "руководитель": "manager",
        "начальник": "manager",
        "менеджер": "manager",
        "наставник": "mentor",
        "ментор": "mentor",
        "жена": "wife",
        "муж": "husband",
        "врач": "doctor",
        "ассистент": "assistant",
        "часовой пояс": "timezone",
        "день рождения": "birthday",
        "родной город": "hometown",
        "родной язык": "native_language",
    }
)
_END = r"\s*[.!]*\s*$"
_PATTERNS: Final[tuple[tuple[re.Pattern[str], str, str | None], ...]] = (
    # (pattern with a "v" group, kind, key); key "*" takes the key from the "role" group
    (re.compile(r"^(?P<v>(?:я\s+)?предпочитаю\s+.+?)" + _END, re.I), "pref", None),
    (
        re.compile(
            r"^(?P<v>i\s+(?:really\s+|usually\s+|generally\s+|always\s+)?prefer\s+.+?)" + _END,
            re.I,
        ),
        "pref",
        None,
    ),
    (re.compile(r"^(?:я\s+)?живу\s+(?:в|во|на)\s+(?P<v>.+?)" + _END, re.I), "fact", "location"),
    (re.compile(r"^i\s+(?:live|am\s+based|'m\s+based)\s+in\s+(?P<v>.+?)" + _END, re.I), "fact",
     "location"),
    (re.compile(r"^i['’]m\s+based\s+in\s+(?P<v>.+?)" + _END, re.I), "fact", "location"),
    (re.compile(r"^(?:я\s+)?работаю\s+(?:в|во|на)\s+(?P<v>.+?)" + _END, re.I), "fact",
     "workplace"),
    (re.compile(r"^i\s+work\s+(?:at|for)\s+(?P<v>.+?)" + _END, re.I), "fact", "workplace"),
    (re.compile(r"^меня\s+зовут\s+(?P<v>.+?)" + _END, re.I), "fact", "name"),
    (re.compile(r"^my\s+name\s+is\s+(?P<v>.+?)" + _END, re.I), "fact", "name"),
    (
        re.compile(
            rf"^(?:мой|моя|моё|мое)\s+(?P<role>{_RU_ROLES[0].pattern})"
            r"(?:\s*[—–:=-]\s*|\s+это\s+|\s+)(?P<v>\S.*?)" + _END,
            re.I,
        ),
        "fact",
        "*ru",
    ),
    (
        re.compile(
            rf"^my\s+(?P<role>{_EN_ROLES[0].pattern})(?:\s+is\s+|\s*[:=—–-]\s*)(?P<v>\S.*?)"
            + _END,
            re.I,
        ),
        "fact",
        "*en",
    ),
)  # fmt: skip


def _clean_value(value: str) -> str | None:
    value = " ".join(value.split()).strip(" \"'«»“”")
    if not value or len(value) > _MAX_VALUE or "?" in value:
        return None
    return value


def propose(text: str) -> list[ProposedFact]:
    """Return the facts a message states by the built-in rules (at most one), if any."""
    if not is_proposable(text):
        return []
    text = " ".join(text.split())
    for pattern, kind, key_rule in _PATTERNS:
        m = pattern.match(text)
        if m is None:
            continue
        value = _clean_value(m["v"])
        if value is None:
            return []
        if key_rule in _PLACE_KEYS:
            value = nominative(value)
        key = key_rule
        if key_rule is not None and key_rule.startswith("*"):
            roles = _RU_ROLES[1] if key_rule == "*ru" else _EN_ROLES[1]
            key = roles[" ".join(m["role"].split()).lower()]
        return [ProposedFact(None, kind, key, value)]
    return []


_PLACE_KEYS: Final = frozenset({"location", "workplace"})
_WORD_RE = re.compile(r"[А-Яа-яЁё]+(?:-[А-Яа-яЁё]+)*")


@functools.cache
def _morphology() -> Any:
    """The Russian morphological analyzer, when pymorphy3 is installed (else ``None``)."""
    try:
        import pymorphy3  # noqa: PLC0415 - optional, and only for Russian place names
    except ImportError:
        return None
    return pymorphy3.MorphAnalyzer()


def nominative(value: str) -> str:
    """Put the words of a place said after "в" / "на" back in the nominative.

    "Белграде" is stored as "Белград", "Нижнем Новгороде" as "Нижний Новгород"; words in
    another case ("с 2020 года") and indeclinable names stay. Without pymorphy3 the value
    stays as it was said (without its preposition).
    """
    morph = _morphology()
    if morph is None:
        return value

    def fix(match: re.Match[str]) -> str:
        word = match[0]
        parse = next((p for p in morph.parse(word) if "loct" in p.tag), None)
        if parse is None or "Fixd" in parse.tag:
            return word
        inflected = parse.inflect({"nomn"})
        if inflected is None:
            return word
        parts = zip(word.split("-"), inflected.word.split("-"), strict=False)
        return "-".join(new.capitalize() if old[:1].isupper() else new for old, new in parts)

    return _WORD_RE.sub(fix, value)


def _json_object(raw: str) -> Any:
    text = raw.strip()
    if text.startswith("```"):
        text = text.strip("`").removeprefix("json").strip()
    try:
        return json.loads(text)
    except ValueError:
        start, end = text.find("{"), text.rfind("}")
        if start < 0 or end <= start:
            raise ValueError("no JSON object in the answer") from None
        return json.loads(text[start : end + 1])


def _entity(value: Any) -> tuple[bool, str | None]:
    """Return ``(ok, entity)``: ``None`` means the speaker."""
    if value is None or (isinstance(value, str) and value.strip().lower() in {"", "user", "me"}):
        return True, None
    if not isinstance(value, str) or value.startswith(("User:", "user:")):
        return isinstance(value, str), None
    try:
        name, _ = canonical_entity(value.strip(), None)
    except InvalidInputError:
        return False, None
    return True, name


def _fact(item: Any) -> ProposedFact | None:
    if not isinstance(item, dict):
        return None
    ok, entity = _entity(item.get("entity"))
    kind = item.get("kind")
    key = item.get("key")
    value = item.get("value")
    if not ok or kind not in _KINDS or not isinstance(value, str):
        return None
    if key is not None:
        if not isinstance(key, str):
            return None
        key = "_".join(key.strip().lower().split())
        if not _KEY_RE.match(key):
            return None
    cleaned = _clean_value(value)
    if cleaned is None or "\n" in value or find_secret(cleaned) is not None:
        return None
    return ProposedFact(entity, str(kind), key or None, cleaned)


def facts_from_json(raw: str) -> list[ProposedFact]:
    """Read a model's ``{"facts": [...]}`` answer; keep valid items, at most three.

    Raises:
        ValueError: the answer is not such an object (the caller falls back to rules).
    """
    data = _json_object(raw)
    if not isinstance(data, dict) or not isinstance(data.get("facts"), list):
        raise ValueError('the answer is not {"facts": [...]}')  # noqa: TRY004 - one error kind
    facts: list[ProposedFact] = []
    for item in data["facts"]:
        fact = _fact(item)
        if fact is not None and fact not in facts:
            facts.append(fact)
        if len(facts) == MAX_FACTS:
            break
    return facts
