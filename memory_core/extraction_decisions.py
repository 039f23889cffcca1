"""Extraction of decisions: "мы решили ...", "decision: ...", "..., так решили".

Same contract as :mod:`memory_core.extraction_people`: a rule reads the marked message,
writes into the draft when its shape holds and says whether it did.

"мы решили перейти на cursor pagination в ESO", "we agreed to drop PayPal in Orion",
"decision: ...": a ``Decision:<slug>`` with a ``decision:`` line, ``decided_in`` the
projects named, ``concerns`` the Jira issues named, and ``decided`` from the people the owner
decided with ("мы с Сергеем решили", "decided with Priya"), or from the owner who decided
alone ("я решила, что ...", "I decided to ..."). A rule or a final call before a colon
("моё правило для команды: ...", "final call on X: ...") is a decision too; an approval said
last names who signed it off ("..., signed off with Asel"); "X предложил, Y одобрила — ..."
links the one who ``proposed`` and the one who ``approved``. Where it was decided may stand
beside the verb ("на ретро договорились: ...", "it was decided at the review that ..."), and
a change the team announces is one too ("we're killing X", "мы отказываемся от Y"). A call on a
Jira issue is said by what is done to it ("KRV-9 откладываем", "KRV-9 решили не трогать"), and
who backed a decision may be said last ("..., Шерзод настоял", "..., Ali agreed", "..., так с
Олей и решили", "..., team voted on it"), or as whose call it was ("..., Jonas's call"); the
day it was said and technical acronyms beside a known project are left out
(:mod:`memory_core.extraction_decision_terms`). What a meeting settled is one ("по итогам ретро: X
гоняем через очередь") when it is a plan, and how firmly may come first ("окончательно
утвердили: ..."). Only a
known person or a full name is linked: a lone unknown first name is most often a short form
of someone known.
"""

from __future__ import annotations

import re

from memory_core.extraction_decision_slug import DROPPED, make_slug
from memory_core.extraction_decision_terms import (
    projects_decided_in,
    standing_rule,
    whose_call,
    without_remark,
    without_when,
)
from memory_core.extraction_insisted import insisted_last
from memory_core.extraction_roles import WHO, WHO_LIST
from memory_core.extraction_text import ENT, Draft, Reading
from memory_core.morphology import analyzer
from memory_core.naming import split_prefix

__all__ = ["decision"]

_I = re.IGNORECASE
_SPLIT_RE = re.compile(r"\s*(?:,|\band\b|\bи\b|&)\s*", _I)

