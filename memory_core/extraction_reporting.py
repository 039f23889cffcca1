"""Extraction rules for reporting lines, assignments and marriages between people.

Same contract as :mod:`memory_core.extraction_people`: :func:`reporting` reads the marked
message and writes into the draft when one of these shapes holds:

* "я отчитываюсь X", "I'm now reporting to X": the owner ``reports_to`` X
* "X reports to me", "X будет отчитываться мне", "отчитываться мне будет X, джун-аналитик":
  X ``reports_to`` the owner; "X reports to Y now, not to me": X ``reports_to`` Y
* "X забираю к себе в подчинение", "I'm taking X onto my team", "X переходит ко мне в
  команду", "X со среды в моём подчинении", "X is now under me": the owner ``manages`` X
* "X-у передали ESO-1", "ESO-1 отдала X-у", "отдал X-у ESO-1, он разберётся": the issue is
  ``assigned_to`` X; "X-у ещё и P отдали под крыло": X is ``responsible_for`` P
* "X married Y", "X got married last summer, to a guy named Y", "X вышла замуж! муж — Y":
  ``married_to``
"""

from __future__ import annotations

import re

from memory_core.extraction_lexicon import kind_of_role
from memory_core.extraction_names import morph
from memory_core.extraction_roles import ADV, ADVS, MARRY, WHO, WHO_LIST, people, read_rest
from memory_core.extraction_text import ENT, Draft, Reading
from memory_core.language import is_cyrillic
from memory_core.naming import split_prefix

__all__ = ["reporting"]

