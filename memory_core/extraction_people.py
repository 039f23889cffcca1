"""Extraction rules about people: roles, family and doctors, who works on or leads what.

Each rule reads a :class:`~memory_core.extraction_text.Reading` (known names already
replaced by placeholders) and, when its pattern holds, writes entities, lines and links into
the :class:`~memory_core.extraction_text.Draft`; it returns whether it did. The patterns are
shapes of a sentence, not words of one example:

* "мой тимлид — X", "my new manager is X", "the PM for P is X" (introduction)
* "my daughter X goes to ...", "my sister X is married to Y" (apposition)
* "у Маши учительница — X", "педиатр Тимура — X", "Masha's teacher is called X",
  "mom's birthday is ..." (someone else's)
* "X is the product owner of P", "X теперь PM на P", "X is my mentor now" (a stated role)
* "X работает над P", "X joined P as ...", "X now leads P" (a verb between person and project;
  "меня перевели на P", "Y put me on P" and "I'll be on P" are the owner)
* "X is mentoring me", "Тимура лечит педиатр X": :mod:`memory_core.extraction_role_verbs`
* reporting, assignment and marriage: :mod:`memory_core.extraction_reporting`
* "теперь P ведёт X", "P теперь на мне": :mod:`memory_core.extraction_charge`
* "Маша теперь ходит в ...", "galina moved to novi sad" (a fact about someone known)
"""

from __future__ import annotations

import re

from memory_core.extraction_charge import in_charge
from memory_core.extraction_handed_out import handed_out
from memory_core.extraction_helped import without_helped
from memory_core.extraction_joining import (
    ROLED_LIST,
    moved_from,
    moved_to,
    named_role,
    roled_people,
    trailing_role,
)
from memory_core.extraction_lexicon import KIN_OF, PERSONAL_KINDS, ROLE_RE, ROLE_SEARCH
from memory_core.extraction_name_cases import lemmatize_name
from memory_core.extraction_posts import POST_RULES
from memory_core.extraction_reporting import reporting
from memory_core.extraction_role_verbs import heads_team, role_by_verb
from memory_core.extraction_roles import (
    ADV,
    ADVS,
    OWNER_POSS,
    POSS,
    SHARE,
    WHO,
    WHO_LIST,
    WORK_RE,
    apply_role,
    people,
    read_rest,
    read_role,
)
from memory_core.extraction_text import ENT, NEW_NAME, Draft, Reading
from memory_core.language import is_cyrillic
from memory_core.name_gender import is_given_name
from memory_core.naming import display_name, split_prefix

__all__ = [
    "FEELING_FOR_HIM",
    "PEOPLE_RULES",
    "TRANSIENT",
    "introduction",
    "known_person_fact",
    "someone_elses",
    "stated_role",
    "verb_link",
]

_I = re.IGNORECASE
_REST = rf"(?:['’]s\b(?!\s+(?:[\w-]+\s+)?(?:{ROLE_RE})\b))?(?P<rest>(?:[\s,].*)?)"
"""What follows the name, a possessive "'s" left out: "my wife Olga's birthday is May 3"
says the birthday is Olga's (but "my sister Anna's husband Tom" is about someone else)."""
_HAVE = r"(?:i\s+have\s+an?|i've\s+got\s+an?|у\s+меня\s+есть)"
_OWNER_HOLDS = re.compile(rf"^(?:{OWNER_POSS}|{_HAVE})\b", _I)
_MEET = r"(?:(?:meet|say\s+hi\s+to|welcome|нам\s+дали|к\s+нам\s+пришл?[аио]?)\s+)?"
"""Words that present someone: "meet our new CFO, X", "нам дали нового дизайнера — X"."""
_WILL_BE = (
    r"\b(?:is\s+)?(?:gonna|going\s+to)\s+be\b|\bwill\s+be\b|\bбудет\b|\bстанет\b|"
    r"\bназначил[аи]?\b|\bназначен[аы]?\b"
)
_INTRO = re.compile(
    rf"^{_MEET}(?P<poss>{POSS}|the)?\s*(?P<head>[^—:=,]+?)\s*(?:—|:|=|'s\s+name\s+is|"
    rf"\bis\s+(?:called|named)\b|{_WILL_BE}|\bis\b|\bэто\b|\bзовут\b|\bтеперь\b|\bсейчас\b)"
    rf"\s*{ADVS}(?P<who>{WHO}){_REST}$",
    _I,
)
_APPOSITION = re.compile(
    rf"^{_MEET}(?:(?P<poss>{_HAVE}|{POSS})\s+|(?=(?:new|нов(?:ый|ая|енький|енькая))\s))"
    rf"(?P<head>(?:[\w-]+\s+){{0,2}}?(?:{ROLE_RE})"
    r"(?:\s+(?:from|at|in|из|с|со)\s+[\w-]+)?),?\s+"  # "my best friend from uni, X"
    rf"(?P<who>{ENT}|{NEW_NAME}){_REST}$",
    _I,
)


