"""Fallbacks about things: a decision cue anywhere in a sentence, and a tool a project uses.

They run only when no specific rule read a sentence (see
:mod:`memory_core.extraction_fallback`):

- a decision cue in any position ("свой SSO не пишем, решили взять Keycloak для P", "P goes
  with Unleash - Alina pushed for it and we agreed", "... - Gogi and I signed off on it"): a
  ``Decision:`` whose slug is the project and what was chosen (the tool, the number, the
  content's words, never the cue's framing), its line the content, ``decided_in`` every
  known project named, and ``decided`` from the people named and from the owner when "we"
  or "I" decided;
- a known project (or person) and a tool-like word after a verb of using, sending, storing or
  running ("для сканеров P использует EMQX", "X гоняет расчёты в Databricks"): the tool as a
  ``Project:`` and a ``uses`` link.

What counts as a tool is :func:`memory_core.extraction_tool_words.tool_words`'s call.
"""

from __future__ import annotations

import re
from typing import Final

from memory_core.extraction_text import ENT, Draft, Reading
from memory_core.extraction_tool_words import tool_words
from memory_core.language import is_stop_word, normalize, tokens
from memory_core.naming import display_name, split_prefix

__all__ = ["decision_cue", "tool_use"]

_I = re.IGNORECASE
_SLUG_WORDS: Final = 5
_CUE = re.compile(
    r"\b(?:решили|решено|договорились|выбрали|утвердили|согласовали|"
    r"не\s+пишем\s+сво\w+|agreed|decided|going\s+with|goes\s+with|go\s+with|signed\s+off"
    r"(?:\s+on\s+(?:it|this|that))?|we'll\s+use|we\s+will\s+use|settled\s+on|opted\s+for|"
    r"pushed\s+for\s+(?:it|this|that))\b",
    _I,
)
"""Words that say a choice was made, wherever they stand."""
_WE = re.compile(r"\b(?:we|we'll|we're|i|мы|я|решили|договорились|выбрали|утвердили)\b", _I)
"""The owner took part: "we agreed", "Gogi and I signed off", a Russian plural verb."""
_FRAME = re.compile(
    r"\b(?:взять|берём|берем|use|using|to|что|that|with|and|и|с|со|on|it|this|in|в|на|для|for|"
    r"yesterday|today|вчера|сегодня|we|i|мы|я|pushed|proposed|предложил\w*|настоял\w*)\b",
    _I,
)


def _slug(r: Reading, first: list[str], content: str) -> str:
    """Project, then the tools chosen, then the content's own words: at most five."""
    words: list[str] = []
    for name in first:
        words += [w.lower() for w in tokens(display_name(name))]
    for written in tokens(r.render(content)):
        word = normalize(written)
        if word not in words and not is_stop_word(word) and (len(word) > 1 or word.isdigit()):
            words.append(word)
    return "-".join(words[:_SLUG_WORDS])


def _content(text: str) -> str:
    """The parts of a sentence that say what was chosen, without a part that only says who
    agreed ("- Alina pushed for it and we agreed")."""
    parts = [p for p in re.split(r"\s+—\s+|;\s*", text) if p.strip()]
    kept = [p for p in parts if not (_CUE.search(p) and not _FRAME.sub(" ", _CUE.sub(" ", p))
                                      .strip(" ,⟦⟧0123456789"))]  # fmt: skip
    kept = [p for p in kept if not _only_people(p)]
    return " — ".join(kept or parts)


def _only_people(part: str) -> bool:
    """Whether a part is just people and a cue: "⟦3⟧ and I signed off on it yesterday"."""
    if _CUE.search(part) is None:
        return False
    rest = _FRAME.sub(" ", _CUE.sub(" ", re.sub(ENT, " ", part)))
    return not rest.strip(" ,.")


