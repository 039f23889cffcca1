"""The working parts of extraction: a message with its known names marked, and the draft.

:class:`Reading` cleans a message and replaces every name the memory already holds (any
script or case form, found through the :class:`~memory_core.extraction_names.EntityResolver`),
every Jira key, and every unknown acronym ("ESO": a new ``Project:``) with a placeholder
``⟦n⟧``, so the rules match one token wherever a known entity stands. :class:`Draft`
collects what the rules propose: entities (resolved before anything new is made), their
lines and the links between them.
"""

from __future__ import annotations

import datetime as dt
import itertools
import re
from dataclasses import dataclass, field

from memory_core.errors import InvalidInputError
from memory_core.extraction_acronyms import (
    called_a_project,
    for_a_project,
    is_acronym,
    qualifies_role,
)
from memory_core.extraction_asides import named_in_brackets, open_asides
from memory_core.extraction_lexicon import kind_of_role
from memory_core.extraction_name_cases import oblique_stems
from memory_core.extraction_name_words import own_name_words, project_as_written
from memory_core.extraction_names import EntityResolver, lemmatize_name, morph
from memory_core.extraction_object_case import object_name
from memory_core.extraction_places import is_place
from memory_core.extraction_possessive import unpossess
from memory_core.extraction_shorthand import spelled_out
from memory_core.extraction_typos import mend_roles
from memory_core.language import JIRA_KEY_RE, is_cyrillic, is_stop_word
from memory_core.lifecycle import AUTO_SOURCE
from memory_core.morphology import known_russian_word
from memory_core.naming import display_name, split_prefix
from memory_core.observation import format_observation

__all__ = ["ENT", "NEW_NAME", "Draft", "Reading"]

