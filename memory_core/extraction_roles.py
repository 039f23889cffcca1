"""Reading a role phrase and what follows a name, shared by the people rules.

":role" fragments look like "the product owner of ⟦1⟧", "мой ментор", "техлидом на ⟦2⟧",
"⟦1⟧'s new PM": :func:`read_role` finds the role word (and so its
:class:`~memory_core.extraction_lexicon.RoleKind`), the project named with it and whether
the owner said "my"; :func:`apply_role` writes the line and links. :func:`read_rest` reads
the words after a name (", она врач", "is married to Paul", "goes to school 57", ", he's 7").
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from memory_core.extraction_lexicon import ROLE_SEARCH, RoleKind, kind_of_role
from memory_core.extraction_names import morph
from memory_core.extraction_text import ENT, NEW_NAME, Draft, Reading
from memory_core.language import is_cyrillic
from memory_core.morphology import known_russian_word
from memory_core.name_aliases import case_stems
from memory_core.naming import split_prefix

__all__ = [
    "ADV",
    "ADVS",
    "MARRY",
    "OWNER_POSS",
    "POSS",
    "SHARE",
    "WHO",
    "WHO_LIST",
    "WORK_RE",
    "Role",
    "apply_role",
    "people",
    "read_rest",
    "read_role",
]

_I = re.IGNORECASE
WHO = rf"(?:{ENT}|{NEW_NAME})"
"""A person slot: a known entity or a new capitalised name."""
WHO_LIST = rf"{WHO}(?:\s*(?:,|\band\b|\bи\b|&)\s*{WHO})*"
"""One or more people: "Sam and Ali", "Оля, Паша и Ким"."""
OWNER_POSS = r"(?:мо[йяеёию]\w*|my|у\s+меня)"
POSS = rf"(?:{OWNER_POSS}|наш\w*|our|у\s+нас)"
ADV = (
    r"(?:теперь|сейчас|щас|сам|сама|тоже|также|ещё|еще|и|уже|с\s+понедельника|now|also|too|still|"
    r"currently|officially|as\s+well)"
)
ADVS = rf"(?:{ADV}\s+)*"
SHARE = (
    r"(?:парр?алл?ельно|(?:in\s+)?parallel|part[\s-]time|half[\s-]time|на\s+пол\s*ставки|"
    r"full[\s-]time|фулл?[\s-]?тайм|парт[\s-]?тайм|на\s+полн\w+\s+ставк\w+|"
    r"на\s+(?:четверть|треть|половину)\s+ставки|на\s+\d+\s*%|at\s+\d+\s*%|"
    r"частично|partly|partially|дополнительно|additionally|временно|temporarily|"
    r"на\s+подхвате|on\s+loan)"
)
"""How much of someone's time a project gets: "параллельно", "на полставки", "part-time"."""
_NEW_ADJ = (
    r"(?:the|a|an|new(?!\s+(?:hires?|joiners?)\b)|новый|новая|новое|новым|новой|нового|новую|"
    r"нашим|нашей)"
)  # "new hire", "new joiner": one word of the lexicon, kept whole
_TEAM = r"(?:в\s+(?:нашей\s+|моей\s+)?команде|(?:in|on)\s+(?:my|our|the)\s+team)"
_PREP = r"(?:of|on|at|for|in|from|with|в|во|на|для|по|из|у)"
_SPLIT_RE = re.compile(r"\s*(?:,|\band\b|\bи\b|&)\s*", _I)
_STRIP_HEAD = re.compile(rf"^(?:(?:{ADV}|{_NEW_ADJ}|{POSS}|{_TEAM})\s+)+", _I)
_STRIP_TAIL = re.compile(rf"(?:\s+{ADV})+$", _I)
_PROJECT_IN = re.compile(
    rf"(?:\s*\b{_PREP}\s+(?:the\s+)?)?(?:(?:проекта|проекте|команды|команде|project|team)\s+)?"
    rf"({ENT})(?:'s\b)?",
    _I,
)
_PRONOUN = re.compile(
    r"^(?:(?:and|и|а|but|но)\s+)?(?:(?:she|he|they)(?:'s|'ll\s+be|'ll|\s+is|\s+are|\s+will\s+be|\s+will)?"
    r"|она|он|они)\s+",
    _I,
)
_MORE_PROJECTS = re.compile(rf"(?:\s*(?:,|\band\b|\bи\b|&)\s*{ENT})+", _I)
_BOTH_BEFORE = re.compile(rf"(?:\s+{_PREP})?\s+(?:both|оба|обоих|обоими|обе)\s*$", _I)
"""A word before two projects a role covers: "for both P and Q"."""
_COPULA_START = re.compile(r"^(?:is|are|—|это)\s+(?:(?:a|an|the)\s+)?", _I)
MARRY = (
    r"(?:(?:вышла|выходит|выйдет|собирается\s+выйти)\s+замуж|женил(?:ся|ись)|женится|"
    r"(?:собирается\s+)?жениться|поженил(?:ись)|поженятся|замужем|женат|"
    r"(?:getting\s+)?married|marr(?:ies|ying)|(?:will\s+|is\s+going\s+to\s+)marry)"
)
"""The verbs of marrying, done or to come; the spouse follows, perhaps after "за", "на" or "to"."""
_MARRIED = re.compile(
    rf"^(?:(?:is|has|just|recently|got|{ADV})\s+)*{MARRY}(?:\s+(?:за|на|to))?\s+({WHO})$", _I
)
_LEADS_IT = re.compile(
    r"^(?:(?:will|будет)\s+)?(?P<verb>own|owns|lead|leads|run|runs|manage|manages|head|heads|"
    r"вести|вед[её]т|руководить|руководит|рулить|рулит|курировать|курирует)\s+(?:the\s+)?"
    rf"(?P<proj>{ENT})(?:\s+{ADV})*$",
    _I,
)
"""A second clause that says the person runs a project: ", she'll own P", ", он будет вести P"."""
_ON_THEM = re.compile(
    rf"^(?:на|за)\s+(?:н[её]м|ней|ним|ними|них)\s+(?:теперь\s+|ещё\s+|еще\s+)?"
    rf"(?:(?:весь|вся|всё|все|целиком)\s+)?(?P<proj>{ENT})(?:\s+{ADV})*$",
    _I,
)
"""A second clause that puts a project on the person: ", на нём весь P", ", за ней P"."""
_MENTORS_ME = re.compile(
    r"^(?:(?:is|has\s+been|will\s+be)\s+)?(?:also\s+|тоже\s+|ещё\s+|еще\s+)?"
    r"(?P<verb>mentoring|coaching|tutoring|менторит|наставляет|коучит)\s+(?:me|меня)\b",
    _I,
)
"""A second clause that makes the person the owner's mentor: ", and she's mentoring me"."""
_MENTOR_WORD = {"ment": "mentor", "coac": "coach", "tuto": "tutor", "мент": "ментор",
                "наст": "наставник", "коуч": "ментор"}  # fmt: skip
