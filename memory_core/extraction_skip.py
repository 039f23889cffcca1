"""Decide that a chat message holds nothing to keep: a question, small talk, worklog, a secret.

These checks run before any extraction rule, so a question that names a person and a
project ("кто тимлид ESO?") or a plan that names a task ("план на сегодня: ревью PR Ивана")
is never turned into a proposal. Worklog is anything about time spent, progress, a day's
plan or what was just done; durable statements (roles, decisions, who works on what) are
left alone. Secrets are told by the one guard, :func:`memory_core.secrets.find_secret`
(:func:`memory_core.extraction.extract` runs it first).
"""

from __future__ import annotations

import re
from typing import Final

from memory_core.extraction_made_role import made_into_role
from memory_core.language import is_stop_word, normalize, tokens
from memory_core.morphology import analyzer

__all__ = [
    "SKIP_QUESTION",
    "SKIP_SECRET",
    "SKIP_SMALL_TALK",
    "SKIP_TRANSIENT",
    "SKIP_WORKLOG",
    "is_question",
    "is_small_talk",
    "is_worklog",
    "without_relative_clauses",
]

SKIP_QUESTION: Final = "question"
SKIP_SMALL_TALK: Final = "small talk"
SKIP_WORKLOG: Final = "worklog"
SKIP_SECRET: Final = "secret"  # noqa: S105 - a reason name, not a secret
SKIP_TRANSIENT: Final = "nothing durable"

_I = re.IGNORECASE
_QUESTION_START = re.compile(
    r"^\s*(?:а\s+|и\s+|so\s+|and\s+)?(?:what|what's|whats|who|who's|whos|whom|whose|where|"
    r"where's|wheres|when|"
    r"why|how|how's|which|(?:do|does|did|is|are|was|were|can|could|would|should|will|have|has)"
    r"(?=\s+(?:(?:i|you|we|they|he|she|it|the|a|an|my|our|your|this|that|these|there|any)\b"
    r"|(?-i:[A-Z])))|"
    r"remind|tell\s+me|show\s+me|"
    # a preposition before the question word: "на что аллергия у X", "с кем живёт X"
    r"(?:на|в|во|с|со|о|об|обо|за|до|для|от|из|у|по|про|к|ко|при|через|под|над)\s+"
    r"(?:что|чему|чем|ч[её]м|чего|кого|кому|кем|ком|как\w+|чь\w+|сколько)|что|кто|где|когда|почему|зачем|как|какой|какая|какое|"
    r"какие|какую|каких|каким|каком|какого|какому|какими|каков\w*|кого|кому|куда|откуда|чей|"
    r"чья|чьё|чьи|чьего|чьей|сколько|можно|ли|напомни\w*|скажи\w*|подскажи\w*|"
    r"расскажи\w*|покажи\w*|знаешь|помнишь|не\s+помнишь)\b",
    _I,
)


def _words(block: str) -> frozenset[str]:
    return frozenset(block.split())


