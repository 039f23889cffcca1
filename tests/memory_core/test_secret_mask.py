"""Masking secrets in a text about to be shown: every secret the detector knows is masked,
what is around it stays as it was, and a text without secrets is returned unchanged."""

from __future__ import annotations

import pytest

from memory_core.secret_mask import MASK, mask_secrets
from memory_core.secrets import find_secret
from tests.memory_core.test_secrets import HONEST, SECRETS, card16, iban, pw, seed, tok

PASSWORD = pw()
CARD = card16("4")
IBAN = iban("DE", 22)
SEED = seed(24)
KEY = "sk-proj-" + tok(40)


@pytest.mark.parametrize(
    ("text", "secret", "kept"),
    [
        (f"Your wifi password: {PASSWORD} — keep it.", PASSWORD, "Your wifi password: "),
        (
            f"The card {CARD[:4]} {CARD[4:8]} {CARD[8:12]} {CARD[12:]} expires soon.",
            CARD[12:],
            "expires soon.",
        ),
        (f"IBAN {IBAN} is on file.", IBAN[4:], "is on file."),
        (f"Ключ: {KEY} — храните его.", KEY, "— храните его."),
        (f"seed: {SEED} ok", SEED.split()[-1], " ok"),
        (f"line one\npassword: {PASSWORD}\nline three", PASSWORD, "line three"),
    ],
    ids=["password", "card", "iban", "api-key", "seed", "lines"],
)
def test_a_secret_is_masked_and_the_rest_kept(text: str, secret: str, kept: str) -> None:
    masked = mask_secrets(text)
    assert secret not in masked
    assert kept in masked
    assert MASK in masked or "•" in masked
    assert find_secret(masked) is None


@pytest.mark.parametrize(
    ("text", "groups", "kept"),
    [
        ("Ines's passport number is 51730264, it expires in 2031.", ("51730264",), "2031."),
        ("СНИЛС дочери 306-118-947 52 лежит в папке", ("306", "118", "947", "52"), "в папке"),
        ("паспорт Левана 4611 920385, выдан в 2017", ("4611", "920385"), "в 2017"),
    ],
    ids=["passport", "snils-groups", "passport-series"],
)
def test_every_digit_of_a_personal_id_is_masked(
    text: str, groups: tuple[str, ...], kept: str
) -> None:
    """No group of the number is left in clear, and the words around it stay."""
    masked = mask_secrets(text)
    assert kept in masked
    assert not any(group in masked for group in groups)
    assert find_secret(masked) is None


def test_every_secret_phrasing_of_the_table_comes_out_clean() -> None:
    """Each row of the detector's secret table, inside a sentence, comes out clean."""
    for ident, text, _ in SECRETS:
        masked = mask_secrets(f"Here it is: {text}. Anything else?")
        assert find_secret(masked) is None, ident
        assert masked.endswith("Anything else?"), ident


def test_a_text_without_secrets_is_unchanged() -> None:
    for _, text in HONEST:
        assert mask_secrets(text) == text
    answer = "Cursor pagination was chosen on 2025-12-20 (ESO-159).\n\nAsk Ivan: +7 999 123-45-67"
    assert mask_secrets(answer) == answer


def test_two_secrets_in_one_text_are_both_masked() -> None:
    other = pw()
    masked = mask_secrets(f"password: {PASSWORD}, and the VPN password is {other}; card {CARD}")
    for secret in (PASSWORD, other, CARD):
        assert secret not in masked
    assert find_secret(masked) is None
