"""Tests for memory_core.smalltalk: small-talk kinds, requests for recent memories, replies."""

from __future__ import annotations

import re

import pytest
from hypothesis import given
from hypothesis import strategies as st

from memory_core.smalltalk import SmallTalk, asks_for_recent, classify, reply_for, text_lang

G, T, A, F = SmallTalk.GREETING, SmallTalk.THANKS, SmallTalk.ACK, SmallTalk.FAREWELL
L, E, S, H = SmallTalk.LAUGH, SmallTalk.EMOJI, SmallTalk.APOLOGY, SmallTalk.HOW_ARE_YOU

SMALL_TALK: list[tuple[str, SmallTalk]] = [
    # greetings
    ("Привет!", G), ("приветик)", G), ("Здравствуйте.", G), ("здарова", G), ("Хай", G),
    ("доброе утро", G), ("Добрый вечер!", G), ("всем привет 👋", G), ("привет, бот", G),
    ("Доброго дня", G), ("с добрым утром!", G), ("ку", G), ("hi", G), ("Hello!", G),
    ("hey there", G), ("hi there!", G), ("yo", G), ("Good morning :)", G), ("heyyy", G),
    ("hiya", G), ("good evening everyone", G), ("ghbdtn", G), ("privet", G), ("превет", G),
    ("ты тут?", G), ("are you there?", G), ("👋", G),
    # thanks
    ("спасибо", T), ("Спасибо!", T), ("спасибооо", T), ("спс", T), ("пасиб", T),
    ("спасибо большое!", T), ("Большое спасибо 🙏", T), ("спасибки", T), ("благодарю", T),
    ("спасибо за помощь", T), ("ок, спс", T), ("ага, понял, спасибо!", T), ("thanks", T),
    ("Thank you!", T), ("thx", T), ("ty", T), ("thanks a lot", T), ("thank you so much!!", T),
    ("thanks man", T), ("cheers", T), ("thanks for the help", T), ("tysm", T), ("spasibo", T),
    ("cпасибо", T), ("от души", T), ("many thanks", T),
    ("спасибо, понятно", T), ("thnaks", T), ("спаибо", T), ("🙏", T), ("молодец!", T),
    ("good bot", T), ("нет, спасибо", T), ("ещё раз спасибо", T),
    # acknowledgements
    ("ок", A), ("Ок.", A), ("окей", A), ("оке", A), ("окк", A), ("кк", A), ("okkk", A),
    ("ok", A), ("OK!", A), ("okay", A), ("ага", A), ("угу", A), ("понял", A), ("поняла", A),
    ("ясно", A), ("ладно", A), ("норм", A), ("хорошо", A), ("отлично!", A), ("супер", A),
    ("круто", A), ("понял, принял", A), ("ну ок", A), ("ясно-понятно", A), ("good", A),
    ("cool", A), ("got it", A), ("gotcha", A), ("nice!", A), ("sure", A), ("alright", A),
    ("sounds good", A), ("makes sense", A), ("👍", A), ("👍🏻👍🏻", A), ("ok 👍", A), ("+", A),
    ("+1", A), ("yep", A), ("noted", A), ("good to know", A), ("ok cool", A), ("I see", A),
    ("понятненько", A),
    ("да", A), ("ерфтлы", T), ("оки-доки", A), ("yes please", A), ("на этом всё", A),
    ("nvm", A), ("Хэллоу", G),
    # farewells
    ("good night", F), ("Доброй ночи!", F), ("спокойной ночи", F), ("пока", F),
    ("bye", F), ("до завтра", F), ("thanks, good night", F), ("спасибо, пока!", F),
    ("Всем пока", F), ("до встречи", F), ("ну всё, пока", F), ("gn", F), ("nite", F),
    ("see you tomorrow", F), ("see ya", F), ("take care", F), ("сладких снов", F),
    ("добрых снов", F),
    ("я спать", F), ("хорошего вечера!", F), ("have a nice day", F), ("goodbye!", F),
    ("cya later", F), ("ok bye", F), ("😴", F), ("spokoynoy nochi", F), ("до понедельника", F),
    ("увидимся", F), ("увидимся завтра", F), ("see you on Monday", F),
    # laughter
    ("хахаха", L), ("ахахах", L), ("хах", L), ("lol", L), ("LOOOL", L), ("haha", L),
    ("hahaha 😂", L), ("😂", L), ("🤣🤣🤣", L), ("xD", L), (":D", L), ("лол", L),
    ("ахахаха, ору", L), ("lolol", L), ("lmao", L), ("хехе", L), ("кек", L),
    # emoji and punctuation only
    ("🙂", E), ("❤️", E), ("🔥🔥", E), (")))", E), ("?", E), ("...", E), ("🤔", E), (":)", E),
    ("¯\\_(ツ)_/¯", E),
    # apologies
    ("извини", S), ("Прости!", S), ("сорри", S), ("sorry", S), ("my bad", S), ("oops", S),
    ("sry", S), ("ой, извините", S), ("sorry!! 🙈", S), ("прошу прощения", S),
    ("сорри, опечатка", S),
    # how are you
    ("как дела?", H), ("Как ты?", H), ("как жизнь", H), ("как сам?", H), ("как у тебя дела?", H),
    ("привет, как дела?", H), ("how are you?", H), ("how r u", H), ("what's up?", H),
    ("hi, how are you doing?", H), ("sup", H), ("hows it going", H), ("а ты?", H),
    ("and you?", H), ("чё как", H), ("kak dela", H), ("ты как?", H), ("как сам-то?", H),
    ("how's life?", H),
    ("what are you up to?", H),
]  # fmt: skip