_MINE_AFTER = re.compile(r"(?<=\w)\s+(?:у\s+меня|of\s+mine)(?=\s|$)", _I)
"""The owner said after the role word: "новый босс у меня с мая — X"."""
_WE_FOUND = re.compile(r"(?:нашли|наняли|we\s+(?:found|hired|got))\s", _I)  # "нашли няню — X"
_MY_TEAM = re.compile(r"у\s+меня\s+в\s+команде|в\s+моей\s+команде|(?:in|on)\s+my\s+team", _I)
"""The owner's own team: whoever is new in it reports to the owner."""


def introduction(r: Reading, d: Draft) -> bool:
    """ "мой тимлид — Иван Петров", "my daughter Sonya goes to school 57"."""
    if _own_kin(r, d):
        return True
    for pattern in (_INTRO, _APPOSITION):
        m = pattern.match(r.text)
        if m is None:
            continue
        head = _MINE_AFTER.sub("", m["head"])  # "новый босс у меня с мая": the owner's boss
        role = read_role(r, head)
        person = d.person(m["who"]) if role is not None else None
        if role is None or person is None:
            continue
        poss = m["poss"] or ""
        owner = head != m["head"] and not poss
        owner = (
            owner
            or _OWNER_HOLDS.match(poss) is not None
            or (role.kind.name in PERSONAL_KINDS and re.match(r"наш|our", poss, _I) is not None)
        )
        owner = owner or (not poss and role.kind.name == "friend")  # "best friend — X"
        owner = owner or (not poss and role.kind.name == "neighbour" and _nobodys(m["head"]))
        # "мама — Ирина Сергеевна": a bare kin word opening the message is one's own
        owner = owner or (not poss and _BARE_KIN.fullmatch(m["head"].strip()) is not None)
        owner = owner or (role.kind.name in PERSONAL_KINDS and _WE_FOUND.match(r.text) is not None)
        apply_role(d, person, role, d.owner if owner else None)
        if owner and not role.kind.to_holder and _MY_TEAM.search(f"{poss} {m['head']}"):
            d.link(d.owner, "manages", person)  # "у меня в команде новый QA — X"
        read_rest(r, d, person, m["rest"])
        return True
    return False


_SOMEONES = re.compile(r"(?-i:[A-ZА-ЯЁҐЄІЇ])|['’]s\b|⟦")


def _nobodys(head: str) -> bool:
    """Whether nobody's name stands before the role word of ``head`` ("новый сосед по
    площадке", not "Tom's neighbour" or "Дзвінкина соседка"): the owner's own neighbour."""
    role = ROLE_SEARCH.search(head)
    return role is not None and _SOMEONES.search(head[: role.start()]) is None


