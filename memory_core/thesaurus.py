"""Query-side vocabulary: bilingual concept words, month names and self-reference words.

A memory mixes Russian and English and stores facts under a few observation kinds
(``pref``, ``goal``, ``fact``, ``rule``, ``role``...). This table maps common words of a
question to the words the memory uses for the same idea, in both languages, so
"предпочтения по формату ответа" finds ``pref: answer_format=...`` and "синк" finds an
English "sync" note. Keys and values are stems/prefixes as :func:`language.stem` and the
FTS5 index see them (lower case, ``ё`` as ``е``).
"""

from __future__ import annotations

import re
from functools import lru_cache

from memory_core.language import normalize, stem

__all__ = [
    "SELF_WORDS",
    "alternatives",
    "any_weekday",
    "is_self_topic",
    "month_of",
    "refers_to_self",
    "season_of",
    "transliterations",
    "weekday_words",
]

# stem prefix of a query word -> prefixes to search as well
_CONCEPTS: dict[str, tuple[str, ...]] = {
    # observation kinds
    "prefer": ("pref",),
    "предпочт": ("pref",),
    "предпочита": ("pref",),
    "goal": ("goal", "цел"),
    "цел": ("goal",),
    "rule": ("rule", "правил"),
    "правил": ("rule",),
    "role": ("role", "рол"),
    "titl": ("role",),
    "position": ("role",),
    "должност": ("role",),
    "позици": ("role",),
    "рол": ("role",),
    "habit": ("habit", "привычк"),
    "привычк": ("habit",),
    # meetings and decisions
    "синк": ("sync", "meeting"),
    "sync": ("синк", "meeting"),
    "встреч": ("meeting", "sync", "синк"),
    "meet": ("sync", "синк", "встреч"),
    "созвон": ("meeting", "sync", "синк"),
    "решени": ("decision", "decided", "decid"),
    "решил": ("decided", "decision", "решени"),
    "decis": ("решени", "decided"),
    "decid": ("решени", "decision"),
    "итог": ("outcome",),
    "outcom": ("итог",),
    "заметк": ("note", "pointer"),
    "note": ("заметк", "pointer"),
    "статус": ("status",),
    "status": ("статус",),
    "задач": ("task", "jira"),
    "риск": ("risk",),
    "risk": ("риск",),
    "дедлайн": ("deadline",),
    "срок": ("deadline",),
    "deadlin": ("дедлайн", "срок"),
    "владел": ("owner", "assignee"),
    "own": ("assignee", "owner"),
    "отвеча": ("assignee", "owner"),
    # the owner's life
    "live": ("живет", "жив", "location", "city"),
    "живу": ("живет", "live", "location"),
    "жив": ("live", "location"),
    "kid": ("дет", "children", "son", "daughter"),
    "child": ("дет", "kid"),
    "дет": ("kid", "children"),
    "notif": ("уведомлен",),
    "уведомлен": ("notif",),
    "languag": ("язык",),
    # "who signs off on X" (the query reads "signs off" as "signoff")
    "signoff": ("sign", "approv", "подпис", "утвер", "соглас", "одобр"),
    # releases: "no deploys on Friday" is "никаких релизов в пт"
    "deploy": ("релиз", "releas", "выкат"),
    "депл": ("релиз", "releas", "deploy"),
    "релиз": ("deploy", "депл", "выкат"),
    "releas": ("депл", "deploy", "выкат"),
    # chat abbreviations (searched whole: too short for a prefix)
    "tz": ("timezon", "часов", "utc"),
    "bday": ("birthday", "рожден"),
    "dob": ("birthday", "рожден"),
    "addr": ("address", "адрес"),
    "язык": ("languag",),
    "format": ("формат",),
    "формат": ("format",),
    "ответ": ("answer",),
    "answer": ("ответ",),
    "встрет": ("meeting",),
    "time": ("slot",),
    "work": ("role", "team"),
    "работ": ("role", "team"),
    "проект": ("project",),
    "project": ("проект",),
    "обсужд": ("обсуд", "discuss"),
    "обсуд": ("discuss",),
    "discuss": ("обсуд",),
    "one": ("1",),
    "age": ("лет",),
    "name": ("зовут",),
    "quiet": ("после", "night", "уведомлен"),
    "врем": ("slot", "time"),
    # a race one trains for is run as a marathon, a triathlon, a gran fondo
    "гонк": ("race", "marathon", "марафон", "triathlon", "триатлон"),
    "забег": ("race", "marathon", "марафон"),
    "race": ("гонк", "забег", "marathon", "марафон", "triathlon", "триатлон"),
}

