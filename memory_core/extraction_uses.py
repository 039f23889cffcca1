"""Extraction of tools and dependencies: "X uses Y", "X зависит от Y", "X pulls data from Y".

Same contract as :mod:`memory_core.extraction_people`: a rule reads the marked message,
writes into the draft when its shape holds and says whether it did.

"ESO uses Elasticsearch", "ESO крутится на Kubernetes", "в ESO для очередей используем
RabbitMQ": ``uses``; "Orion зависит от биллинга", "Atlas pulls its data from Orion":
``depends_on``; a tool not yet in memory becomes a ``Project:``. The chat's ways count too:
"краши в X ловим через Sentry" (the project before the tool), "X завязан на Y", "и X, и Y
собираются на Bitrise"; a vendor's API ("the Stripe API") is one tool, named whole. The tool
may stand before the Russian verb ("X на ClickHouse гоняет аналитику"), a second one after "а"
("..., а карты у него на Яндекс MapKit"); data that lands in a project from a tool ("stock lands
in X from 1C") and "X-у нужен Y" are ``depends_on``; "Ann tests it with Playwright" is a
person's tool. A second subject may be said last: "X relies on Y, and so does Z", "..., как и Z".
"""

from __future__ import annotations

import re

from memory_core.extraction_lexicon import kind_of_role
from memory_core.extraction_lost_without import LOST_WITHOUT
from memory_core.extraction_roles import WHO
from memory_core.extraction_text import ENT, Draft, Reading
from memory_core.extraction_tool_names import (
    NAMED_ON,
    listed_after_colon,
    name_head,
    without_apposed,
)
from memory_core.language import is_cyrillic, is_stop_word
from memory_core.name_gender import name_gender
from memory_core.naming import split_prefix

__all__ = ["and_through", "objects_of", "uses"]

_I = re.IGNORECASE
_SPLIT_RE = re.compile(r"\s*(?:,(?:\s*(?:and|и)\b)?|\band\b|\bи\b|&)\s*", _I)
"""Between the items of a list: "A, B and C", "и A, и B"."""