_KIN_NOM = (
    r"(?:мама|мать|папа|отец|жена|муж|дочь|дочка|сын|сестра|брат|mom|mum|mother|dad|father|"
    r"wife|husband|daughter|son|sister|brother)"
)
_BARE_KIN = re.compile(_KIN_NOM, _I)
_FRIEND_HEAD = (
    r"(?:(?:лучш(?:ий|ая)|стар(?:ый|ая|инный|инная)|близк(?:ий|ая)|best|old|close)\s+)?"
    r"(?:друг|подруга|подружка|friend)(?:\s+(?:по|из|со|с|from)\s+[\w-]+|\s+(?:детства|юности))?"
)
"""A friend word opening a message, perhaps with where they met: "подруга по универу"."""
_KIN_FIRST = re.compile(
    rf"^(?:an?\s+)?(?P<head>{_KIN_NOM}|{_FRIEND_HEAD}),?\s+(?P<who>{ENT}|{NEW_NAME}){_REST}$", _I
)
"""A message that opens with a kin word and a name, with no "мой": "жена Ольга, день
рождения 12 марта", "сын Миша ходит в школу 57", "подруга по универу Тоня ...": one's own
family or friend, as chats write it."""


def _own_kin(r: Reading, d: Draft) -> bool:
    """ "жена Ольга, ...", "брат Денис работает в Яндексе": the owner's relative and a fact.

    A Russian name must read as the nominative: "мама Оли" is Оля's mother, not Оли."""
    m = _KIN_FIRST.match(r.text)
    if m is None:
        return False
    who = m["who"]
    if "⟦" not in who and is_cyrillic(who) and lemmatize_name(who) != who:
        return False
    said = re.search(rf"{re.escape(m['head'])},?\s+([^\W\d_]+)", r.raw, _I)
    if said is not None and is_cyrillic(said[1]) and lemmatize_name(said[1]) != said[1]:
        return False  # "сестра Евы Маша ...": a known name in the genitive is the holder
    role = read_role(r, m["head"])
    person = d.person(who) if role is not None else None
    if role is None or person is None:
        return False
    apply_role(d, person, role, d.owner)
    read_rest(r, d, person, m["rest"])
    return True


_KIN_SLANG = (
    r"(?:батя|батька|бать|папка|папуля|папочка|мамка|мамуля|мамочка|маман|"
    r"mommy|mama|momma|daddy|papa|pops)"
)
"""Words a grown-up uses for a parent in chat: "батя продал дачу", "мамуля переехала"."""
_KIN_GEN = (
    r"(?:мамы|матери|папы|отца|жены|мужа|дочки|дочери|сына|сестры|брата|реб[её]нка|mom|mum|"
    r"mother|dad|father|wife|husband|daughter|son|sister|brother|kid|child)"
)
_CALLED = r"(?:'s\s+name\s+is|\s+is\s+called|\s+is\s+named|\s+is)"
_HOLDER_ROLE = re.compile(
    rf"^(?:у\s+(?:мо\w+\s+)?(?P<h1>{ENT}|{_KIN_GEN})\s+(?P<head1>[^—:,]+?)\s*(?:—|:|,)"
    rf"|(?:my\s+)?(?P<h2>{ENT}|{_KIN_GEN})'s\s+(?P<head2>[^—:]+?)(?:{_CALLED}|\s*[:—])"
    # the holder after the role, in the genitive: "педиатр Тимура — X", "мужа Веры зовут X"
    rf"|(?P<head3>(?:[\w-]+\s+){{0,2}}?(?:{ROLE_RE}))\s+(?:у\s+)?(?:мо\w+\s+)?(?P<h3>{ENT}|{_KIN_GEN})"
    r"\s*(?:—|:|,|\bзовут\b|\bтеперь\b|\bсейчас\b|\bnow\b)"
    # a relative's relative named right after: "my wife's brother X is a surgeon"
    rf"|(?:my\s+)?(?P<h4>{ENT}|{_KIN_GEN})'s\s+(?P<head4>(?:[\w-]+\s+)?(?:{ROLE_RE})),?\s+"
    rf"(?=(?-i:[A-ZА-ЯЁ⟦])))\s*"
    rf"(?P<who>{WHO}){_REST}$",
    _I,
)
_KIN_FACT = re.compile(
    rf"^(?:у\s+(?:мо\w+\s+)?(?P<k1>{ENT}|{_KIN_GEN})\s+|(?:my\s+)?(?P<k2>{ENT}|{_KIN_GEN})'s\s+"
    rf"|(?:(?:my|мо[йяе])\s+(?P<k3>{_KIN_NOM})|(?P<k4>mum|mom|mother|dad|father|мама|папа|"
    rf"{_KIN_SLANG}))(?:\s+\([^()]*\))?"  # "mom (Gulnara opa) turns 60"
    r"\s+(?=(?-i:[a-zа-яё])))(?!name\s+is|зовут)"
    rf"(?P<fact>\S+\s+\S.*)$",
    _I,
)


