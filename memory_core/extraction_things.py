"""Extraction rules about things: decisions, "X uses Y", explicit links, the owner's own facts.

Same contract as :mod:`memory_core.extraction_people`: a rule reads the marked message,
writes into the draft when its shape holds and says whether it did.

* "мы решили перейти на cursor pagination в ESO", "we agreed to drop PayPal in Orion",
  "decision: ...": a ``Decision:<slug>`` with a ``decision:`` line, ``decided_in`` the
  projects named, ``concerns`` the Jira issues named, and ``decided`` from the people the owner
  decided with ("мы с Сергеем решили", "decided with Priya"), or from the owner who decided
  alone ("я решила, что ...", "I decided to ...").
* "ESO uses Elasticsearch", "ESO крутится на Kubernetes", "в ESO для очередей используем
  RabbitMQ": ``uses``; "Orion зависит от биллинга", "Atlas pulls its data from Orion":
  ``depends_on``; a tool not yet in memory becomes a ``Project:``.
* "Иван Петров -[works_on]-> ESO": the link as written.
* "я живу в Белграде", "I work at Acme", "я предпочитаю ...", "мой часовой пояс — ...",
  "my birthday is ...": a line on the owner.
"""

from __future__ import annotations

import re

from memory_core.errors import InvalidInputError
from memory_core.extraction_roles import WHO, WHO_LIST
from memory_core.extraction_text import ENT, Draft, Reading
from memory_core.language import is_cyrillic, is_stop_word, normalize, tokens
from memory_core.naming import display_name, normalize_relation_type, split_prefix

__all__ = ["decision", "explicit_link", "owner_fact", "uses"]

_I = re.IGNORECASE
_SLUG_WORDS = 6
_NEGATIONS = frozenset({"no", "not", "never", "не", "нет", "без"})
_SPLIT_RE = re.compile(r"\s*(?:,|\band\b|\bи\b|&)\s*", _I)

_DECIDED = (
    r"(?:(?:было\s+)?решено|решили|решила|решил|порешали|порешил[аи]?|приняли\s+решение|договорились|постановили|"
    r"выбрали|проголосовали|(?:have\s+|'ve\s+|had\s+)?(?:decided|agreed|chose|chosen|voted|"
    r"settled\s+on|opted\s+for|went\s+with|picked(?=\s+.+?\s+(?:over|instead\s+of)\s))|"
    r"(?:are|'re|will)\s+go(?:ing)?\s+with)"
)
_WITH = r"(?:вместе\s+)?(?:с|со|with)"
_ABOUT = rf"(?:по|for|on|about|насч[её]т|regarding|in)\s+{ENT}"
_DECISION = re.compile(
    rf"^(?P<pre>{_ABOUT}\s*,?\s+)?(?:(?:(?:мы|we|the\s+team|team|команда|все|(?P<self>я|i))"
    rf"(?:\s+|(?='))"
    rf"|(?P<with0>{WHO_LIST})\s+(?:и\s+я|and\s+i)\s+)?(?:{_WITH}\s+(?P<with1>{WHO_LIST})\s+)?"
    rf"(?P<verb>{_DECIDED})\b\s*(?:{_WITH}\s+(?P<with2>{WHO_LIST}))?"
    rf"|(?:the\s+)?(?:decision|решение)(?P<pre2>\s+{_ABOUT})?(?:\s+(?:is|was))?)"
    r"\s*(?P<said>[:,—]?\s*(?:(?:что|that|to|on|,)\s+)?)(?P<content>.+)$",
    _I,
)
_DECIDED_LAST = re.compile(
    rf"^(?P<content>.+?)\s*(?:[,;—])\s*(?:так\s+|вот\s+|и\s+)?(?:мы\s+|we\s+)?(?:{_DECIDED})\b"
    r"(?:\s+(?:on|at|in|during|на|во?)\s+.*)?$",
    _I,
)
"""The decision word at the end: "KITE-204 не чиним до 3.0, так решили", "..., agreed on sync"."""
_CHOSE = re.compile(r"выбрал|chose|chosen|picked|settled|opted|went", _I)
_INFINITIVE = re.compile(r"^\w+(?:ть|ться|ти|чь|чься)\b", _I)
"""A Russian infinitive: "я решил перейти на ..." is a decision, "я решил задачу" is not."""
_DECISION_META = re.compile(
    rf"[,;]\s*(?:{_DECIDED}|decided|agreed)\b(?:.*?\b(?:с|со|with)\s+(?P<who>{WHO_LIST}))?.*$",
    _I,
)


