"""The word lists behind :mod:`memory_core.smalltalk` (data only, no logic beyond reading them).

Small-talk phrases are grouped by kind (the values of ``SmallTalk``).  Inside a block,
phrases are separated by commas, ``a|b`` offers alternatives for one word and a trailing
``?`` makes a word optional, so ``до завтра|встречи`` is two phrases.  Words are written in
lower case without apostrophes (``youre``, ``whats``), as messages are read that way.
"""

from __future__ import annotations

from typing import Final


def word_set(block: str) -> frozenset[str]:
    """Read a whitespace-separated word list."""
    return frozenset(block.split())


PHRASES: Final[dict[str, str]] = {
    "greeting": """
        привет, приветик, приветики, приветы, приветствую, превед, прив, привки, хай, хей, хэй,
        хелло, хеллоу, хелоу, салют, здравствуй, здравствуйте, здрасте, здрасьте, здрасти, здарова,
        здаров, здорова, ку, куку, йо, йоу, хаюшки, алло, ау, доброго времени суток,
        добрый день|вечер, день|вечер добрый, доброе утро|утречко, утро доброе, утро, утречко,
        доброго утра|утречка|дня|денечка|вечера|вечерочка, с добрым утром|утречком, ты тут|здесь,
        доброе, добрый, доброго,
        hi, hello, hey, heya, hiya, howdy, yo, hallo, hai, ello, greetings, hola,
        good morning|afternoon|evening|day, morning, mornin, gm, are you there|here, you there,
        evening, afternoon, heyo, hey ya
    """,
    "thanks": """
        спасибо, спасибки, спасибочки, спасибочко, спасибушки, спасиб, спасибище, спс, спсб, пасиб,
        пасиба, пасибо, пасибки, пасибочки, сенкс, сенкью, сенк, благодарю, благодарствую,
        благодарочка, мерси, молодец, умница, умничка, красава, красавчик,
        ты лучший|лучшая|супер|молодец, за помощь|ответ|все|информацию|инфу|напоминание|это,
        от души, нет|не спасибо, сяп, мерси боку, выручил, выручила, выручаешь,
        no thanks|thank|thx, many thanks, merci beaucoup, thanks, thank, thx, thnx, thnks, thanx,
        thanz, tnx, tks, ty, tysm, tyvm, thankyou, thanku, cheers, merci, danke, gracias,
        appreciate it, appreciated, much appreciated, good bot|job, nice job|work, great job|work,
        well done, you rock, youre the best, you are the best,
        for the|your? help|answer|info|information|reminder|everything, for that|this|it,
        much obliged, obliged, thank you kindly
    """,
    "ack": """
        ок, окей, окэй, оке, окк, окич, окай, оки, окидоки, окс, кк, к, ага, угу, угумс, да, дада,
        оки доки, окей доки, понял, поняла, поняли, понятно, понятненько, понимаю, я понял|поняла,
        принял, приняла, принято, ясно, ясненько, ясн, ладно, ладненько, лады, ладушки, хорошо,
        хорош, харашо, норм, нормально, нормас, нормуль, отлично, отл, супер, суперски, класс,
        классно, клево, круто, крутяк, здорово, прекрасно, замечательно, чудесно, шикарно,
        великолепно, огонь, годно, ништяк, зачет, зачетно, четко, договорились, идет, конечно,
        канеш, безусловно, точно, верно, согласен, согласна, именно, разумеется, вау, ого, ух ты,
        ничего себе, ура, пожалуйста, не за что, давай, давайте, на здоровье, взаимно, в порядке,
        бывает, ничего страшного, это все, на этом все, вроде все, неважно, не важно, забей,
        проехали, и тебе|вам, тебе тоже, я тоже, будет сделано, хм, мм, ммм, лан, го, буду знать,
        okey|oki|okie dokey|doki|dokie, sure thing, nvm, never mind, nevermind, ok, okay, okey,
        okie, oki, okidoki, okeydokey, oke, k, kk, kay, yes, yeah, yea, yep, yup, ya, yay, hooray,
        sure, of course, ofc, certainly, absolutely, definitely, indeed, right, alright, aight,
        all right, fine, good, great, cool, nice, awesome, perfect, excellent, wonderful, amazing,
        superb, sweet, neat, lovely, brilliant, wow, whoa, ooh, got it, gotcha, understood,
        understand, noted, i see|understand, makes sense, sounds good|great|fine, fair enough,
        roger, copy that, ack, will do, np, no problem|prob, no worries, youre welcome, welcome,
        my pleasure, anytime, you too, same to you, likewise, me too, agreed, agree, deal, hmm, hm,
        mhm, uh huh, thats|that is it|all, aye, yessir, nice|good one,
        good|nice|great|useful to know
    """,
    "farewell": """
        пока, покеда, покедова, поки, пакеда, покасики, покасик, бай, байбай, чао, адьос,
        досвидания, бб, до свидания|встречи|завтра|скорого|связи|вечера|утра,
        до понедельника|вторника|среды|четверга|пятницы|субботы|воскресенья,
        увидимся|созвонимся|спишемся завтра|позже|вечером?, всего доброго|хорошего|наилучшего,
        хорошего|приятного|отличного|удачного дня|вечера|выходных|отдыха|уикенда, удачи, счастливо,
        бывай, спокойной|доброй|тихой ночи|ночки, спокойной, ночи, споки, спокойки, спок ночи,
        споки ноки, спокиноки, сладких|приятных снов, я|пойду|иду спать,
        пошел|пошла|ушел|ушла спать?, пора спать, спать, добрых|спокойных снов,
        brb, afk, bye, byebye, bb, bai, buh bye, goodbye, good bye, farewell, ciao, adios, cya, cu,
        see ya|you|u later|soon|tomorrow?,
        see you|ya on? monday|tuesday|wednesday|thursday|friday|saturday|sunday, later, laters,
        l8r, ttyl, talk to you|u later|soon|tomorrow, catch you|ya later, good night|nite,
        goodnight, gnight, night, nite, nighty, gn, sleep well|tight, sweet dreams, take care,
        have a good|nice|great day|night|evening|weekend|one, good luck, gotta go|run, gtg, g2g,
        im off, off to bed|sleep, going to bed|sleep, bedtime, peace out?, gnite, talk soon,
        catch you|ya
    """,
    "laugh": """
        ха, лол, кек, ору, ржу, ржака, ржунимагу, гы, гыгы, ыы, хд, смешно,
        ha, lol, lel, lul, lmao, lmfao, rofl, kek, xd, funny, hilarious, kekw, lulz
    """,
    "apology": """
        извини, извините, извиняюсь, извиняй, прости, простите, сорри, сори, сорян, соррян, пардон,
        звиняй, виноват, виновата, упс, прошу прощения, мои извинения, опечатка, опечатался,
        опечаталась,
        sorry, sry, srry, soz, sorri, apologies, apologize, apologise, pardon, oops, whoops,
        my bad|mistake, excuse me, sorry about that, typo, my apologies
    """,
    "how_are_you": """
        как дела|делишки|ты|вы|сам|сама|жизнь|поживаешь|поживаете|оно|настроение|успехи,
        как ты|вы там, как у тебя|вас дела?, как твои|ваши дела, че|чо|что|шо как,
        что нового|новенького, а ты|вы, а у тебя|вас, ты|вы как, что делаешь|делаете,
        чем занят|занята|занимаешься,
        how are|r you|u|ya doing?, how you|ya doing|doin,
        hows it|everything|life|things|your going|day?,
        how is it|everything|life|things|your going|day?, how are things, what are you doing|up to,
        wyd, how have you been, how do you do, hru, whats up|new, what up, wassup, wazzup, whatsup,
        sup, wbu, hbu, and you|u, what about you, how you been, whats good
    """,
}