_NAMED_IS = re.compile(
    rf"^is\s+(?:(?P<ent>{ENT})|(?P<name>(?-i:[A-Z][a-z]+))\b(?P<full>\s+(?-i:[A-Z][a-z]+)\b)?)", _I
)
"""A kin word said to be someone: "is Anna", "is Pedro Alves" (a first name, or a full
name), not "is Russian" or "is retired"."""


def _holder(d: Draft, word: str) -> str | None:
    if word.startswith("⟦"):
        return d.person(word)
    kin = KIN_OF.get(word.lower()[:3])
    return d.relative(kin) if kin else None


def someone_elses(r: Reading, d: Draft) -> bool:
    """ "у Маши классная руководительница — X", "mom's birthday is on march 3"."""
    m = _HOLDER_ROLE.match(r.text)
    if m is not None:
        holder = _holder(d, m["h1"] or m["h2"] or m["h3"] or m["h4"])
        role = read_role(r, m["head1"] or m["head2"] or m["head3"] or m["head4"])
        person = d.person(m["who"]) if role is not None and holder is not None else None
        if role is not None and person is not None:
            apply_role(d, person, role, holder)
            read_rest(r, d, person, m["rest"])
            return True
    m = _KIN_FACT.match(r.text)
    if m is None or TRANSIENT.search(r.text):
        return False
    holder = _holder(d, m["k1"] or m["k2"] or m["k3"] or m["k4"])
    if holder is None and (m["k1"] or m["k2"] or "").startswith("⟦"):
        return False
    named = _NAMED_IS.match(m["fact"])
    if (
        holder is None
        and named
        and (named["ent"] or named["full"] or is_given_name(named["name"]))
    ):
        return False  # "my wife is Anna": who she is, for the introduction rule
    d.line(holder or d.owner, "fact", m["fact"] if holder else r.text)
    return True


_SINCE = (  # "Жанна с понедельника лид ...": a time it holds from says "is" as well
    r"(?:с|со|since|from|starting)\s+(?:понед\w*|вторн\w*|сред[ыу]|четв\w*|пятн\w*|"
    r"следующ\w+\s+\w+|этой\s+недели|monday|tuesday|wednesday|thursday|friday|"
    r"next\s+\w+|\d{1,2}(?:-?го)?\s+[а-я]+)"
)
_COPULA = (
    r"(?:—|:|,(?=\s*(?:our|my|наш\w*|мо[йяе]\w*)\s)"  # "X, our new designer, ..."
    r"|(?=у\s+(?:нас|меня)\s)"  # "X у нас теперь девопс-лид": the role follows
    r"|,?\s*(?:(?:was\s+|got\s+|has\s+been\s+)?promoted\s+to|повысили\s+до|"
    r"(?:was|has\s+been|got)\s+(?:appointed|named)(?:\s+as)?|(?:joins|joined|is\s+joining)\s+as|"
    r"(?:пришл?[аи]?|пришёл|присоединил(?:ся|ась|ись))\s+(?:к\s+нам\s+)?(?:как|в\s+качестве)|"
    r"повышен[аы]?\s+до|(?:получил[аи]?\s+)?повышение\s+до|is\s+(?:gonna|going\s+to)\s+be|is|'s|are|"
    r"was|will\s+be|(?:has\s+)?agreed\s+to\s+(?:be|become)|согласил(?:ся|ась|ись)\s+(?:быть|стать)|"
    r"has\s+become|became|becomes|это|будет|стал[аи]?|станет|становится|теперь|сейчас|"
    r"назначен[аы]?|назначили|(?:дали|дадут|получил[аи]?|дал[аи]?)\s+роль|"
    rf"(?:got|was\s+given|gets)\s+the\s+role\s+of|{_SINCE})\b)"
)
_AND_I_REPORT = re.compile(
    r"\s*,?\s+(?:and|и)\s+(?:i|я)\s+(?:now\s+|теперь\s+)?(?:report\s+to|work\s+under|"
    r"отчитываюсь|подчиняюсь)\s+(?:him|her|them|ему|ей|им)$",
    _I,
)
"""A second clause after a role: "X is now VP of engineering and I report to him"."""
_AS_ROLE = re.compile(
    rf"^(?P<who>{WHO_LIST})(?:\s+(?:from|из)\s+(?:the\s+)?(?:(?P<org>{ENT})|(?-i:[a-zа-яё]+)))?"
    rf"\s*{_COPULA}\s*(?P<tail>.+)$",
    _I,
)


