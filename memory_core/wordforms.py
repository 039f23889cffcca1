"""Dictionary forms of a word, for looking it up in a bilingual dictionary.

A question says "коронку", "выбрали", "dashboards"; a dictionary lists "коронка",
"выбирать", "dashboard". This module gives the forms to try, likeliest first:

* :func:`lemmas` - a Russian word's lemmas from pymorphy3 (imported on first use; without
  it there are none and callers fall back to :func:`language.stem`);
* :func:`fallback_forms` - when no lemma is listed: the plural of a plural-only noun
  (``денег`` -> ``деньги``), a reflexive verb without ``-ся``, a perfective verb's
  imperfective (``отправить`` -> ``отправлять``, ``заказать`` -> ``заказывать``,
  ``позвонить`` -> ``звонить``) and an imperfective verb's perfective (``выкатывать`` ->
  ``выкатить``, ``доплачивать`` -> ``доплатить``, ``подключать`` -> ``подключить``), the
  noun an adjective comes from (``клиентский`` -> ``клиент``, ``логистический`` ->
  ``логистика``), the verb a verbal noun comes from (``отслеживания`` -> ``отслеживать``);
* :func:`plural_nominatives` - a plural noun's nominative plural (``колодками`` -> ``колодки``);
* :func:`english_bases` - an English word's base form candidates (``deployed`` -> ``deploy``);
* :func:`dictionary_form` - a dictionary's own Russian word as a lemma;
* :func:`all_forms` - every form of a short word, to find it whole (``сын`` -> ``сына``,
  ``сыновья``; ``son`` -> ``sons``).

Guessed forms that do not exist do no harm: callers only keep those a dictionary lists.
"""

from __future__ import annotations

from functools import lru_cache
from typing import Any

from memory_core import morphology
from memory_core.language import STOP_WORDS, normalize

__all__ = [
    "all_forms",
    "dictionary_form",
    "english_bases",
    "fallback_forms",
    "has_lemmas",
    "irregular_forms",
    "lemmas",
    "phrase_forms",
    "plural_nominatives",
    "source_nouns",
    "verb_forms",
    "verb_root",
]

# Perfective prefixes whose removal usually leaves the imperfective (позвонить -> звонить);
# only from verbs of 5+ letters after the prefix (not помочь -> мочь).
_PREFIXES = ("по", "на", "за", "с")
_LABIALS = "бвмпф"  # отправить -> отправлять: an "л" is inserted after these
# Irregular English verbs: base form, then its past forms, ";" between verbs.
_IRREGULAR_VERBS = """
be was were been; become became; begin began begun; break broke broken; bring brought;
build built; buy bought; catch caught; choose chose chosen; come came; do did done;
draw drew drawn; drink drank drunk; drive drove driven; eat ate eaten; fall fell fallen;
feel felt; fight fought; find found; fly flew flown; forget forgot forgotten; get got gotten;
give gave given; go went gone; grow grew grown; have had; hear heard; hide hid hidden;
hold held; keep kept; know knew known; lead led; leave left; lend lent; lose lost;
make made; mean meant; meet met; pay paid; ride rode ridden; ring rang rung; rise rose risen;
run ran; say said; see saw seen; sell sold; send sent; sing sang sung; sit sat;
sleep slept; speak spoke spoken; spend spent; stand stood; steal stole stolen;
swim swam swum; take took taken; teach taught; tell told; think thought; throw threw thrown;
understand understood; wake woke woken; wear wore worn; win won; write wrote written
"""
_IRREGULAR = {
    past: verb.split()[0] for verb in _IRREGULAR_VERBS.split(";") for past in verb.split()[1:]
}
_IRREGULAR_FORMS = {
    form: tuple(verb.split()) for verb in _IRREGULAR_VERBS.split(";") for form in verb.split()
}

# Adjective suffix -> endings of the noun it was made from, longest suffix first.
_ADJECTIVE_SUFFIXES: tuple[tuple[str, tuple[str, ...]], ...] = (
    ("ический", ("ика", "ия")),
    ("овский", ("",)),
    ("евский", ("",)),
    ("ский", ("", "а", "ия")),
    ("ской", ("", "а")),
    ("овый", ("", "а")),
    ("евый", ("", "ь", "я")),
    ("енный", ("а", "", "о", "ь")),
    ("ный", ("", "а", "ь", "о")),
    ("ной", ("", "а", "ь")),
)


