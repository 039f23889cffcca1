"""The renderer: user text is always escaped, and long replies split into valid pieces."""

from __future__ import annotations

import re
from html.parser import HTMLParser

import pytest

from bot.conversation.render import (
    MESSAGE_LIMIT,
    bullet,
    esc,
    group_by_entity,
    short,
    split_html,
    to_plain,
)
from bot.conversation.texts import Html, tr

HOSTILE = '<b>bold</b> & <a href="https://evil.example">x</a> </i><script>'


class _Checker(HTMLParser):
    """Fails on unbalanced tags; Telegram rejects them."""

    def __init__(self) -> None:
        super().__init__(convert_charrefs=True)
        self.stack: list[str] = []

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        self.stack.append(tag)

    def handle_endtag(self, tag: str) -> None:
        assert self.stack, f"unbalanced </{tag}>"
        assert self.stack[-1] == tag, f"unbalanced </{tag}>"
        self.stack.pop()


def assert_valid(piece: str) -> None:
    checker = _Checker()
    checker.feed(piece)
    checker.close()
    assert not checker.stack, f"unclosed {checker.stack}"
    assert not re.search(r"&(?!(?:amp|lt|gt|quot|#\d+);)", piece), "a bare & or cut entity"


def test_esc_and_bullet_escape_user_text() -> None:
    """Markup typed by a user comes out as text, never as tags."""
    assert "<" not in esc(HOSTILE)
    line = bullet(HOSTILE, entity="Person:<Eve>")
    assert line.startswith("• <b>Person:&lt;Eve&gt;</b>: ")
    assert to_plain(line) == f"• Person:<Eve>: {HOSTILE}"
    assert_valid(line)


def test_tr_escapes_values_but_keeps_html_values() -> None:
    """tr() escapes plain values and trusts Html values (our own markup)."""
    text = tr("en", "saved", entity=HOSTILE)
    assert "<script>" not in text
    assert to_plain(text) == f"✅ Saved to {HOSTILE}:"
    trusted = tr("en", "saved", entity=Html("<i>x</i>"))
    assert "<b><i>x</i></b>" in trusted


def test_group_by_entity_keeps_first_seen_order() -> None:
    """Lines are grouped under their entity, entities in order of first appearance."""
    text = group_by_entity([("B", "b1"), ("A", "a1"), ("B", "b2")])
    assert to_plain(text).splitlines() == ["B", "• b1", "• b2", "A", "• a1"]


def test_short_text_is_one_piece() -> None:
    assert split_html("hello\nworld") == ["hello\nworld"]


def test_blank_pieces_are_dropped() -> None:
    """Telegram refuses empty messages, so whitespace-only pieces never come out."""
    assert split_html("") == []
    assert split_html("<b></b>\n \n") == []


def test_split_on_line_boundaries_under_the_limit() -> None:
    """Many lines split between lines; every piece fits and nothing is lost or reordered."""
    lines = [bullet(f"line {n} " + "x" * 90, entity=f"E{n % 7}") for n in range(200)]
    text = "\n".join(lines)
    pieces = split_html(text)
    assert len(pieces) > 1
    assert all(len(p) <= MESSAGE_LIMIT for p in pieces)
    assert "\n".join(pieces) == text
    for piece in pieces:
        assert_valid(piece)


@pytest.mark.parametrize("limit", [50, 200, MESSAGE_LIMIT])
def test_an_over_long_line_is_cut_between_tags(limit: int) -> None:
    """A single line longer than the limit is cut; open tags are closed and reopened."""
    line = "<b>" + esc("a&b<c> " * 2000) + "</b> tail <i>" + "y" * 300 + "</i>"
    pieces = split_html(line, limit=limit)
    assert len(pieces) > 1
    assert all(len(p) <= limit for p in pieces)
    for piece in pieces:
        assert_valid(piece)
    assert "".join(to_plain(p) for p in pieces) == to_plain(line)


def test_a_5000_character_reply_splits_in_two() -> None:
    """The classic case: 5000 visible characters make two messages under 4096."""
    pieces = split_html(esc("я" * 5000))
    assert [len(p) for p in pieces] == [MESSAGE_LIMIT, 1000]


def test_short_cuts_with_an_ellipsis() -> None:
    assert short("a  b") == "a b"
    assert short("x" * 50, 10) == "x" * 9 + "…"