def _slug(r: Reading, content: str, first: list[str]) -> str:
    """Make a decision's slug: the project first, then the content words, as written.

    Russian words stay Cyrillic ("kite-переходим-graphql"): a transliteration has several
    spellings, so a search for the word the owner typed finds the decision only this way.
    """
    words: list[str] = []
    for name in first:
        words += [w.lower() for w in tokens(display_name(name))]
    for written in tokens(r.render(content)):
        word = normalize(written)
        keep = word in _NEGATIONS or (not is_stop_word(word) and (len(word) > 1 or word.isdigit()))
        if keep and word not in words:
            words.append(word)
    return "-".join(words[:_SLUG_WORDS])


def _owner_decided(m: re.Match[str]) -> bool:
    """Tell whether "я решил(а)"/"I decided" starts a decision, not "я решил задачу" (solved).

    The content is said ("что", "that", "to", a colon), is an infinitive, or was chosen.
    """
    return bool(m["said"].strip() or _INFINITIVE.match(m["content"]) or _CHOSE.search(m["verb"]))


def decision(r: Reading, d: Draft) -> bool:
    """ "мы решили перейти на cursor pagination в ESO", "decision: ..., decided with Priya"."""
    m = _DECISION.match(r.text) or _DECIDED_LAST.match(r.text)
    if m is None or (m.re is _DECISION and m["self"] and not _owner_decided(m)):
        return False
    groups = m.groupdict()
    content = m["content"]
    deciders = [groups.get("with0"), groups.get("with1"), groups.get("with2")]
    meta = _DECISION_META.search(content)
    if meta is not None:
        deciders.append(meta["who"])
        content = content[: meta.start()]
    about = f"{groups.get('pre') or ''} {groups.get('pre2') or ''} {content}"
    projects = r.names_in(about, "Project")
    issues = r.names_in(about, "Jira")
    slug = _slug(r, content, projects[:1])
    if not slug:
        return False
    decision = d.entity(f"Decision:{slug}")
    d.line(decision, "decision", content)
    for project in projects:
        d.link(decision, "decided_in", project)
    for issue in issues:
        d.link(decision, "concerns", issue)
    if groups.get("self"):
        d.link(d.owner, "decided", decision)
    for group in filter(None, deciders):
        for part in _SPLIT_RE.split(group):
            person = d.person(part)
            if person is not None and split_prefix(person)[0] == "Person":
                d.link(person, "decided", decision)
    return True