def decision_cue(r: Reading, d: Draft) -> bool:
    """ "свой SSO не пишем, решили взять Keycloak для P": a decision named by what was chosen."""
    cue = _CUE.search(r.text)
    if cue is None:
        return False
    projects = [p for p in r.names_in(r.text, "Project") if p not in r.guessed]
    content = _content(r.text)
    tools = tool_words(r, content)
    if not projects and not tools:
        return False
    chosen = re.sub(r"\s+", " ", _CUE.sub(" ", content))
    slug = _slug(r, projects[:1], " ".join(tools) + " " + chosen)
    if not slug or "-" not in slug:
        return False
    decided = d.entity(f"Decision:{slug}")
    d.line(decided, "decision", content)
    for project in dict.fromkeys(projects):
        d.link(decided, "decided_in", project)
    for person in r.names_in(r.text, "Person"):
        d.link(person, "decided", decided)
    if _WE.search(r.text):
        d.link(d.owner, "decided", decided)
    return True


_VERB = (
    r"uses|use|using|использу\w+|юза\w+|гоня\w+|гоним|шл[её]т|шл[её]м|отправля\w+|пиш\w+|"
    r"хран\w+|кладёт|кладет|кладём|кладем|льёт|льет|льём|льем|sends?|pushes|push|pushing|"
    r"собира\w+|собер\w+|держ(?:ит|ат|им)|builds?|"
    # work done in a tool: "все алерты заводит в Y", "макеты рисует в Y"
    r"рису(?:ет|ют|ем|ю)|завод(?:ит|ят|им)|трека(?:ет|ют|ем)|верста(?:ет|ют|ем)|"
    r"монтиру(?:ет|ют|ем)|draws|designs|tracks|logs|"
    r"stores?|keeps|runs?|writes?|streams?|ships?|loads?|dumps?|lives|sits|живёт|живет|"
    r"крутится|hosted|deployed|go(?:es)?\s+(?:out\s+)?(?:through|via)|(?:is|are)\s+routed\s+"
    r"(?:through|via)|уход\w+\s+через|иду\w*\s+через"
)
_USE = re.compile(
    rf"(?P<who>{ENT})(?P<gap>(?:\s+\S+){{0,8}}?)\s+(?:{_VERB})\b(?!\s+(?:by|from|от)\b)(?P<tail>(?:\s+\S+){{1,7}})",
    _I,
)
"""Who uses, a few words, the verb, then the few words that hold the tool (not "run by X")."""

_PLACE = re.compile(r"\b(?:in|on|at|of|for|from|with|в|во|на|для|из|у|с|со)\s+$", _I)
"""A preposition before the subject: the project is where, not who."""
_NOT = re.compile(
    r"\b(?:not|no\s+longer|instead|rather|from|off|не|вместо|больше\s+не|с|со)\b", _I
)
"""A tool turned down or left ("runs not on A but on B", "moves from A to B")."""
_CLAUSE = re.compile(r",|\s(?:and|и|а|but|но|then|потом)(?:\s|$)", _I)
"""Where a clause of the same subject ends: what it said is no part of the next verb's."""


def tool_use(r: Reading, d: Draft) -> bool:
    """ "P использует EMQX", "X гоняет расчёты по P в Databricks": the subject uses the tool."""
    for m in _USE.finditer(r.text):
        who = r.entity(m["who"])
        if who in r.guessed or split_prefix(who)[0] not in ("Project", "Person"):
            continue
        clause = _CLAUSE.split(m["gap"])[-1]  # "pulls A from B and pushes C into D": the last
        if _PLACE.search(r.text[: m.start("who")]) or _NOT.search(clause + m["tail"]):
            continue  # "engineers in P use Y": P is no subject; "runs not on A": A is left
        tools = tool_words(r, m["tail"])
        if not tools:
            continue
        tool = d.thing(tools[0])
        if tool is None or split_prefix(tool)[0] != "Project" or tool == who:
            continue
        d.link(who, "uses", tool)
        return True
    return False