_UNDER_THEM = re.compile(
    rf"^(?P<who>{WHO})\s+(?:(?:теперь|now|also|тоже|ещё|еще)\s+)*(?:(?:ему|ей)\s+"
    r"(?:(?:теперь|тоже)\s+)?(?:репортит|отчитывается|подчиняется)|(?:reports|will\s+report)\s+"
    r"to\s+(?:him|her))(?:\s+\w+)?$",
    _I,
)
"""A second clause that puts someone under the person: ", томек теперь ему репортит"."""
_AND_REPORTS_TO_ME = re.compile(
    r"\s*,?\s+(?:and|и)\s+(?:(?:will|'ll)\s+)?(?:reports?\s+to\s+me|(?:будет\s+)?"
    r"(?:отчитыва\w+|подчиня\w+)\s+мне)\s*$",
    _I,
)
"""A last clause that puts the person under the owner: "... and report to me"."""
_DIRECTLY = r"(?:(?:теперь|now|тоже|also|напрямую|непосредственно|directly)\s+)*"
_I_UNDER_THEM = re.compile(
    rf"^(?:(?:and|и|а)\s+)?(?:я|i)\s+{_DIRECTLY}(?:подчиняюсь|отчитываюсь|репорчу|"
    rf"(?:will\s+)?report\s+to|(?:will\s+)?work\s+under|am\s+reporting\s+to)\s+{_DIRECTLY}"
    r"(?:ему|ей|him|her)(?:\s+(?:теперь|now|напрямую|непосредственно|directly))*$",
    _I,
)
"""A second clause that puts the owner under the person: ", я теперь подчиняюсь ему"."""
_AGE = re.compile(r"^(\d{1,3})(?:\s*(?:лет|год|года|years?(?:\s+old)?|y\.?o\.?))?$", _I)
_MAX_ROLE_WORDS = 6
_CASES = ("ablt", "accs", "datv", "gent", "loct")
_PREPOSITION = re.compile(r"(?:в|во|на|у|с|со|к|ко|по|при|о|об|от|из|для|за|под|над)", _I)
_NOT_BEFORE_ROLE = re.compile(
    rf"{_PREPOSITION.pattern}|to|for|with|about|of|at|by|from|is|was|are|и|and|или|or", _I
)
_MAX_WORDS_BEFORE_ROLE = 2
"""Oblique cases a role word may stand in, the likeliest first ("стал техлидом", "жену")."""
_WORK = (  # a verb of working on something, in either language
    r"работа\w*|пил\w+|делает|делают|разрабатыва\w*|кодит|пишет|переш[её]л|перешла|перешли|"
    r"перейд(?:[её]т|ут)|переход(?:ит|ят)|перев[её]л\w*|перевели|присоединил\w*|подключил\w*|пришл[аи]|пришёл|пришел|"
    r"помога\w*|подключа\w*|рису\w+|поддержива\w*|тестиру\w*|на\s+проект\w*|works?|working|"
    r"сид(?:ит|ят|еть|ел|ела|ели|им|ишь)|консультиру\w*|sits?|sitting|consult(?:s|ing)?|"
    r"joined|joins|joining|moved|moves|moving|transferred|switched|helps?|helping|contributes|builds|"
    r"develops|supports|supporting|designs|part\s+of|(?:are|is|am|'m|'re)\s+testing|"
    r"(?:(?:are|is|am|'m|'re)\s+(?:also\s+)?)?covering|covers|"  # "I'm covering P releases"
    r"(?:в|во)\s+(?:рабоч\w+\s+)?(?:групп\w+|команд\w+)\s+по|"  # "в рабочей группе по P"
    r"assigned\s+to|been\s+on|on[-\s]call\s+(?:for|on)|"
    r"join|reassigned|одолжили|ковыря\w*|вписал(?:ся|ась|ись)|впишу(?:сь|тся)|закопал(?:ся|ась|ись)|зарыл(?:ся|ась|ись)|впряг(?:ся|лась|лись)|"
    r"сижу|stays|remains|is\s+staying|оста[её]тся|останется|lent\s+to|loaned\s+to|"
    r"одалжива\w*|одолжи\w*|одолжу|lend(?:s|ing)?\s+(?:(?:him|her|them)\s+)?to|"
    # time given to what follows: "spends two days a week on P", "splits her week with P"
    r"(?:spends?|spending|spent|splits?|splitting)\s+(?:[\w-]+\s+){0,5}?(?:on|in|with)|"
    r"(?:put|pulled|brought)\s+(?:(?:me|him|her|them)\s+)?(?:on|onto|into)|"
    # a piece of work taken up for what follows: "picks up the migration for P"
    r"(?:picks?|picked|picking|takes?|took|taking)\s+(?:up|on)\s+(?:[^,]+\s+)?(?:for|in|on)|"
    r"(?:подхватыва\w*|подхватил\w*|подхватит|(?:берёт|берет|взял\w*)\s+на\s+себя)\s+"
    r"(?:[^,]+\s+)?(?:для|в|на)|"
    r"(?:is|are|am|be|'m|'re)\s+(?:[\w-]+\s+){0,2}?(?:on|in)|"
    # moved to what follows ("забрали в", "перекинули на", "буду на"), not "взяли отпуск"
    r"(?:забрал\w*|перекинул\w*|перебросил\w*|взял\w*|поставил\w*|позвал\w*|пригласил\w*|"
    r"кинул\w*|отдал\w*|буд(?:у|ешь|ет|ем|ете|ут)|"
    # the same said of now or of a plan ("X на месяц отдаём в P", "забираем на P")
    r"забира(?:ю|ем|ет|ют)|перекидыва(?:ю|ем|ет|ют)|перебрасыва(?:ю|ем|ет|ют)|"
    r"бер(?:у|[её]м|[её]т|ут)|отда(?:ю|[её]м|[её]т|ют)|ставл?(?:ю|им|ит|ят)|"
    r"приглаша(?:ю|ем|ет|ют))\s+"
    r"(?:(?:меня|его|её|ее|их|нас)\s+)?(?:в|во|на|к)(?=\s*(?:⟦|$))"
)
_BARE_PLACE = re.compile(
    rf"{ADVS}(?:на|в|во|on|in)\s+(?:(?:проекте|the)\s+)?{ENT}(?:\s+{ADV})*"
    r"(?:\s+(?:for|until|till|through|до|на)\s+(?:the\s+|this\s+|вс[её]\s+)?[\w-]+(?:\s+[\w-]+)?)?",
    re.IGNORECASE,
)
"""A project with only a preposition (", на Kite", "теперь на Kite", "on Kite for the summer"):
the person works on it."""
_PLACE_END = re.compile(rf"\b(?:на|в|во|on|in|at)\s+(?:the\s+)?{ENT}(?:\s+{ADV})*$", _I)
"""A clause ending "в P": where the person is now."""
_PAST = re.compile(
    r"\b(?:не|not|раньше|прежде|бывш\w*|был[аи]?|ушл[аи]|уш[её]л|former\w*|previously|"
    r"used\s+to|was|were|left)\b|n't\b",
    _I,
)
WORK_RE = re.compile(rf"(?:^|\s)(?:{_WORK})(?=[\s,;]|$)", _I)
"""Words that say someone works on what follows: "работает над", "joined", "is on"."""