_CHANGE = (
    r"killing|closing|postponing|deferring|freezing|parking|dropping(?!\s+(?:by|in|off|out|over)\b)|ditching|scrapping|sunsetting|deprecating|abandoning|shelving|"
    r"not\s+doing(?=[^.;]*\bat\s+all\b)|replacing|phasing\s+out|switching\s+(?:to|from|over)|migrating\s+(?:to|from|off)|"
    r"moving\s+(?:off|away\s+from)|отказываемся\s+от|выпиливаем|закапываем|сворачиваем|"
    r"переходим\s+(?:на|с)|переезжаем\s+(?:на|с)|возвращаем|вводим|запрещаем|bringing\s+back|"
    r"reintroducing|banning"
)
"""A change the team announces: "we're killing X", "мы отказываемся от Y" (with a subject), or
"в ⟦1⟧ возвращаем ..." (the project said first, the team's verb without "мы")."""
_MEETINGS = (
    r"ретро\w*|планинг\w*|планировани\w*|созвон\w*|встреч\w*|ревью|синк\w*|стендап\w*|"
    r"груминг\w*|демо|митинг\w*|обсуждени\w*|совещани\w*|воркшоп\w*|постмортем\w*|разбор\w*|"
    r"retro\w*|review|sync|standup|stand-up|meeting|call|planning|grooming|offsite|workshop|"
    r"post-?mortem|discussion|demo|тред\w*|переписк\w*|разговор\w*|дискусси\w*|спор\w*|"
    r"thread|chat|convo|conversation|talk|debate"
)
"""Words for a meeting where something was settled."""
_DECIDED = (
    r"(?:(?:было\s+)?решено|решили|решила|решил|порешали|порешил[аи]?|приняли\s+решение|договорились|постановили|"
    r"(?:за)?фиксир(?:уем|овали)(?=\s*:)|приняли(?=\s*:)|выбрали|проголосовали|утвердили|утверждено|согласовали|согласовано|одобрено|"
    r"(?:have\s+|'ve\s+|had\s+)?(?:decided|agreed|chose|chosen|voted|approved|signed\s+off(?:\s+on)?|"
    r"settled\s+on|landed\s+on|settled\s+(?:it|this|that)(?=\s*[:—])|opted\s+for|went\s+with|picked(?=\s+.+?\s+(?:over|instead\s+of)\s))|"
    r"(?:had|has|have|got|gets)\s+the\s+(?:final|last)\s+(?:word|say)(?=\s*[:—])|"
    r"made\s+the\s+(?:final\s+)?call(?=\s*[:—])|сказал[аи]?\s+последнее\s+слово(?=\s*[:—])|"
    # a call confirmed at a meeting or reversed, before its colon: "X confirmed on the call:",
    # "отменяем: ...", "changed our minds: ..."
    rf"(?:confirmed|подтвердил[аи]?)(?=\s+(?:on|at|during|after|на|во?|по\s+итогам)\s+"
    rf"(?:[^\s:—⟦]+\s+){{0,3}}?(?:{_MEETINGS})\s*[:—])|"
    # agreed after a talk, before what was agreed: "сошлись с X: ...", "сошлись на том, что"
    r"сошлись(?=(?:\s+(?:с|со)\s+[^\s:—]+)?\s*[:—]|\s+на\s+том)|"
    # a turn of course, before its colon: "разворот по ⟦1⟧: ...", "U-turn on ⟦1⟧: ..."
    r"(?:разворот|u-turn|pivot)(?=\s+(?:по|on|for|в|на)\s+⟦\d+⟧\s*[:—])|"
    r"(?:отменяем|отменили|передумали|переиграли|отбой|отставить|changed\s+(?:our|my)\s+minds?|"
    r"reversed?\s+(?:it|that|the\s+call)|scratch\s+that|never\s?mind|call\s+off)"
    r"(?=(?:\s+(?:насч[её]т|по\s+поводу|about|on)\s+[^:—⟦]{1,40}?(?:\s+(?:в|во|на|in|for)\s+⟦\d+⟧)?)?"
    r"\s*[:—])|"
    r"(?:are|'re|will|'ll)\s+go(?:ing)?\s+with|"
    # who pushed a call through, before its colon: "X продавил: ...", "X всех убедила — ..."
    r"(?:(?:всех|нас|команду)\s+)?(?:продавил[аи]?|пробил[аи]?|пролоббировал[аи]?|убедил[аи]?|"
    r"переубедил[аи]?|настоял[аи]?|convinced\s+(?:everyone|everybody|us|the\s+team)|"
    r"talked\s+(?:everyone|everybody|us)\s+into\s+it|pushed\s+(?:it\s+)?through|"
    r"won\s+the\s+(?:argument|debate))(?:\s+(?:всех|нас|команду))?(?=\s*[:—])|"
    # a call against, by whoever may make it: "X vetoed ...", "X зарубила ..."
    r"(?P<veto>vetoed|(?:has\s+)?shot\s+down|зарубил[аи]?|наложил[аи]?\s+вето\s+на)|"
    rf"(?:(?:are|'re)\s+|(?<=мы\s)|(?<=⟧\s)(?=[а-яё]))(?P<change>{_CHANGE}))"
    r"(?:\s+(?:окончательно|единогласно|официально|единолично|сам[аи]?|лично|в\s+одиночку|"
    r"finally|officially|unanimously|alone|unilaterally|single-handedly|on\s+(?:his|her|their)\s+own|"
    r"by\s+(?:him|her)self|"
    r"(?:всей\s+)?командой|всем\s+составом|as\s+a\s+team|(?:all\s+)?together(?!\s+with)))?"
)
_FIRMLY = (
    r"(?:(?:окончательно|единогласно|официально|наконец|в\s+итоге|всё\s+же|все\s+же|finally|"
    r"officially|unanimously|eventually|in\s+the\s+end|уже|now|already)\s+)?"
)
"""How firmly it was decided, before the verb: "окончательно утвердили", "finally agreed"."""
_WITH = r"(?:вместе\s+)?(?:с|со|with|w/)"
_FOR_US = (
    r"\s+(?:за\s+(?:меня|нас|всех|команду)|for\s+(?:me|us|everyone|all\s+of\s+us|the\s+team))"
    r"(?:\s*,\s*(?:ну\s+)?(?:и\s+ладно|ладно|ок|ok|окей|fine|whatever|so\s+be\s+it|ну\s+что\s+ж))?"
    r"(?=\s*[:—])"
)
"""Whom someone decided for, and how the owner took it, before the colon: "X решил за меня, ну
и ладно: ..."."""
_ASIDE = r"(?:\s*\([^()⟦]{1,30}\))?"
"""A note in brackets after who decided: "с Никой (финдир)"."""
_ABOUT = rf"(?:по|for|on|about|насч[её]т|regarding|in|в|во|на)\s+{ENT}"
_NOUN = (  # "decision:", "моё правило для команды:", "final call on ⟦1⟧:", "final call by ⟦1⟧:"
    r"(?:(?P<mine>мо[её]|моя|my)\s+|(?:the|our|a|new|наше|наша|новое|новая|общее)\s+)*"
    rf"(?:(?P<poss>{WHO})['’]s\s+)?"  # "Jonas's call: ..."
    r"(?P<noun>(?<=['’]s\s)call|(?:final|last)\s+word|final\s+call|decision|rule|policy|решение|правило|политика|договор[её]нность|"
    r"окончательно|официально|бесповоротно|финально|итого|в\s+итоге|officially|final(?:ly)?|"
    r"in\s+the\s+end|bottom\s+line|verdict|вердикт|последнее\s+слово|"
    r"(?:the\s+)?call(?=\s+(?:made|taken)\b))"
    r"(?:\s+(?:для|for)\s+(?:the\s+|всей\s+)?(?:команды|team|всех|everyone))?"
    r"(?:\s+(?:for\s+now|for\s+the\s+time\s+being|пока\s+что|пока|на\s+сейчас))?"
    r"(?:\s+(?:принято|принята|made|taken))?"
    rf"(?:\s+(?:{_WITH}|by|from|от|за)\s+(?P<with3>{WHO_LIST}))?"
    r"(?:\s+(?:today|yesterday|this\s+morning|сегодня|вчера))?"
)
_RULES = re.compile(
    r"rule|policy|правило|политика|договор|final|last|последнее|call|окончательно|официально|бесповоротно|officially|"
    r"финально|итого|в\s+итоге|in\s+the\s+end|bottom|verdict|вердикт",
    _I,
)
"""Nouns (and words of firmness) that make a decision only before a colon or a dash: "rule:
...", "окончательно: ...", not "the rule is", "окончательно переехали"."""
_MEETING = r"(?:from|at|after|on|с|со|на|по\s+итогам)\s+[^:—,⟦]{1,30}?"
"""Where it was decided, before the colon: "decision from today's sync: ..."."""
_AT = rf"(?:at|on|during|after|на|во?|по\s+итогам)\s+(?-i:[^:—,⟦A-ZА-ЯЁ]{{1,30}}?)(?:\s+{ENT})?"
"""Where it was decided, beside the verb: "на ретро договорились", "decided at the review that",
"на ретро P решили:" (the project's own meeting)."""
_TOPIC = r"(?:по|for|on|about|насч[её]т|regarding)\s+[^:—,]{1,40}?(?=\s*[:—])"
"""What a final call is about, up to its colon: "final call on ⟦1⟧ maps: ..."."""
_INSISTED = (
    rf"(?:(?P<insister>{WHO_LIST})\s+(?:настоял[аи]?|продавил[аи]?|пролоббировал[аи]?|insisted|"
    r"pushed\s+(?:for\s+it|hard)|won\s+the\s+argument)\s*,\s*(?:(?:и|так\s+что|and|so)\s+)?)?"
)
"""Who pushed the call through, said first: "X настоял, и это уже решено — ...", "X продавил,
уже решено - ..."."""
_DECISION = re.compile(
    rf"^{_INSISTED}(?P<pre>(?:{_ABOUT}|(?P<topic>{ENT}))\s*[,:—]?\s+)?(?:(?P<at>{_AT})\s+(?=\S+\s))?"
    rf"(?:(?:(?:(?P<we>мы|we|the\s+team|team|команда|все|it\s+(?:was|has\s+been|is)|it's(?:\s+been)?|"
    r"это|that's|that\s+is)"
    r"|(?P<self>я|i))"
    rf"(?:\s+|(?='))"
    rf"|(?P<with0>{WHO_LIST})\s+(?:и\s+я|and\s+i)\s+)?(?:{_WITH}\s+(?P<with1>{WHO_LIST}){_ASIDE}\s+)?"
    rf"{_FIRMLY}(?P<verb>{_DECIDED})\b(?:\s+(?:для\s+себя|for\s+myself)|{_FOR_US})?"
    rf"\s*(?:{_WITH}\s+(?P<with2>{WHO_LIST}){_ASIDE})?"
    rf"(?:\s*{_AT}(?=\s*,?\s*(?:[:—]|\b(?:that|что)\b)))?"
    rf"|{_NOUN}(?P<pre2>\s+{_TOPIC}|\s+{_ABOUT})?(?:\s+{_MEETING}(?:\s+{_WITH}\s+(?P<with4>{WHO_LIST}))?(?=\s*[:—]))?(?:\s+(?:is|was))?)"
    r"\s*(?P<said>[:,—]?\s*(?:(?:что|that|to|on|,)\s+)?)(?P<content>.+)$",
    _I,
)
_WHEN = r"(?:yesterday|today|earlier|вчера|сегодня|на\s+днях|утром|днём|днем)"
"""When it was decided, said before the verb at the end: "..., вчера решили с X"."""
_TEAM = r"(?:мы|we(?:\s+all)?|the\s+team|team|команда|все|everyone|everybody)"
"""Who decided, said as the team: "..., team voted on it", "..., все согласовали"."""
_DECIDED_LAST = re.compile(
    rf"^(?P<content>.+?)\s*(?:[,;—]|\.(?=\s+так\s))\s*(?:так\s+|вот\s+|и\s+)?(?:{_TEAM}\s+)?"
    rf"(?:{_WHEN}\s+)?(?:{_WITH}\s+(?P<with_mid>{WHO_LIST})\s+(?:и\s+)?)?{_FIRMLY}(?:{_DECIDED})\b"
    rf"(?:\s+{_WITH}\s+(?P<with_last>{WHO_LIST})|\s+(?P<by_last>{ENT}))?"
    r"(?:\s+(?:on\s+(?:it|this|that)|за\s+это))?"
    r"(?:\s+(?:yesterday|today|вчера|сегодня))?(?P<where>\s+(?:on|at|in|during|на|во?)\s+.*"
    r"|\s*[—,:]\s*(?:это\s+|this\s+is\s+|that's\s+)?(?:про|для|по|about|for)\s+.*)?$",
    _I,
)
"""The decision word at the end: "KITE-204 не чиним до 3.0, так решили", "..., agreed on sync";
what it is about may follow ("..., так решили на созвоне — это про ⟦1⟧")."""
_GO_AHEAD = (
    r"(?:has\s+)?gave\s+(?:it\s+|us\s+)?(?:the|a)\s+(?:green\s+light|go-?ahead|thumbs[\s-]up)|"
    r"(?:has\s+)?(?:greenlit|green-lit|okayed|ok'?d)(?:\s+it)?|"
    r"дал[аи]?\s+(?:на\s+это\s+)?(?:добро|зел[её]ный\s+свет|отмашку)"
)
"""An approval said as an idiom: "X gave the green light", "X дал добро"."""
_APPROVED_LAST = re.compile(
    rf"^(?P<content>.+?)\s*[,;—]\s*(?:и\s+|and\s+|а\s+)?(?P<approver>{WHO_LIST})\s+"
    rf"(?:{_WHEN}\s+)?(?:утвердил[аи]?|одобрил[аи]?|(?:has\s+)?approved|signed\s+off|{_GO_AHEAD})"
    rf"(?:\s+{_WHEN})?$",
    _I,
)
"""A plan, then who signed it off: "P переводим на X, агнешка вчера утвердила"."""
_ISSUE_FIRST = re.compile(
    rf"^(?P<topic>{ENT})\s*(?:[:—]\s*)?"
    r"(?!.*\b(?:сегодня|завтра|вечером|утром|today|tomorrow|tonight)\b)(?P<content>(?:(?:пока|тогда|тоже|всё|все|so|then)\s+)?"
    r"(?:(?:закрыва|откладыва|заморажива|отклоня|отменя|оставля|выкидыва|дропа|парку)ем|переносим"
    r"|не\s+(?:чиним|трогаем|делаем|берём|берем|фиксим)|won'?t\s+(?:be\s+)?fix(?:ed)?"
    r"|(?:we're|we\s+are)\s+(?:closing|postponing|deferring|parking|freezing|dropping))\b.*)$",
    _I,
)
"""A call on an issue, said by what is done to it: "HYD-9 закрываем как дубль", "X won't fix"."""
_OUTCOME = re.compile(
    r"^(?:по\s+итогам|по\s+результатам|итоги?|(?:the\s+)?outcome\s+of|(?:the\s+)?result\s+of|"
    r"(?:the\s+)?(?:bottom\s+line|takeaway|upshot|conclusion)\s+(?:of|from)|"
    rf"после|after|from)\s+(?P<where>(?:[^\s:—]+\s+){{0,3}}?(?:{_MEETINGS})(?:\s+(?:{ENT}))?)"
    r"(?:\s+(?:in|on|over|в|на|по)\s+[^\s:—]+)?"
    rf"(?:\s+(?:с|со|with|w/)\s+(?P<with5>{WHO_LIST}))?\s*[:—]\s*(?P<content>.+)$",
    _I,
)
"""What a meeting settled, said after its name: "по итогам ретро: ретраи гоняем через очередь"."""
_PLAN_EN = re.compile(
    r"\b(?:we|we'll|we're|will|must|should|going\s+forward|from\s+now\s+on|no\s+longer|never|"
    r"moves?|stays?|goes|switch(?:es)?)\b",
    _I,
)
"""English words of a plan ("we move", "X moves to", "never"): a note of what was done is no
decision."""
_AGREED = re.compile(
    rf"\s*[,;—]\s*(?:и\s+|and\s+|а\s+)?(?P<who>{WHO_LIST})\s+(?:(?:тоже|тож|also|{_WHEN})\s+)*"
    r"(?:(?P<decided>настоял[аи]?|insisted|pushed\s+for\s+it)|(?P<approved>одобрил[аи]?|"
    r"утвердил[аи]?|подтвердил[аи]?|approved|confirmed|greenlit|green-lit|okayed|ok'd"
    rf"|signed\s+off(?:\s+on\s+(?:it|this|that))?|{_GO_AHEAD})|(?P<agreed>соглас(?:ен|на|ны|ились|илась|ился)|не\s+против|agreed|agrees|is\s+on\s+board"
    r"|is\s+(?:ok|fine)\s+with\s+(?:it|that)|за|(?:is\s+)?in\s+favou?r))(?:\s+(?:тоже|too|as\s+well))?"
    r"(?:\s*,\s*(?:и\s+|and\s+)?(?P<me>я|i\s+am|me)\s+(?:тоже|too|as\s+well))?\s*(?=$|[—;])",
    _I,
)
"""Who backed a decision, said last or before a dash: "..., Шерзод настоял", "..., Ali agreed",
"..., Нино согласна — закрываем"."""
_CHOSE = re.compile(r"выбрал|chose|chosen|picked|settled|opted|went", _I)
_ALONE = re.compile(r"решила?", _I)
"""A verb of one, said without "я": "решил задачу" (solved) is no decision, "решил перейти" is."""
_INFINITIVE = re.compile(r"^\w+(?:ть|ться|ти|чь|чься)\b", _I)
"""A Russian infinitive: "я решил перейти на ..." is a decision, "я решил задачу" is not."""
_DECISION_META = re.compile(
    rf"[,;]\s*(?:{_DECIDED}|decided|agreed)\b(?:.*?\b(?:с|со|with)\s+(?P<who>{WHO_LIST}))?.*$",
    _I,
)
_PARTS = (  # what each person did: the link it makes
    ("proposed", r"предложил[аи]?|proposed|suggested"),
    (
        "approved",
        r"одобрил[аи]?|утвердил[аи]?|согласовал[аи]?|поддержал[аи]?|approved|signed\s+off",
    ),
    ("decided", r"решил[аи]?|decided|agreed"),
)
_VOTE = re.compile(
    rf"(?P<who>{WHO}|я|(?-i:I))\s+(?:{'|'.join(f'(?P<{k}>{v})' for k, v in _PARTS)})\s*"
    r"(?:(?P<said>,?\s*(?:on|that|что)\b)|(?P<next>,|;|\bи\b|\band\b|,?\s*\bа\b)|(?P<end>[—:]))\s*",
    _I,
)
"""One person's part: "Тимур предложил, Асель одобрила — ...", "Sam proposed, I approved: ..."."""
_PLACEHOLDER = re.compile(ENT)


