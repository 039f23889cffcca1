"""Observation lines: parsing and formatting ``kind: key=value (as_of=..., src=...)``."""

from __future__ import annotations

import datetime as dt

import pytest

from memory_core import InvalidInputError, format_observation, parse_observation
from memory_core.observation import indexed_length, observation_kind


class TestParse:
    def test_key_value_with_provenance(self) -> None:
        p = parse_observation("pref: answer_format=1_screen (as_of=2025-12-28, src=user)")
        assert (p.kind, p.key, p.value) == ("pref", "answer_format", "1_screen")
        assert (p.as_of, p.src) == ("2025-12-28", "user")
        assert p.body == "answer_format=1_screen"

    def test_free_text_in_russian(self) -> None:
        p = parse_observation("fact: живёт в Белграде с 2023 года (as_of=2025-01-10, src=user)")
        assert p.kind == "fact"
        assert p.key is None
        assert p.body == "живёт в Белграде с 2023 года"
        assert p.src == "user"

    def test_parentheses_that_are_not_provenance_stay_in_the_body(self) -> None:
        p = parse_observation("role: head of platform (ESO and Orion)")
        assert p.body == "head of platform (ESO and Orion)"
        assert p.as_of is None

    def test_line_without_kind_is_free_text(self) -> None:
        p = parse_observation("Just a sentence: with a colon later")
        assert p.kind is None
        assert p.body == p.text
        assert p.text == "Just a sentence: with a colon later"

    def test_value_with_spaces_and_key_value_in_russian(self) -> None:
        p = parse_observation("pref: язык=русский для чата (src=user)")
        assert (p.key, p.value) == ("язык", "русский для чата")

    def test_pointer_with_dash(self) -> None:
        line = "pointer: notes/a.md — ESO sync (as_of=2025-12-28, src=kb)"
        p = parse_observation(line)
        assert p.kind == "pointer"
        assert p.key is None
        assert p.body == "notes/a.md — ESO sync"


class TestIndexedLength:
    @pytest.mark.parametrize(
        ("line", "indexed"),
        [
            (
                "pref: answer_format=1_screen (as_of=2025-12-28, src=user)",
                "pref: answer_format=1_screen",
            ),
            ("fact: живёт в Белграде  (src=user)  ", "fact: живёт в Белграде"),
            ("fact: x (conf=0.9)", "fact: x"),
            ("(as_of=2025-01-01)", ""),
        ],
    )
    def test_the_provenance_suffix_is_left_out(self, line: str, indexed: str) -> None:
        assert line[: indexed_length(line)] == indexed

    @pytest.mark.parametrize(
        "line",
        [
            "role: head of platform (ESO and Orion)",
            "fact: x (as_of=2025-01-01) and more",
            "fact: x (see=notes)",
            "plain text",
            "",
        ],
    )
    def test_a_line_without_one_is_indexed_whole(self, line: str) -> None:
        assert indexed_length(line) is None
        assert parse_observation(line).src is None


class TestFormat:
    def test_round_trip(self) -> None:
        line = format_observation(
            "pref", "1_screen", key="answer_format", as_of=dt.date(2025, 12, 28), src="user"
        )
        assert line == "pref: answer_format=1_screen (as_of=2025-12-28, src=user)"
        p = parse_observation(line)
        assert (p.kind, p.key, p.value, p.as_of, p.src) == (
            "pref",
            "answer_format",
            "1_screen",
            "2025-12-28",
            "user",
        )

    def test_free_text(self) -> None:
        assert (
            format_observation("rule", "always answer in one screen", src=None)
            == "rule: always answer in one screen"
        )

    @pytest.mark.parametrize(
        ("kind", "body", "key"),
        [("", "x", None), ("pref", "   ", None), ("pref", "x", "two words"), ("a:b", "x", None)],
    )
    def test_rejects_bad_parts(self, kind: str, body: str, key: str | None) -> None:
        with pytest.raises(InvalidInputError):
            format_observation(kind, body, key=key)

    def test_rejects_bad_date(self) -> None:
        with pytest.raises(InvalidInputError, match="YYYY-MM-DD"):
            format_observation("fact", "x", as_of="28.12.2025")

    def test_newlines_are_collapsed_in_the_body(self) -> None:
        assert format_observation("fact", "a\nb", src=None) == "fact: a b"


@pytest.mark.parametrize(
    "line",
    [
        "pref: answer_format=1_screen (as_of=2025-01-02, src=user)",
        "Fact: живёт в Белграде",
        "  rule:   never call after 21:00  ",
        "status: at risk (as_of=2026-01-01)",
        "no kind at all",
        "http://example.com: a link, not a kind",
        "",
        "🔥: emoji",
        "a b: two words are no kind",
    ],
)
def test_the_kind_alone_is_what_the_full_parse_reads(line: str) -> None:
    assert observation_kind(line) == parse_observation(line).kind