_WHAT = (  # what is read, stored or sent: "its training data", "all of its events", "свои данные"
    r"(?:(?:(?:all|все)\s+)?(?:of\s+)?(?:its|their|our|the|свои|свой|своё|все)\s+)?"
    r"(?:[\w-]+\s+){0,3}?"
)
_USES = (
    r"uses|use|(?:am|is|are)\s+using|использу\w+|юза(?:ет|ю|ем)|пользу\w+с[яь]|"
    r"(?:(?:is|are)\s+)?built\s+(?:on\s+top\s+of|on|with)|(?:sits|lives|runs)\s+on\s+top\s+of|runs\s+on|"
    r"sits\s+on|lives\s+(?:in|on)|"
    r"is\s+running\s+on|крутится\s+(?:на|в)|работает\s+на|жив[её]т\s+(?:на|в)|хостится\s+(?:на|в)|"
    r"(?:is\s+)?hosted\s+(?:on|in)|(?:is\s+)?deployed\s+(?:on|to|in)|деплоится\s+(?:на|в)|"
    r"написан\w*\s+на|(?:is\s+)?written\s+in|построен\w*\s+на|сидит\s+на|(?:is\s+)?based\s+on|"
    rf"(?:stores|keeps)\s+{_WHAT}in|хранит\s+{_WHAT}в|склад\w+\s+{_WHAT}в|(?:is\s+)?powered\s+by|"
    r"go(?:es)?\s+through|runs?\s+through|(?:ид[её]т|ходит)\s+через|"
    r"(?:держим|хостим|деплоим|запускаем|крутим)\s+(?:на|в)|"
    r"(?:собира|билд)\w*(?:ется|ются|ится|ятся)\s+(?:на|в|через)|"  # built on a CI
    r"(?:деплоятся|хостятся|крутятся)\s+(?:на|в)|"
    r"(?:гоня|прогоня)(?:ет|ют|ем)\s+(?:\S+\s+){0,4}?(?:в|во|через)"  # "гоняет отчёты по P в X"
)
_DATA_ON = (
    r"(?:сидит|сидят|жив[её]т|живут|строится|построен\w*|работает|работают)\s+на\s+"
    r"(?:(?:вс[её]м?|всех)\s+)?(?:данных|данные|событиях|выгрузках|апи|api)\b|"
    r"(?:(?:is|are)\s+)?(?:built|runs?|lives?|sits?)\s+on\s+(?:the\s+)?(?:data|events|feeds?)\s+"
    r"(?:of|from)\b"
)
"""Living on another system's data: "P сидит на данных Q", "P is built on data from Q"."""
_DEPENDS = (
    rf"{_DATA_ON}|"
    r"depends?\s+on|hangs?\s+off|piggybacks?\s+on|plugs?\s+into|завис(?:и|я)т\s+от|rel(?:y|ies)\s+on|полагается\s+на|"
    rf"(?:pulls|reads|gets|fetches|takes|receives|loads|imports)\s+{_WHAT}from|consumes|"
    rf"calls|(?:тянет|бер[её]т|получает|читает|забирает|грузит)\s+{_WHAT}(?:из|от|у)|"
    r"вызывает|"
    rf"{LOST_WITHOUT}|"
    r"(?:is|are|gets?)\s+fed\s+(?:by|from)|питает(?:ся|сь)\s+(?:из|от)|наполняет(?:ся|сь)\s+из|"
    r"ходит\s+в|talks\s+to|(?:за|при)вязан\w*\s+(?:на|к)|(?:is\s+)?(?:tied|coupled)\s+to|обращается\s+к|integrates\s+with|интегрир\w+\s+с|needs|requires|требует"
)
_FEEDS = (
    rf"(?:is\s+)?used\s+(?:by|in)|используется\s+в|(?:sends|pushes|feeds|writes)\s+{_WHAT}"
    rf"(?:to|into)|(?:отправляет|шл[её]т|отда[её]т|пишет)\s+{_WHAT}в"
)
_PART = r"(?:frontend|backend|api|ui|app|service|фронтенд|фронт|бэкенд|бэк|бекенд)"
_PART_OF = rf"(?:the\s+)?(?-i:[a-z][\w-]*\s+){{1,3}}(?:in|of)\s+{ENT}"
"""A part of a project named before it: "the yield model in ⟦1⟧" (the project's own)."""
_RU_PIECE = (
    r"(?:[a-z0-9-]+\s+)?(?:тест\w*|автотест\w*|сборк\w*|билд\w*|отч[её]т\w*|джоб\w*|"
    r"пайплайн\w*|бэкап\w*|бекап\w*|миграци\w*|модел[иья]\w*|данн\w*|прогноз\w*|"
    r"событи\w*|метрик\w*|дашборд\w*)\s+"
)
"""A piece of a project's work said before it in Russian: "e2e тесты ⟦1⟧ гоняем в X",
"модели ⟦1⟧ выкатываем через X"."""
_RU_PIECE_RE = re.compile(rf"^{_RU_PIECE}(?=⟦)", _I)
_SUBJECT = (  # "⟦1⟧", "the ⟦1⟧ backend", "⟦1⟧'s crash reporting", a person, "data-service", "I"
    rf"(?:(?:the\s+|{_RU_PIECE})?{ENT}(?:'s(?:\s+[a-z-]+){{0,2}}?|\s+{_PART})?|{_PART_OF}|{WHO}|"
    r"[a-z0-9]+(?:[-_.][a-z0-9]+)+"
    r"|(?-i:I)|я)"
)
_OWNER_WORDS = frozenset({"i", "я"})
_SUBJECTS = rf"{_SUBJECT}(?:\s*(?:,(?:\s*(?:и|and)\b)?|\bи\b|\band\b|&)\s*{_SUBJECT})*"
_PURPOSE = r"(?:(?:для|под|for)\s+(?:\w+\s+){1,2}?)"
"""What a tool is used for, between the project and the verb: "в Ledger для очередей ..."."""
_RU_OBJECT_FIRST = (
    r"(?:(?-i:[а-яё]+)\s+){1,3}?(?=(?:гоня|прогоня|держ|хост|деплои|крут|склад|хран|шл[её]т|"
    r"отправля|отда[её]т))"
)
"""Russian puts what is done before the verb: "Мадина всю сегментацию гоняет в dbt", "P
события шлёт в Q"."""
_USE_FRAME = re.compile(
    rf"^(?:both\s+)?(?P<subj>{_SUBJECTS})\s+(?:(?:теперь|now|also|тоже|still|both|оба|обе|все|all|"
    rf"\w+ly)\s+|{_PURPOSE})*(?:{_RU_OBJECT_FIRST})?"
    rf"(?:(?P<uses>(?!{_DATA_ON})(?:{_USES}))|(?P<dep>{_DEPENDS})|(?P<feeds>{_FEEDS}))\s+(?P<obj>.+)$",
    _I,
)
_IN_FRAME = re.compile(
    rf"^(?:в|во|in|для|for)\s+(?P<subj>{ENT})\s*,?\s+{_PURPOSE}?(?:мы\s+|we\s+)?{_PURPOSE}?"
    r"(?:(?P<uses>используем|используется|юзаем|use|uses|is\s+used)"
    r"|(?P<dep>нуж(?:ен|на|но|ны)|need|needs|is\s+needed))\s+(?P<obj>.+)$",
    _I,
)
_NEEDS_FRAME = re.compile(
    rf"^(?P<subj>{ENT})\s+{_PURPOSE}?(?:(?:теперь|тоже|обязательно|очень|всегда)\s+)*"
    r"(?P<dep>нуж(?:ен|на|но|ны)|необходим[аоы]?)\s+(?P<obj>[^:—]+)(?:\s*[:—].*)?$",
    _I,
)
"""What a project needs, said with the project first (dative): "⟦1⟧ для ETA нужен ⟦2⟧"."""
_OBJ_END = re.compile(
    r"\s*,\s*(?:nothing|ничего|больше\s+ничего|that'?s\s+(?:it|all)|и\s+вс[её])\b.*$|"  # "only"
    r"\s+(?:for|для|to|в\s+качестве|via|через|because|потому|since|as|как|when|когда|"
    r"instead|вместо|over|under|in\s+prod\w*|now|теперь|"
    r"(?:on|in|at|inside)\s+(?:our|their|its|my|your|own)|(?:на|в|во)\s+(?:наш|сво|их)\w*)\b.*$",
    _I,
)
_ARTICLE = re.compile(r"^(?:(?:the|a|an|both|either)\s+)+", _I)
_KIND_OF_TOOL = re.compile(
    r"(?<=\S)(?:\s+(?-i:[a-z]+)){0,2}\s+(?-i:gateway|provider|service|platform|engine|library|"
    r"framework|sdk|cluster|broker|database|шлюз|сервис|платформ\w*|провайдер\w*)$",
    _I,
)
"""What kind of tool a name is, said after it in lowercase: "the ArCa card gateway" is ArCa,
while a capitalised kind word is part of the name ("Google Earth Engine", "App Platform")."""
_MAX_PROPER = 4
"""Words a tool's name may have when each starts with a capital ("Chave Móvel Digital API")."""
_IDENTIFIER = re.compile(r"[a-z0-9]+(?:[-_.][a-z0-9]+)+")
"""A lowercase name of a service or agent, such as ``database-engineer``."""