def stated_role(r: Reading, d: Draft) -> bool:
    """ "Jane Brooks is the product owner of ESO", "Оля теперь PM на Orion"."""
    m = _AS_ROLE.match(r.text)
    tail = m["tail"] if m else ""
    report = _AND_I_REPORT.search(tail)
    tail = tail[: report.start()] if report else tail
    role = read_role(r, tail) if m else None
    if m is None or role is None:
        return False
    found = people(d, m["who"])
    for person in found:
        apply_role(d, person, role, d.owner if role.owner_poss else None)
        if report:
            d.link(d.owner, "reports_to", person)
        if m["org"] and split_prefix(r.entity(m["org"]))[0] == "Project":
            d.link(person, "works_on", r.entity(m["org"]))
        if "," in tail:
            read_rest(r, d, person, tail.split(",", 1)[1])
    return bool(found)


_LEAD = (
    r"(?:(?:будет|станет|will)\s+)?"  # "будет руководить разработкой P", "will lead P"
    r"(?P<lead>руководить|вести|возглавить|возглавлять|управлять|курировать|lead|run|head|oversee|"
    r"leads|is\s+leading|manages|is\s+managing|runs|heads|oversees|owns|"
    r"takes\s+over|took\s+over|has\s+taken\s+over|looks\s+after|takes\s+care\s+of|руководит|возглавил[аи]?|возглавляет|"
    r"управляет|вед[её]т|курирует|рулит|заправляет|командует|отвечает\s+(?:(?:ещё|еще|тоже|также|теперь)\s+)*(?:и\s+)?за|is\s+responsible\s+for|is\s+in\s+charge\s+of|"
    # a role made a verb: "тимлидит P", "продактит P", "техлидит"
    r"тимлидит|техлидит|лидит|продактит|"
    # the owner's own: "я курирую P", "I manage P", "я ... P курирую"
    r"руковожу|веду|курирую|возглавляю|управляю|рулю|отвечаю\s+за|manage|own|"
    r"am\s+(?:leading|managing|running|heading|overseeing)|(?:am\s+)?taking\s+over|(?:am\s+)?responsible\s+for|"
    r"(?:am\s+)?in\s+charge\s+of)"
)
_LEAD_NOUN = {
    "leads": "lead", "is leading": "lead", "manages": "manager", "is managing": "manager",
    "runs": "head", "heads": "head", "oversees": "head", "owns": "owner", "takes over": "lead",
    "took over": "lead", "has taken over": "lead", "looks after": "responsible for",
    "takes care of": "responsible for", "возглавил": "руководитель",
    "возглавила": "руководитель", "возглавляет": "руководитель",
    "руководит": "руководитель", "управляет": "руководитель", "рулит": "руководитель",
    "заправляет": "руководитель", "командует": "руководитель",
    "ведёт": "ведёт", "ведет": "ведёт", "курирует": "куратор", "руководить": "руководитель",
    "возглавить": "руководитель", "возглавлять": "руководитель", "управлять": "руководитель",
    "курировать": "куратор", "вести": "ведёт", "lead": "lead", "run": "head", "head": "head",
    "oversee": "head", "руковожу": "руководитель", "веду": "ведёт", "курирую": "куратор",
    "возглавляю": "руководитель", "управляю": "руководитель", "рулю": "руководитель",
    "отвечаю за": "отвечает за", "manage": "manager", "own": "owner", "am leading": "lead",
    "am managing": "manager", "am running": "head", "am heading": "head",
    "am overseeing": "head", "taking over": "lead", "am taking over": "lead",
    "тимлидит": "тимлид", "техлидит": "техлид", "лидит": "лид", "продактит": "продакт",
    "отвечает и за": "отвечает за", "is responsible for": "responsible for",
    "is in charge of": "responsible for",
}  # fmt: skip
_OWNER_SUBJECT = (  # "меня перевели на P": the owner as the object of a subjectless verb
    r"(?P<me>я|i|i'm|i'll|i've|i\s+am|i\s+will|i\s+have|меня|мы|we|we're|we'll|we've)"
)
_ME_IS = re.compile(r"'m|'re|\b(?:am|are)\b", _I)
_ME_OBJECT = re.compile(r"(?<!\bwith\s)(?<!\bс\s)(?<!\bсо\s)\b(?:me|меня)\b", _I)
"""The owner as the object after a subject ("Глеб перевёл меня на P"), not "with me"."""
_VERB_FRAME = re.compile(
    rf"^(?:{_OWNER_SUBJECT}|(?P<they>they|he|she|они|он|она)|(?P<who>{ROLED_LIST}))\s+"
    rf"(?P<mid>.*?)(?P<proj>{ENT})(?P<tail>.*)$",
    _I,
)
_GIVES = re.compile(r"\b(?:lend|lends|lending|lent|give|gives|giving|gave)\s*$", _I)
_A_HAND = re.compile(r"^\s*a\s+(?:helping\s+)?hand\b", _I)
"""Help given to a project: "X is lending P a hand", "X gives P a helping hand"."""
_BOTH = r"(?:оба|обе|оба-двое|вдво[её]м|втро[её]м|both|all\s+three)"
_BARE_ON = re.compile(
    rf"^(?:(?:{ADV}|{SHARE})\s+)*(?:(?:с|со|since|from|starting)\s+(?:\w+\s+){{1,2}})?"
    rf"(?:(?:{ADV}|{SHARE}|{_BOTH})\s+)*(?:на|в|on|in)(?:\s+(?:команд\w+|проект\w+|team|project))?$",
    _I,
)
_LEAD_RE = re.compile(rf"^{ADVS}(?:also\s+)?{_LEAD}(?![\w-])(?P<what>.*)$", _I)
_LEAD_AFTER = re.compile(rf"^(?:also\s+)?{_LEAD}(?P<what>)(?:\s+{ADV})*$", _I)
"""A verb of leading after the project: "я с этого квартала ещё и P курирую"."""
_WHEN = re.compile(
    rf"^(?:(?:{ADV}|(?:с|со|since|from|starting)\s+[\w-]+(?:\s+[\w-]+)?)(?:\s+|$))*$", _I
)
"""Words before the project that say nothing but when: "с этого квартала ещё и"."""
_AS_RE = re.compile(r"^\s*(?:as|в\s+роли|в\s+качестве|как)\s+(?P<role>[^,]+)", _I)
_NEGATION = re.compile(
    r"\b(?:не|нет|not|no\s+longer|anymore|never|никогда|left|ушл[аи]|уш[её]л)\b|n't\b", _I
)
_WHILE = re.compile(
    r",\s*(?:пока|while|until|since|because|потому\s+что|так\s+как|чтобы|чтоб|so\s+that|"
    r"иначе|otherwise|lest|"
    # a clause about the project's own state, its holder named anew: ", у них регресс не покрыт"
    r"у\s+(?:них|него|неё|нее)|(?:their|its)\s+\w+)\b.*$",
    _I,
)
"""A clause of why, what for or till when ("пока у них нет EM", "следит, чтобы X не сломали"),
or of how the project stands (", у них тесты не покрыты", ", their X is not ready"): its "нет"
or "не" denies nothing said."""
_FROM = re.compile(
    r"\b(?:from|из)\s+(?:the\s+|an?\s+|our\s+)?(?:(?:[\w-]+\s+){0,2}?(?:vendor|contractor|"
    r"agency|подрядчика|вендора|агентства)\b|[\w-]+(?:\s+(?:team|команды))?)",
    _I,
)
"""Where the person comes from ("from the search team", "from the outsourcing vendor")."""
_FILLER = re.compile(
    rf"\b(?:{ADV}|{_BOTH}|к\s+нам|me|меня|out|for|для|над|на|в|во|к|ко|с|со|по|у|из|от|при|on|in|to|into|with|"
    r"of|at|by|from|about|is|are|am|'m|'re|was|were|been|has|have|will|be|the|a|an|команд\w*|"
    r"проект\w*|team|project)\b",
    _I,
)
_REPORTS_TO_ME = re.compile(
    r"\s*[,;]\s*(?:and\s+|и\s+)?(?:he|she|they|он|она|они)\s+(?:(?:will\s+)?reports?|"
    r"(?:будет\s+)?отчитыва\w+|(?:будет\s+)?подчиня\w+)\s+(?:to\s+)?(?:me|мне)\b.*$",
    _I,
)
"""A second clause that puts the person under the owner: ", he reports to me"."""
_NAME_GOES_ON = re.compile(r"^(?-i:[A-ZА-ЯЁ][\w'’-]*)\s*,")
"""A capitalised word and a comma right after the subject: the rest of a full name."""
_MOVED_THEN = re.compile(r"\b(?:перех\w+|переш\w+|перейд\w+|moves?|moved|moving)\b[^,⟦]*,\s*$", _I)
"""A move said in full before a comma: the project after it is no place the person went."""
_MORE_PROJECTS = re.compile(rf"^(?:\s*(?:,|\bи\b|\band\b|&)\s*{ENT})+", _I)