_WHAT = (  # what is read, stored or sent: "its training data", "all of its events", "свои данные"
    r"(?:(?:(?:all|все)\s+)?(?:of\s+)?(?:its|their|our|the|свои|свой|своё|все)\s+)?"
    r"(?:\w+\s+){0,2}?"
)
_USES = (
    r"uses|use|(?:is|are)\s+using|использу\w+|юзает|(?:is\s+)?built\s+(?:on\s+top\s+of|on|with)|runs\s+on|"
    r"is\s+running\s+on|крутится\s+(?:на|в)|работает\s+на|жив[её]т\s+(?:на|в)|хостится\s+(?:на|в)|"
    r"(?:is\s+)?hosted\s+(?:on|in)|(?:is\s+)?deployed\s+(?:on|to)|деплоится\s+(?:на|в)|"
    r"написан\w*\s+на|(?:is\s+)?written\s+in|построен\w*\s+на|сидит\s+на|(?:is\s+)?based\s+on|"
    rf"stores\s+{_WHAT}in|хранит\s+{_WHAT}в|склад\w+\s+{_WHAT}в|(?:is\s+)?powered\s+by|"
    r"goes\s+through|runs\s+through|(?:ид[её]т|ходит)\s+через|"
    r"(?:держим|хостим|деплоим|запускаем|крутим)\s+(?:на|в)|"
    r"(?:гоня|прогоня)(?:ет|ют|ем)\s+(?:\S+\s+){0,4}?(?:в|во|через)"  # "гоняет отчёты по P в X"
)
_DEPENDS = (
    r"depends?\s+on|завис(?:и|я)т\s+от|rel(?:y|ies)\s+on|полагается\s+на|"
    rf"(?:pulls|reads|gets|fetches|takes|receives|loads|imports)\s+{_WHAT}from|consumes|"
    rf"calls|(?:тянет|бер[её]т|получает|читает|забирает|грузит)\s+{_WHAT}(?:из|от|у)|"
    r"вызывает|"
    r"(?:can'?t|cannot|can\s+not)\s+(?:work|run|live|function)\s+without|"
    r"не\s+(?:может\s+)?(?:работа\w+|жить|жив[её]т)\s+без|(?:is|are|gets?)\s+fed\s+by|"
    r"ходит\s+в|integrates\s+with|интегрир\w+\s+с|needs|requires|требует"
)
_FEEDS = (
    rf"(?:is\s+)?used\s+(?:by|in)|используется\s+в|(?:sends|pushes|feeds|writes)\s+{_WHAT}"
    rf"(?:to|into)|(?:отправляет|шл[её]т|отда[её]т|пишет)\s+{_WHAT}в"
)
_PART = r"(?:frontend|backend|api|ui|app|service|фронтенд|фронт|бэкенд|бэк|бекенд)"
_SUBJECT = (  # "⟦1⟧", "the ⟦1⟧ backend", "⟦1⟧'s crash reporting", a person, "data-service"
    rf"(?:(?:the\s+)?{ENT}(?:'s(?:\s+[a-z-]+){{0,2}}?|\s+{_PART})?|{WHO}|[a-z0-9]+(?:[-_.][a-z0-9]+)+)"
)
_SUBJECTS = rf"{_SUBJECT}(?:\s*(?:,|\bи\b|\band\b|&)\s*{_SUBJECT})*"
_PURPOSE = r"(?:(?:для|под|for)\s+(?:\w+\s+){1,2}?)"
"""What a tool is used for, between the project and the verb: "в Ledger для очередей ..."."""
_USE_FRAME = re.compile(
    rf"^(?P<subj>{_SUBJECTS})\s+(?:(?:теперь|now|also|тоже|still|both|оба|обе|все|all|"
    rf"\w+ly)\s+|{_PURPOSE})*"
    rf"(?:(?P<uses>{_USES})|(?P<dep>{_DEPENDS})|(?P<feeds>{_FEEDS}))\s+(?P<obj>.+)$",
    _I,
)
_IN_FRAME = re.compile(
    rf"^(?:в|во|in|для|for)\s+(?P<subj>{ENT})\s*,?\s+{_PURPOSE}?(?:мы\s+|we\s+)?{_PURPOSE}?"
    r"(?:(?P<uses>используем|используется|юзаем|use|uses|is\s+used)"
    r"|(?P<dep>нуж(?:ен|на|но|ны)|need|needs|is\s+needed))\s+(?P<obj>.+)$",
    _I,
)
_OBJ_END = re.compile(
    r"\s+(?:for|для|to|в\s+качестве|via|через|because|потому|since|as|как|when|когда|"
    r"instead|вместо|over|under|in\s+prod\w*|now|теперь)\b.*$",
    _I,
)
_ARTICLE = re.compile(r"^(?:the|a|an)\s+", _I)
_IDENTIFIER = re.compile(r"[a-z0-9]+(?:[-_.][a-z0-9]+)+")
"""A lowercase name of a service or agent, such as ``database-engineer``."""


def _thing(r: Reading, d: Draft, item: str, *, subject: bool = False) -> str | None:
    """Return the project or tool an item of a list names ("⟦2⟧", "jupyter", "the Kafka")."""
    item = _ARTICLE.sub("", item.strip())
    if item.startswith("⟦"):  # "⟦2⟧", "⟦2⟧ APIs", "⟦2⟧'s backend": the entity itself
        return r.entity(item[: item.index("⟧") + 1])
    if subject and not (item[:1].isupper() or _IDENTIFIER.fullmatch(item)):
        return None
    words = item.split()
    if not words or len(words) > 2 or any(is_stop_word(w) for w in words):
        return None
    if is_cyrillic(item) and not item[:1].isupper():
        return None
    return d.thing(item)


def uses(r: Reading, d: Draft) -> bool:
    """ "ESO uses Elasticsearch", "Atlas тянет данные из Billing и Orion", "в X используем Y"."""
    m = _USE_FRAME.match(r.text) or _IN_FRAME.match(r.text)
    if m is None:
        return _through(r, d)
    feeds = m.groupdict().get("feeds")
    subjects = [_thing(r, d, part, subject=True) for part in _SPLIT_RE.split(m["subj"])]
    if None in subjects or (
        m["uses"]
        and re.match("работает", m["uses"], _I)
        and any(split_prefix(s or "")[0] == "Person" for s in subjects)
    ):
        return False
    items = [_thing(r, d, part) for part in _SPLIT_RE.split(_OBJ_END.sub("", m["obj"]))]
    things = [t for t in items if t is not None]
    used = feeds and re.match(r"(?:is\s+)?used|используется", feeds, _I)
    for subject in filter(None, subjects):
        for thing in things:
            if feeds and not used and thing in d.new:  # "Kite sends crash reports to Sentry"
                d.link(subject, "uses", thing)
            elif feeds:
                d.link(thing, "uses" if used else "depends_on", subject)
            else:
                d.link(subject, "uses" if m["uses"] else "depends_on", thing)
    return bool(things)


