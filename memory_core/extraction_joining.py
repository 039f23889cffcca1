"""Extraction rules and helpers for who joins or works on a project, read from its shape.

Same contract as :mod:`memory_core.extraction_people`: a rule reads the marked message,
writes into the draft when its shape holds and says whether it did.

* "на P добавились двое: X и Y, оба дата-инженеры", "new on the P team: X, data analyst",
  "к P подключили X": the project first, then the people who joined it (:func:`joined`)
* "с X теперь вдвоём пилим P", "мы с X на P", "X and I are building P": the owner and X
  work on it (:func:`together`)

and, for :func:`memory_core.extraction_people.verb_link`, the project someone moved to
("X switched from P to Q", whatever the verb or its spelling: :func:`moved_to`) and a role
said after the project ("X is on P now, part-time analyst": :func:`trailing_role`).
"""

from __future__ import annotations

import dataclasses
import re

from memory_core.extraction_lexicon import ROLE_RE, kind_of_role
from memory_core.extraction_names import morph
from memory_core.extraction_person_nouns import person_noun_role
from memory_core.extraction_roles import (
    ADV,
    ADVS,
    WHO,
    WHO_LIST,
    WORK_RE,
    Role,
    apply_role,
    people,
    read_role,
)
from memory_core.extraction_text import ENT, Draft, Reading
from memory_core.language import is_cyrillic
from memory_core.naming import split_prefix

__all__ = [
    "JOINING_RULES",
    "ROLED_LIST",
    "joined",
    "moved_from",
    "moved_to",
    "roled_people",
    "together",
    "trailing_role",
]

_I = re.IGNORECASE
_FROM_END = re.compile(
    rf"^{ADVS}(?:(?:has|have|had|just|was|is|got|recently|недавно)\s+)*[^\W\d_]+"
    r"(?:\s+(?:over|back|there|here|away|out|туда|сюда|к\s+нам))?\s+(?:from|off|с|со|из)$",
    _I,
)
"""One verb, then "from": "swiched from", "has moved over from", "перешла с"."""
_TO_PROJECT = re.compile(
    rf"^(?:[^⟦]{{0,40}}?[\s,])?(?:to|into|onto|over\s+to|на|в|во|к|ко)\s+(?:the\s+)?(?P<proj>{ENT})",
    _I,
)
"""Where someone went, perhaps after a word on whose team: "на Q", "к нам в платформу, на Q"."""


def moved_to(r: Reading, mid: str, tail: str) -> tuple[str, str] | None:
    """Return the placeholder of the project someone moved to and the words after it.

    That is when the words between a person and the first project read "<verb> from" and
    the next ones "to Q".

    The verb is not looked up, so a misspelt one ("swiched") still says where X went.
    """
    m = _TO_PROJECT.match(tail)
    if m is None or _FROM_END.match(mid) is None:
        return None
    if split_prefix(r.entity(m["proj"]))[0] != "Project":
        return None
    return m["proj"], tail[m.end() :]


def moved_from(mid: str) -> bool:
    """Whether the words before a project say someone left it ("перешёл с P", "moved from P").

    The project after "from" is where they were, not where they work: without a place they
    went to, no project is theirs.
    """
    last = re.split(r"\s*[—,;:]\s*", mid)[-1]  # "DC — moved there from": the last clause
    return _FROM_END.match(last) is not None and _LEFT.search(last) is not None


_LEFT = re.compile(
    r"\b(?:пере\w+|ушл\w*|уш[её]л|уход\w*|moved|moving|switched|switching|transferred|left)\s+"
    r"(?:(?:over|back|there|here|away|out|us|туда|сюда|к\s+нам)\s+)?(?:from|off|с|со|из)$",
    _I,
)
"""A verb of leaving before "from": "перешёл с", "switched from", "moved there from" (not
"помогает с")."""


_CLAUSE_SPLIT = re.compile(r"\s*[,;—]\s*")
_ALL_OF_THEM = re.compile(
    r"^(?:(?:она|он|они|she's|he's|they're|(?:she|he)\s+is|they\s+are)\s+)?"
    r"(?:(?:оба|обе|все|трое|both|all|each)\s+(?:of\s+them\s+|из\s+них\s+)?)?"
    r"(?:(?:as|в\s+роли|в\s+качестве|как)\s+)?(?:(?:a|an)\s+)?",
    _I,
)
_MAX_CLAUSE_WORDS = 4