ENT = r"⟦\d+⟧"
"""A placeholder for a known entity or a Jira key in :attr:`Reading.text`."""
_MARKED_CAPITALS = "".join(c for c in map(chr, range(0xC0, 0x250)) if c.isupper())
"""Latin capitals with marks ("Š", "Č", "Ł", "Ö", "É"): the first letter of many names."""
_CYRILLIC_CAPITALS = "ҐЄІЇЎ"
"""Ukrainian and Belarusian capitals outside "А-Я" ("Ґудзь", "Ігор", "Євген", "Їжакевич")."""
_CAP_WORD = (
    rf"[A-ZА-ЯЁ{_MARKED_CAPITALS}{_CYRILLIC_CAPITALS}](?=[\w'’-]*[a-zа-яёґєіїў])"
    r"(?:[\w-]|['’](?!s\b)(?=\w))*"
)
"""A capitalised word ("O'Brien", "Šárka" too); a possessive "'s" is not part of it ("Olga's")."""
_HONORIFIC = r"(?:доктор\w*|dr\.?|doctor|mr\.?|mrs\.?|ms\.?|miss|pani|pan|пани|пан)\s+"
_PARTICLE = (
    r"(?:van|von|de|der|den|da|das|dos|du|di|del|della|la|le|ter|ten|bin|ibn|al|zu"
    r"|ван|фон|де|дер|ди|дель|дос|дю)"
)
"""A lowercase word inside a surname ("Anneke de Wit", "Vincent van der Berg", "фон Штайн")."""
NEW_NAME = (
    rf"(?-i:(?:(?i:{_HONORIFIC}))?{_CAP_WORD}"
    rf"(?:\s+(?:{_PARTICLE}\s+){{0,2}}{_CAP_WORD}){{0,2}})"
)
"""One to three capitalised words, perhaps after "доктор"/"Dr" and with a surname's
lowercase particles ("de", "van der"): a name not yet in memory."""
_PARTICLE_RE = re.compile(rf"{_PARTICLE}")
_HONORIFIC_RE = re.compile(rf"^{_HONORIFIC}", re.IGNORECASE)
_PLACEHOLDER_RE = re.compile(r"⟦(\d+)⟧")
_WORD_RE = re.compile(r"[^\W_](?:[^\W_]|['’](?!s\b)(?=\w)|-(?=\w))*")
_DASH_RE = re.compile(r"\s*[—–]\s*|\s+-+\s+|(?<=\w)(?:\.{2,}|…)\s+(?=\w)")
"""A dash, or a trailing-off "..." inside a sentence: a break between two clauses."""
_LEAD_RE = re.compile(
    r"^(?:(?:запомни|запиши|не\s+забудь|remember|note|fyi|btw|кстати|кста|короче|итак|итого|"
    r"(?:it\s+)?turns\s+out|оказывается|как\s+выяснилось|"
    r"так\s+вот|ну|и|а|вс[её](?=\s*[,—])|слушай(?:те)?|смотри(?:те)?|listen|also|so|oh|ah|ok|ок|теперь|отныне|now(?!\s+that)|from\s+now\s+on|"
    r"с\s+этого\s+момента|со?\s+следующ\w+\s+\w+|с\s+(?:этого|этой)\s+[а-яё]+|"
    r"(?:со?|since|from|starting)\s+(?:(?:the\s+)?next\s+\w+|понедельника|вторника|среды|четверга|пятницы|"
    r"января|февраля|марта|апреля|мая|июня|июля|августа|сентября|октября|ноября|декабря|"
    r"monday|tuesday|wednesday|thursday|friday|january|february|march|april|may|june|july|"
    r"august|september|october|november|december)|"
    # a date: "с 1 марта", "from march 1", "starting 1 april"
    r"(?:с|since|from|starting)\s+(?:\d{1,2}(?:-?го)?\s+[а-яё]+|\d{1,2}\s+[a-z]+|[a-z]+\s+\d{1,2}"
    r"(?:st|nd|rd|th)?)|"
    r"(?:this|next)\s+(?:quarter|month|week|year)|в\s+этом\s+(?:квартале|месяце|году)|"
    # how often: "каждую ночь", "раз в неделю", "every night", "nightly"
    r"(?:кажд\w+|every)\s+(?:\d+\s+)?(?:ноч\w*|день|дня|утро|вечер|час\w*|недел\w*|месяц\w*|"
    r"night|day|morning|evening|hour|week|month)|раз\s+в\s+(?:день|час|неделю|месяц|сутки)|"
    r"по\s+(?:ночам|утрам|вечерам|понедельникам|пятницам)|nightly|daily|hourly|weekly)\b"
    r"\s*(?:(?:что|that)\b)?[\s,:;.!-]*)+",
    re.IGNORECASE,
)


def _words(block: str) -> frozenset[str]:
    return frozenset(block.split())