def verb_link(r: Reading, d: Draft) -> bool:
    """ "Иван работает над ESO", "Nina joined ESO as a backend dev", "Emily now leads Billing"."""
    m = _VERB_FRAME.match(without_helped(r, r.text))  # "A помогает B с X в P": A on P
    if m is None or split_prefix(r.entity(m["proj"]))[0] != "Project":
        return False
    mid, tail = m["mid"].strip(), m["tail"].strip(" ,")
    if _NEGATION.search(mid) or _NEGATION.search(_WHILE.sub("", tail)):
        return False
    if m["me"] and handed_out(mid):
        return False  # "we outsourced the overlays in P": someone outside works on P
    if m["who"] and _NAME_GOES_ON.match(mid):
        return False  # "Owen Price, junior QA, ...": the name was cut short before "Price"
    lead = _LEAD_RE.match(mid) or (_LEAD_AFTER.match(tail) if _WHEN.match(mid) else None)
    moved = moved_to(r, mid, tail)
    if moved is None and moved_from(mid):
        return False  # "X перешёл с P": P is where X was
    if moved is None and _MOVED_THEN.search(mid):
        return False  # "X переходит к нам из маркетинга, P будет на ней": P starts a clause
    said = f" {'am ' if m['me'] and _ME_IS.search(m['me']) else ''}{mid} "  # "I'm hands-on on"
    works = (
        moved
        or WORK_RE.search(said)
        or _BARE_ON.match(mid)
        or WORK_RE.search(f" {tail} ")
        or (_GIVES.search(mid) and _A_HAND.match(tail))  # "is lending P a hand"
    )
    to_me = not m["me"] and _ME_OBJECT.search(mid) is not None
    if (to_me and lead) or (m["they"] and not to_me):
        return False  # "X manages me on P" says who the owner's boss is, not who leads P
    roled = [(d.owner, None)] if m["me"] or to_me else roled_people(r, d, m["who"], m["proj"])
    found = [person for person, _ in roled]
    if not found or not (lead or works):
        return False
    more = _MORE_PROJECTS.match(tail)
    projects = [r.entity(m["proj"]), *r.names_in(more.group(0) if more else "", "Project")]
    placeholder = m["proj"]
    if moved:  # "X switched from P to Q": Q alone
        placeholder, tail = moved
        projects = [r.entity(placeholder)]
    to_owner = _REPORTS_TO_ME.search(tail)
    if to_owner is not None:  # "X joined P as a dev, he reports to me"
        tail = tail[: to_owner.start()]
    as_role = _AS_RE.match(tail)
    role = read_role(r, f"{as_role['role']} {placeholder}") if as_role else None
    named = named_role(r, d, tail, placeholder) if len(found) > 1 and not lead else None
    if role is None and not lead and named is None:  # "X is on P now, part-time analyst"
        role = trailing_role(r, tail, placeholder)
    for person, own in roled:
        if to_owner is not None and len(roled) == 1 and person != d.owner:
            d.link(person, "reports_to", d.owner)
        for project in projects:
            chosen = named[1] if named and named[0] == person else (role or own)
            if chosen is not None:
                apply_role(d, person, chosen, None)
            elif lead:
                said = _ALSO.sub(" ", f" {lead['lead'].lower()} ")
                noun = _LEAD_NOUN.get(" ".join(said.split()), lead["lead"])
                kind = "owns" if noun == "owner" else "manages"
                if noun in ("отвечает за", "responsible for") and _PRODUCT.match(lead["what"]):
                    kind = "pm_of"  # "отвечает за продукт на P": the product side, a PM's
                d.link(person, kind, project)
                d.line(person, "role", f"{noun} {lead['what']} {display_name(project)}")
            else:
                d.link(person, "works_on", project)
                activity = _FROM.sub("", mid)
                if not moved and _FILLER.sub("", WORK_RE.sub(" ", f" {activity} ")).strip(" ,"):
                    d.line(person, "fact", f"{activity} {m['proj']}")
    return True