def _owner_decided(m: re.Match[str]) -> bool:
    """Tell whether "я решил(а)"/"I decided" starts a decision, not "я решил задачу" (solved).

    The content is said ("что", "that", "to", a colon), is an infinitive, or was chosen.
    """
    return bool(m["said"].strip() or _INFINITIVE.match(m["content"]) or _CHOSE.search(m["verb"]))


def _votes(text: str) -> tuple[list[tuple[str, str]], str] | None:
    """Read "Тимур предложил, Асель одобрила — ...": each person's part, then the content."""
    parts: list[tuple[str, str]] = []
    pos = 0
    while (m := _VOTE.match(text, pos)) is not None:
        parts.append((m["who"], next(k for k, _ in _PARTS if m[k])))
        pos = m.end()
        if m["end"] or (m["said"] and _PLACEHOLDER.search(text, pos)):  # "... on moving ⟦1⟧"
            return parts, text[pos:]
        if m["said"]:
            return None
    return None


def _decider(r: Reading, d: Draft, surface: str) -> str | None:
    """Return the person a decider's words name; a lone unknown word ("Tima") is nobody.

    A first name the memory does not hold, said next to "I" in a decision, is most often a
    short form of a colleague's name: a new person is made only of a full name.
    """
    surface = surface.strip()
    if surface.casefold() in ("я", "i"):
        return d.owner
    if not re.fullmatch(ENT, surface) and len(surface.split()) < 2:
        return None
    person = d.person(surface)
    return person if person is not None and split_prefix(person)[0] == "Person" else None