def _thing(r: Reading, d: Draft, item: str, *, subject: bool = False) -> str | None:
    """Return the project or tool an item of a list names ("⟦2⟧", "jupyter", "the Kafka")."""
    item = _ARTICLE.sub("", item.strip())
    if subject:
        item = _RU_PIECE_RE.sub("", item)  # "e2e тесты ⟦1⟧": the project
    if subject and item.casefold() in _OWNER_WORDS:
        return d.owner
    part = re.fullmatch(rf"(?P<words>.+?)\s+(?:in|of)\s+(?P<ent>{ENT})", item) if subject else None
    if part is not None:  # "the yield model in ⟦1⟧": the project, unless the words are people
        name = r.entity(part["ent"])
        people = kind_of_role(part["words"]) is not None
        return name if split_prefix(name)[0] == "Project" and not people else None
    guessed = "⟦" in item and all(n in r.guessed for n in r.names_in(item))
    if guessed and ("⟦" in item[1:] or NAMED_ON.match(item)):
        item = r.render(item)  # "Raiffeisen ⟦1⟧", "⟦1⟧ Rekognition": one tool's name
    item = name_head(item)
    if item.startswith("⟦"):  # "⟦2⟧", "⟦2⟧ APIs", "⟦2⟧'s backend": the entity itself
        name = r.entity(item[: item.index("⟧") + 1])
        return name if subject or split_prefix(name)[0] not in ("Person", "User") else None
    if subject and not (item[:1].isupper() or _IDENTIFIER.fullmatch(item)):
        return None
    if item[:1].isupper():
        item = _KIND_OF_TOOL.sub("", item)
    words = item.split()
    if not words:  # "region" in "Azure, West Europe region": nothing left of a name
        return None
    proper = all(w[:1].isupper() or w == "&" for w in words) and words[-1] != "&"
    if len(words) > (_MAX_PROPER if proper else 2):
        return None  # "Chave Móvel Digital API", "Weights & Biases": one name, each word capital
    if any(is_stop_word(w) for w in words):
        return None
    if is_cyrillic(item) and not item[:1].isupper():
        return None
    return d.thing(item)