_SMALL_TALK_WORDS: Final = _words(
    """
    привет приветик здравствуй здравствуйте здорово хай салют добрый доброе доброго утро
    утра день дня вечер вечера ночи спокойной спасибо спасибочки пасиб благодарю ок окей
    ага угу понял поняла понятно ясно ладно хорошо отлично супер класс круто клёво клево
    норм нормально прикольно пожалуйста да нет неа дела делишки как сам жизнь пока увидимся
    hi hello hey yo thanks thank thx ty cheers ok okay got it good great nice cool awesome
    perfect morning evening afternoon night bye see later sure yes no yep nope helpful lol
    haha hehe omg wow fine you how s are doing up what's sup welcome np so much very спс
    спасибки мерси пасибо большое огромное всем
    """
)
_LAUGH_RE = re.compile(r"^(?:[ахaxh]{2,}|(?:ха|хе|хи|ha|he)+|l+o+l+|[ы]+|[)]+)$", _I)
_DECISION_CUE = re.compile(
    r"\b(?:решил[иа]?|порешал[иа]?|решено|решение|договорились|постановили|decided|decision|agreed|"
    r"chose|picked|going\s+with|"
    # a change the team announces: "we're dropping X", "мы отказываемся от Y", "отменяем:"
    r"(?:we're|we\s+are)\s+(?:dropping|ditching|killing|scrapping|sunsetting|shelving|abandoning)|"
    r"отказываемся\s+от|выпиливаем|сворачиваем|отменяем(?=\s*:))(?!\w)",
    _I,
)
_DURATION: Final = re.compile(
    # a duration, unless it says when or how often ("expires in 24 hours", "через 2 часа")
    # or bounds something ("кешируем не дольше 15 минут", "no longer than 30 min")
    r"(?<!\bin )(?<!within )(?<!every )(?<!через )(?<!каждые )(?<!каждый )(?<!раз в )"
    r"(?<!сменами по )(?<!смены по )(?<!shifts of )"
    r"(?<!дольше )(?<!более )(?<!больше )(?<!максимум )(?<!than )(?<!up to )"
    r"\b\d+(?:[.,]\d+)?\s*(?:ч|час\w*|h|hrs?|hours?|мин|минут\w*|min|mins|minutes?)\b"
    # the length of a shift in a rota ("two 12h shifts", "сменами по 12 часов") is no time spent
    r"(?!\s*(?:-\s*hour\s+)?(?:shifts?|смен\w*))",
    _I,
)
_RULED: Final = re.compile(
    r"\b(?:решил[иа]?|порешал[иа]?|решено|договорились|постановили|приняли\s+решение|decided|"
    r"agreed|settled(?:\s+it)?|the\s+rule\s+is|правило)"
    r"(?:\s+(?:with|с|со)\s+\S+)?\s*(?:[:—–]|,?\s+(?:что|that)\b)",
    _I,
)
"""A rule laid down, "с X решили: напоминания шлём за сутки и за 2 часа": a duration in it is
part of the rule ("за 2 часа" before the visit), no time spent."""
_WORKLOG_ALWAYS: Final = tuple(
    re.compile(p, _I)
    for p in (
        # time spent
        r"\b(?:потратил\w*|провозил\w*|убил[аи]?\s+\w+\s+на|spent|wasted)\b",
        # progress
        r"\b(?:progress|прогресс\w*)\b",
        # plans for a day, stand-ups, to-do lists
        r"\b(?:план\w*|plans?|задач\w*|tasks?|todo|to-do)\s+(?:на|for)\s+(?:сегодня|завтра|today|tomorrow|"
        r"неделю|день|вечер|the\s+day|this\s+week)\b",
        r"\b(?:today|tomorrow)(?:'s)?\s+(?:plan|plans|todo|tasks)\b",
        r"^\s*(?:plan|план|todo|to-do|tasks|задачи|today|tomorrow|сегодня|завтра|"
        r"(?:status\s+)?update(?:\s+(?:on|for)\s+.+?)?)\s*:",
        # time spent, not a share each time ("по полдня туда-сюда" splits a week)
        r"(?<!\bпо )\b(?:полчаса|полдня|пару\s+часов|half\s+a\s+day|an?\s+hour|"
        r"couple\s+of\s+hours)\b(?!\s+(?:each|a\s+day|a\s+week|per|в\s+день|в\s+неделю))",
        # a report without a subject: "worked on Vega all day", "сидел на созвонах"
        r"^\s*(?:worked|fixed|fixing|reviewed|reviewing|debugged|debugging|finished|wrote|did|"
        r"had\s+(?:a\s+)?(?:call|meeting|sync|1:1)|созвонил\w*|"
        r"working\s+on|работал[аи]?|сидел[аи]?|писал[аи]?|делал[аи]?|фиксил[аи]?|чинил[аи]?|"
        r"дебажил[аи]?|ревьюил[аи]?|разбирал[аи]?)\b",
        # a stand-up report ("standup: ..."), not the stand-up itself ("стендап в 10:00")
        r"^\s*(?:standup|stand-up|стендап\w*|дейли|daily)\s*[:—-]",
        r"\b(?:daily\s+update|status\s+update|worklog|ворклог\w*|timesheet)\b",
    )
)
_SHARE_DONE = re.compile(
    r"(?<!under )(?<!below )(?<!above )(?<!over )(?<!than )(?<!past )(?<!beyond )"
    r"(?<!ниже )(?<!выше )"
    r"(?<!меньше )(?<!больше )(?<!чем )(?<![<>≤≥] )(?<![<>≤≥])\b\d{1,3}\s*%"
)
"""A share done ("на 80%"), not a bound to stay under ("crash rate under 1%"), nor what a
decision cuts or raises ("договорились: бюджет режем на 20%")."""
_WORKLOG_ACTIVITY: Final = tuple(
    re.compile(p, _I)
    for p in (
        # done just now: "закрыл ORN-42", "fixed the webhook", "смержил PR"
        r"\b(?:закрыл[аи]?|сделал[аи]?|доделал[аи]?|закончил[аи]?|пофиксил[аи]?|починил[аи]?|"
        r"смержил[аи]?|задеплоил[аи]?|выкатил[аи]?|отревьюил[аи]?|зарелизил[аи]?|"
        r"fixed|closed|finished|merged|(?<!\bis )(?<!\bare )(?<!, )deployed|shipped|reviewed|"
        r"completed)\b",
        # about to be done: "завтра возьмусь за тесты", "tomorrow I'll write the tests"
        r"\b(?:возьмусь|займусь|доделаю|сделаю|допишу|начну|закончу|i'll|i\s+will|gonna(?!\s+be\b))\b",
    )
)
_FUTURE_PLACE = re.compile(
    r"\b(?:i'll|i\s+will|i'm\s+going\s+to|gonna)\s+(?:be\s+(?:[\w-]+\s+)?(?:on|in|joining|"
    r"part\s+of|working\s+on|moving\s+to)|join|move\s+to|switch\s+to)\s+(?:the\s+)?"
    r"(?-i:[A-ZА-ЯЁ])|"
    # the owner's own hands on a project: "gonna get my hands dirty on Ledger myself"
    r"\b(?:i'll|i\s+will|i'm\s+going\s+to|gonna)\s+(?:[\w-]+\s+){0,4}?(?:on|in|into|with)\s+"
    r"(?:the\s+)?(?-i:[A-ZА-ЯЁ])[\w-]*\s+(?:myself|personally)\b",
    _I,
)
"""Where the owner will work from now on ("I'll be on Ledger full-time", "gonna get my hands
dirty on Ledger myself"): not a day's plan."""
_TODAY = re.compile(
    r"\b(?:сегодня|вчера|завтра|утром|с\s+утра|до\s+обеда|после\s+обеда|весь\s+день|"
    r"на\s+этой\s+неделе|this\s+week|"
    r"today|yesterday|tomorrow|this\s+morning|tonight|this\s+afternoon|all\s+(?:day|morning|"
    r"afternoon|evening)|after\s+lunch|before\s+lunch|в\s+обед)\b",
    _I,
)
_BUSY = re.compile(
    r"\b(?:сидел[аи]?|фиксил[аи]?|дебажил[аи]?|ревьюил[аи]?|тестил[аи]?|писал[аи]?|делал[аи]?|"
    r"работал[аи]?|кодил[аи]?|созванивал\w*|разбирал\w*|чинил[аи]?|делаю|пишу|доделываю|"
    r"разбираюсь|сижу|фикшу|чиню|"
    r"debugging|debugged|fixing|reviewing|testing|worked|working|did|was\s+doing|"
    r"was\s+\w+ing|had\s+(?:a\s+)?(?:call|meeting|sync)s?)\b",
    _I,
)