_NOT_NAMES = _words(
    "we i i'm i've i'd we're we've you he she they it it's our my your his her the a an this"
    " that team today yesterday tomorrow now decision plan update note project client monday"
    " tuesday wednesday thursday friday saturday sunday january february march april may"
    " june july august september october november december"
)
_MAX_NAME_WORDS = 3
_CASE_ENDING = re.compile(
    r"\b([A-Za-z][\w.]*[A-Za-z0-9])-(?:у|ю|а|я|ом|ем|ой|е|ы|и|ов|ам|ах|ами)\b"
)
"""A Russian case ending joined to a known Latin name: "Marshrut-у", "Ombor-ом" (an unknown
one, "с минского EPAM-а", names no project of its own)."""
_APOSTROPHE_CASE = re.compile(
    r"\b(?P<stem>[A-Za-z][\w.]*[A-Za-z0-9])'"
    r"(?:у|ю|а|я|ом|ем|ой|е|ы|и|ов|ам|ах|ами|a|u|om|em|e|y)\b"
)
"""A Russian case ending after an apostrophe: "Mateusz'a", "ledger'а" (a known name, or a
capitalised word that is no acronym: an unknown "EPAM'а" stays as written)."""
_HAS_BEEN = re.compile(r"'s\s+(?=been\b)", re.IGNORECASE)
"""English "X's been moved": "has", not a possessive."""
_WHICH_ONE = re.compile(
    r"(?<![\w⟦])(?P<name>[^\W\d_]{3,})\s+(?:(?:который|которая|что)\s+(?:на|в|во|с|со|из)|"
    r"from|on|из|с|со)\s+(?:the\s+)?(?P<proj>⟦\d+⟧)(?P<after>\s*,?)",
    re.IGNORECASE,
)
"""A first name two people share, told apart by a project: "тигран который на ⟦1⟧",
"Tigran from ⟦1⟧", "Антон с ⟦1⟧"."""
_THERE = re.compile(r"\b(?:у\s+них|там|for\s+them|there)\b", re.IGNORECASE)
_IS_ING = re.compile(
    r"'s\s+(?=(?:(?:now|also|still|back|officially)\s+)*(?:[a-z]+ing|on|in|at|off|with)\b(?!-))",
    re.IGNORECASE,
)
"""English "X's helping", "X's on P full-time": "is", not a possessive ("X's in-laws" is)."""
_THE_ONE_WHO = re.compile(
    r"(?:\s+(?:is|was)|'s)\s+(?:(?:now|also|still)\s+)*the\s+(?:one|person|guy|woman|man)\s+"
    r"(?:who|that)\s+|\s*(?:—\s*)?(?:это\s+)?(?:тот|та|те)\s*,?\s+(?:кто|что)\s+",
    re.IGNORECASE,
)
"""A cleft: "X is the one who owns P", "X — та, кто ведёт P" say "X owns P", "X ведёт P"."""


@dataclass
class Reading:
    """A message made ready for the rules: known names replaced by ``⟦n⟧`` placeholders."""

    raw: str
    text: str
    entities: list[str] = field(default_factory=list)
    guessed: set[str] = field(default_factory=set)
    """``Project:`` names made up for unknown acronyms ("ESO"): new if the proposal uses them."""
    spelled: dict[str, str] = field(default_factory=dict)
    """Placeholders that stand for more than they name ("P" for "P и Q"), as written."""

    @classmethod
    def of(cls, message: str, resolver: EntityResolver) -> Reading:
        """Clean ``message`` and mark the Jira keys and known entity names in it."""
        text = mend_roles(spelled_out(" ".join(message.replace("’", "'").split())))
        text = _DASH_RE.sub(" — ", text)
        text = _CASE_ENDING.sub(lambda m: m[1] if resolver.resolve(m[1]) else m[0], text)
        if is_cyrillic(text):
            text = _APOSTROPHE_CASE.sub(lambda m: _without_case(m, resolver), text)
        text = _HAS_BEEN.sub(" has ", text)
        text = _IS_ING.sub(" is ", text)  # "kristjan's helping": "is", not a possessive
        text = _THE_ONE_WHO.sub(" ", text)
        text = open_asides(text)  # "Alina (my sister) moved": "Alina, my sister, moved"
        text = _LEAD_RE.sub("", text).strip().rstrip(".!…")
        text = unpossess(text, resolver)  # "Варькин стоматолог — X": "у <Варька> стоматолог — X"
        reading = cls(message, text)
        reading.text = JIRA_KEY_RE.sub(lambda m: reading._jira(m.group(0), resolver), text)
        reading.text = named_in_brackets(reading._mark_known(reading.text, resolver))
        which = _WHICH_ONE.search(reading.text)
        if which is not None and (found := reading._which_one(which, resolver)):
            text = reading.text
            text = f"{text[: which.start()]}{found}{which['after']}{text[which.end() :]}"
            # "у них", "там" then mean the project the person was told apart by
            reading.text = _THERE.sub(f"в {which['proj']}", text, count=1)
        return reading

    def _which_one(self, m: re.Match[str], resolver: EntityResolver) -> str | None:
        """The placeholder of the person a shared first name names by the project said with
        it ("тигран который на ⟦1⟧"), or ``None``."""
        if not resolver.ambiguous(m["name"]):
            return None
        found = resolver.of_project(m["name"], self.entity(m["proj"]))
        return self._placeholder(found) if found else None

    def _placeholder(self, name: str) -> str:
        if name not in self.entities:
            self.entities.append(name)
        return f"⟦{self.entities.index(name)}⟧"

    def _jira(self, key: str, resolver: EntityResolver) -> str:
        return self._placeholder(resolver.resolve(f"Jira:{key}", "Jira") or f"Jira:{key}")

    def _mark_known(self, text: str, resolver: EntityResolver) -> str:
        words = list(_WORD_RE.finditer(text))
        out: list[str] = []
        pos = i = 0
        while i < len(words):
            for n in range(min(_MAX_NAME_WORDS, len(words) - i), 0, -1):
                found = _known_span(text, words, i, n, resolver)
                if found is None and n == 1 and _new_project(text, words, i):
                    found = f"Project:{words[i].group(0)}"  # "ESO", "проект Atlas": not yet known
                    self.guessed.add(found)
                if found is not None:
                    out += [text[pos : words[i].start()], self._placeholder(found)]
                    pos = words[i + n - 1].end()
                    i += n
                    break
            else:
                i += 1
        return "".join([*out, text[pos:]])

    def entity(self, placeholder: str) -> str:
        """Return the entity name behind one ``⟦n⟧`` placeholder."""
        return self.entities[int(placeholder.strip()[1:-1])]

    def render(self, fragment: str) -> str:
        """Return a fragment with its placeholders written as the entities' own names."""
        for placeholder, written in self.spelled.items():
            fragment = fragment.replace(placeholder, written)
        text = _PLACEHOLDER_RE.sub(lambda m: display_name(self.entities[int(m[1])]), fragment)
        return " ".join(text.split()).strip(" ,;:—-")

    def names_in(self, fragment: str, entity_type: str | None = None) -> list[str]:
        """Return the entities a fragment names by placeholder, optionally of one type."""
        names = [self.entities[int(m[1])] for m in _PLACEHOLDER_RE.finditer(fragment)]
        return [n for n in names if entity_type is None or split_prefix(n)[0] == entity_type]