_MORE = re.compile(
    rf"(?:,\s*(?:(?:and|but|а|и)\s+)?|\s+(?:and|и)\s+)(?:(?P<uses>{_USES})|(?P<dep>{_DEPENDS}))\s+(?P<obj>.+)$",
    _I,
)
"""A second verb for the same subject: "X sits on ClickHouse, hosted in Yandex Cloud"."""


def objects_of(r: Reading, d: Draft, obj: str, relation: str) -> list[tuple[str, str]]:
    """Return (relation, thing) for each tool an object names, then those of a second verb."""
    more = _MORE.search(obj)
    if more is not None:
        obj = obj[: more.start()]
    obj = without_apposed(obj)
    listed = listed_after_colon(obj)
    if listed is not None:  # "из двух мест: цены — из ⟦1⟧, страховку — из ⟦2⟧"
        items = [_thing(r, d, part) for part in listed]
        return [(relation, t) for t in items if t is not None]
    items = [_thing(r, d, part) for part in _SPLIT_RE.split(_OBJ_END.sub("", obj))]
    found = [(relation, t) for t in items if t is not None]
    if more is not None:
        tail = "uses" if more["uses"] else "depends_on"
        found += objects_of(r, d, more["obj"], tail)
    return found


_SO_DOES = re.compile(
    rf"\s*,?\s*(?:(?:and|as)\s+)?(?:so\s+(?:does|do|is|are)|(?:the\s+)?same\s+(?:for|goes\s+for|with)"
    rf"|как\s+и|то\s+же\s+(?:самое\s+)?(?:с|у|для)|(?P<and>и|and))\s+(?:the\s+)?(?P<subj>{ENT})"
    r"(?:\s+(?-i:[a-zа-яё]+))?(?(and)\s+(?:тоже|too|as\s+well)|(?:\s+(?:тоже|too))?)\s*$",
    _I,
)
"""A second subject said last: "X relies on Y, and so does the Z admin", "..., как и Z"."""
_PLACE = re.compile(r"работает|жив|lives|sits|сидит|ходит|собира|завяз|привяз|tied|coupled", _I)
"""Verbs that say where a person is or goes, or what they are tied to, not what tool they use."""
_WE_FRAME = re.compile(
    rf"^(?:мы|we)\s+(?:(?:теперь|now|also|тоже|still|всё\s+ещё)\s+)?"
    rf"(?:use|используем|юзаем|run|держим|хостим|крутим)\s+(?P<obj>.+?)\s+(?:in|for|on|в|во|для)\s+"
    rf"(?P<subj>{ENT})(?:\s+(?:for|для)\s+.*)?$",
    _I,
)
"""The team's tool in a project: "we use Sentry in ⟦1⟧", "мы используем Sentry в ⟦1⟧"."""