_WITH_GROUPS = (
    "insister", "poss", "with0", "with1", "with2", "with3", "with4", "with5", "with_mid",
    "with_last", "by_last",
)  # fmt: skip
"""The groups that name who decided with the owner, or alone ("..., так решила X")."""


def decision(r: Reading, d: Draft) -> bool:
    """ "мы решили перейти на cursor pagination в ESO", "decision: ..., decided with Priya"."""
    votes = _votes(r.text)
    m = (
        None
        if votes
        else (
            _DECISION.match(r.text)
            or _DECIDED_LAST.match(r.text)
            or _APPROVED_LAST.match(r.text)
            or _issue_first(r)
            or _outcome(r)
            or insisted_last(r.text)
        )
    )
    if votes is None and (m is None or not _decided(m, r) or _person_topic(r, m)):
        return False
    groups = m.groupdict() if m is not None else {}
    content, caller = whose_call(without_when(votes[1] if votes else groups["content"]))
    content = without_remark(content)  # "..., посмотрим как пойдёт": no part of it
    deciders = [(who, "decided") for who in _SPLIT_RE.split(" , ".join(
        filter(None, (groups.get(g) for g in _WITH_GROUPS))
    )) if who]  # fmt: skip
    deciders += votes[0] if votes is not None else []
    deciders += [(caller, "decided")] if caller else []  # "..., Jonas's call"
    if groups.get("approver"):  # "..., агнешка вчера утвердила"
        deciders += [(who, "approved") for who in _SPLIT_RE.split(groups["approver"]) if who]
    agreed = _AGREED.search(content)
    if agreed is not None:
        part = next(k for k in ("decided", "approved", "agreed") if agreed[k])
        deciders += [(who, part) for who in _SPLIT_RE.split(agreed["who"]) if who]
        deciders += [("я", part)] if agreed["me"] else []  # "..., X за, я тоже"
        content = f"{content[: agreed.start()]} {content[agreed.end() :]}".strip()
    meta = _DECISION_META.search(content)
    if meta is not None:
        deciders += [(who, "decided") for who in _SPLIT_RE.split(meta["who"] or "") if who]
        content = content[: meta.start()]
    topic = groups.get("topic")  # "KRV-9 решили не трогать": the issue said before the verb
    if _person_called(r, m):  # "X решил за меня: ...": X decided
        deciders.append((topic, "decided"))
        topic = None
    place = groups.get("at") if m is not None and m.re is _DECISION else None
    where = (groups.get("pre") or topic, place, groups.get("pre2"), groups.get("where"), content)
    about = " ".join(filter(None, where))
    taken = r.names_in(DROPPED.sub(" ", about))  # a new acronym dropped is no project
    projects = projects_decided_in(
        [p for p in r.names_in(about, "Project") if p not in r.guessed or p in taken], r.guessed
    )
    issues = r.names_in(about, "Jira")
    slug = make_slug(r, content, projects[:1] + issues)
    if not slug:
        return False
    decision = d.entity(f"Decision:{slug}")
    change = groups.get("change") or groups.get("veto")  # "we're killing X": the verb too
    said = f"{change} {content}" if change else content
    d.line(decision, "decision", f"{topic} {said}" if topic else said)
    for project in projects:
        d.link(decision, "decided_in", project)
    for issue in issues:
        d.link(decision, "concerns", issue)
    alone = m is not None and m.re is _DECISION and _alone(m) and not _person_called(r, m)
    if alone or groups.get("self") or groups.get("mine") or groups.get("with0"):  # "X and I"
        d.link(d.owner, "decided", decision)
    for who, part in deciders:
        d.link(_decider(r, d, who), part, decision)
    return True


