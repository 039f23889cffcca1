"""The pipeline's values: who speaks (Turn), what it answers (Reply), and button actions.

They hold no Telegram types, so the Telegram handlers and the terminal chat share them: a
button is a label plus an :data:`Action`; Telegram maps it to an opaque token, the
terminal to a number.
"""

from __future__ import annotations

from dataclasses import dataclass

from bot.conversation.texts import Html, Lang
from memory_core.editing import Removal, Target
from memory_core.extraction import Proposal

__all__ = [
    "Accept",
    "Action",
    "Button",
    "Cancel",
    "Decline",
    "Document",
    "ForgetChoice",
    "Reply",
    "RestoreLines",
    "Turn",
    "Undo",
]


@dataclass(frozen=True, slots=True)
class ForgetChoice:
    """Remove these targets (a button under a "which one?" question)."""

    targets: tuple[Target, ...]


@dataclass(frozen=True, slots=True)
class Undo:
    """Put back what a forget removed."""

    removal: Removal


@dataclass(frozen=True, slots=True)
class Cancel:
    """Do nothing (the "Cancel" button)."""


@dataclass(frozen=True, slots=True)
class Accept:
    """Write an offered proposal: its entities, lines and links, exactly as shown.

    Attributes:
        proposal: what was shown (lines formatted already, ``src=auto`` for guesses).
        removes: ``(entity, line)`` pairs the proposal replaces (a contradiction).
        explicit: the owner asked for it ("запомни", a rule): lines start at full
            confidence instead of a guess's.
    """

    proposal: Proposal
    removes: tuple[tuple[str, str], ...] = ()
    explicit: bool = False


@dataclass(frozen=True, slots=True)
class RememberOn:
    """Remember these lines (formatted already, ``src=user``) on this entity: the answer
    to "which one?" when a remembered text names several entries."""

    entity: str
    lines: tuple[str, ...]


@dataclass(frozen=True, slots=True)
class Decline:
    """Do not remember the proposed lines (the "No" button)."""


@dataclass(frozen=True, slots=True)
class RestoreLines:
    """Bring back softly forgotten lines, by their ids in this scope."""

    ids: tuple[int, ...]


Action = ForgetChoice | Undo | Cancel | Accept | Decline | RestoreLines | RememberOn


@dataclass(frozen=True, slots=True)
class Button:
    """A button: its plain-text label and what pressing it does."""

    label: str
    action: Action


@dataclass(frozen=True, slots=True)
class Document:
    """A file to send with the reply."""

    filename: str
    content: bytes


@dataclass(frozen=True, slots=True)
class Reply:
    """One answer: HTML text, buttons under it, and optionally a file (the text is its caption).

    ``follow_up`` replies are sent after it as messages of their own (an offer to remember
    something, with its own buttons). ``touched`` (the entities the answer is about, most
    relevant first) and ``wrote`` (exactly what it stored) are for the working memory only;
    they are never shown.
    """

    html: Html
    buttons: tuple[Button, ...] = ()
    document: Document | None = None
    follow_up: tuple[Reply, ...] = ()
    touched: tuple[str, ...] = ()
    wrote: tuple[Target, ...] = ()


@dataclass(frozen=True, slots=True)
class Turn:
    """Who is talking, in which language, and which update (if any) this answers.

    Attributes:
        lang: the reply language.
        speaker: the sender's first name (``owner`` when unknown): only a label.
        sole_user: the scope belongs to one person (a private chat), so an existing
            ``User:`` entity is that person (in the owner's scope).
        update_key: makes writes idempotent: the same key stores once.
        user_id: the sender's numeric id, when known. Outside the owner's scope the
            speaker's entry is the ``User:`` entry bound to this id
            (:func:`memory_core.naming.person_entry`), whatever their name.
        message: the text the owner sent (empty for a button), kept for 24 hours in the
            working memory to resolve "это" / "his phone" in the next messages.
    """

    lang: Lang = "en"
    speaker: str = "owner"
    sole_user: bool = True
    update_key: str | None = None
    user_id: int | None = None
    message: str = ""