# Russian and English work vocabulary, word by word (stem prefixes), so a question in one
# language finds notes written in the other: "оптимизация затрат" <-> "cost optimization".
_GLOSSARY_PAIRS: tuple[tuple[str, str], ...] = (
    ("затрат", "cost"), ("расход", "cost"), ("стоимост", "cost"), ("оптимизац", "optimiz"),
    ("пагинац", "paginat"), ("курсорн", "cursor"), ("стратег", "strateg"), ("бэкап", "backup"),
    ("резервн", "backup"), ("документац", "doc"), ("онбординг", "onboard"),
    ("хранени", "retention"), ("хранени", "storag"), ("данн", "data"), ("договор", "contract"),
    ("контракт", "contract"), ("подрядчик", "vendor"), ("поставщик", "vendor"),
    ("страниц", "page"), ("тариф", "pricing"), ("цен", "pric"), ("тест", "test"),
    ("результат", "result"), ("отставани", "lag"), ("консьюмер", "consumer"),
    ("запрос", "request"), ("интеграц", "integrat"), ("нагрузочн", "load"),
    ("тестировани", "test"), ("реестр", "registry"), ("схем", "schema"), ("повтор", "retr"),
    ("вебхук", "webhook"), ("уведомлен", "notif"), ("пуш", "push"), ("дежурств", "call"),
    ("ротац", "rotation"), ("дорожн", "roadmap"), ("бюджет", "budget"), ("найм", "hiring"),
    ("план", "plan"), ("аудит", "audit"), ("безопасност", "secur"), ("релиз", "release"),
    ("процесс", "process"), ("скорост", "speed"), ("ревью", "review"), ("код", "code"),
    ("токен", "token"), ("авторизац", "auth"), ("аутентификац", "auth"),
    ("биллинг", "billing"), ("экспорт", "export"), ("миграц", "migrat"), ("баз", "database"),
    ("кластер", "cluster"), ("обновлени", "upgrad"), ("отток", "churn"), ("клиент", "customer"),
    ("дашборд", "dashboard"), ("задержк", "latency"), ("поиск", "search"),
    ("релевантност", "relevan"), ("нарушени", "breach"), ("ограничени", "limit"),
    ("частот", "rate"), ("флаг", "flag"), ("фич", "feature"), ("мониторинг", "monitor"),
    ("инцидент", "incident"), ("деплой", "deploy"), ("выкатк", "rollout"),
    ("архитектур", "architect"), ("сервис", "service"), ("команд", "team"),
    ("оценк", "estimat"), ("ошибк", "bug"), ("баг", "bug"), ("квартальн", "quarter"),
    ("планировани", "planning"), ("требовани", "requirement"), ("интервью", "interview"),
    ("кандидат", "candidat"), ("зарплат", "salar"), ("отпуск", "vacation"), ("цель", "goal"),
    ("метрик", "metric"), ("надежност", "reliab"), ("доступност", "availab"),
)  # fmt: skip
_GLOSSARY: dict[str, tuple[str, ...]] = {}
for _ru, _en in _GLOSSARY_PAIRS:
    _GLOSSARY[_ru] = (*_GLOSSARY.get(_ru, ()), _en)
    _GLOSSARY[_en] = (*_GLOSSARY.get(_en, ()), _ru)

_MONTHS: dict[str, int] = {}
for _number, _names in enumerate(
    (
        ("january", "jan", "январ"),
        ("february", "feb", "феврал"),
        ("march", "mar", "март"),
        ("april", "apr", "апрел"),
        ("may", "ма"),
        ("june", "jun", "июн"),
        ("july", "jul", "июл"),
        ("august", "aug", "август"),
        ("september", "sep", "sept", "сентябр"),
        ("october", "oct", "октябр"),
        ("november", "nov", "ноябр"),
        ("december", "dec", "декабр"),
    ),
    start=1,
):
    for _name in _names:
        _MONTHS[_name] = _number

_RU_MONTH_FORMS = re.compile(
    r"^(январ|феврал|март|апрел|ма|июн|июл|август|сентябр|октябр|ноябр|декабр)[ьяеюй]?а?$"
)

_RU_MONTH_ADJECTIVE = re.compile(
    r"^(январ|феврал|март|апрел|май|июн|июл|август|сентябр|октябр|ноябр|декабр)[ь]?(?:ов)?ск"
    r"(?:ий|ая|ое|ие|ого|ой|ому|ом|ую|их|им|ими|ие)$"
)