def _we_use(r: Reading, d: Draft) -> bool:
    m = _WE_FRAME.match(r.text)
    subject = r.entity(m["subj"]) if m else None
    if m is None or split_prefix(subject or "")[0] != "Project":
        return False
    things = objects_of(r, d, m["obj"], "uses")
    for relation, thing in things:
        d.link(subject, relation, thing)
    return bool(things)


_PRACTICE = re.compile(r"(?-i:[A-Z]{2,4})")
"""A short acronym the memory does not hold yet: a practice ("CI", "QA", "SEO"), no project."""


def _purpose_said(r: Reading, m: re.Match[str]) -> bool:
    """Whether "для CI используем GitLab", "for QA we use X" names what a tool is for, not a
    project: a new acronym after "для"/"for" is the purpose (a known name stays a project)."""
    if m.re is not _IN_FRAME or not re.match(r"для|for", m[0], _I):
        return False
    subject = m["subj"].strip()
    name = r.entity(subject) if re.fullmatch(ENT, subject) else ""
    return name in r.guessed and _PRACTICE.fullmatch(split_prefix(name)[1]) is not None


def uses(r: Reading, d: Draft) -> bool:
    """ "ESO uses Elasticsearch", "Atlas тянет данные из Billing и Orion", "в X используем Y"."""
    m = _USE_FRAME.match(r.text) or _IN_FRAME.match(r.text) or _NEEDS_FRAME.match(r.text)
    if m is None:
        return (
            _we_use(r, d)
            or _through(r, d)
            or _tool_first(r, d)
            or _arrives(r, d)
            or _function(r, d)
        )
    if _purpose_said(r, m):
        return False
    feeds, used_verb = m.groupdict().get("feeds"), m.groupdict().get("uses")
    obj, also = m["obj"], _SO_DOES.search(m["obj"])
    if also is not None:  # "..., and so does the ⟦2⟧ admin": a second subject
        obj = obj[: also.start()]
    said = [m["subj"], *([also["subj"]] if also is not None else [])]
    subjects = [_thing(r, d, p, subject=True) for s in said for p in _SPLIT_RE.split(s)]
    if None in subjects or (
        _PLACE.match(used_verb or m["dep"] or "")
        and any(split_prefix(s or "")[0] in ("Person", "User") for s in subjects)
    ):
        return False  # "Камила живёт в Берлине", "Ann sits on the board": a person's place
    things = objects_of(r, d, obj, "uses" if used_verb else "depends_on")
    used = feeds and re.match(r"(?:is\s+)?used|используется", feeds, _I)
    for subject in filter(None, subjects):
        for relation, thing in things:
            if feeds and not used and thing in d.new:  # "Kite sends crash reports to Sentry"
                d.link(subject, "uses", thing)
            elif feeds:
                d.link(thing, "uses" if used else "depends_on", subject)
            else:
                d.link(subject, relation, thing)
    return bool(things)