# Words that change nothing: they may surround small talk but never make it on their own.
MODIFIERS: Final = word_set(
    """
    ну и а же ж то вот так ой ох эх ух ай еще раз очень большое огромное огромнейшее
    большущее громадное много всем всех вам тебе тебя вас ты вы у твои ваши ребята ребят
    друзья друг дружище бро братан брат чувак бот ботик дорогой дорогая родной уже все
    тогда снова опять тоже прям прямо реально правда действительно вообще сильно я
    сегодня боку
    oh ah well so and also then now very much lot a bunch million ton tons again really all
    everyone everybody guys folks yall man bro dude buddy mate pal fam bot dear friend you u
    too just there it thats its is for im i am many today tonight please pls plz me
    kindly
"""
)

# The everyday words whose typos are common; slang variants are left out on purpose, as
# they sit one letter away from real words (привки/правки, прости/простой).
TYPO_PRONE: Final = word_set(
    """
    привет спасибо здравствуйте здравствуй пожалуйста понятно отлично хорошо нормально
    спокойной извините извини простите свидания встречи доброе добрый
    thanks thank thankyou morning goodnight night evening goodbye welcome awesome
    perfect understood excellent
    """
)

# Emoji that say something; any other emoji or symbol is plain "emoji".
EMOJI_KINDS: Final[dict[str, str]] = {
    **dict.fromkeys("👍👌✅✔☑🆗🤝🙆💯👏🤙", "ack"),
    **dict.fromkeys("🙏", "thanks"),
    **dict.fromkeys("😂🤣😆😹", "laugh"),
    **dict.fromkeys("👋🖐🤚", "greeting"),
    **dict.fromkeys("😴💤🌙🌛🌜🛌🌃", "farewell"),
    **dict.fromkeys("🙇", "apology"),
}
NIGHT_EMOJI: Final = frozenset("😴💤🌙🌛🌜🛌🌃")