NOT_SMALL_TALK = [
    # content after or around small talk
    "спасибо, а кто PM на Atlas?", "привет, что я говорил про отпуск", "ок, а что с ESO?",
    "thanks, what's Ivan's phone", "hi, who is the PM of Atlas?", "ок, запомни: отпуск в мае",
    "спасибо, а телефон Ивана?", "good night, remind me about ESO-12 tomorrow",
    "привет! что у нас по ESO-159?", "ага, а когда релиз?", "понял, а кто тимлид?",
    "ok and the deadline?", "thanks! and Maria's email?", "ок, спасибо, а дата релиза?",
    "пока не знаю", "как дела у Ивана?", "how are you doing with the migration?",
    "как дела с ESO-12?", "как там Atlas?", "what's new in memory", "что нового у Маши",
    "спасибо Ивану передай", "good morning, what's on my plate today",
    "не понял", "не понял, повтори", "да, запомни", "ок 12", "привет 2",
    # short topics, names, keys
    "Atlas?", "ESO-12", "ESO-159", "Ivan", "Иван", "Ивану", "мама", "отпуск", "релиз?",
    "Maria", "Петров", "Atlas", "BIL-92", "дедлайн", "deadline?", "vacation", "mom",
    "Thanos", "Петрович", "Натаха", "Света", "Паша?", "проект", "пароль", "budget",
    "phone", "help", "помощь", "кто я?", "кто ты?", "ты кто", "what can you do?",
    "что ты умеешь?", "Москва", "завтра?", "сегодня", "когда?", "где?", "почему", "зачем?",
    "как?", "что?", "who", "why?", "when?", "что ты помнишь?", "what do you remember",
    "покажи память", "нет", "no", "ну", "так", "а", "и тебя", "простой", "спокойно",
    "просто", "хорошая погода", "норма?", "/recall", "42", "2025-11-02", "12:30",
    "https://example.com", "ivan@example.com", "@ivan", "#atlas", "8-800-555-35-35",
    "пока нет", "давай про ESO", "спасибо, Иван", "hi Ivan!", "thanks Maria", "привет Маше",
    "Спасибо за ESO-12", "thanks for the report", "хорошо, дальше", "стоп", "cancel",
    "see you at 5", "до встречи в 15:00", "как дела у проекта", "how is Atlas going",
    "ok remember that", "done?", "готово", "правки", "простой", "утро понедельника",
]  # fmt: skip

CONTENT_TAILS = [", а что с ESO-12?", " what about Atlas", ", кто PM?", " Иван", " 15:00"]