_I = re.IGNORECASE
_REPORT_UP = re.compile(
    # "I now directly report to X"; a Russian first-person verb needs no "я": "отчитываюсь X"
    rf"^(?:(?:я|i|i'm)\s+|(?=(?:[^\s⟦]+\s+){{0,3}}?(?:отчитываюсь|подчиняюсь|репорчу)\s))"
    rf"{ADVS}(?:(?:now\s+)?directly\s+)?"
    r"(?:отчитываюсь|подчиняюсь|репорчу|report\s+to|(?:am\s+)?reporting\s+to|work\s+under)\s+"
    rf"{ADVS}(?:(?:напрямую|непосредственно|directly)\s+)?"  # "подчиняюсь напрямую X"
    rf"(?P<who>{WHO})(?:\s+{ADV})*(?:\s*,\s*(?P<rest>.+))?$",
    _I,
)
_PRONOUN_START = re.compile(r"(?:she|he|they|она|он|они)\b", _I)
_WILL = r"(?:(?:будет|будут|станет|станут|will|is\s+going\s+to|are\s+going\s+to)\s+)?"
_REPORT_VERB = r"(?:отчитыва\w+|подчиня\w+|репорт\w*|reports?\s+to|reporting\s+to|work\w*\s+under)"
_WHEN = (
    r"(?:\s+(?:(?:from|since|starting|as\s+of|с|со)\s+[\w-]+(?:\s+\d{1,2})?|"
    r"(?:next|this)\s+\w+|в\s+следующ\w+\s+\w+))?"
)
"""A time it holds from, after the rest: "from april", "с понедельника"."""
_NOT_ME = (
    r"(?:\s*,?\s*(?:(?:(?:а|and|but)\s+)?(?:не|not)\s+(?:to\s+)?(?:мне|me)|instead\s+of\s+me|"
    rf"вместо\s+меня)(?:\s+{ADV})*)?"
)
_REPORT_DOWN = re.compile(  # "X reports to me", "X будет мне отчитываться", "X reports to Y"
    rf"^(?P<who>{WHO_LIST})\s+{ADVS}{_WILL}{ADVS}(?:мне\s+{_REPORT_VERB}|{_REPORT_VERB}\s+"
    rf"{ADVS}(?:(?:ко\s+)?мне|me|(?P<boss>{WHO})))(?:\s+{ADV})*{_WHEN}{_NOT_ME}$",
    _I,
)
_REPORT_TO_ME = re.compile(  # "отчитываться мне теперь будет X, джун-аналитик из маркетинга"
    rf"^(?:(?:отчитываться|подчиняться|репортить)\s+мне|"
    rf"мне\s+{ADVS}{_WILL}(?:отчитыва\w+|подчиня\w+|репорт\w*)|"
    rf"reporting\s+to\s+me){_WHEN}\s+{ADVS}(?:будет|будут|станет|will\s+be|is|"
    rf"are)?\s*{ADVS}(?P<who>{WHO_LIST})(?:\s*,\s*(?P<rest>.+))?$",
    _I,
)
_TAKE = (
    r"(?:забира\w*|забер\w*|забрал\w*|бер[уёе]\w*|возьм\w*|взял\w*|перевож\w*|перевед\w*|"
    r"(?:i'm\s+|i\s+am\s+|i'll\s+|i\s+will\s+)?(?:taking|take|took|moving|move|bringing|bring))"
)
_TO_ME = (
    r"(?:к\s+себе|ко\s+мне|под\s+себя|под\s+мое\s+начало|under\s+me|"
    r"(?:onto|into|to)\s+my\s+(?:team|group|org))"
    r"(?:\s+(?:в|во)\s+(?:\w+\s+)?(?:подчинение|команду|отдел|группу))?"
)
_JOIN = (
    r"(?:переход\w*|перейд[её]\w*|перешл?[аи]?|перейти|перешёл|перешел|прид[её]т|приход\w*|"
    r"пришл[аи]|пришёл|пришел|join(?:s|ing|ed)?|"
    r"(?:is\s+|are\s+)?(?:mov(?:es|ing)|com(?:es|ing))|move|come)"
)
_JOINS_ME = re.compile(  # "X переходит ко мне в команду", "X joins my team next month"
    rf"^(?P<who>{WHO_LIST})\s+{ADVS}{_WILL}{ADVS}{_JOIN}\s+{ADVS}(?:{_TO_ME}|my\s+team|"
    rf"(?:в|во)\s+мо[юй]\s+(?:команду|группу|отдел))(?:\s+{ADV})*{_WHEN}"
    r"(?:\s+as\s+(?:an?\s+)?(?P<role>[^,]+?))?(?:\s*,\s*(?P<rest>.+))?$",
    _I,
)
_UNDER_ME = re.compile(  # "X со среды в моём подчинении", "X is now under me"
    rf"^(?P<who>{WHO_LIST})(?:\s+{ADV})*{_WHEN}\s+{ADVS}"
    r"(?:(?:в|во)\s+мо(?:ём|ем|ей)\s+(?:(?:прям\w*|непосредственн\w*)\s+)?(?:подчинении|команде)|"
    r"под\s+(?:мной|моим\s+(?:началом|руководством))|(?:is|are)\s+(?:\w+\s+)?(?:under\s+me|"
    r"on\s+my\s+team|in\s+my\s+team|my\s+(?:direct\s+)?reports?))"
    rf"(?:\s+{ADV})*{_WHEN}$",
    _I,
)
_TAKE_UNDER = re.compile(  # "X забираю к себе в прямое подчинение", "беру X к себе в команду"
    rf"^(?:(?P<w1>{WHO_LIST})\s+(?:я\s+)?{ADVS}{_TAKE}|(?:я\s+)?{ADVS}{_TAKE}\s+(?P<w2>{WHO_LIST}))"
    rf"\s+{ADVS}{_TO_ME}(?:\s+{ADV})*{_WHEN}$",
    _I,
)
_WHY = r"(?:\s*[,—]\s*(?!(?:но|а|but|however)\b)[^,]+)?"
"""A reason after the handover: ", он быстрее разберётся", "— she knows the code"."""
_ASSIGN = re.compile(
    rf"^(?:(?P<w1>{WHO})\s+{ADVS}(?:передали|отдали|дали|назначили|поручили|assigned|"
    rf"got|получил[аи]?|взял[аи]?|took|owns)\s+(?P<j1>{ENT})"
    rf"|(?P<j2>{ENT})\s+{ADVS}(?:переда(?:л|ли|ла)|отда(?:л|ли|ла)|назначил[аи]?|assigned\s+to|"
    r"is\s+assigned\s+to|(?:was\s+|is\s+|has\s+been\s+|got\s+)?(?:handed(?:\s+over)?|passed(?:\s+on)?|"
    r"given|reassigned|transferred)\s+to|передан[аоы]?|отдан[аоы]?|"
    r"goes\s+to|на|is\s+on|is\s+with|перешл[аи]\s+к|"
    # whose desk it sits on: "ESO-1 висит на X", "ESO-1 sits with X"
    rf"(?:вис|леж)(?:ит|ят)\s+на|(?:sits|lies|rests|is\s+sitting)\s+(?:with|on)|"
    # put on someone's desk: "ESO-1 повесили на X", "ESO-1 got dumped on X"
    r"(?:повесил[аи]?|скинул[аи]?|перекинул[аи]?|свалил[аи]?|спихнул[аи]?|"
    rf"(?:got\s+|was\s+)?(?:dumped|landed|offloaded))\s+(?:на|on))\s+(?P<w2>{WHO}))"
    rf"(?:\s+{ADV})*{_WHY}$",
    _I,
)
_HAND = (
    r"(?:переда(?:л|ла|ли|ю|м)|отда(?:л|ла|ли|ю|м)|поручи(?:л|ла|ли|ю|м)|назначи(?:л|ла|ли)|"
    r"assigned|gave|handed(?:\s+over)?|passed)"
)
_HANDED = re.compile(  # "отдал X-у KRP-1, он разберётся", "gave KRP-1 to X"
    rf"^(?:(?:я|i)\s+)?{ADVS}{_HAND}\s+(?P<a>{WHO})\s+(?:to\s+)?(?P<b>{WHO})(?:\s+{ADV})*{_WHY}$",
    _I,
)
_HANDED_TO = re.compile(  # "X-у ещё и P отдали под крыло"
    rf"^(?P<a>{WHO})\s+{ADVS}(?P<b>{ENT})\s+{ADVS}{_HAND}"
    r"(?:\s+(?:под\s+(?:крыло|начало|ответственность)|в\s+ведение))?"
    rf"(?:\s+{ADV})*{_WHY}$",
    _I,
)
_MARRIED = re.compile(
    rf"^(?P<a>{WHO})\s+(?:[^\W\d_][\w-]*\s+){{0,5}}?(?:(?:got|is)\s+)?{MARRY}[!.]*"  # "в июне"
    r"(?:\s+[\w\s]{0,30}?)?,?\s+(?:за|на|to)?\s*"  # "got married last summer, to"
    r"(?:(?:a|an)\s+(?:guy|man|woman|girl|lady)\s+(?:named|called)\s+|"
    rf"(?:парня|мужчину|девушке|женщине)\s+по\s+имени\s+)?(?P<b>{WHO})(?:\s+{ADV})*"
    r"(?:\s+(?:in|on|next|this|в|во|этим|этой|следующ\w+)\s+[\w-]+|\s+(?:летом|осенью|весной|зимой))?"
    r"(?:\s*[,;]\s*(?P<rest>(?:он|она|he|she|he's|she's)\b.*))?$",
    _I,
)
"""A marriage, then the spouse, perhaps with what they do: "X вышла замуж!! за Y, он пилот"."""

