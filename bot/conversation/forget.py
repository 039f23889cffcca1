"""The forget conversation: find what is meant, remove it or ask which, and undo.

One match is removed at once and confirmed with an Undo button; several are listed with a
button each plus "all shown" and "cancel"; none is said plainly. What was removed is shown
exactly, and Undo puts exactly that back.
"""

from __future__ import annotations

from bot.conversation.render import bullet, esc, join, short
from bot.conversation.reply import Button, Cancel, ForgetChoice, Reply, Turn, Undo
from bot.conversation.texts import Html, Lang, tr
from memory_core.editing import EntityTarget, LineTarget, Removal, Target, remove, restore
from memory_core.models import Relation
from memory_core.selection import DEFAULT_LIMIT, line_display, select
from memory_core.service import ScopedMemory

__all__ = ["forget", "press_forget", "removed_reply", "restored_reply"]


def _relation(rel: Relation) -> str:
    return f"{rel.from_} -[{rel.relation_type}]-> {rel.to}"


def _target_line(lang: Lang, target: Target) -> Html:
    if isinstance(target, EntityTarget):
        return Html(f"• {tr(lang, 'whole_entity', name=Html(f'<b>{esc(target.name)}</b>'))}")
    if isinstance(target, LineTarget):
        return bullet(target.text, target.entity)
    return bullet(_relation(target))


def _label(target: Target) -> str:
    if isinstance(target, EntityTarget):
        return short(target.name, 30)
    if isinstance(target, LineTarget):
        return short(line_display(target.text), 30)
    return short(_relation(target), 30)


async def forget(scoped: ScopedMemory, query: str, turn: Turn) -> Reply:
    """Answer "forget <query>": remove one match, ask about several, or say none matched."""
    lang = turn.lang
    if not query:
        return Reply(tr(lang, "forget_usage"))
    selection = await select(scoped, query, limit=DEFAULT_LIMIT)
    if selection.total == 0:
        return Reply(tr(lang, "forget_none", query=short(query, 80)))
    if selection.total == 1 and not selection.confirm:
        removal = await remove(scoped, selection.targets, update_key=turn.update_key)
        return removed_reply(lang, removal)
    one = len(selection.targets) == 1
    lines = [tr(lang, "forget_ask_one" if one else "forget_ask", query=short(query, 80))]
    for number, target in enumerate(selection.targets, start=1):
        lines.append(Html(f"{number}. {_target_line(lang, target).removeprefix('• ')}"))
    if selection.total > len(selection.targets):
        lines.append(tr(lang, "forget_more", shown=len(selection.targets), total=selection.total))
    buttons = [
        Button(f"{n}. {_label(t)}", ForgetChoice((t,)))
        for n, t in enumerate(selection.targets, start=1)
    ]
    if not one:
        buttons.append(Button(tr(lang, "button_all"), ForgetChoice(selection.targets)))
    buttons.append(Button(tr(lang, "button_cancel"), Cancel()))
    return Reply(join(lines), tuple(buttons))


def removed_reply(lang: Lang, removal: Removal) -> Reply:
    """Say exactly what was removed, with an Undo button."""
    if removal.empty:
        return Reply(tr(lang, "gone_already"))
    lines = [tr(lang, "forgot")]
    for entity in removal.entities:
        lines.append(_target_line(lang, EntityTarget(entity.name)))
        lines.extend(Html(f"  {bullet(text)}") for text in entity.observations)
    lines.extend(bullet(ln.text, ln.entity) for ln in removal.lines)
    lines.extend(bullet(_relation(rel)) for rel in removal.relations)
    return Reply(join(lines), (Button(tr(lang, "button_undo"), Undo(removal)),))


def restored_reply(lang: Lang, restored: Removal) -> Reply:
    """Say exactly what was put back."""
    if restored.empty:
        return Reply(tr(lang, "restored_nothing"))
    lines = [tr(lang, "restored")]
    for entity in restored.entities:
        lines.append(_target_line(lang, EntityTarget(entity.name)))
        lines.extend(Html(f"  {bullet(text)}") for text in entity.observations)
    lines.extend(bullet(ln.text, ln.entity) for ln in restored.lines)
    lines.extend(bullet(_relation(rel)) for rel in restored.relations)
    return Reply(join(lines))


async def press_forget(
    scoped: ScopedMemory, action: ForgetChoice | Undo | Cancel, turn: Turn
) -> Reply:
    """Carry out a pressed button of the forget conversation."""
    if isinstance(action, ForgetChoice):
        return removed_reply(turn.lang, await remove(scoped, action.targets))
    if isinstance(action, Undo):
        return restored_reply(turn.lang, await restore(scoped, action.removal))
    return Reply(tr(turn.lang, "cancelled"))