RECENT = [
    "что ты помнишь?", "Что ты помнишь", "что ты обо мне знаешь", "what do you remember",
    "What do you remember?", "what do you know about me?", "покажи память", "show my memories",
    "что нового в памяти", "что ты знаешь обо мне?", "что ты запомнил?", "что у тебя в памяти?",
    "what's in your memory?", "show me your memories", "list memories", "/recall",
    "/recall@memory_bot", "напомни", "remind me", "что я тебе говорил?", "what did I tell you?",
    "ну и что ты помнишь?", "привет, что ты помнишь?", "что ты уже знаешь про меня",
    "что ты вообще помнишь?", "what have you remembered so far?", "ты помнишь меня?",
    "покажи последние воспоминания", "what do you know?", "что в памяти?",
    "покажи что ты помнишь", "show what you remember", "какие у тебя воспоминания?",
    "what memories do you have?", "что у тебя есть обо мне?", "what do you have on me?",
    "что хранится в памяти?", "tell me what you remember", "dump memory", "recent memories?",
]  # fmt: skip

NOT_RECENT = [
    "что ты помнишь про Ивана", "что ты помнишь про Ивана?", "what do you remember about Atlas?",
    "что ты знаешь о проекте Atlas", "покажи память про ESO-12", "что ты знаешь про ESO-12?",
    "what do you know about Maria", "do you remember Ivan?", "помнишь Ивана?",
    "что я говорил про отпуск", "what did I say about the release?", "запомни: отпуск в мае",
    "remember that Ivan is PM", "что ты умеешь?", "what can you do?", "what is memory?",
    "how much memory does it use", "memory leak in Atlas", "спасибо", "привет", "ok",
    "что нового", "what's new?", "what did you say?", "/recall Atlas", "покажи", "show me",
    "/recallx", "знаешь что", "кто PM на Atlas?", "", "что такое память", "память?",
    "what about Ivan?", "что у тебя есть по ESO-12", "what do you have", "memory?",
]  # fmt: skip


@pytest.mark.parametrize(("text", "kind"), SMALL_TALK)
def test_small_talk_is_recognised_with_its_kind(text: str, kind: SmallTalk) -> None:
    """A whole message of greetings, thanks, acks, farewells, laughs or emoji has a kind."""
    assert classify(text) is kind


@pytest.mark.parametrize(("text", "kind"), SMALL_TALK)
def test_case_does_not_matter(text: str, kind: SmallTalk) -> None:
    """SHOUTED and lower-case small talk are the same small talk."""
    assert classify(text.upper()) is kind
    assert classify(text.lower()) is kind


@pytest.mark.parametrize(("text", "kind"), SMALL_TALK)
def test_stretched_last_letters_do_not_matter(text: str, kind: SmallTalk) -> None:
    """Repeating the last letter of every word ("спасибооо", "okkk") keeps the kind."""
    stretched = re.sub(r"([A-Za-zА-Яа-яЁё])\b", r"\1\1\1", text)
    assert classify(stretched) is kind


@pytest.mark.parametrize("text", NOT_SMALL_TALK)
def test_messages_with_content_are_not_small_talk(text: str) -> None:
    """Names, topics, keys, numbers, questions and requests are left to the recall loop."""
    assert classify(text) is None


@pytest.mark.parametrize(("text", "kind"), SMALL_TALK)
def test_small_talk_followed_by_content_is_not_small_talk(text: str, kind: SmallTalk) -> None:
    """Only a WHOLE message of small talk counts: any content after it makes it a question."""
    assert kind in SmallTalk
    for tail in CONTENT_TAILS:
        assert classify(text + tail) is None, text + tail


def test_tables_are_large_and_cover_every_kind() -> None:
    """The tables hold enough cases, in both languages, for every kind."""
    assert len(SMALL_TALK) >= 80
    assert len(NOT_SMALL_TALK) >= 60
    assert {kind for _, kind in SMALL_TALK} == set(SmallTalk)
    assert any(re.search("[а-я]", t, re.IGNORECASE) for t, _ in SMALL_TALK)
    assert any(re.search("[a-z]", t, re.IGNORECASE) for t, _ in SMALL_TALK)


def test_mixed_kinds_take_the_one_that_deserves_an_answer() -> None:
    """Farewell beats thanks, thanks beats ack, how-are-you beats greeting, ack beats laugh."""
    assert classify("спасибо, спокойной ночи") is F
    assert classify("thanks, ok") is T
    assert classify("hi! how are you") is H
    assert classify("lol ok") is A
    assert classify("ок 😂") is A
    assert classify("sorry, thanks") is T


