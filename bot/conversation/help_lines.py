"""The grammar lines of /help, in English and Russian (HTML, read by the help text)."""

from __future__ import annotations

from typing import Final

from bot.conversation.texts import Lang

__all__ = ["GRAMMAR"]

GRAMMAR: Final[dict[Lang, tuple[str, ...]]] = {
    "en": (
        "<code>remember key=value</code> — a preference of yours (<code>pref: key=value</code>)",
        "<code>remember Person:Ivan Petrov: role=team lead</code> — a fact on that entry "
        "(<code>fact: role=team lead</code>); the same key again replaces the old value",
        "<code>remember text</code> — a fact on the entry the text names, else on you",
        "<code>always do: X</code> / <code>never do: X</code> — a rule for me",
        "<code>forget answer_format</code> — by key, by words, or a whole entry by its exact "
        "name; <code>forget A -[works_on]-&gt; B</code> — a link",
        "<code>recall X</code>, or just ask — what I remember about it; <code>what do you "
        "know about me?</code> — your own entry, whole",
        "Also: <code>don't forget</code> = remember.",
        "A statement such as <code>I live in Belgrade</code>, <code>my manager is Jane "
        "Brooks</code> or <code>we decided to use cursor pagination in ESO</code> — I offer "
        "the entries, lines and links it adds (Yes / No); such guesses fade unless used, and "
        "become durable when recalled on 5 days in a week",
        "<code>remember Ivan works on ESO</code>, <code>remember Ivan Petrov -[works_on]-&gt; "
        "ESO</code> — a link; <code>remember this</code> — your previous message",
        "<code>never do that</code> alone — a rule about my previous reply (shown first); "
        "<code>and his phone?</code> — about who we just talked of (a 24-hour working memory "
        "of this chat, never shown as memory); <code>forget this</code> — what the last "
        "message stored",
        "Time spent, progress and plans for the day are never stored",
        "<code>/memory forgotten</code>, <code>/memory restore N</code> — faded guesses, and "
        "bringing one back (for 30 days)",
    ),
    "ru": (
        "<code>запомни key=value</code> — ваше предпочтение (<code>pref: key=value</code>)",
        "<code>запомни Person:Иван Петров: role=тимлид ESO</code> — факт о записи "
        "(<code>fact: role=тимлид ESO</code>); тот же ключ заменяет старое значение",
        "<code>запомни текст</code> — факт о записи, которую текст называет, иначе о вас",
        "<code>всегда делай так: X</code> / <code>больше так не делай: X</code> — правило",
        "<code>забудь answer_format</code> — по ключу, по словам или целую запись по точному "
        "имени; <code>забудь A -[works_on]-&gt; B</code> — связь",
        "<code>вспомни X</code> или просто спросите — что я помню об этом; <code>что ты "
        "знаешь обо мне?</code> — ваша запись целиком",
        "Также: <code>не забудь</code> = запомни.",
        "Утверждение вроде <code>я живу в Белграде</code>, <code>мой тимлид — Иван "
        "Петров</code> или <code>мы решили перейти на cursor pagination в ESO</code> — "
        "предложу записи, строки и связи (Да / Нет); такие догадки блекнут, если не нужны, и "
        "закрепляются, если вспоминались 5 дней за неделю",
        "<code>запомни Иван работает над ESO</code>, <code>запомни Иван Петров "
        "-[works_on]-&gt; ESO</code> — связь; <code>запомни это</code> — ваше прошлое сообщение",
        "<code>больше так не делай</code> без продолжения — правило о моём прошлом ответе "
        "(сначала покажу); <code>а его телефон?</code> — о том, о ком только что говорили "
        "(рабочая память чата на 24 часа, не показывается как память); <code>забудь это</code> "
        "— то, что записало прошлое сообщение",
        "Потраченное время, прогресс и планы на день не сохраняются",
        "<code>/memory forgotten</code>, <code>/memory restore N</code> — поблекшие догадки "
        "и возврат одной из них (30 дней)",
    ),
}