@dataclass(frozen=True, slots=True)
class Role:
    """A role read from a phrase: its words, kind, projects, and whether it is "my" role."""

    phrase: str
    kind: RoleKind
    project: str | None
    owner_poss: bool
    more_projects: tuple[str, ...] = ()
    """Other projects named with the first: "delivery manager for both P and Q"."""


def _oblique_to_nominative(word: str, gender: str | None) -> tuple[str, str | None]:
    """Return one Russian word in the nominative singular (and its gender) if it is oblique.

    A role word the dictionary does not know ("техлида", "тимлидом") loses its case ending.
    """
    if not known_russian_word(word):
        stem = next((s for s in case_stems(word) if ROLE_SEARCH.fullmatch(s)), None)
        if stem is not None and stem != word.lower():
            return (stem[:1].upper() + stem[1:] if word[:1].isupper() else stem), gender
    parses = morph().parse(word)
    if not parses or "nomn" in parses[0].tag:
        return word, gender
    oblique = sorted(
        (p for p in parses if p.tag.case in _CASES and "sing" in p.tag),
        key=lambda p: (gender is not None and p.tag.gender != gender, _CASES.index(p.tag.case)),
    )
    inflected = oblique[0].inflect({"nomn", "sing"}) if oblique else None
    if inflected is None:
        return word, gender
    form = (
        inflected.word[:1].upper() + inflected.word[1:] if word[:1].isupper() else inflected.word
    )
    return form, gender or oblique[0].tag.gender