def test_empty_and_blank_messages_are_not_small_talk() -> None:
    """Nothing typed is not small talk (it is nothing)."""
    assert classify("") is None
    assert classify("   \n") is None


def test_long_messages_are_never_small_talk() -> None:
    """A long run of pleasantries is still too long to be a quick reaction."""
    assert classify("спасибо " * 40) is None


@given(key=st.from_regex(r"[A-Z]{2,5}-[1-9][0-9]{0,3}", fullmatch=True))
def test_a_jira_key_is_never_small_talk(key: str) -> None:
    """Small talk around a Jira key is a question about that key."""
    assert classify(key) is None
    assert classify(f"спасибо, {key}") is None
    assert classify(f"ok {key}?") is None


@given(text=st.text(max_size=60))
def test_any_text_gets_an_answer_without_errors(text: str) -> None:
    """Whatever arrives (control characters, combining marks, any script), both answer."""
    kind = classify(text)
    assert kind is None or kind in SmallTalk
    assert asks_for_recent(text) in {True, False}
    if not text.strip():
        assert kind is None


@pytest.mark.parametrize("text", RECENT)
def test_requests_for_recent_memories(text: str) -> None:
    """A request to see what is remembered, with no topic, asks for recent memories."""
    assert asks_for_recent(text)


@pytest.mark.parametrize("text", NOT_RECENT)
def test_requests_with_a_topic_or_no_memory_word_are_not_for_recent(text: str) -> None:
    """A topic ("про Ивана", "about Atlas") or no question about memory means False."""
    assert not asks_for_recent(text)


@pytest.mark.parametrize(("text", "kind"), SMALL_TALK)
def test_small_talk_never_asks_for_recent(text: str, kind: SmallTalk) -> None:
    """Small talk is never a request for a memory dump."""
    assert kind in SmallTalk
    assert not asks_for_recent(text)


@pytest.mark.parametrize("text", RECENT)
def test_requests_for_recent_are_not_small_talk(text: str) -> None:
    """A request for recent memories gets memories, not a pleasantry."""
    assert classify(text) is None


@pytest.mark.parametrize("kind", list(SmallTalk))
@pytest.mark.parametrize("lang", ["ru", "en"])
def test_replies_are_one_short_line_in_the_language(kind: SmallTalk, lang: str) -> None:
    """Every reply fits one short line, in Russian for "ru" and English for "en"."""
    reply = reply_for(kind, "ru" if lang == "ru" else "en")
    if reply is None:
        assert kind in {A, L, E}
        return
    assert "\n" not in reply
    assert len(reply) <= 160
    assert bool(re.search("[а-яё]", reply, re.IGNORECASE)) is (lang == "ru")
    assert "<" not in reply
    assert "&" not in reply


def test_acks_laughs_and_emoji_get_silence() -> None:
    """ "ок", "lol" and a lone emoji close the exchange: the bot does not answer them."""
    for kind in (A, L, E):
        assert reply_for(kind, "ru") is None
        assert reply_for(kind, "en") is None


def test_thanks_greeting_and_farewell_replies() -> None:
    """Thanks gets "you're welcome", a greeting says what the bot does, night gets good night."""
    assert reply_for(T, "ru") == "Пожалуйста!"
    assert reply_for(T, "en") == "You're welcome!"
    greeting = reply_for(G, "ru") or ""
    assert greeting.startswith("Привет")
    assert "запомн" in greeting
    assert "remember" in (reply_for(G, "en") or "")
    assert reply_for(F, "ru", "доброй ночи") == "Спокойной ночи!"
    assert reply_for(F, "en", "gn 😴") == "Good night!"
    assert reply_for(F, "en", "thanks, good night") == "Good night!"
    assert reply_for(F, "ru", "пока") != reply_for(F, "ru", "спокойной ночи")
    assert reply_for(F, "en", "bye") not in {None, "Good night!"}


@pytest.mark.parametrize(
    ("text", "lang"),
    [("спасибо", "ru"), ("thanks", "en"), ("ok, спс", "ru"), ("👍", "en"), ("", "en")],
)
def test_text_lang_follows_the_letters(text: str, lang: str) -> None:
    """Cyrillic means Russian, Latin means English, no letters means the default."""
    assert text_lang(text, "en") == lang
    assert text_lang("🙂", "ru") == "ru"