_NAMED_ROLE = re.compile(rf"^(?P<who>{WHO})\s*(?:—|:|\bis\b|\bэто\b)\s*(?P<role>[^,;—]+)$", _I)


def named_role(r: Reading, d: Draft, tail: str, project: str) -> tuple[str, Role] | None:
    """Read ", Лола — junior data analyst" after a project: one of the people and their role."""
    for clause in re.split(r"\s*[,;]\s*", tail.strip(" ,;")):
        m = _NAMED_ROLE.match(clause)
        role = read_role(r, f"{m['role']} {project}") if m else None
        person = d.person(m["who"]) if m and role else None
        if person is not None and role is not None:
            return person, role
    return None


def trailing_role(r: Reading, tail: str, project: str) -> Role | None:
    """Read a short role clause after a project: ", part-time analyst", ", оба дата-инженеры".

    ``project`` is the placeholder the role is for; the first clause that is a role wins.
    """
    for clause in _CLAUSE_SPLIT.split(tail.strip()):
        words = _ALL_OF_THEM.sub("", clause).strip()
        if not words or "⟦" in words or len(words.split()) > _MAX_CLAUSE_WORDS:
            continue
        role = read_role(r, f"{words} {project}")
        if role is not None:
            return dataclasses.replace(role, phrase=" ".join(map(_singular, role.phrase.split())))
    return None


def _singular(word: str) -> str:
    """Put a plural Russian noun (or a compound's last part) in the singular: "дата-инженеры"
    -> "дата-инженер", so the role said of two people reads as each one's."""
    head, dash, last = word.rpartition("-")
    parse = morph().parse(last)[0] if is_cyrillic(last) else None
    if parse is None or not {"NOUN", "plur", "nomn"} <= parse.tag.grammemes:
        return word
    single = parse.inflect({"sing", "nomn"})
    return f"{head}{dash}{single.word}" if single is not None else word