def _morph() -> Any:
    """Return the shared pymorphy3 analyzer, or None where pymorphy3 is not installed."""
    return morphology.analyzer()


def has_lemmas() -> bool:
    """Tell whether Russian lemmas are available (pymorphy3 installed)."""
    return _morph() is not None


@lru_cache(maxsize=8192)
def lemmas(word: str) -> tuple[str, ...]:
    """Return a Russian word's possible lemmas, likeliest first (empty without pymorphy3)."""
    morph = _morph()
    if morph is None or " " in word:
        return ()
    forms = (normalize(p.normal_form) for p in morph.parse(word))
    return tuple(dict.fromkeys(f for f in forms if f))


@lru_cache(maxsize=8192)
def plural_nominatives(word: str) -> tuple[str, ...]:
    """Return the nominative plural of a Russian noun said in another case of the plural
    ("колодками" -> "колодки"): a glossary may list a thing by its plural ("колодки = brake
    pads") where the lemma is a singular with other senses ("колодка": a shoemaker's last)."""
    morph = _morph()
    if morph is None or " " in word:
        return ()
    out: list[str] = []
    for parse in morph.parse(word):
        if "NOUN" not in parse.tag or "plur" not in parse.tag or "nomn" in parse.tag:
            continue
        form = parse.inflect({"plur", "nomn"})
        if form is not None and normalize(form.word) != word:
            out.append(normalize(form.word))
    return tuple(dict.fromkeys(out))


_DEGREES = frozenset({"COMP", "Supr"})
"""Grammemes of forms left out of :func:`all_forms` ("новее", "наиновейший" are other words
to a reader)."""
_MAX_FORMS = 24


@lru_cache(maxsize=4096)
def all_forms(word: str) -> tuple[str, ...]:
    """Return a word and its inflected forms, lower case with ``ё`` as ``е``.

    A Russian word gets its likeliest parse's forms from pymorphy3 ("год" -> "года", "лет";
    the word alone without it); an English word its plural.
    """
    word = normalize(word)
    if not word.isalpha():
        return (word,) if word else ()
    out = [word]
    if word.isascii():
        if word.endswith(("s", "x", "z", "ch", "sh")):
            out.append(word + "es")
        elif word.endswith("y") and len(word) > 2 and word[-2] not in "aeiou":
            out.append(word[:-1] + "ies")
        else:
            out.append(word + "s")
        return tuple(out)
    morph = _morph()
    if morph is not None:
        parses = morph.parse(word)
        if parses:
            forms = (f.word for f in parses[0].lexeme if _DEGREES.isdisjoint(f.tag.grammemes))
            # a short form that is a function word of its own is no form to search ("им",
            # which the dictionary lists for "имя", is "them"; "ночью" of "ночь" is one)
            out.extend(f for f in map(normalize, forms) if not _function_word(f, word))
    return tuple(dict.fromkeys(out))[:_MAX_FORMS]


def _function_word(form: str, word: str) -> bool:
    return form != word and len(form) <= _SHORT_FUNCTION_WORD and form in STOP_WORDS


_SHORT_FUNCTION_WORD = 3


def phrase_forms(first: str, second: str) -> tuple[str, ...]:
    """Dictionary forms of a two-word phrase, as typed first: "главную книгу" -> "главная
    книга" (the noun in the nominative, an adjective agreeing with it), "flash drives" ->
    "flash drive"."""
    typed = f"{normalize(first)} {normalize(second)}"
    out = [typed]
    if first.isascii() and second.isascii():
        out.extend(f"{normalize(first)} {base}" for base in english_bases(normalize(second)))
        return tuple(dict.fromkeys(out))
    morph = _morph()
    if morph is None:
        return (typed,)
    noun = next((p for p in morph.parse(second) if "NOUN" in p.tag), None)
    if noun is None:
        return (typed,)
    # an adjective or a participle agreeing with the noun: "оспоренных платежей"
    adjective = next((p for p in morph.parse(first) if {"ADJF", "PRTF"} & p.tag.grammemes), None)
    if adjective is None:
        pairs = (*_noun_of_noun(morph, first, noun), *_verb_and_noun(morph, first, second))
        return tuple(dict.fromkeys((*out, *pairs)))
    for head in (noun.inflect({"nomn"}), noun.inflect({"nomn", "sing"})):
        if head is None:
            continue
        agree = {"nomn", "plur"} if "plur" in head.tag else {"nomn", str(head.tag.gender)}
        word = adjective.inflect(agree)
        if word is not None:
            out.append(f"{normalize(word.word)} {normalize(head.word)}")
    return tuple(dict.fromkeys(out))