def _nominative(phrase: str) -> str:
    """Put a Russian role's head word and the words before it into the nominative.

    "техническим директором" -> "технический директор", "жену" -> "жена"; words after the
    head keep their case ("лид фронтенда", "учительница английского").
    """
    head = ROLE_SEARCH.search(phrase)
    words = phrase.split()
    upto = len(phrase[: head.end()].split()) if head else 0
    gender: str | None = None
    for i in reversed(range(upto)):  # the head noun first: adjectives agree with it
        name_like = words[i][:1].isupper() and i < upto - 1  # "Лизина учительница"
        governed = i > 0 and _PREPOSITION.fullmatch(words[i - 1]) is not None  # "в подчинении"
        if is_cyrillic(words[i]) and words[i].isalpha() and not (name_like or governed):
            words[i], gender = _oblique_to_nominative(words[i], gender)
    return " ".join(words)


_UNTIL = re.compile(
    r"\s+(?:until|till|while|whenever|because|as\s+long\s+as|пока|до\s+тех\s+пор|потому\s+что|"
    r"так\s+как)\b.*$",
    _I,
)
"""A clause after a role that says for how long or why: "until they hire someone"."""
_SYMBOLS_END = re.compile(r"[^\w⟧)\]»\"'+#.]+$")
_IN_MY = re.compile(  # "в моём прямом подчинении", "under my direct supervision"
    rf"^(?P<prep>(?:в|во|под|in|under)\s+){OWNER_POSS}\s+(?:(?:прям\w*|непосредственн\w*|"
    r"direct)\s+)?",
    _I,
)