_TRANSLIT: dict[str, tuple[str, ...]] = {
    "а": ("a",), "б": ("b",), "в": ("v",), "г": ("g",), "д": ("d",), "е": ("e",),
    "ж": ("zh",), "з": ("z",), "и": ("i",), "й": ("y", "i"), "к": ("k",), "л": ("l",),
    "м": ("m",), "н": ("n",), "о": ("o",), "п": ("p",), "р": ("r",), "с": ("s",),
    "т": ("t",), "у": ("u",), "ф": ("f",), "х": ("kh", "h"), "ц": ("ts",), "ч": ("ch",),
    "ш": ("sh",), "щ": ("shch", "sch"), "ъ": ("",), "ы": ("y",), "ь": ("",), "э": ("e",),
    "ю": ("yu", "iu"), "я": ("ya", "ia"),
}  # fmt: skip

SELF_WORDS: frozenset[str] = frozenset(
    {"i", "me", "my", "mine", "myself", "я", "мне", "меня", "мой", "моя", "мое", "мои", "моих",
     "моей", "моим", "мною", "мной", "мою", "моего", "моему", "моем", "моими"}
)  # fmt: skip


@lru_cache(maxsize=4096)
def alternatives(word_stem: str) -> tuple[str, ...]:
    """Return extra prefixes to search for a query word's stem (may be empty).

    The stem is looked up as is, then by its longest glossary prefix, so "оптимизации"
    (stem ``оптимизац``) and "optimization" (stem ``optim``) both find the other language.
    """
    found = list(_CONCEPTS.get(word_stem, ()))
    for size in range(len(word_stem), 2, -1):
        hit = _GLOSSARY.get(word_stem[:size])
        if hit:
            found.extend(hit)
            break
    for key, values in _GLOSSARY.items():
        if len(key) > len(word_stem) and key.startswith(word_stem) and len(word_stem) >= 4:
            found.extend(values)
    return tuple(dict.fromkeys(f for f in found if f != word_stem))


@lru_cache(maxsize=4096)
def transliterations(word: str, limit: int = 2) -> tuple[str, ...]:
    """Return Latin spellings of a Cyrillic word (``ромашк`` -> ``romashk``), at most ``limit``.

    File names and slugs spell Russian names in Latin letters, so a Russian query word is
    searched in both alphabets. Non-Cyrillic words give nothing.
    """
    if not any("а" <= ch <= "я" or ch == "ё" for ch in word):
        return ()
    variants = [""]
    for ch in word.replace("ё", "е"):
        options = _TRANSLIT.get(ch, (ch,))
        variants = [v + o for v in variants for o in options][: limit * 2]
    spelled = tuple(dict.fromkeys(variants))[:limit]
    if "кв" in word:  # a loanword's "qu" ("бигквери" is BigQuery, "сквош" squash)
        spelled = (*spelled, spelled[0].replace("kv", "qu"))
    return spelled


# season word prefix -> its months (northern hemisphere); not "spring" or "fall", which in a
# work memory are more often a framework and a verb
_SEASONS: tuple[tuple[str, tuple[int, ...]], ...] = (
    ("лет", (6, 7, 8)),
    ("summer", (6, 7, 8)),
    ("зим", (12, 1, 2)),
    ("winter", (12, 1, 2)),
    ("весн", (3, 4, 5)),
    ("весен", (3, 4, 5)),
    ("осен", (9, 10, 11)),
    ("осень", (9, 10, 11)),
    ("autumn", (9, 10, 11)),
)
_SEASON_WORDS = re.compile(
    r"(?:лет(?:о|ом|а|ний|няя|нее|нем|них)|зим(?:а|ой|у|ы|ний|няя|нее|нем)|"
    r"весн(?:а|ой|у|ы)|весен(?:ний|няя|нее|нем)|осен(?:ь|ью|и|ний|няя|нее|нем)|"
    r"summer|winter|autumn)"
)


_WEEKDAYS: tuple[tuple[tuple[str, ...], tuple[str, ...]], ...] = (
    (("понедельн", "monday"), ("пн", "mon")),
    (("вторн", "tuesday"), ("вт", "tue", "tues")),
    (("сред", "wednesday"), ("ср", "wed")),
    (("четверг", "thursday"), ("чт", "thu", "thur", "thurs")),
    (("пятниц", "пятнич", "friday"), ("пт", "fri")),
    (("суббот", "saturday"), ("сб", "sat")),
    (("воскресен", "воскресн", "sunday"), ("вс", "sun")),
)
"""Each weekday: the starts of its names in both languages (and their adjectives), and its
abbreviations, which are searched whole ("в пт–вс", "Mon-Fri")."""
_ALSO_WORDS = frozenset({"sat", "sun", "wed"})
"""Abbreviations that are English words too: searched for a weekday, never read as one."""
_WEDNESDAY = frozenset(
    {"среда", "среду", "среды", "средой", "среде", "средам", "средами", "средах"}
)
""""сред" also starts "среди", "средний", "средство": Wednesday is only these forms."""