def _noun_of_noun(morph: Any, first: str, second: Any) -> list[str]:
    """A noun and a noun in the genitive, the first in the nominative: "записи разговоров"
    -> "запись разговоров", "запись разговора"."""
    head = next((p for p in morph.parse(first) if "NOUN" in p.tag), None)
    if head is None or "gent" not in second.tag:
        return []
    lead = head.inflect({"nomn", "sing"}) or head.inflect({"nomn"})
    if lead is None:
        return []
    tails = [second.word, *(f.word for f in (second.inflect({"gent", "sing"}),) if f)]
    return [f"{normalize(lead.word)} {normalize(tail)}" for tail in dict.fromkeys(tails)]


def _verb_and_noun(morph: Any, first: str, second: str) -> list[str]:
    """A verb in the infinitive and its noun as typed: "сняли деньги" -> "снять деньги"."""
    verb = next((p for p in morph.parse(first) if {"VERB", "INFN"} & p.tag.grammemes), None)
    if verb is None or "INFN" in verb.tag:
        return []
    return [f"{normalize(verb.normal_form)} {normalize(second)}"]


_VERB_FORMS = (
    {"pres", "sing", "3per"}, {"pres", "plur", "3per"}, {"pres", "sing", "1per"},
    {"futr", "sing", "3per"}, {"futr", "plur", "3per"}, {"futr", "sing", "1per"},
    {"pres", "plur", "1per"}, {"futr", "plur", "1per"},
    {"past", "masc", "sing"}, {"past", "femn", "sing"}, {"past", "plur"},
)  # fmt: skip


@lru_cache(maxsize=4096)
def verb_forms(word: str) -> tuple[str, ...]:
    """The finite forms of a Russian infinitive a note is written in ("согласовать" ->
    "согласует", "согласуем", "согласовал"...), lower case with ``ё`` as ``е``; empty for
    any other word. The infinitive's stem ("согласоват") misses all but the past."""
    morph = _morph()
    word = normalize(word)
    if morph is None or not word.isalpha():
        return ()
    parse = next((p for p in morph.parse(word) if "INFN" in p.tag), None)
    if parse is None:
        return ()
    forms = (parse.inflect(set(tags)) for tags in _VERB_FORMS)
    return tuple(dict.fromkeys(normalize(f.word) for f in forms if f is not None))


_VERB_SUFFIXES = ("овать", "евать", "ывать", "ивать", "ить", "ать", "ять", "еть")
MIN_VERB_ROOT = 5
"""A shorter root is not searched: it starts too many other words."""


@lru_cache(maxsize=4096)
def verb_root(word: str) -> str:
    """What a Russian infinitive shares with the nouns made from it, its suffix cut off
    ("оплатить" -> "оплат" as in "оплата", "заказывать" -> "заказ", "доставлять" ->
    "достав" as in "доставка"); empty for any other word, or when that start is shorter
    than :data:`MIN_VERB_ROOT` letters ("платить" -> "плат" would find "платформа")."""
    morph = _morph()
    word = normalize(word)
    if morph is None or not word.isalpha() or not any("INFN" in p.tag for p in morph.parse(word)):
        return ""
    verb = word[:-2] if word.endswith(("ся", "сь")) else word
    suffix = next((s for s in _VERB_SUFFIXES if verb.endswith(s)), "")
    if not suffix:
        return ""
    # "согласовать": "согласов" as in "согласование" ("соглас" would find "согласие")
    root = verb[:-3] if suffix in ("овать", "евать") else verb[: -len(suffix)]
    if suffix == "ять" and root.endswith("л") and root[-2:-1] in _LABIALS:
        root = root[:-1]  # доставлять: "достав", as the perfective "доставить"
    return root if len(root) >= MIN_VERB_ROOT else ""