def _issue_first(r: Reading) -> re.Match[str] | None:
    """Match a call on a Jira issue said by what is done to it ("HYD-9 закрываем как дубль")."""
    m = _ISSUE_FIRST.match(r.text)
    return m if m is not None and r.names_in(m["topic"], "Jira") else None


def _outcome(r: Reading) -> re.Match[str] | None:
    """Match what a meeting settled ("по итогам ретро: X гоняем через очередь"): a plan, said
    by a verb in the present or future ("гоняем", "переезжает") or an English word of one."""
    m = _OUTCOME.match(r.text)
    if m is None:
        return None
    morph = analyzer()
    words = re.findall(r"[а-яё]+", m["content"].casefold())
    tags = [morph.parse(w)[0].tag for w in words] if morph is not None else []
    planned = _PLAN_EN.search(m["content"]) is not None or standing_rule(m["content"])
    planned = planned or any(str(t.POS) == "VERB" and t.tense in ("pres", "futr") for t in tags)
    return m if planned else None


def _person_topic(r: Reading, m: re.Match[str] | None) -> bool:
    """Tell whether the word before the verb is a person deciding for themself: "Маша решила
    уйти" is her plan, not the team's decision about a thing."""
    topic = m.groupdict().get("topic") if m is not None else None
    return (
        topic is not None
        and split_prefix(r.entity(topic))[0] in ("Person", "User")
        and not _person_called(r, m)
    )