_ALSO = re.compile(r"(?<=\s)(?:ещё|еще|тоже|также|теперь|и)(?=\s)(?!\s+за\s*$)")
"""Words inside "отвечает ещё и за" that say nothing of the role."""
_PRODUCT = re.compile(r"^\s*(?:(?:весь|всё|the\s+whole)\s+)?(?:продукт\w*|product)\b", _I)
"""What a person answers for, when it is the product side: "отвечает за продукт на P"."""
TRANSIENT = re.compile(
    r"\b(?:сегодня|сейчас|вчера|завтра|опять|снова|today|tonight|right\s+now|yesterday|"
    r"tomorrow|again|сказал\w*|said|says|написал\w*|wrote|asked|спросил\w*|звонил\w*|called|"
    r"опоздал\w*|late|устал\w*|tired|заболел\w*|болеет|sick|ill|отпуск\w*|vacation|holiday|"
    r"прислал\w*|sent|this\s+week(?:end)?|на\s+этой\s+неделе|на\s+выходных|в\s+выходные|"
    r"visiting|в\s+гостях)\b",
    _I,
)
"""Words of a passing event ("сегодня", "said", "заболел"): no lasting fact about someone."""
_KNOWN_FACT = re.compile(
    rf"^(?:(?:мой|моя|моё|my)\s+)?(?P<who>{ENT})\s+{ADVS}(?P<fact>\S+\s+\S.*)$", _I
)
"""A fact about someone known, perhaps called "my": "мой артём ушёл из банка"."""
FEELING_FOR_HIM = re.compile(
    r"(?:(?:already|really|totally|just|уже|прям|очень|просто)\s+)?(?:loves|likes|adores|hates|"
    r"trusts|обожает|любит|ненавидит|в\s+восторге\s+от)\s+(?:him|her|them|его|её|ее|их|него|"
    r"неё|нее|них)\s*[.!)]*",
    _I,
)
"""A feeling for someone named only by a pronoun ("X already loves him"): a remark on the
person just named, no lasting fact about X."""


def known_person_fact(r: Reading, d: Draft) -> bool:
    """ "Маша теперь ходит в художку по субботам", "galina ivanovna moved to novi sad"."""
    m = _KNOWN_FACT.match(r.text)
    if m is None or TRANSIENT.search(r.text) or FEELING_FOR_HIM.fullmatch(m["fact"]):
        return False
    person = d.person(m["who"])
    if person is None or split_prefix(person)[0] != "Person":
        return False
    d.line(person, "fact", m["fact"])
    return True


PEOPLE_RULES = (
    reporting,
    in_charge,
    someone_elses,
    introduction,
    role_by_verb,
    heads_team,
    stated_role,
    verb_link,
    *POST_RULES,
)
"""The people rules that read a sentence's whole shape, most specific first."""