_THROUGH = re.compile(
    rf"^(?P<subj>{_SUBJECT})\s+(?!.*\b(?:не|not|never)\b)(?:\S+\s+){{1,4}}?"
    r"(?:через|via|using|с\s+помощью|with\s+the\s+help\s+of)\s+(?P<obj>(?-i:[A-ZА-ЯЁ])[\w.-]*)$",
    _I,
)
"""Work done with a tool: "X собирает билды Kite через Fastlane", "we ship Kite via Expo"."""


def _through(r: Reading, d: Draft) -> bool:
    m = _THROUGH.match(r.text)
    subject = _thing(r, d, m["subj"], subject=True) if m else None
    thing = _thing(r, d, m["obj"]) if m and subject else None
    d.link(subject, "uses", thing)
    return thing is not None


_ARROW = re.compile(r"^(?P<a>.+?)\s*-\[\s*(?P<rel>[\w\s-]+?)\s*\]->\s*(?P<b>.+)$")


def explicit_link(r: Reading, d: Draft) -> bool:
    """ "Иван Петров -[works_on]-> ESO": the link exactly as written."""
    m = _ARROW.match(r.text)
    if m is None:
        return False
    try:
        relation = normalize_relation_type(m["rel"], strict=False)
    except InvalidInputError:
        return False
    ends: list[str | None] = []
    for side in (m["a"].strip(), m["b"].strip()):
        if re.fullmatch(ENT, side):
            ends.append(r.entity(side))
        elif split_prefix(side)[0] is not None:  # "Project:⟦0⟧": the prefix as written
            ends.append(d.entity(" ".join(r.render(side).split())))
        else:
            ends.append(d.person(side) or d.thing(side))
    d.link(ends[0], relation, ends[1])
    return None not in ends


_OWNER_FACTS = tuple(
    (re.compile(pattern, _I), kind, key)
    for pattern, kind, key in (
        (r"^(?:я\s+)?живу\s+(?P<v>(?:в|во|на)\s+.+)$", "fact", "location"),
        (r"^i\s+(?:live|am\s+based|'m\s+based)\s+in\s+(?P<v>.+)$", "fact", "location"),
        (r"^i'm\s+based\s+in\s+(?P<v>.+)$", "fact", "location"),
        (r"^(?:я\s+)?работаю\s+(?P<v>(?:в|во)\s+.+)$", "fact", "workplace"),
        (r"^i\s+work\s+(?:at|for)\s+(?P<v>.+)$", "fact", "workplace"),
        (r"^меня\s+зовут\s+(?P<v>.+)$", "fact", "name"),
        (r"^my\s+name\s+is\s+(?P<v>.+)$", "fact", "name"),
        (r"^(?P<v>(?:я\s+)?предпочитаю\s+.+)$", "pref", None),
        (r"^(?P<v>i\s+(?:\w+\s+)?prefer\s+.+)$", "pref", None),
    )
)


_OWNER_ATTRIBUTES = {
    "часовой пояс": "timezone", "time zone": "timezone", "timezone": "timezone",
    "день рождения": "birthday", "birthday": "birthday", "date of birth": "birthday",
    "родной город": "hometown", "home town": "hometown", "hometown": "hometown",
    "родной язык": "native_language", "native language": "native_language",
    "mother tongue": "native_language", "любимый язык": "favourite_language",
    "favourite language": "favourite_language", "favorite language": "favourite_language",
}  # fmt: skip
_OWNER_ATTRIBUTE = re.compile(
    r"^(?:мой|моя|моё|мое|my)\s+(?P<attr>"
    + "|".join(re.escape(a).replace(r"\ ", r"\s+") for a in _OWNER_ATTRIBUTES)
    + r")\s*(?:—|-|:|=|\bis\b|\bэто\b)\s*(?P<v>\S.*)$",
    _I,
)


def owner_fact(r: Reading, d: Draft) -> bool:
    """ "я живу в Белграде", "I work at Acme", "I prefer short answers": the owner's lines."""
    attribute = _OWNER_ATTRIBUTE.match(r.text)
    if attribute is not None:
        name = _OWNER_ATTRIBUTES[" ".join(attribute["attr"].lower().split())]
        d.line(d.owner, "fact", f"{name}={r.render(attribute['v'])}")
        return True
    for pattern, kind, key in _OWNER_FACTS:
        m = pattern.match(r.text)
        if m is not None:
            value = r.render(m["v"])
            d.line(d.owner, kind, f"{key}={value}" if key else value)
            return True
    return False