def _new_project(text: str, words: list[re.Match[str]], i: int) -> bool:
    """Whether the ``i``-th word names a project the memory does not hold yet: an acronym
    ("ESO", "CRM2") that is no part of a role nor a thing made for a project, or a name
    the message calls a project ("над проектом Atlas", "the Helix project")."""
    if called_a_project(text, words, i):
        return True
    word = words[i].group(0)
    return (
        is_acronym(word)
        and not qualifies_role(text, words, i)
        and not for_a_project(text, words, i)
    )


def _without_case(m: re.Match[str], resolver: EntityResolver) -> str:
    """The word of ``m`` without its case ending when it is a known name or a name at all."""
    stem = m["stem"]
    a_name = stem[0].isupper() and not stem.isupper()
    return stem if a_name or resolver.resolve(stem) else m[0]


_LATIN_CASE_RE = re.compile(r"(?P<stem>[A-Za-z][A-Za-z0-9]*)-(?:[а-яё]{1,3})")
"""A Latin name with a Russian case ending after a hyphen: "Marshrut-у", "Ombor-ом"."""


def _known_span(
    text: str, words: list[re.Match[str]], i: int, n: int, resolver: EntityResolver
) -> str | None:
    """Return the known entity that ``n`` words from the ``i``-th one name, if any.

    A first name alone is not taken for a known person when a capitalised word stands next
    to it: "Анна Иванова" is someone else than a known "Anna Schmidt" or "Анна"; nor is a
    surname after a title: "dr. Novak" is someone else than a known "Marta Novak".
    """
    span = words[i : i + n]
    gaps = [text[a.end() : b.start()] for a, b in itertools.pairwise(span)]
    if any(g.strip() for g in gaps):
        return None
    if not all(_may_name(w.group(0), n) for w in span):  # "Майе Ли": a short surname
        return own_name_words([w.group(0) for w in span], resolver) or project_as_written(
            span[0].group(0) if n == 1 else "", resolver
        )
    found = resolver.resolve(text[span[0].start() : span[-1].end()])
    case_form = _LATIN_CASE_RE.fullmatch(span[0].group(0)) if n == 1 else None
    if found is None and case_form is not None:  # "Marshrut-у", "Ombor-ом": the project
        found = resolver.resolve(case_form["stem"])
        return found if found is not None and split_prefix(found)[0] == "Project" else None
    if found is None or n > 1 or split_prefix(found)[0] != "Person":
        return found
    before = words[i - 1] if i > 0 else None
    after = words[i + 1] if i + 1 < len(words) else None
    if after is not None and _next_name(text, span[0], after):
        return None
    if before is not None and _next_name(text, before, span[0], first=True):
        return None
    titled = before is not None and _HONORIFIC_RE.fullmatch(before.group(0) + " ")
    return None if titled and len(display_name(found).split()) > 1 else found  # "dr. Novak"