@lru_cache(maxsize=4096)
def weekday_words(word: str) -> tuple[tuple[str, ...], tuple[str, ...]]:
    """Return how a weekday a word names is written: (name starts, whole abbreviations), or
    two empty tuples. "friday", "пятницу", "пт" and "Fri" all give Friday's."""
    w = normalize(word)
    for starts, short in _WEEKDAYS:
        if (w in short and w not in _ALSO_WORDS) or any(
            w.startswith(p) and (p != "сред" or w in _WEDNESDAY) for p in starts
        ):
            return starts, short
    return (), ()


def any_weekday() -> tuple[tuple[str, ...], tuple[str, ...]]:
    """How any weekday is written: (name starts, whole words), for a question that asks which
    day ("по каким дням", "what days"); Wednesday's Russian name by its forms only, and no
    abbreviation that is an English word too."""
    starts = tuple(p for s, _ in _WEEKDAYS for p in s if p != "сред")
    short = tuple(w for _, s in _WEEKDAYS for w in s if w not in _ALSO_WORDS)
    return starts, (*sorted(_WEDNESDAY), *short)


_MONTH_NAMES = (
    ("january", "январ"), ("february", "феврал"), ("march", "март"), ("april", "апрел"),
    ("", ""), ("june", "июн"), ("july", "июл"), ("august", "август"),
    ("september", "сентябр"), ("october", "октябр"), ("november", "ноябр"), ("december", "декабр"),
)  # fmt: skip
_MAY = ("май", "мая", "мае", "маю", "маем")
"""May by its Russian forms only: the English "may" is also the verb."""


def month_names(months: tuple[int, ...]) -> tuple[tuple[str, ...], tuple[str, ...]]:
    """The index prefixes and whole words that name these months in either language: a
    season asked ("планы на лето") is held by a line saying "in June" or "в августе"."""
    prefixes = tuple(p for m in months for p in _MONTH_NAMES[m - 1] if p)
    return prefixes, _MAY if 5 in months else ()


def season_of(word: str) -> tuple[int, ...]:
    """Return the months a season word names (``летом``, ``зимой``, ``summer``), or ()."""
    w = normalize(word)
    if not _SEASON_WORDS.fullmatch(w):
        return ()
    return next(months for prefix, months in _SEASONS if w.startswith(prefix))


def month_of(word: str) -> int | None:
    """Return the month number a word names (``май``, ``мае``, ``декабре``, ``Dec``), or None."""
    w = normalize(word)
    if w in _MONTHS and len(w) >= 3:
        return _MONTHS[w]
    m = _RU_MONTH_ADJECTIVE.match(w)  # "майские", "декабрьском": of that month
    if m:
        return _MONTHS[m.group(1).removesuffix("й")]
    m = _RU_MONTH_FORMS.match(w)
    if m and (m.group(1) != "ма" or w in ("май", "мая", "мае")):
        return _MONTHS[m.group(1)]
    s = stem(w)
    if s in _MONTHS and len(s) >= 4:
        return _MONTHS[s]
    return None


# Words that, in a personal memory, are about the owner even without "my": preferences,
# family, home.
_SELF_TOPICS: tuple[str, ...] = (
    "prefer", "предпочт", "предпочит", "kid", "child", "дет", "ребен", "family", "семь",
    "wife", "жен", "husband", "муж", "home", "birthday", "hobby", "хобби",
    "son", "daughter", "сын", "доч", "mom", "dad",
)  # fmt: skip


def is_self_topic(word: str) -> bool:
    """Whether a word is a topic of the owner's own life (family, home,
    preferences) rather than a first-person word (see :func:`refers_to_self`)."""
    folded = normalize(word)
    return folded not in SELF_WORDS and folded.startswith(_SELF_TOPICS)


def refers_to_self(words: list[str]) -> bool:
    """Tell whether a message speaks about the owner ("where do I live", "мои цели").

    First-person words count, and so do topics that in a personal memory are the owner's
    own: preferences, family, home.
    """
    folded = [normalize(w) for w in words]
    return any(w in SELF_WORDS or w.startswith(_SELF_TOPICS) for w in folded)