_THROUGH = re.compile(
    rf"^(?P<subj>{_SUBJECT})\s+(?!.*\b(?:не|not|never)\b)(?:\S+\s+){{1,7}}?"
    r"(?:через|via|using|through|с\s+помощью|with\s+the\s+help\s+of)\s+"
    rf"(?P<obj>(?-i:[A-ZА-ЯЁ])[\w.-]*(?:\s+(?:(?-i:[A-Z0-9])[\w.-]*|{ENT}))?)"
    r"(?P<rest>,\s*(?:а|и|and|but|while)\s+.+)?$",
    _I,
)
"""Work done with a tool: "X собирает билды Kite через Fastlane", "we ship Kite via Expo"."""
_TOOL_WITH_VENDOR = r"(?-i:(?:[А-ЯЁ][а-яё]+\s+)?[A-Z][\w.-]*(?:\s+(?:&\s+)?[A-Z][\w.-]*)?)"
_AND_THROUGH = re.compile(
    r"^,\s*(?:а|и|and|but|while)\s+(?:\S+\s+){1,4}?(?:через|via|using|на|on|в|in|у|from)\s+"
    rf"(?P<obj>{_TOOL_WITH_VENDOR}|{ENT})$",
    _I,
)
"""A second tool of the same subject: "..., а карты у него на Яндекс MapKit", "..., а карты
берёт у HERE" (what it takes from a vendor)."""
_TOOL_FIRST = re.compile(
    rf"^(?P<subj>{ENT})\s+(?:(?:теперь|тоже|уже|целиком|всё|все)\s+)*(?:на|через)\s+"
    rf"(?P<obj>{ENT}|{_TOOL_WITH_VENDOR})\s+(?!.*\bне\b)"
    r"(?:гоня|прогоня|крут|держ|хран|пиш|собира|билд|деплои|хост|счита|стро|жив|работа|сид|"
    r"шл|отправля|рису|ищ|трек|лов)[а-яё]*\b",
    _I,
)
"""A Russian project's tool said before its verb: "⟦1⟧ на ClickHouse гоняет всю аналитику"."""
_WITH_TOOL = re.compile(
    rf"^(?P<subj>{_SUBJECT})\s+(?:(?:now|also|still)\s+)?(?:tests?|builds?|deploys?|ships?|"
    r"monitors?|tracks?|logs?|records?|traces?|checks?|lints?|bundles?|profiles?|automates?|"
    r"load-tests?)\s+"
    rf"(?:\S+\s+){{0,4}}?(?:with|using|via|in)\s+(?P<obj>{_TOOL_WITH_VENDOR})"
    rf"(?:\s*,\s*(?P<also>{ENT})\s+(?:included|too|as\s+well))?$",
    _I,
)
"""What someone does with a tool: "Nodira tests everything with Playwright, ⟦2⟧ included"."""
_ARRIVAL = re.compile(
    r"\b(?:lands?|arrives?|comes?|flows?|(?:gets?|are|is)\s+synced|syncs?|gets?\s+loaded|"
    r"(?:приход|прилета|пада|залива|загружа|подтягива|синк|лью|попада|грузя)\w*)\b",
    _I,
)
_INTO = re.compile(rf"(?:^|\s)(?:in|into|to|в|во)\s+(?P<subj>{ENT})(?=\s|$)", _I)
_FROM = re.compile(
    rf"(?:^|\s)(?:from|out\s+of|из)\s+(?P<obj>{ENT}|(?-i:[A-ZА-ЯЁ0-9])[\w.-]*)(?=\s|$)", _I
)
"""Data that lands in a project from a tool: "stock levels land in ⟦1⟧ from 1C every night"."""
_NEWCOMER = re.compile(
    r"\b(?:hires?|newcomers?|interns?|people|candidates?|team|новичк?\w*|нов(?:ый|ая|енький|енькая)|"
    r"стаж[её]р\w*|люди|человек|кандидат\w*|команд\w*)\b",
    _I,
)
"""Who may come to a project from elsewhere: a person joining is no data source."""


