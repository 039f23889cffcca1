"""Every user-facing string of the bot, in English and Russian, as HTML templates.

:func:`tr` fills a template: every value is HTML-escaped unless it is already :class:`Html`
(text built by :func:`tr` or by :mod:`bot.conversation.render`), so user text can never
inject markup. A number can carry its noun's forms: ``{n:entry|entries}`` gives "1 entry",
"2 entries"; three Russian forms ``{n:запись|записи|записей}`` give "1 запись", "3 записи",
"5 записей".
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


class _Count(int):
    """A number that formats with its noun: ``format(_Count(2), "entry|entries")``."""

    def __format__(self, spec: str) -> str:
        if "|" not in spec:
            return format(int(self), spec)
        forms = spec.split("|")
        return f"{int(self)} {forms[_form(int(self), len(forms))]}"


def _form(n: int, forms: int) -> int:
    """Which of 2 (English) or 3 (Russian: one, few, many) noun forms goes with ``n``."""
    if forms == 2:
        return 0 if n == 1 else 1
    last, tens = abs(n) % 10, abs(n) % 100
    if last == 1 and tens != 11:
        return 0
    if 2 <= last <= 4 and not 12 <= tens <= 14:
        return 1
    return 2


def _escape(value: object) -> object:
    if isinstance(value, Html):
        return value
    if isinstance(value, int) and not isinstance(value, bool):
        return _Count(value)
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
    # --- storage --------------------------------------------------------------------------
    "disk_full": (
        "💾 Not saved: the disk is full. Reading memory still works; free some space and "
        "send it again.",
        "💾 Не сохранено: диск заполнен. Читать память можно; освободите место и отправьте "
        "ещё раз.",
    ),
    "read_only": (
        "💾 Not saved: the memory file is read-only here. Reading memory still works.",
        "💾 Не сохранено: файл памяти здесь только для чтения. Читать память можно.",
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
    "forget_ask_one": (
        "One memory matches «{query}». Forget it?",
        "По «{query}» нашлась одна запись. Забыть её?",
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
    "text_only": (
        "I read text only: write it as a message (a caption under a photo or file works too).",
        "Я читаю только текст: напишите это сообщением (подпись к фото или файлу тоже подойдёт).",
    ),
    "recall_none_self": ("Nothing is remembered about you yet.", "Про вас пока ничего не помню."),
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
        "{unchanged} unchanged, {skipped} skipped, {warnings:warning|warnings}.",
        "📚 База знаний проиндексирована: добавлено {added}, обновлено {updated}, "
        "удалено {removed}, без изменений {unchanged}, пропущено {skipped}, "
        "предупреждений {warnings}.",
    ),
    "index_held_back": (
        "📚 Nothing indexed: this run would remove {removed} of the {indexed} indexed notes, "
        "as if <code>KB_PATH</code> were empty or the wrong folder. Check it; to remove them "
        "anyway, run <code>memory-bot index-kb --prune</code>.",
        "📚 Ничего не проиндексировано: этот запуск удалил бы {removed} из {indexed} "
        "заметок в индексе, как будто папка <code>KB_PATH</code> пуста или не та. Проверьте "
        "её; чтобы всё же удалить их, запустите <code>memory-bot index-kb --prune</code>.",
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
        "🧠 Memory: {entities:entry|entries}, {observations:fact|facts}, {relations:link|links}.",
        "🧠 Память: записей {entities}, фактов {observations}, связей {relations}.",
    ),
    "memory_recent": ("Most recent:", "Последние:"),
    "memory_durable": (
        "📌 Durable guesses (recalled on 5 days in a week; they no longer fade): {count}",
        "📌 Закреплённые догадки (вспоминались 5 дней за неделю; больше не блекнут): {count}",
    ),
    "export_caption": (
        "Memory export: {entities:entry|entries}, {relations:link|links} (memory.jsonl format).",
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
        "({entries:entry|entries}, {facts:fact|facts}) moved with it. Memory stays off here "
        "until the "
        "bot's owner adds <code>{new_id}</code> to <code>ISOLATED_CHAT_IDS</code> and "
        "restarts the bot.",
        "Эта группа стала супергруппой с новым id <code>{new_id}</code>. Её память "
        "(записей: {entries}, фактов: {facts}) перенесена. Память здесь выключена, пока "
        "владелец бота не добавит <code>{new_id}</code> в <code>ISOLATED_CHAT_IDS</code> "
        "и не перезапустит бота.",
    ),
    "group_upgraded_configured": (
        "This group became a supergroup with the new id <code>{new_id}</code>. Its memory "
        "({entries:entry|entries}, {facts:fact|facts}) moved with it and stays on.",
        "Эта группа стала супергруппой с новым id <code>{new_id}</code>. Её память "
        "(записей: {entries}, фактов: {facts}) перенесена и остаётся включённой.",
    ),
}

# The phrase grammar shown by /help (and documented in README "Chat commands").