_MARRIED_SPOUSE_SAID = re.compile(
    rf"^(?P<a>{WHO})\s+(?:[^\W\d_][\w-]*\s+){{0,3}}?{MARRY}\s*[!.,;]*\s+"
    r"(?:(?:её|ее|его|her|his)\s+)?(?:муж|жена|husband|wife)\s*(?:—|–|-|:|\s+is|\s+зовут)\s*"
    rf"(?P<b>{WHO})(?:\s*[,;(]\s*(?P<rest>.*))?$",
    _I,
)
"""A marriage, then the spouse named: "Зойка вышла замуж! муж — Рихард, живут в Юрмале"."""
_THEY_LIVE = re.compile(r"(?:(?:they|теперь|now)\s+)*(?:живут|live|переехали|moved)\b", _I)
"""Where the couple lives, said after the spouse: a line on the person."""


def _as_man(surface: str) -> str:
    """Read a new name after "замуж за" as a man's in the accusative: "Руслана" is Руслан.

    A known entity's placeholder, a Latin name or a word with no such reading stays as written.
    """
    words: list[str] = []
    for word in surface.split():
        parses = morph().parse(word) if is_cyrillic(word) else []
        man = next(
            (p for p in parses if {"Name", "masc", "accs"} <= p.tag.grammemes and "sing" in p.tag),
            None,
        )
        as_man = man is None and bool(words) and words[0] != surface.split(maxsplit=1)[0]
        surname = _surname_as_man(word) if as_man else word  # "Богдана Чорбу": Чорба
        words.append(man.normal_form.capitalize() if man is not None else surname)
    return " ".join(words)


_A_SURNAME_ACCS = re.compile(r"(?<=[бвгджзклмнпрстфхцчшщ])у$")
_UNDECLINED = re.compile(r"(?:ску|[аеёияэ][кнрлц]у)$")
"""Surnames that end in "-у" in every case (Moldovan ones: "Попеску", "Бурлаку", "Опришану")."""


def _surname_as_man(word: str) -> str:
    """The nominative of a man's surname in "-а" said in the accusative after his first name
    ("за Богдана Чорбу": Чорба); a surname that never declines stays ("Иона Бурлаку")."""
    if not is_cyrillic(word) or _UNDECLINED.search(word.lower()):
        return word
    return _A_SURNAME_ACCS.sub("а", word)


