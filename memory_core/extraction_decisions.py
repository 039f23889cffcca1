"""Extraction of decisions: "мы решили ...", "decision: ...", "..., так решили".

Same contract as :mod:`memory_core.extraction_people`: a rule reads the marked message,
writes into the draft when its shape holds and says whether it did.

"мы решили перейти на cursor pagination в ESO", "we agreed to drop PayPal in Orion",
"decision: ...": a ``Decision:<slug>`` with a ``decision:`` line, ``decided_in`` the
projects named, ``concerns`` the Jira issues named, and ``decided`` from the people the owner
decided with ("мы с Сергеем решили", "decided with Priya"), or from the owner who decided
alone ("я решила, что ...", "I decided to ...").
"""

from __future__ import annotations

import re

from memory_core.extraction_roles import WHO_LIST
from memory_core.extraction_text import ENT, Draft, Reading
from memory_core.language import is_stop_word, normalize, tokens
from memory_core.naming import display_name, split_prefix

__all__ = ["decision"]

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