def read_role(r: Reading, fragment: str) -> Role | None:
    """Read "the product owner of ⟦1⟧", "мой ментор", "техлидом на ⟦2⟧" as a role."""
    main = _UNTIL.sub("", fragment.split(",", maxsplit=1)[0].strip())
    main = _SYMBOLS_END.sub("", main).strip()  # "техлид 🎉"
    owner_poss = re.match(rf"^{ADVS}{OWNER_POSS}\b", main, _I) is not None
    in_my = _IN_MY.match(main)
    if in_my is not None:  # the owner's, said after a preposition: "в моём подчинении"
        main, owner_poss = in_my["prep"] + main[in_my.end() :], True
    main = _STRIP_TAIL.sub("", _STRIP_HEAD.sub("", main)).strip()
    project: str | None = None
    more: tuple[str, ...] = ()
    for found in _PROJECT_IN.finditer(main):
        name = r.entity(found.group(1))
        if split_prefix(name)[0] in ("Project", "Jira"):
            project = name
            both = _MORE_PROJECTS.match(main, found.end())  # "for both P and Q"
            more = tuple(r.names_in(both[0], "Project")) if both else ()
            start = _BOTH_BEFORE.sub("", main[: found.start()]) if more else main[: found.start()]
            main = (start + " " + main[both.end() if both else found.end() :]).strip()
            break
    main = _STRIP_TAIL.sub("", _STRIP_HEAD.sub("", main)).strip(" ,")
    if not main or "⟦" in main or len(main.split()) > _MAX_ROLE_WORDS:
        return None
    kind = kind_of_role(main)
    head = ROLE_SEARCH.search(main)
    if kind is None or head is None:
        return None
    before = main[: head.start()].split()
    if len(before) > _MAX_WORDS_BEFORE_ROLE or any(_NOT_BEFORE_ROLE.fullmatch(w) for w in before):
        return None  # "вопрос к тимлиду" is no role; "QA lead", "лучший друг" are
    return Role(_nominative(main), kind, project, owner_poss, more)


_OWN_KIN = frozenset({"spouse", "child", "parent", "sibling"})
"""Kinds of the owner's family the memory may already link to the owner."""


def _named_child(d: Draft) -> str | None:
    """The one child of the owner the statement names, or ``None``."""
    children = {d.relative(kin) for kin in ("son", "daughter", "child")} - {None}
    named = [e for e in dict.fromkeys(d.reading.entities) if e in children]
    return named[0] if len(named) == 1 else None


