"""Every user-facing string of the bot, in English and Russian, as HTML templates.

:func:`tr` fills a template: every value is HTML-escaped unless it is already :class:`Html`
(text built by :func:`tr` or by :mod:`bot.conversation.render`), so user text can never
inject markup.
"""

from __future__ import annotations

import html
from typing import Final, Literal

from memory_core.secrets import REASONS, describe, kind_name

__all__ = ["CATEGORIES", "LANGS", "Html", "Lang", "category", "described", "lang_of", "tr"]

Lang = Literal["en", "ru"]
LANGS: Final[tuple[Lang, ...]] = ("en", "ru")


class Html(str):
    """Text that is already safe HTML (escaped user text inside our own markup)."""

    __slots__ = ()


def lang_of(language_code: str | None) -> Lang:
    """Return ``"ru"`` for a Russian language code (``ru``, ``ru-RU``), else ``"en"``."""
    return "ru" if (language_code or "").lower().startswith("ru") else "en"


def _escape(value: object) -> str:
    if isinstance(value, Html):
        return value
    return html.escape(str(value), quote=False)


def tr(lang: Lang, key: str, **values: object) -> Html:
    """Fill the template ``key`` in ``lang``; values are escaped unless they are :class:`Html`."""
    en, ru = TEXTS[key]
    template = ru if lang == "ru" else en
    return Html(template.format(**{k: _escape(v) for k, v in values.items()}))


def category(lang: Lang, reason: str) -> str:
    """The plain name of a secret-guard kind (``"API key or token"``; plain text, not HTML)."""
    en, ru = CATEGORIES.get(reason, (reason, reason))
    return ru if lang == "ru" else en


def described(lang: Lang, reason: str) -> str:
    """A kind as it reads after "this looks like" / "похоже на": ``"an IBAN"``, ``"сид-фразу"``."""
    return describe(reason, lang)


CATEGORIES: Final[dict[str, tuple[str, str]]] = {
    reason: (kind_name(reason, "en"), kind_name(reason, "ru")) for reason in REASONS
}
"""Every kind the secret guard reports, named in English and Russian."""