def _someone(r: Reading) -> bool:
    """Tell whether a message names a person or a newcomer ("приходит бэкендер из Uzum")."""
    if r.names_in(r.text, "Person") or r.names_in(r.text, "User") or _NEWCOMER.search(r.text):
        return True
    words = re.findall(r"[^\W\d_]+", r.text)
    return any(kind_of_role(w) or (w[:1].isupper() and name_gender(w)) for w in words)


_TOOL = r"(?-i:[A-Z][\w.-]*(?:\s+[A-Z][\w.-]*)?)"
_IN_THROUGH = re.compile(
    rf"^(?:[^\s⟦]+\s+){{0,3}}?(?:в|во|у|in|into|for|of|для)\s+(?P<subj>{ENT})\s+"
    r"(?!.*\b(?:не|not|never)\b)(?:(?:\S+\s+){1,4}?|(?=через|via|through))"
    rf"(?:через|via|using|through|с\s+помощью|with\s+the\s+help\s+of|в|на)\s+(?P<obj>{_TOOL})$",
    _I,
)
"""A project's work done with a tool, the project after what is done: "краши в ⟦1⟧ ловим
через Sentry", "crashes in ⟦1⟧ are tracked via Sentry", "в ⟦1⟧ логи пишем в Loki", "feeds
come into ⟦1⟧ via NiFi"."""


def _through(r: Reading, d: Draft) -> bool:
    m = _THROUGH.match(r.text)
    if m is None and (m := _WITH_TOOL.match(r.text)) is not None:
        m = None if name_gender(m["obj"]) else m  # "tests it with Timur Sadykov": a person
    if m is None and (m := _IN_THROUGH.match(r.text)) is not None:
        project = split_prefix(r.entity(m["subj"]))[0] == "Project"
        m = m if project and not name_gender(m["obj"]) else None  # "via Anna Ek": a person
    subject = _thing(r, d, m["subj"], subject=True) if m else None
    thing = _thing(r, d, m["obj"]) if m and subject else None
    d.link(subject, "uses", thing)
    if thing is not None and m is not None and m.groupdict().get("also"):
        d.link(r.entity(m["also"]), "uses", thing)  # "..., ⟦2⟧ included"
    if thing is not None and m is not None:
        and_through(r, d, subject, m.groupdict().get("rest") or "")
    return thing is not None


def and_through(r: Reading, d: Draft, subject: str | None, rest: str) -> bool:
    """Link ``subject`` to the tool a second clause names: ", а платежи идут через Y"."""
    more = _AND_THROUGH.match(rest)
    thing = _thing(r, d, more["obj"]) if more is not None and subject else None
    d.link(subject, "uses", thing)
    return thing is not None


def _tool_first(r: Reading, d: Draft) -> bool:
    """ "⟦1⟧ на ClickHouse гоняет аналитику": the tool before the verb."""
    m = _TOOL_FIRST.match(r.text)
    if m is None or split_prefix(r.entity(m["subj"]))[0] != "Project":
        return False
    thing = _thing(r, d, m["obj"])
    d.link(r.entity(m["subj"]), "uses", thing)
    return thing is not None


def _arrives(r: Reading, d: Draft) -> bool:
    """ "stock levels land in ⟦1⟧ from 1C": the project depends on where its data comes from."""
    if re.search(r"\b(?:не|not|never|no\s+longer)\b", r.text, _I) or not _ARRIVAL.search(r.text):
        return False
    if _someone(r):
        return False
    into, source = _INTO.search(r.text), _FROM.search(r.text)
    if into is None or source is None:
        return False
    subject = r.entity(into["subj"])
    if split_prefix(subject)[0] != "Project":
        return False
    thing = _thing(r, d, source["obj"])
    d.link(subject, "depends_on", thing)
    return thing is not None