def dictionary_form(word: str) -> str:
    """Return a dictionary's Russian word as a lemma, keeping any nominative or infinitive.

    Dictionaries write translations in dictionary form already, some in the plural
    (``деньги``, ``ножницы``); only stray oblique forms (``выписать счёт, фактуру``) change.
    """
    morph = _morph()
    if morph is None or " " in word:
        return word
    parses = morph.parse(word)
    if not parses or any(
        p.normal_form == word or "nomn" in p.tag or "INFN" in p.tag for p in parses
    ):
        return word
    return normalize(parses[0].normal_form)


def _imperfectives(verb: str) -> list[str]:
    """Guess the imperfective partners of a perfective infinitive."""
    out: list[str] = []
    if verb.endswith("ить"):
        base = verb[:-3]
        out += [base + "лять"] if base[-1:] in _LABIALS else [base + "ять"]
        out.append(base + "ивать")
    if verb.endswith("дать"):
        out.append(verb[:-2] + "вать")  # создать -> создавать
    if verb.endswith("рать"):
        out.append(verb[:-4] + "ирать")  # выбрать -> выбирать
    if verb.endswith("ать"):
        out += [verb[:-3] + "ывать", verb[:-3] + "ивать"]
    out += [verb[len(p) :] for p in _PREFIXES if verb.startswith(p) and len(verb) - len(p) >= 5]
    return out


_PERFECTIVE_STEM = {"ч": ("т",), "ж": ("д", "з"), "щ": ("т", "ст"), "ш": ("с",)}
"""The consonant an imperfective's stem ends in, and the perfective's instead
(доплачивать -> доплатить, отслеживать -> отследить, сокращать -> сократить)."""


def _perfectives(verb: str) -> list[str]:
    """Guess the perfective partners of an imperfective infinitive: a glossary or a
    dictionary often lists only "выкатить", "подписать", while a question says
    "выкатываем", "подписывает". Guesses no dictionary lists are dropped by the caller."""
    out: list[str] = []
    if verb.endswith(("ывать", "ивать")) and len(verb) > 7:
        base = verb[:-5]
        out += [base + "ать", base + "ить"]
        out += [base[:-1] + alt + "ить" for alt in _PERFECTIVE_STEM.get(base[-1], ())]
    elif verb.endswith("авать") and len(verb) > 6:
        out.append(verb[:-4] + "ть")  # давать -> дать, узнавать -> узнать
    elif verb.endswith("ирать") and len(verb) > 6:
        out.append(verb[:-5] + "рать")  # выбирать -> выбрать
    elif verb.endswith(("ять", "ать")) and len(verb) > 5:
        base = verb[:-3]
        if base.endswith("л") and base[-2:-1] in _LABIALS:
            base = base[:-1]  # отправлять -> отправить
        out.append(base + "ить")  # проверять -> проверить, подключать -> подключить
        out += [base[:-1] + alt + "ить" for alt in _PERFECTIVE_STEM.get(base[-1], ())]
    return out


def source_nouns(adjective: str) -> list[str]:
    """The nouns a Russian adjective may be made from, by its suffix ("аллергический" ->
    "аллергика", "аллергия"); a guess, for searching only."""
    for suffix, endings in _ADJECTIVE_SUFFIXES:
        if adjective.endswith(suffix) and len(adjective) - len(suffix) >= 3:
            base = adjective[: -len(suffix)]
            return [base + e for e in endings]
    return []


# A verbal noun and the verbs it is made from: отслеживание -> отслеживать,
# согласование -> согласовать, обновление -> обновить / обновлять, развитие -> развить.
_VERBAL_NOUNS = (
    ("ание", ("ать",)),
    ("яние", ("ять",)),
    ("ение", ("ить", "ять", "еть")),
    ("тие", ("ть",)),
)


def _source_verbs(noun: str) -> list[str]:
    for suffix, endings in _VERBAL_NOUNS:
        if noun.endswith(suffix) and len(noun) - len(suffix) >= 3:
            base = noun[: -len(suffix)]
            verbs = [base + e for e in endings]
            return [v for verb in verbs for v in (verb, *_imperfectives(verb))]
    return []