def _next_name(text: str, a: re.Match[str], b: re.Match[str], *, first: bool = False) -> bool:
    """Tell whether ``a`` and ``b`` stand side by side and the other one looks like a name."""
    other = a.group(0) if first else b.group(0)
    return (
        not text[a.end() : b.start()].strip()
        and other[:1].isupper()
        and any(ch.islower() for ch in other)
        and not is_stop_word(other)
        and other.casefold() not in _NOT_NAMES  # "I'm Jordan's mentor": "I'm" is no name
        and kind_of_role(other) is None
    )


def _may_name(word: str, span: int) -> bool:
    """Tell whether a word may be (part of) a name: not a function word or a role word."""
    if word.isdigit() or (span == 1 and len(word) < 2):
        return False
    return not is_stop_word(word) and kind_of_role(word) is None


_SURNAME_RE = re.compile(
    r"(?:ич|ић|овна|евна|ов|ев|ёв|ин|ын|ова|ева|ёва|ина|ына|ский|цкий|ская|цкая|ко|ук|юк|ян|янц"
    r"|дзе|швили|ач|ски|ска|ес|ез|ман|ер)$"
)
"""Endings of surnames in Cyrillic (Slavic, Caucasian, and common foreign ones)."""


def _surname_like(word: str) -> bool:
    """Whether a capitalised Cyrillic word reads as a surname ("Петрович", "Ковач")."""
    if not (word[:1].isupper() and is_cyrillic(word)):
        return False
    if any("Surn" in p.tag for p in morph().parse(word)):
        return True
    return len(word) >= 4 and _SURNAME_RE.search(word.lower()) is not None


def _new_person_name(surface: str) -> str | None:
    """Return the name a new person would get, or ``None`` when the words are no name."""
    titled = _HONORIFIC_RE.match(surface.strip()) is not None  # "доктор Пак" is a name
    words = _HONORIFIC_RE.sub("", surface.strip()).split()
    particles = [w for w in words[1:-1] if _PARTICLE_RE.fullmatch(w)]  # "de" in "Anneke de Wit"
    if not words or len(words) - len(particles) > _MAX_NAME_WORDS or len(particles) > 2:
        return None
    if (is_stop_word(words[0]) and not titled) or any(w.casefold() in _NOT_NAMES for w in words):
        return None
    if any(kind_of_role(w) is not None for w in words):
        return None
    first = words[0]
    if is_cyrillic(first):
        parses = morph().parse(first)
        named = any(t in p.tag for p in parses for t in ("Name", "Surn", "Patr"))
        # a first name that is also a word ("Мира", "Ана") is one before a surname
        named = named or (len(words) > 1 and _surname_like(words[-1]))
        if not named and not titled and known_russian_word(first):
            return None
        words = lemmatize_name(" ".join(words)).split()
    return " ".join(w if w in particles else w[:1].upper() + w[1:] for w in words)