_JOIN_VERB = (
    r"(?:добавил(?:ись|ся|ась|и)|пришл[аи]|пришёл|пришел|присоединил(?:ись|ся|ась)|"
    r"подключил(?:ись|ся|ась|и)|вышл[аи]|вышел|перешл[аи]|перешёл|перешел|взяли|забрали|"
    r"переход(?:ят|ит)|перейд(?:ут|[её]т)|приход(?:ят|ит)|присоединя(?:ются|ется)|"
    r"(?:are\s+|is\s+)?(?:moving|coming)\s+over|move\s+over|"
    r"перевели|перекинули|закинули|кинули|посадили|отдали|одолжили|наняли|позвали|пригласили|"
    r"пилят|работают|кодят|трудятся|are\s+(?:now\s+)?(?:working|building)|"
    r"(?:has\s+|have\s+)?joined|joining|(?:has\s+)?got|gets|"
    r"welcomes|welcomed|added|hired|is\s+joined\s+by|"
    # the project reinforced: "P усиливаем — X и Y", "P is being reinforced with X"
    r"усиливаем|усилили|усилим|подкрепляем|подкрепили|(?:is\s+being\s+|gets\s+|got\s+)?"
    r"(?:reinforced|strengthened|beefed\s+up)(?:\s+with)?|выход(?:ят|ит)|выйд(?:ут|[её]т))"
)
_STARTS = (  # when the people named start, said after them: "X и Y выходят первого числа"
    r"(?:\s+(?:выход(?:ят|ит)|выйд(?:ут|[её]т)|приступа(?:ют|ет)|start(?:s|ing)?|will\s+start|"
    r"begin|begins|are\s+starting|is\s+starting)(?:\s+[^,—:;]+)?)?"
)
_HOW_MANY = (
    r"(?:(?P<plus>\+\s?\d+)(?!\w)\s*)?"  # "+2: X и Y": that many more on the project
    r"(?:(?:двое|трое|четверо|два|две|три|четыре|двух|тр[её]х|one|two|three|four|a\s+couple\s+of|an?|\d+)"
    r"\b\s*)?"
    r"(?:(?:new|новых|новеньких)\s+)?(?:people|folks|members|hires|человека?|новичка|новичков)?"
    # one more person: "another pair of hands", "extra hands", "ещё одни руки", "подкрепление"
    r"(?:(?:another|one\s+more|an\s+extra|extra|more|ещё|еще)?\s*(?:(?:одни|пару|pair\s+of)\s+)?"
    r"(?:hands|рук[иу]?)|подкрепление|пополнение|reinforcements?)?"
    # who they are, in the plural: "two new devs", "двух новых разработчиков"
    rf"(?:\s*(?P<role>(?:[\w-]+\s+)?(?:{ROLE_RE})))?"
)
_WHEN = (  # when they came: "this sprint", "в этом квартале", "с понедельника"
    r"(?:(?:this|last|next|in\s+the|on\s+the)\s+\w+|в\s+(?:этом|прошлом)\s+\w+|"
    r"на\s+(?:этой|прошлой)\s+\w+|с\s+(?:этого|этой|понедельника)(?:\s+\w+)?|"
    r"со?\s+(?:следующ|нов|будущ)\w+\s+[а-яё]+|с\s+\d{1,2}(?:-?го)?(?:\s+(?:числа|января|"
    r"февраля|марта|апреля|мая|июня|июля|августа|сентября|октября|ноября|декабря))?)"
)
_TO_SOMEONE = rf"(?:(?:к|ко|to)\s+(?:{ENT}|нам|мне|us|me)\s+)?"
"""Whom they join on the project: "к Лёхе на P взяли ...", "к нам в P переходят ..."."""
_FROM_WHERE = rf"(?:(?:из|с|со|from)\s+(?:{ENT}|[^\s⟦:—,]+)\s+)?"
"""Where they come from, said first or after the project: "из P к нам в Q переходят двое:
...", "в Q из P переходят X и Y"."""
_ROLED = r"(?:(?-i:[a-zа-яё][\w-]*)\s+)?"
"""A role word before a name in a list: "Шоха и фрилансер Костя Ким"."""
ROLED_LIST = rf"{WHO}(?:\s*(?:,|\band\b|\bи\b|&)\s*{_ROLED}{WHO})*"
"""People, the second and later ones perhaps after a role word: "X и новенькая Лола"."""
_BRACKET = r"(?:\s*\([^()]{1,30}\))?"
_BRACKETED_LIST = rf"{WHO}{_BRACKET}(?:\s*(?:,|\band\b|\bи\b|&)\s*{_ROLED}{WHO}{_BRACKET})*"
"""People, each perhaps with a word in brackets after the name: "X (ETL) и Y (BI)"."""
_AS_PAIR = r"(?:(?:в\s+пару|в\s+помощь|на\s+усиление|в\s+команду|as\s+(?:a\s+)?backup)\s+)?"
_SHARE = (
    r"(?:(?:на\s+(?:пол\s*ставки|полставки|полную\s+ставку|четверть\s+ставки|время)|part[- ]time|"
    r"full[- ]time|временно|temporarily)\s+)?"
)
"""How much of their time they give, said before the verb: "в P на полставки подключилась X"."""
_JOINED = re.compile(
    rf"^(?P<new>new|новые|новенькие|новички|новичок|новый|новая)?\s*{_FROM_WHERE}{_TO_SOMEONE}"
    rf"(?:(?:on|in|to|at|into|на|в|во|к|ко)\s+)?(?:the\s+)?(?:(?:проект|команд)\w*\s+)?"
    rf"(?P<proj>{ENT})(?:\s+(?:team|project|команд\w*|проект\w*))?(?:\s+{_FROM_WHERE})?\s*{ADVS}(?:{_WHEN}\s+)?{ADVS}{_SHARE}"
    r"(?:(?P<new2>новый|новая|новое|новые|новенькая|новенький)\s+(?=(?-i:[a-zа-яё])))?"
    rf"(?:(?:двое|трое|четверо|пятеро)\s+)?(?:(?P<verb>{_JOIN_VERB})\s*)?{ADVS}{_AS_PAIR}{_HOW_MANY}\s*(?:{_WHEN}\s*)?[:—]?\s*"
    rf"(?P<who>{_ROLED}{_BRACKETED_LIST}){_STARTS}"
    r"(?:\s*[,—]\s*(?P<rest>.+))?$",
    _I,
)