@lru_cache(maxsize=4096)
def fallback_forms(word: str) -> tuple[str, ...]:
    """Return other forms to look a Russian word up by when none of its lemmas is listed.

    Likeliest first; a caller should stop at the first form a dictionary lists.
    """
    morph = _morph()
    if morph is None or " " in word:
        return ()
    keys: list[str] = []
    for parse in morph.parse(word):
        lemma = normalize(parse.normal_form)
        pos = parse.tag.POS
        if pos == "NOUN":
            plural = parse.inflect({"plur", "nomn"})
            if plural is not None:
                keys.append(normalize(plural.word))
            keys += _source_verbs(lemma)
        elif pos in ("VERB", "INFN", "GRND", "PRTF", "PRTS"):
            bare = lemma[:-2] if lemma.endswith(("ться", "тись")) else lemma  # without -ся
            keys += [bare, *_imperfectives(bare), *_perfectives(bare)]
        elif pos in ("ADJF", "ADJS"):
            keys += source_nouns(lemma)
    return tuple(dict.fromkeys(k for k in keys if k != word and k not in lemmas(word)))


def irregular_forms(word: str) -> tuple[str, ...]:
    """The other forms of an irregular English verb (``choose`` -> ``chose``, ``chosen``),
    and the start of the noun an English verb makes with a changed ending, or of the verb
    such a noun comes from (``extend`` -> ``extens`` as in "extension", ``permission`` ->
    ``permit``).

    A stem cannot join them ("choos" does not start "chose", "extend" does not start
    "extension"), so a question's word is searched in every form.
    """
    lower = word.lower()
    forms = [f for f in _IRREGULAR_FORMS.get(lower, ()) if f != lower]
    if len(lower) >= _MIN_DERIVED and lower.isascii() and lower.isalpha():
        for verb_end, noun_end in _DERIVED_ENDS:
            if lower.endswith(verb_end):
                forms.append(lower[: -len(verb_end)] + noun_end)
            for ending in ("ion", "ions", "e", "es", "ive"):
                if lower.endswith(noun_end + ending):
                    forms.append(lower[: -len(noun_end + ending)] + verb_end)
    return tuple(dict.fromkeys(forms))


_MIN_DERIVED = 6
"""The shortest English word whose derived form is searched ("find" is not "fins")."""
_DERIVED_ENDS = (
    ("end", "ens"),  # extend -> extension, respond -> response, expand (below)
    ("and", "ans"),
    ("ond", "ons"),  # respond -> response
    ("ide", "is"),  # decide -> decision, provide -> provision
    ("ude", "us"),  # include -> inclusion, conclude -> conclusive
    ("mit", "miss"),  # permit -> permission, submit -> submission
    ("ceive", "cept"),  # receive -> reception
    ("sume", "sumpt"),  # consume -> consumption
    ("duce", "duct"),  # reduce -> reduction
    ("solve", "solut"),  # resolve -> resolution
    ("scribe", "script"),  # subscribe -> subscription
)
"""English verb endings and the endings of the nouns and adjectives made from them."""


def _vowel_consonant(root: str) -> bool:
    """Whether a root is a vowel then a consonant, as "us" in "using", "ow" in "owed"."""
    return len(root) == 2 and root[0] in "aeiou" and root[1] not in "aeiou" and root.isalpha()


def english_bases(word: str) -> list[str]:
    """Return candidate base forms of an inflected English word, likeliest first."""
    out: list[str] = [_IRREGULAR[word]] if word in _IRREGULAR else []
    if word.endswith("'s"):
        out.append(word[:-2])
    if word.endswith("ies") and len(word) > 4:
        out.append(word[:-3] + "y")
    if word.endswith("s") and not word.endswith("ss") and len(word) > 3:
        out.append(word[:-1])
    if word.endswith("es") and len(word) > 4:
        out.append(word[:-2])
    for suffix in ("ier", "iest"):  # easier -> easy
        if word.endswith(suffix) and len(word) > len(suffix) + 2:
            out.append(word[: -len(suffix)] + "y")
    for suffix, extra in (("ied", ""), ("ed", "e"), ("ing", "e"), ("er", "e"), ("est", "e")):
        root = word[: -len(suffix)]
        if suffix in ("ed", "ing") and word.endswith(suffix) and _vowel_consonant(root):
            out.append(root + "e")  # using -> use, owed -> owe (but not being -> bee)
            continue
        if word.endswith(suffix) and len(word) > len(suffix) + 2:
            root = word[: -len(suffix)]
            if suffix == "ied":
                out.append(root + "y")
                continue
            doubled = len(root) > 2 and root[-1] == root[-2]
            if doubled and suffix in ("er", "est"):
                out.append(root[:-1])  # bigger -> big
            out.extend((root + extra, root))
            if doubled:
                out.append(root[:-1])
    return list(dict.fromkeys(out))