# (English, Russian) per key. Placeholders are filled by tr(); literal < > & are escaped.
TEXTS: Final[dict[str, tuple[str, str]]] = {
    # --- policy ---------------------------------------------------------------------------
    "memory_off": (
        "Memory is off in this chat.",
        "В этом чате память выключена.",
    ),
    # --- remember -------------------------------------------------------------------------
    "saved": ("✅ Saved to <b>{entity}</b>:", "✅ Запомнил в <b>{entity}</b>:"),
    "saved_new": (
        "✅ Saved to <b>{entity}</b> (a new entry):",
        "✅ Запомнил в <b>{entity}</b> (новая запись):",
    ),
    "replaced": ("Replaced:", "Заменил:"),
    "unchanged": (
        "Already remembered in <b>{entity}</b>; nothing changed.",
        "Это уже есть в <b>{entity}</b>; ничего не изменилось.",
    ),
    "entity_created": ("✅ New entry <b>{entity}</b>.", "✅ Новая запись <b>{entity}</b>."),
    "entity_ready": (
        "✅ <b>{entity}</b> is in memory.",
        "✅ <b>{entity}</b> есть в памяти.",
    ),
    "refused_secret": (
        "🔒 Not saved: this looks like {category}. Secrets are never stored.",
        "🔒 Не сохранил: похоже на {category}. Секреты я не храню.",
    ),
    "refused_long": (
        "Not saved: one memory is at most {limit} characters (this is {length}).",
        "Не сохранил: одна запись — не больше {limit} символов (здесь {length}).",
    ),
    "refused_blob": (
        "Not saved: this looks like {category}. Memory keeps short one-line facts.",
        "Не сохранил: похоже на {category}. Память хранит короткие факты в одну строку.",
    ),
    "invalid": ("Not saved: {reason}", "Не сохранил: {reason}"),
    "remember_which": (
        "Which entry is this about?\n• {line}",
        "К какой записи это относится?\n• {line}",
    ),
    "ambiguous": (
        "«{name}» could be several entries: {candidates}. Write the exact name.",
        "«{name}» подходит к нескольким записям: {candidates}. Напишите точное имя.",
    ),
    "remember_usage": (
        "What should I remember? For example: <code>remember answer_format=1_screen</code>",
        "Что запомнить? Например: <code>запомни answer_format=1_screen</code>",
    ),
    # --- forget ---------------------------------------------------------------------------
    "forget_usage": (
        "What should I forget? For example: <code>forget answer_format</code>",
        "Что забыть? Например: <code>забудь answer_format</code>",
    ),
    "forgot": ("🗑 Forgot:", "🗑 Забыл:"),
    "forget_none": (
        "Nothing matches «{query}»; nothing was removed.",
        "Ничего не нашлось по «{query}»; ничего не удалено.",
    ),
    "forget_ask": (
        "Several memories match «{query}». Which should I forget?",
        "По «{query}» нашлось несколько записей. Что забыть?",
    ),
    "forget_more": (
        "Showing {shown} of {total}; be more specific to reach the rest.",
        "Показаны {shown} из {total}; уточните запрос, чтобы увидеть остальные.",
    ),
    "cancelled": ("Cancelled; nothing was removed.", "Отменено; ничего не удалено."),
    "restored": ("↩️ Restored:", "↩️ Вернул:"),
    "restored_nothing": (
        "Nothing to restore: it is all back already.",
        "Нечего возвращать: всё уже на месте.",
    ),
    "gone_already": (
        "Nothing was removed: it is gone already.",
        "Ничего не удалено: этого уже нет.",
    ),
    "whole_entity": ("whole entry {name}", "вся запись {name}"),
    "button_all": ("All shown", "Все показанные"),
    "button_cancel": ("Cancel", "Отмена"),
    "button_undo": ("Undo", "Вернуть"),
    "not_your_button": ("This button is not yours.", "Это не ваша кнопка."),
    "button_expired": (
        "This button has expired; send the command again.",
        "Кнопка устарела; отправьте команду ещё раз.",
    ),
    # --- recall ---------------------------------------------------------------------------
    "recall_query": ("🔎 Query: <i>{query}</i>", "🔎 Запрос: <i>{query}</i>"),
    "recall_none": (
        "Nothing is remembered about «{query}».",
        "Про «{query}» ничего не помню.",
    ),
    "recall_recent": ("🕘 Recent memories:", "🕘 Последние записи:"),
    "recall_no_question": (
        "I did not catch what to look for. Ask about someone or something, or write "
        "<code>what do you remember?</code>",
        "Не понял, что искать. Спросите о ком-то или о чём-то, или напишите "
        "<code>что ты помнишь?</code>",
    ),
    "memory_empty": (
        "Nothing is remembered yet. Try: <code>remember answer_format=1_screen</code>",
        "Пока ничего не помню. Попробуйте: <code>запомни answer_format=1_screen</code>",
    ),
    "secret_in_query": (
        "🔒 This message looks like it holds {category}; I don't search memory with it.",
        "🔒 Похоже, сообщение содержит {category}; искать по нему в памяти я не буду.",
    ),
    # --- answers from a language model ----------------------------------------------------
    "model_failed": (
        "⚠️ Sorry, the language model is not answering right now. What I remember:",
        "⚠️ Извините, языковая модель сейчас не отвечает. Вот что я помню:",
    ),
    # --- proposed facts -------------------------------------------------------------------
    "offer": ("💡 Shall I remember this?", "💡 Запомнить это?"),
    "offer_replace": (
        "🔁 This contradicts what I remember. Replace it?",
        "🔁 Это противоречит тому, что я помню. Заменить?",
    ),
    "offer_was": (
        "• was: <b>{entity}</b>: <s>{line}</s>",
        "• было: <b>{entity}</b>: <s>{line}</s>",
    ),
    "offer_rule": ("💡 Shall I keep this rule?", "💡 Запомнить это правило?"),
    "new_entity": ("new", "новая запись"),
    "button_yes": ("Yes, remember", "Да, запомнить"),
    "button_replace": ("Yes, replace", "Да, заменить"),
    "button_no": ("No", "Нет"),
    "offer_declined": ("OK, not remembered.", "Хорошо, не запоминаю."),
    "linked": ("🔗 Linked:", "🔗 Связал:"),
    "worklog": (
        "🕒 Not saved: time spent, progress and plans for the day are worklog, which I don't "
        "keep (roles, decisions and who works on what I do keep).",
        "🕒 Не сохранил: потраченное время, прогресс и планы на день — это ворклог, его я не "
        "храню (роли, решения и кто над чем работает — храню).",
    ),
    # --- the 24-hour working memory -------------------------------------------------------
    "refer_nothing": (
        "I don't know what «this» refers to: there is nothing in our conversation of the "
        "last 24 hours.",
        "Не понимаю, к чему относится «это»: за последние 24 часа в нашем разговоре ничего нет.",
    ),
    "forgot_turn": (
        "🗑 Forgot our last exchange; it was only in the 24-hour working memory, nothing was "
        "stored from it.",
        "🗑 Забыл наш последний обмен сообщениями; он был только в рабочей памяти на 24 часа, "
        "в память из него ничего не записано.",
    ),
    "rule_like_this": (
        "reply like this to «{message}»: «{reply}»",
        "отвечать так на «{message}»: «{reply}»",
    ),
    # --- forgotten lines ------------------------------------------------------------------
    "forgotten_head": (
        "🕳 Forgotten guesses (never used; restorable until the date shown):",
        "🕳 Забытые догадки (не пригодились; можно вернуть до указанной даты):",
    ),
    "forgotten_until": ("until {date}", "до {date}"),
    "forgotten_none": ("Nothing is forgotten.", "Забытого нет."),
    "forgotten_count": (
        "🕳 Forgotten: {count} (see /memory forgotten).",
        "🕳 Забыто: {count} (см. /memory forgotten).",
    ),
    "restore_usage": (
        "Which one? See /memory forgotten, then <code>/memory restore N</code>.",
        "Что вернуть? См. /memory forgotten, затем <code>/memory restore N</code>.",
    ),
    "restore_missing": (
        "There is no forgotten line number {number}; see /memory forgotten.",
        "Забытой записи с номером {number} нет; см. /memory forgotten.",
    ),
    # --- /index ---------------------------------------------------------------------------
    "index_unset": (
        "The knowledge base is not set up: set <code>KB_PATH</code> and restart the bot.",
        "База знаний не настроена: задайте <code>KB_PATH</code> и перезапустите бота.",
    ),
    "index_owner_only": (
        "/index works only in the owner's private chat.",
        "/index работает только в личном чате владельца.",
    ),
    "index_done": (
        "📚 Knowledge base indexed: {added} added, {updated} updated, {removed} removed, "
        "{unchanged} unchanged, {skipped} skipped, {warnings} warnings.",
        "📚 База знаний проиндексирована: добавлено {added}, обновлено {updated}, "
        "удалено {removed}, без изменений {unchanged}, пропущено {skipped}, "
        "предупреждений {warnings}.",
    ),
    "index_secrets": (
        "🔒 {count} left out because they look like secrets (note titles, participants).",
        "🔒 Пропущено как похожее на секреты: {count} (заголовки заметок, участники).",
    ),
    "index_failed": (
        "Could not index the knowledge base: {reason}",
        "Не удалось проиндексировать базу знаний: {reason}",
    ),
    # --- /memory and /export --------------------------------------------------------------
    "memory_stats": (
        "🧠 Memory: {entities} entries, {observations} facts, {relations} links.",
        "🧠 Память: записей {entities}, фактов {observations}, связей {relations}.",
    ),
    "memory_recent": ("Most recent:", "Последние:"),
    "memory_durable": (
        "📌 Durable guesses (recalled on 5 days in a week; they no longer fade): {count}",
        "📌 Закреплённые догадки (вспоминались 5 дней за неделю; больше не блекнут): {count}",
    ),
    "export_caption": (
        "Memory export: {entities} entries, {relations} links (memory.jsonl format).",
        "Выгрузка памяти: записей {entities}, связей {relations} (формат memory.jsonl).",
    ),
    "export_empty": ("Memory is empty; nothing to export.", "Память пуста; выгружать нечего."),
    # --- basics ---------------------------------------------------------------------------
    "start": (
        "Hi! I remember what you tell me and recall it when you ask.\n"
        "Tell me <code>remember answer_format=1_screen</code>, then ask anything. /help lists "
        "everything I understand.",
        "Привет! Я запоминаю то, что вы говорите, и напоминаю, когда спросите.\n"
        "Скажите <code>запомни answer_format=1_screen</code> и спрашивайте что угодно. "
        "/help — всё, что я понимаю.",
    ),
    "help_commands": ("<b>Commands</b>", "<b>Команды</b>"),
    "help_grammar": ("<b>Phrases</b>", "<b>Фразы</b>"),
    "unknown_command": ("Unknown command. See /help.", "Неизвестная команда. См. /help."),
    "error": (
        "Sorry, something went wrong with this message.",
        "Извините, с этим сообщением что-то пошло не так.",
    ),
    "group_upgraded": (
        "This group became a supergroup with the new id <code>{new_id}</code>. Its memory "
        "({entries} entries, {facts} facts) moved with it. Memory stays off here until the "
        "bot's owner adds <code>{new_id}</code> to <code>ISOLATED_CHAT_IDS</code> and "
        "restarts the bot.",
        "Эта группа стала супергруппой с новым id <code>{new_id}</code>. Её память "
        "(записей: {entries}, фактов: {facts}) перенесена. Память здесь выключена, пока "
        "владелец бота не добавит <code>{new_id}</code> в <code>ISOLATED_CHAT_IDS</code> "
        "и не перезапустит бота.",
    ),
    "group_upgraded_configured": (
        "This group became a supergroup with the new id <code>{new_id}</code>. Its memory "
        "({entries} entries, {facts} facts) moved with it and stays on.",
        "Эта группа стала супергруппой с новым id <code>{new_id}</code>. Её память "
        "(записей: {entries}, фактов: {facts}) перенесена и остаётся включённой.",
    ),
}

# The phrase grammar shown by /help (and documented in README "Chat commands").
GRAMMAR: Final[dict[Lang, tuple[str, ...]]] = {
    "en": (
        "<code>remember key=value</code> — a preference of yours (<code>pref: key=value</code>)",
        "<code>remember Person:Ivan Petrov: role=team lead</code> — a fact on that entry "
        "(<code>fact: role=team lead</code>); the same key again replaces the old value",
        "<code>remember text</code> — a fact on the entry the text names, else on you",
        "<code>always do: X</code> / <code>never do: X</code> — a rule for me",
        "<code>forget answer_format</code> — by key, by words, or a whole entry by its exact "
        "name; <code>forget A -[works_on]-&gt; B</code> — a link",
        "<code>recall X</code>, or just ask — what I remember about it",
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
        "<code>вспомни X</code> или просто спросите — что я помню об этом",
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