def _person_called(r: Reading, m: re.Match[str] | None) -> bool:
    """Whether a person said before the verb made a call the colon spells out: "X решил за
    меня: ..." is X's decision on a thing, not X's plan for himself."""
    if m is None or m.re is not _DECISION or not m["topic"] or not m["verb"]:
        return False
    person = split_prefix(r.entity(m["topic"]))[0] in ("Person", "User")
    return person and (re.search("[:—]", m["said"]) is not None or m["veto"] is not None)


def _alone(m: re.Match[str]) -> bool:
    """Tell whether the owner decided alone without saying "я": "решил перейти на ..."."""
    verb = m["verb"] or ""
    return bool(_ALONE.fullmatch(verb)) and not (m["we"] or m["with1"] or m["with2"])


def _decided(m: re.Match[str], r: Reading) -> bool:
    """Tell whether a match is a decision: the owner's own one is said, a rule has a colon."""
    if m.re is not _DECISION:
        return True
    if m["topic"] and not m["verb"]:  # "⟦1⟧ decision: ..." is no call on ⟦1⟧, but on an issue
        return bool(r.names_in(m["topic"], "Jira")) and re.search("[:—]", m["said"]) is not None
    if (m["self"] or _alone(m)) and not _owner_decided(m):
        return False
    return not (m["noun"] and _RULES.match(m["noun"]) and not re.search("[:—]", m["said"]))