_JOINING_FIRST = re.compile(
    rf"^{ADVS}(?P<verb>(?:(?:are|is|will\s+be)\s+)?joining|(?:will\s+)?join|joined|"
    r"присоединя(?:ются|ется)\s+к|присоединились\s+к|присоединится\s+к|подключа(?:ются|ется)\s+к|"
    r"подключились\s+к|переходят\s+(?:на|в|к)|приходят\s+(?:на|в|к))\s+(?:the\s+)?"
    rf"(?P<proj>{ENT})(?:\s+(?:team|project))?\s*{ADVS}(?:{_WHEN}\s*)?{ADVS}[:—]\s*"
    rf"(?P<who>{_ROLED}{_BRACKETED_LIST})(?:\s*[,—]\s*(?P<rest>.+))?$",
    _I,
)
"""The verb and the project first, then who joins after a colon: "joining P next week: X
(firmware) and Y (controls)", "присоединяются к P: X и Y"."""

_SPLIT_LIST = re.compile(r"\s*(?:,|\band\b|\bи\b|&)\s*", _I)
_TAKES_OBJECT = re.compile(
    r"взяли|забрали|перевели|перекинули|закинули|кинули|посадили|отдали|одолжили|наняли|"
    r"позвали|пригласили|добавили|подключили",
    _I,
)
"""Verbs whose new people stand in the accusative: "взяли Влада" is Влад, not Влада."""


def _from_accusative(who: str) -> str:
    """Put the names of a list in the accusative back in the nominative ("Влада" -> "Влад")."""
    out = []
    for written in who.split():
        bare = written.strip(",")
        parses = morph().parse(bare) if is_cyrillic(bare) and bare[:1].isupper() else []
        named = [p for p in parses if p.tag.case == "accs" and "Name" in p.tag and "sing" in p.tag]
        nominative = named[0].inflect({"nomn"}) if named else None
        form = nominative.word[:1].upper() + nominative.word[1:] if nominative else bare
        out.append(written.replace(bare, form if "ё" in bare else form.replace("ё", "е")))
    return " ".join(out)


def _one_of(role: str) -> str:
    """The role of one of the people a plural names: "devs" -> "dev", "бэкендера" stays."""
    words = role.split()
    last = words[-1]
    if not is_cyrillic(last) and re.fullmatch(r"[a-z-]+[^s]s", last, _I):
        words[-1] = last[:-1]
    elif is_cyrillic(last):  # after a number: "два бэкендера", "трёх инженеров"
        ending = next((e for e in ("ов", "ев", "ей", "а", "я") if last.endswith(e)), "")
        if ending and kind_of_role(last[: -len(ending)]) is not None:
            words[-1] = last[: -len(ending)]
    return " ".join(words)


def joined(r: Reading, d: Draft) -> bool:
    """ "на P добавились двое: X и Y, оба дата-инженеры", "new on the P team: X, analyst"."""
    m = _JOINED.match(r.text) or _JOINING_FIRST.match(r.text)
    said_new = m is not None and any(m.groupdict().get(g) for g in ("new", "new2", "verb", "plus"))
    if m is None or not said_new:
        return False
    project = r.entity(m["proj"])
    who = m["who"]
    if m["verb"] and _TAKES_OBJECT.fullmatch(m["verb"]):
        who = _from_accusative(who)
    if split_prefix(project)[0] != "Project":
        return False
    found = roled_people(r, d, who, m["proj"])
    role = trailing_role(r, m["rest"] or "", m["proj"])
    if role is None and m.groupdict().get("role"):  # "two new devs — X and Y": each one a dev
        role = trailing_role(r, _one_of(m.groupdict()["role"]), m["proj"])
    for person, own in found:
        d.link(person, "works_on", project)
        chosen = own or role
        if chosen is not None:
            apply_role(d, person, chosen, None)
    said = _OF_THEM.match(m["rest"] or "")
    if role is None and said is not None and len(found) == 1:  # ", она по Android/BLE"
        d.line(found[0][0], "fact", said["what"])
    return bool(found)