def apply_role(d: Draft, person: str, role: Role, holder: str | None) -> None:
    """Write a role: its line, the link to its project, and the link to its holder."""
    if holder == d.owner and role.kind.name in _OWN_KIN and d.relative(role.kind.name) == person:
        return  # "my brother Vlad ...": the memory already holds Vlad as the brother
    projects = [role.project, *role.more_projects] if role.project else []
    d.line(person, role.kind.line_kind, " ".join([role.phrase, *projects]))
    to_project = role.kind.to_project
    if to_project:
        for project in projects:
            d.link(person, to_project, project)
    if role.kind.name == "caregiver" and holder == d.owner:  # "наша няня — X, забирает Тимура"
        holder = _named_child(d) or holder  # the child the statement names, if one
    if role.kind.name == "parent_in_law" and holder in (None, d.owner):
        holder = d.relative("spouse")  # "тёща — X", "my mother-in-law X": the spouse's parent
    if holder and role.kind.to_holder:
        if role.kind.holder_first:
            d.link(holder, role.kind.to_holder, person)
        else:
            d.link(person, role.kind.to_holder, holder)


def read_rest(r: Reading, d: Draft, person: str, rest: str) -> None:
    """Read what follows a name: ", она врач", "is married to Paul", "goes to school 57"."""
    rest = _PRONOUN.sub("", rest.strip(" ,;—")).strip(" ,;")
    married = _MARRIED.match(rest)
    if married:
        d.link(person, "married_to", d.person(married.group(1)))
        return
    rest = _COPULA_START.sub("", rest)
    to_me = _AND_REPORTS_TO_ME.search(rest)
    if to_me is not None:  # "..., he'll sit on P and report to me"
        d.link(person, "reports_to", d.owner)
        rest = rest[: to_me.start()]
    if not rest:
        return
    first, _, after = rest.partition(",")
    role_first = read_role(r, first) if after and "⟦" not in first else None
    if role_first is not None and WORK_RE.search(f" {after} ") and r.names_in(after, "Project"):
        apply_role(d, person, role_first, None)  # ", junior QA, he'll sit on P"
        read_rest(r, d, person, after)
        return
    mentors = _MENTORS_ME.match(rest)
    if mentors and (role := read_role(r, _MENTOR_WORD[mentors["verb"].lower()[:4]])):
        apply_role(d, person, role, d.owner)  # "..., and she's mentoring me on k8s"
        return
    if _I_UNDER_THEM.match(rest):
        d.link(d.owner, "reports_to", person)
        return
    under = _UNDER_THEM.match(rest)
    if under and (report := d.person(under["who"])) is not None and report != person:
        d.link(report, "reports_to", person)  # "..., томек теперь ему репортит"
        return
    leads = _LEADS_IT.match(rest)
    if leads and (found := r.names_in(leads["proj"], "Project")):  # ", she'll own P"
        owns = leads["verb"].lower().startswith("own")
        d.link(person, "owns" if owns else "manages", found[0])
        return
    on_them = _ON_THEM.match(rest)
    if on_them and (found := r.names_in(on_them["proj"], "Project")):
        d.link(person, "responsible_for", found[0])
        return
    projects = r.names_in(rest, "Project")
    if projects and (WORK_RE.search(f" {rest} ") or _BARE_PLACE.fullmatch(rest)):
        for project in projects:
            d.link(person, "works_on", project)
        return
    role = read_role(r, rest)
    if role is not None:
        apply_role(d, person, role, None)
        if role.project is None:  # ", джун android, пока на подхвате у Y в P": works on P
            for clause in rest.split(",")[1:]:
                place = _PLACE_END.search(clause)
                if (
                    place
                    and not _PAST.search(clause)
                    and (found := r.names_in(place[0], "Project"))
                ):
                    d.link(person, "works_on", found[0])
                    break
        return
    age = _AGE.match(rest)
    if age:
        d.line(person, "fact", f"{age[1]} лет" if is_cyrillic(r.text) else f"age {age[1]}")
        return
    d.line(person, "fact", rest)


def people(d: Draft, names: str) -> list[str]:
    """Return the people a :data:`WHO_LIST` slot names (resolved, or new)."""
    found = [d.person(part) for part in _SPLIT_RE.split(names.strip()) if part]
    return [p for p in found if p is not None]