# --- requests for recent memories ---------------------------------------------------------
# A request is read as a bag of these words: any other word is a topic and makes it False.

RECENT_QUESTION: Final = word_set("что чего какие какая каких which what whats wat")
RECENT_VERB: Final = word_set(
    """
    помнишь помните запомнил запомнила запомнили знаешь знаете хранишь храните сохранил
    сохранила сохранили записал записала записали выучил выучила узнал узнала
    remember remembered know knew store stored save saved keep kept learned learnt
    recorded noted memorized memorised
    """
)
# Speech verbs count only with "я"/"i" ("что я тебе говорил", not "what did you say").
RECENT_SPEECH: Final = word_set(
    """
    говорил говорила говорили рассказывал рассказывала рассказывали сказал сказала сказали
    писал писала писали просил просила told tell said say mentioned wrote ask asked
    """
)
RECENT_SPEAKER: Final = word_set("я мы i we")
# "обо мне" / "about me" after a question word is a memory question by itself.
RECENT_ABOUT_ME: Final = frozenset(
    {("обо", "мне"), ("про", "меня"), ("о", "нас"), ("про", "нас"), ("about", "me"),
     ("about", "us"), ("on", "me")}
)  # fmt: skip
# Nouns count with "show" or with a word that points at the bot's memory: "что в памяти",
# "какие у тебя воспоминания", "my memories", "recent memories?", but not "what is memory".
RECENT_NOUN: Final = word_set(
    """
    память памяти памятью воспоминания воспоминаний заметки заметок записи записей
    memory memories notes
    """
)
RECENT_NOUN_CONTEXT: Final = word_set(
    """
    в во из у ты вы тебя вас твоей твоя твою твои моя мою мои последние последних недавние
    my your you in recent latest last
    """
)
RECENT_SHOW: Final = word_set(
    "покажи покажите показать выведи вывести выдай дай перечисли show list display give dump"
)
RECENT_SELF_ASKING: Final = word_set("напомни напомните вспомни вспомните recall remind")
RECENT_NEUTRAL: Final = word_set(
    """
    ты вы тебя тебе у в во из твоей твоя твою твои моя мою мои мое свою все вообще уже сейчас
    сегодня вчера недавно последнее последние последних новое нового новенького есть хранится
    там мне меня нас обо о об про я мы пожалуйста ну а бот и же еще давай можешь можно успел
    успела за на этой неделе
    your you my me us i we do did does have has had got is are in on there about so far
    already now all everything anything stuff new recent recently latest last please pls the
    can could would youve ive today yesterday this week lately to
    """
)
