"""Button records: opaque tokens, one group per message, expiry after the TTL."""

from __future__ import annotations

from bot.conversation.reply import Cancel, ForgetChoice
from bot.telegram.buttons import ButtonStore
from memory_core.editing import LineTarget
from memory_core.scope import Scope

OWNER = Scope.owner()


class Clock:
    def __init__(self) -> None:
        self.now = 100.0

    def __call__(self) -> float:
        return self.now


def test_tokens_are_opaque_and_map_to_their_record() -> None:
    """callback_data carries a random token only; scope, user and action stay server-side."""
    store = ButtonStore()
    choice = ForgetChoice((LineTarget("User:Alex", "pref: a=b"),))
    user = 987_654_321_012  # long enough that a random token never holds it by chance
    tokens = store.issue(OWNER, user, [choice, Cancel()])
    assert len(set(tokens)) == 2
    for token in tokens:
        assert len(token.encode()) <= 64, "Telegram's callback_data limit"
        assert "owner" not in token
        assert str(user) not in token
    record = store.get(tokens[0])
    assert record is not None
    assert (record.scope, record.user_id, record.action) == (OWNER, user, choice)
    assert store.get("forged-token") is None


def test_spending_one_button_spends_its_whole_message() -> None:
    store = ButtonStore()
    first = store.issue(OWNER, 1, [Cancel(), Cancel()])
    other = store.issue(OWNER, 1, [Cancel()])
    record = store.get(first[1])
    assert record is not None
    store.spend(record)
    assert store.get(first[0]) is None
    assert store.get(first[1]) is None
    assert store.get(other[0]) is not None


def test_records_expire_after_ten_minutes() -> None:
    clock = Clock()
    store = ButtonStore(clock=clock)
    [token] = store.issue(OWNER, 1, [Cancel()])
    clock.now += 599
    assert store.get(token) is not None
    clock.now += 2
    assert store.get(token) is None
    assert len(store) == 0


def test_expired_records_are_pruned_when_new_ones_are_issued() -> None:
    clock = Clock()
    store = ButtonStore(clock=clock)
    store.issue(OWNER, 1, [Cancel(), Cancel()])
    clock.now += 601
    store.issue(OWNER, 1, [Cancel()])
    assert len(store) == 1