_OR_ASKS = re.compile(
    r"\b(?:or\s+(?:not\s*$|did|does|do|is|was|has|have|are|were)\b|или\s+(?:нет|уже\s+нет|как)\s*$)"
    r"(?!.*[.!;]\s)",
    _I,
)
"""A question that ends by offering the other answer: "X still my manager or did that change"."""


_WHEN_THEN = re.compile(
    r"^\s*(?:когда|when|once)\s[^,]+,\s*(?:[^,]*\s)?(?:будет|будут|станет|станут|will\s+be)\s",
    _I,
)
"""A clause of time, then what will hold: "когда стартанёт P, тимлидом будет X" states."""


def is_question(text: str) -> bool:
    """Tell whether a message asks or requests rather than states ("кто тимлид ESO?")."""
    if "?" in text:
        return True
    asks = _QUESTION_START.match(text) is not None and _WHEN_THEN.match(text) is None
    return asks or _OR_ASKS.search(text) is not None


def is_small_talk(text: str) -> bool:
    """Tell whether every word of a message is a greeting, thanks, an ok or a laugh."""
    words = [normalize(w) for w in tokens(text)]
    return all(
        w in _SMALL_TALK_WORDS or _LAUGH_RE.match(w) is not None or is_stop_word(w) for w in words
    )