class Draft:
    """What the rules propose for one message: entities, their lines, and links."""

    def __init__(
        self, reading: Reading, resolver: EntityResolver, owner: str, today: dt.date
    ) -> None:
        self.reading = reading
        self.owner = owner
        self._resolver = resolver
        self._today = today
        self.lines: dict[str, list[str]] = {}
        self.new: set[str] = set(reading.guessed)
        self.links: list[tuple[str, str, str]] = []

    def person(self, surface: str) -> str | None:
        """Return the person (or the owner) a slot names, resolving before creating."""
        surface = surface.strip()
        if _PLACEHOLDER_RE.fullmatch(surface):
            name = self.reading.entity(surface)
            return name if split_prefix(name)[0] in ("Person", "User") else None
        new = _new_person_name(surface)
        at = self.reading.text.find(surface)
        if new is not None and at > 0:  # "назначили Олеся Барабаша": Олесь Барабаш
            new = object_name(self.reading.text[:at], surface) or new
        if new is None:
            return None
        found = self._resolver.resolve(new, "Person")
        if found is None and new != surface:  # "Михаю Опришану": a case the dictionary misreads
            found = next(
                (f for v in oblique_stems(surface) if (f := self._resolver.resolve(v, "Person"))),
                None,
            )
        if found is None and self._resolver.ambiguous(new):
            return None  # "Антон" with two Antons known: no third one
        if found and _HONORIFIC_RE.match(surface) and len(display_name(found).split()) > 1:
            found = None if len(new.split()) == 1 else found  # "dr. Novak": not Marta Novak
        return found or self._create(f"Person:{new}")

    def thing(self, surface: str) -> str | None:
        """Return the project or tool a slot names (``Project:`` when it is new)."""
        surface = surface.strip(" ,.;:")
        if _PLACEHOLDER_RE.fullmatch(surface):
            return self.reading.entity(surface)
        if not surface or is_stop_word(surface) or len(surface) > 40:
            return None
        found = self._resolver.resolve(surface, "Project")
        if found is not None:
            return found
        if self._resolver.ambiguous(surface):
            return None  # "Антон" with two Antons known is a person, no project
        if is_place(surface):
            return None  # "живёт в Вильнюсе", "hosted in Berlin": where, not what
        return self._create(f"Project:{surface}")

    def relative(self, kin: str) -> str | None:
        """Return the owner's relative a kin word names (``mother``), if the memory knows."""
        return self._resolver.relative(kin)

    def on_project(self, person: str, project: str) -> bool:
        """Whether the memory already has ``person`` on ``project`` (a link or a line)."""
        return self._resolver.of_project(split_prefix(person)[1], project) == person

    def entity(self, name: str) -> str:
        """Return ``name`` as an entity of the draft, new unless the memory holds it."""
        return self._resolver.resolve(name) or self._create(name)

    def _create(self, name: str) -> str:
        self.new.add(name)
        return name

    def line(self, entity: str, kind: str, body: str) -> None:
        """Add one ``kind: body`` line (``src=auto``, today's date) to an entity."""
        body = self.reading.render(body)
        if not body:
            return
        try:
            line = format_observation(kind, body, as_of=self._today, src=AUTO_SOURCE)
        except InvalidInputError:
            return
        lines = self.lines.setdefault(entity, [])
        if line not in lines:
            lines.append(line)

    def link(self, frm: str | None, relation_type: str, to: str | None) -> None:
        """Add the link ``frm -[relation_type]-> to`` (once; never an entity to itself)."""
        if frm is None or to is None or frm == to:
            return
        triple = (frm, relation_type, to)
        if triple not in self.links:
            self.links.append(triple)

    @property
    def empty(self) -> bool:
        """True when the rules found nothing to propose (no line, no link)."""
        return not (self.links or any(self.lines.values()))