_TEAM_REPORTS = re.compile(
    rf"^(?:(?P<boss>{ENT})\s+{ADVS}(?:репортит|отчитывается|подчиняется)\s+"
    rf"(?:(?:и|также|тоже|теперь|вся)\s+)*команда\s+(?P<proj>{ENT})"
    rf"|(?:the\s+)?(?P<proj2>{ENT})\s+team\s+{ADVS}reports\s+to\s+(?P<boss2>{ENT}))"
    rf"(?:\s+{ADV})*$",
    _I,
)
"""A project's team put under someone: "кшиштофу теперь репортит и команда P"."""


def reporting(r: Reading, d: Draft) -> bool:
    """ "я отчитываюсь Дарье", "X reports to me", "Ивану передали ESO-159", "X married Y"."""
    said = _MARRIED_SPOUSE_SAID.match(r.text)
    married = said or _MARRIED.match(r.text)
    spouse = married and (
        _as_man(married["b"]) if "замуж" in r.text.lower() and not said else married["b"]
    )
    if married and spouse and (a := d.person(married["a"])) and (b := d.person(spouse)):
        d.link(a, "married_to", b)
        if said is not None and said["rest"] and _THEY_LIVE.match(said["rest"]):
            d.line(a, "fact", said["rest"].strip(" )"))  # ", живут теперь в Юрмале"
        if said is None and married["rest"]:  # "..., он пилот": the spouse's job
            read_rest(r, d, b, married["rest"])
        return True
    team = _TEAM_REPORTS.match(r.text)
    if team and (boss := d.person(team["boss"] or team["boss2"])):
        project = r.entity(team["proj"] or team["proj2"])
        if split_prefix(project)[0] == "Project":  # "X-у теперь репортит команда P"
            d.link(boss, "manages", project)
            return True
    up, down = _REPORT_UP.match(r.text), _REPORT_DOWN.match(r.text)
    if up and (boss := d.person(up["who"])):
        d.link(d.owner, "reports_to", boss)
        if up["rest"] and _PRONOUN_START.match(up["rest"]):  # ", she's our new VP of product"
            read_rest(r, d, boss, up["rest"])
        return True
    if down and (found := people(d, down["who"])):
        boss = d.person(down["boss"]) if down["boss"] else d.owner
        for person in found:
            d.link(person, "reports_to", boss)
        return boss is not None
    return _to_owner(r, d) or _assigned(r, d)


def _to_owner(r: Reading, d: Draft) -> bool:
    """ "отчитываться мне будет X, джун-аналитик", "X забираю к себе", "X joins my team"."""
    inverted = _REPORT_TO_ME.match(r.text)
    if inverted and (found := people(d, inverted["who"])):
        for person in found:
            d.link(person, "reports_to", d.owner)
        if inverted["rest"] and len(found) == 1:
            read_rest(r, d, found[0], inverted["rest"])
        return True
    take, joins = _TAKE_UNDER.match(r.text), _JOINS_ME.match(r.text)
    if joins and joins["role"] and kind_of_role(joins["role"]) is None:
        joins = None  # "X joined my team as a guest for the retro": no post, no report
    under = joins or _UNDER_ME.match(r.text)
    taken = (take["w1"] or take["w2"]) if take else under["who"] if under else None
    found = people(d, taken) if taken else []
    for person in found:
        d.link(d.owner, "manages", person)
    if joins and len(found) == 1:  # "X joined my team as an SRE, he'll be on call for P"
        for said in (joins["role"], joins["rest"]):
            if said:
                read_rest(r, d, found[0], said)
    return bool(found)


def _assigned(r: Reading, d: Draft) -> bool:
    """ "X-у передали KRP-1", "отдал X-у KRP-1", "X-у отдали P под крыло": who has it now.

    An issue is ``assigned_to`` the person; a project handed to them is theirs to run
    (``responsible_for``).
    """
    pairs: list[tuple[str, str]] = []
    if assign := _ASSIGN.match(r.text):
        pairs.append((assign["j1"] or assign["j2"], assign["w1"] or assign["w2"]))
        if assign["w1"] and r.names_in(assign["w1"], "Jira"):  # "KRP-1 передали Глебу"
            pairs.append((assign["w1"], assign["j1"]))
    if handed := _HANDED.match(r.text) or _HANDED_TO.match(r.text):
        pairs += [(handed["b"], handed["a"]), (handed["a"], handed["b"])]
    for thing, who in pairs:
        kind = split_prefix(r.entity(thing))[0] if re.fullmatch(ENT, thing) else None
        assignee = d.person(who) if kind in ("Jira", "Project") else None
        if assignee is None:
            continue
        if kind == "Jira":
            d.link(r.entity(thing), "assigned_to", assignee)
        else:
            d.link(assignee, "responsible_for", r.entity(thing))
        return True
    return False