_RELATIVE = re.compile(
    r"(?<=\w)(?:\s*,)?\s+(?:котор(?:ый|ая|ое|ые|ого|ой|ому|ым|ую)|who)\s[^,—–.;]*", _I
)
"""A relative clause about someone: "сантехник, который починил бойлер", "the handyman who
fixed our boiler" says who they are, not the owner's work."""


def without_relative_clauses(text: str) -> str:
    """``text`` with its relative clauses about someone ("X, который починил бойлер,") left out."""
    return _RELATIVE.sub("", text)


_KIN_DATIVE = re.compile(
    r"(?:маме|матери|папе|отцу|брату|сестре|сыну|дочке|дочери|жене|мужу|бабушке|дедушке|"
    r"тёте|тете|дяде|реб[её]нку|свекрови|тёще|теще|тестю|свёкру|свекру|племяннику|племяннице)",
    _I,
)
_BEFORE_VERB = re.compile(r"([^\W\d_][\w-]*)\s+(?:(?:[^\W\d_][\w-]*)\s+)?$")


def _to_someone(text: str, verb: re.Match[str]) -> bool:
    """Whether a plural activity verb tells what was done to a person named in the dative just
    before it ("Жоре Пятакову сделали операцию", "папе поставили стент"): a fact about them,
    not the owner's work."""
    if not verb.group(0).lower().endswith("ли"):
        return False
    before = _BEFORE_VERB.search(text[: verb.start()])
    if before is None:
        return False
    words = before.group(0).split()
    if any(_KIN_DATIVE.fullmatch(w) for w in words):
        return True
    morph = analyzer()
    if morph is None:
        return False
    return any(
        w[:1].isupper()
        and any(
            "datv" in p.tag and ({"Name", "Surn", "Patr"} & p.tag.grammemes)
            for p in morph.parse(w)
        )
        for w in words
    )


def is_worklog(text: str) -> bool:
    """Tell whether a message reports time spent, progress, a day's plan or work just done."""
    rule = _RULED.search(text)  # a duration said inside a rule laid down is part of the rule
    if any(p.search(text) for p in _WORKLOG_ALWAYS):
        return True
    if _DURATION.search(text, 0, rule.start() if rule else len(text)):
        return True
    text = without_relative_clauses(text)
    if _DECISION_CUE.search(text):
        return False
    if _SHARE_DONE.search(text):
        return True
    if _FUTURE_PLACE.search(text) and not _TODAY.search(text):
        return False
    if any(
        not _to_someone(text, m) and not made_into_role(text, m)  # "лидом сделали X": a role
        for p in _WORKLOG_ACTIVITY
        for m in p.finditer(text)
    ):
        return True
    return _TODAY.search(text) is not None and _BUSY.search(text) is not None