_OF_THEM = re.compile(
    r"^(?:она|он|she|he)(?:'s|\s+is|\s+будет)?\s+(?P<what>(?:по|на|on|for|does|занимается|"
    r"отвечает\s+за|делает|will\s+do|handles)\s+\S.*)$",
    _I,
)
"""What the newcomer does, said of them last: ", она по Android/BLE", ", he's on payments"."""
_ROLE_AFTER = re.compile(r"^(?P<who>.+?)\s*\((?P<role>[^()]+)\)$")
_ROLE_FIRST = re.compile(r"^(?P<role>(?-i:[a-zа-яё][\w-]*))\s+(?P<who>.+)$", _I)


def roled_people(r: Reading, d: Draft, who: str, project: str) -> list[tuple[str, Role | None]]:
    """Return the people of a list, each with the role word said before the name, if any.

    "Шоха и фрилансер Костя Ким" is Шоха and Костя Ким, the freelancer; a lowercase word
    before a name that is no role ("только Костя") makes that name no one's.
    """
    out: list[tuple[str, Role | None]] = []
    for written in _SPLIT_LIST.split(who.strip()):
        after = _ROLE_AFTER.match(written)  # "Оксана Вдовиченко (ETL)"
        part = after["who"] if after else written
        said = _ROLE_FIRST.match(part)
        role = read_role(r, f"{said['role']} {project}") if said else None
        if after is not None and role is None:
            role = read_role(r, f"{after['role']} {project}")
        if said is not None and role is None:  # a job word the lexicon lacks: "железячник X"
            role = person_noun_role(said["role"], r.entity(project) if "⟦" in project else None)
        if said is not None and role is None:
            continue
        person = d.person(said["who"] if said else part)
        if person is not None:
            out.append((person, role))
    return out


_TOGETHER = r"(?:вдво[её]м|втро[её]м|вместе|together)"
_WE_WITH = re.compile(
    rf"^(?:мы\s+)?(?:вместе\s+)?(?:с|со)\s+(?P<who>{WHO_LIST})\s+"
    rf"(?P<mid>(?:[^\W\d_]+\s+){{0,4}}?)(?P<proj>{ENT})(?P<tail>.*)$",
    _I,
)
_ME_AND = re.compile(
    rf"^(?:(?P<w1>{WHO_LIST})\s+(?:and|и)\s+(?:i|я)|(?:i|me|я)\s+(?:and|и)\s+(?P<w2>{WHO_LIST}))"
    rf"\s+(?P<mid>(?:[\w']+\s+){{0,4}}?)(?P<proj>{ENT})(?P<tail>.*)$",
    _I,
)
_ON = re.compile(rf"^{ADVS}(?:{_TOGETHER}\s+)?{ADVS}(?:на|в|on|in)$", _I)
_ARE_DOING = re.compile(r"(?:^|\s)(?:are|'re)\s+(?:\w+\s+)?\w+ing$", _I)
"""English "we are building P", "X and I are now testing P"."""
_NOT = re.compile(r"\b(?:не|нет|not|never|no\s+longer|anymore)\b|n't\b", _I)


def _we_work(mid: str) -> bool:
    """Tell whether the words before the project say "we work on it" ("теперь вдвоём пилим")."""
    if _NOT.search(mid):
        return False
    if WORK_RE.search(f" {mid} ") or _ON.match(mid.strip()) or _ARE_DOING.search(mid.strip()):
        return True
    words = [w for w in mid.split() if not re.fullmatch(rf"{ADV}|{_TOGETHER}|над|on", w, _I)]
    return any(
        "VERB" in p.tag and "1per" in p.tag and "plur" in p.tag
        for w in words
        for p in morph().parse(w)[:1]
    )