_FUNCTIONS = (  # what a tool does for a project; a stem takes any ending
    r"мониторинг\w*|лог(?:и|ов|ирование)|алерт\w*|дежурств\w*|деплой\w*|выкатк\w*|сборк\w*|"
    r"билд\w*|ci|cd|ci/cd|хранилищ\w*|бэкап\w*|бекап\w*|очеред\w*|метрик\w*|трейсинг\w*|"
    r"поиск\w*|авторизаци\w*|платеж\w*|платёж\w*|рассылк\w*|пуш\w*|документаци\w*|"
    r"тест\w*|дашборд\w*|отч[её]т\w*|оркестраци\w*|аналитика|хостинг\w*|"
    r"monitoring|logging|logs|alerting|alerts|on-?call|paging|deploys?|deployments?|builds?|"
    r"storage|backups?|queues?|metrics|tracing|search|auth|payments|emails?|notifications|"
    r"docs|tests|dashboards|reports|orchestration|scheduling|analytics|hosting"
)
_VIA = r"(?:на|через|в|во|on|via|through|in|with|to|into)"
_GOES = (
    r"(?:is|are|runs|goes|go|flow|(?:are|get)\s+(?:sent|routed)|ид[её]т|идут|работают?|крутятся|"
    r"крутится|сделан[аоы]?|живёт|живет|уход(?:ят|ит)|лет(?:ят|ит)|пада(?:ют|ет)|сыпл(?:ются|ется))"
)
_ALL = r"(?:(?:все|всё|all(?:\s+(?:of\s+)?the)?)\s+)?"
"""All of a kind of thing: "все алерты ⟦1⟧ уходят в Y", "all ⟦1⟧ alerts go to Y"."""
_FUNCTION_FIRST = re.compile(
    rf"^{_ALL}(?:{_FUNCTIONS})\s+(?:(?:у|в|для|of|for)\s+)?(?P<subj>{ENT})\s+(?:—\s+)?"
    rf"(?:{_GOES}\s+)?{_VIA}\s+(?P<obj>[^,]+)(?P<rest>,.*)?$",
    _I,
)
_SUBJECT_FIRST = re.compile(
    rf"^{_ALL}(?:у\s+)?(?P<subj>{ENT})(?:'s)?\s+(?:{_FUNCTIONS})\s+(?:—\s+)?"
    rf"(?:{_GOES}\s+)?{_VIA}\s+(?P<obj>[^,]+)(?P<rest>,.*)?$",
    _I,
)
_ANOTHER = re.compile(
    rf"^,\s*(?:(?:а|и|and|but|while)\s+)?(?:(?:{_FUNCTIONS})\s+(?:{_GOES}\s+)?{_VIA}\s+"
    r"(?P<obj>[^,]+)|(?P<spare>[^\s,]+(?:\s+[^\s,]+)?)\s+(?:как|as\s+(?:a|the)?)\s*"
    r"(?:запасн\w*|резервн\w*|резерв|fallback|backup)\w*)(?P<rest>,.*)?$",
    _I,
)
"""A verbless line of tools: "мониторинг Kassa на Prometheus, а дежурства через Opsgenie",
"поиск в Kassa идёт через Amadeus, Sabre как запасной"."""


def _function(r: Reading, d: Draft) -> bool:
    m = _FUNCTION_FIRST.match(r.text) or _SUBJECT_FIRST.match(r.text)
    subject = r.entity(m["subj"]) if m else None
    if m is None or split_prefix(subject or "")[0] != "Project":
        return False
    found = False
    while m is not None:
        item = _OBJ_END.sub("", m["obj"] or m["spare"]).strip()
        thing = None if is_cyrillic(item) else _thing(r, d, item)  # "логи X в Москве": a place
        d.link(subject, "uses", thing)
        found = found or thing is not None
        m = _ANOTHER.match(m["rest"] or "")
    return found