def together(r: Reading, d: Draft) -> bool:
    """ "с X теперь вдвоём пилим P", "мы с X на P", "X and I are building P"."""
    m = _WE_WITH.match(r.text) or _ME_AND.match(r.text)
    if m is None or not _we_work(m["mid"]):
        return False
    project = r.entity(m["proj"])
    if split_prefix(project)[0] != "Project":
        return False
    groups = m.groupdict()
    found = people(d, groups.get("who") or groups.get("w1") or groups.get("w2") or "")
    if not found:
        return False
    for person in [d.owner, *found]:
        d.link(person, "works_on", project)
    return True


_STAYS = re.compile(
    rf"^(?:у\s+)?(?P<who>{ENT})(?:'s)?\s+(?P<fact>[^,;—]+?)\s*[,;—]\s*(?:(?:and|и|так\s+что|so)\s+)?"
    rf"(?:she|he|they|она|он|они)\s+{ADVS}(?P<stay>(?:stays|remains|will\s+stay|is\s+staying|"
    rf"оста[её]тся|останется)\s+(?:on|in|with|at|на|в|во)\s+(?:the\s+)?)(?P<proj>{ENT})"
    r"(?P<rest>.*)$",
    _I,
)


def stays_on(r: Reading, d: Draft) -> bool:
    """ "Emma's contract got extended, she stays on P through Q3": X keeps working on P."""
    m = _STAYS.match(r.text)
    person = d.person(m["who"]) if m else None
    if m is None or person is None or split_prefix(r.entity(m["proj"]))[0] != "Project":
        return False
    if _NOT.search(m["fact"]) or _NOT.search(m["rest"]) or split_prefix(person)[0] != "Person":
        return False
    d.link(person, "works_on", r.entity(m["proj"]))
    d.line(person, "fact", f"{m['fact']}, {m['stay']}{m['proj']}{m['rest']}")
    return True


_TO_MY_TEAM = re.compile(
    rf"^(?:ко\s+мне\s+в\s+команду|в\s+мою\s+команду)\s+{ADVS}(?:{_WHEN}\s+)?{ADVS}"
    r"(?:выходит|выходят|приходит|приходят|пришл[аи]|пришёл|пришел|придёт|придет|придут|"
    r"присоединил(?:ся|ась|ись)|взяли|берём|берем)\s+"
    rf"(?P<role>(?:(?-i:[a-zа-яё][\w-]*)\s+){{1,3}}?)(?P<who>{WHO})(?:\s*[,—]\s*(?P<rest>.+))?$",
    _I,
)
"""Someone new in the owner's team, the verb first: "ко мне в команду выходит мидл X"."""


_TOOK_INTO_TEAM = re.compile(
    r"^(?:я\s+)?(?:взял|взяла|беру|наняла|нанял|наняли|взяли)\s+(?:к\s+себе\s+)?в\s+(?:свою\s+|мою\s+)?"
    rf"команду\s+(?P<who>{WHO})\s*[,—]\s*(?P<role>[^,]+?)(?:\s*,\s*(?P<rest>.+))?$",
    _I,
)
"""The owner took someone into the team, the role after the name: "взяла в команду Зосю
Кравчик, мидл бекендер, сядет на P"."""


def to_my_team(r: Reading, d: Draft) -> bool:
    """ "ко мне в команду с понедельника выходит мидл бэкендер Тимур", "взяла в команду X,
    мидл бекендер, сядет на P": the owner manages X."""
    said = _TO_MY_TEAM.match(r.text)
    took = _TOOK_INTO_TEAM.match(r.text) if said is None else None
    m = said or took
    if m is None or (role := read_role(r, m["role"])) is None:
        return False
    person = d.person(_from_accusative(m["who"]) if took else m["who"])
    if person is None:
        return False
    apply_role(d, person, role, None)
    d.link(d.owner, "manages", person)
    place = re.search(rf"(?:на|в|on)\s+(?P<proj>{ENT})", m["rest"] or "")
    if place and split_prefix(r.entity(place["proj"]))[0] == "Project":  # ", сядет на P"
        d.link(person, "works_on", r.entity(place["proj"]))
    return True


JOINING_RULES = (together, joined, stays_on, to_my_team)
"""The rules of this module, tried after the people rules."""
