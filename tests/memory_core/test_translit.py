"""Tests for memory_core.translit: spellings both ways, name keys, same-name decisions.

Besides tables of examples, a generator turns Russian names into Latin spellings mixed
from several romanization systems and measures how often :func:`same_name` misses a
spelling of the same name or accepts a different name.  Run this file as a script
(``python -m tests.memory_core.test_translit``) to print the rates for several thresholds.
"""

from __future__ import annotations

import itertools
import random
import re

import pytest
from hypothesis import given
from hypothesis import strategies as st
from rapidfuzz.distance import OSA

from memory_core import name_match
from memory_core.language import normalize
from memory_core.name_match import same_name
from memory_core.translit import (
    MAX_SPELLINGS,
    cyrillic_spellings,
    latin_spellings,
    name_key,
)


def _words(block: str) -> list[str]:
    return block.split()


MALE = _words(
    """
Александр Алексей Анатолий Андрей Антон Аркадий Арсений Артём Богдан Борис Вадим Валентин
Валерий Василий Виктор Виталий Владимир Владислав Всеволод Вячеслав Геннадий Георгий Глеб
Григорий Даниил Денис Дмитрий Евгений Егор Захар Иван Игорь Илья Кирилл Константин Лев Леонид
Макар Максим Марат Матвей Михаил Никита Николай Олег Павел Пётр Роман Руслан Святослав Семён
Сергей Станислав Степан Тимофей Тимур Фёдор Филипп Эдуард Юрий Ян Ярослав Яков Хабиб Ринат
Рустам Айдар Ильдар
"""
)
FEMALE = _words(
    """
Александра Алина Алла Алёна Анастасия Ангелина Анна Антонина Валентина Валерия Варвара Вера
Вероника Виктория Галина Дарья Диана Ева Евгения Екатерина Елена Елизавета Жанна Зинаида Злата
Зоя Инна Ирина Карина Кира Ксения Лариса Лидия Лилия Любовь Людмила Маргарита Марина Мария
Милана Надежда Наталья Нина Оксана Олеся Ольга Полина Раиса Светлана София Таисия Тамара
Татьяна Ульяна Юлия Яна Дина Эльвира Гульнара Альбина
"""
)
SURNAMES = _words(
    """
Иванов Смирнов Кузнецов Попов Васильев Петров Соколов Михайлов Новиков Фёдоров Морозов Волков
Алексеев Лебедев Семёнов Егоров Павлов Козлов Степанов Николаев Орлов Андреев Макаров Никитин
Захаров Зайцев Соловьёв Борисов Яковлев Григорьев Романов Воробьёв Сергеев Кузьмин Фролов
Александров Дмитриев Королёв Гусев Киселёв Ильин Максимов Поляков Сорокин Виноградов Ковалёв
Белов Медведев Антонов Тарасов Жуков Баранов Филиппов Комаров Давыдов Беляев Герасимов Богданов
Осипов Сидоров Матвеев Титов Марков Миронов Крылов Куликов Карпов Власов Мельников Денисов
Гаврилов Тихонов Казаков Афанасьев Данилов Савельев Тимофеев Фомин Чернов Абрамов Мартынов
Ефимов Федотов Щербаков Назаров Калинин Исаев Чернышёв Быков Маслов Родионов Коновалов Лазарев
Воронин Климов Филатов Пономарёв Голубев Кудрявцев Прохоров Наумов Потапов Журавлёв Овчинников
Трофимов Леонов Соболев Ермаков Колесников Гончаров Емельянов Никифоров Грачёв Котов Гришин
Ефремов Архипов Громов Кириллов Малышев Панов Моисеев Румянцев Акимов Кондратьев Бирюков
Горбунов Анисимов Ерёмин Тихомиров Галкин Лукьянов Михеев Скворцов Юдин Белоусов Нестеров
Симонов Прокофьев Харитонов Князев Цветков Левин Митрофанов Воронцов Субботин Шубин Шестаков
Щукин Сафонов Гарипов Цой Хабибуллин Шевченко Петренко Бондаренко Ткаченко Кравченко Коваленко
Чайковский Достоевский Толстой Вяземский Белый Островский Покровский Жуковский
"""
)


def feminine(surname: str) -> str | None:
    """The wife's form of a surname (Петров -> Петрова, Островский -> Островская)."""
    if surname.endswith(("ов", "ев", "ёв", "ин", "ын")):
        return surname + "а"
    if surname.endswith(("ский", "ой", "ый")):
        return surname[:-2] + "ая"
    return None


ALL_NAMES = MALE + FEMALE + SURNAMES + [f for f in map(feminine, SURNAMES) if f]

# Latin spellings per Cyrillic letter, mixed from ICAO, BGN, English, German habits.
_MIXED = {
    "а": ["a"], "б": ["b"], "в": ["v", "v", "v", "w"], "г": ["g"], "д": ["d"], "е": ["e"],
    "ё": ["e", "yo", "jo"], "ж": ["zh"], "з": ["z"], "и": ["i"], "й": ["i", "y", "j"],
    "к": ["k"], "л": ["l"], "м": ["m"], "н": ["n"], "о": ["o"], "п": ["p"], "р": ["r"],
    "с": ["s"], "т": ["t"], "у": ["u"], "ф": ["f"], "х": ["kh", "h"],
    "ц": ["ts", "tz", "tc"], "ч": ["ch", "tch"], "ш": ["sh"], "щ": ["shch", "sch"],
    "ъ": [""], "ы": ["y", "i"], "ь": ["", "'"], "э": ["e"], "ю": ["iu", "yu", "ju"],
    "я": ["ia", "ya", "ja"],
}  # fmt: skip
_MIXED_ENDINGS = {"ий": ["ii", "iy", "y", "i", "ij"], "ый": ["yi", "y", "yy", "iy"],
                  "ия": ["iia", "ia", "iya"]}  # fmt: skip
_RU_VOWELS = "аеёиоуыэюя"


def mixed_latin(word: str, rng: random.Random) -> str:
    """A Latin spelling of a Russian name, each letter from a randomly chosen system."""
    w = word.lower()
    out: list[str] = []
    i = 0
    while i < len(w):
        ch, prev = w[i], w[i - 1] if i else " "
        if w[i:] in _MIXED_ENDINGS:
            out.append(rng.choice(_MIXED_ENDINGS[w[i:]]))
            break
        if ch == "к" and w[i + 1 : i + 2] == "с":
            out.append(rng.choice(["ks", "x"]))
            i += 2
            continue
        if ch == "е" and (i == 0 or prev in _RU_VOWELS or prev in "ьъ"):
            out.append(rng.choice(["e", "ye", "ie"]))
        elif ch == w[i + 1 : i + 2] and ch not in _RU_VOWELS and rng.random() < 0.3:
            pass  # Kiril for Кирилл
        else:
            out.append(rng.choice(_MIXED.get(ch, [ch])))
        i += 1
    spelled = "".join(out)
    return spelled.capitalize() if rng.random() < 0.5 else spelled


def different_name_pairs() -> list[tuple[str, str]]:
    """Pairs a user means as different people: gendered, suffixed and near names."""
    pairs = [(s, f) for s in SURNAMES if (f := feminine(s))]
    pairs += [(m, f) for m in MALE for f in FEMALE if f.startswith(m[:-1]) and len(f) > len(m)]
    pairs += [(m, s) for m in MALE for s in SURNAMES if s.startswith(m.rstrip("йь"))]
    pairs += [
        (a, b)
        for a, b in itertools.combinations(ALL_NAMES, 2)
        if normalize(a) != normalize(b) and OSA.normalized_similarity(a, b) >= 0.6
    ]
    return pairs


def with_typo(word: str, rng: random.Random) -> str:
    """The word with one letter replaced, added, dropped or swapped with the next."""
    i = rng.randrange(len(word) - 1)
    letter = rng.choice("abcdefghiklmnoprstuvz")
    return rng.choice(
        [
            word[:i] + letter + word[i + 1 :],
            word[:i] + letter + word[i:],
            word[:i] + word[i + 1 :],
            word[:i] + word[i + 1] + word[i] + word[i + 2 :],
        ]
    )


def measure(seed: int = 7, per_name: int = 10) -> dict[str, float]:
    """Miss, false-match and round-trip rates of same_name on generated spellings."""
    rng = random.Random(seed)
    spelled = [(w, mixed_latin(w, rng)) for w in ALL_NAMES for _ in range(per_name)]
    misses = sum(not same_name(w, latin) for w, latin in spelled)
    recovered = sum(normalize(w) in cyrillic_spellings(latin) for w, latin in spelled)
    long_names = [w for w in ALL_NAMES if len(name_key(w)) >= 9]
    typos = [
        (w, with_typo(latin_spellings(w)[1 % len(latin_spellings(w))], rng)) for w in long_names
    ]
    typos_accepted = sum(same_name(w, typo) for w, typo in typos)
    trials = []
    for a, b in different_name_pairs():
        la, lb = mixed_latin(a, rng), mixed_latin(b, rng)
        trials += [(a, b), (a, lb), (la, b), (la, lb)]
    false_matches = sum(same_name(x, y) for x, y in trials)
    return {
        "spellings": len(spelled),
        "miss_rate": misses / len(spelled),
        "recovered_rate": recovered / len(spelled),
        "different_pairs": len(trials),
        "false_match_rate": false_matches / len(trials),
        "long_typos": len(typos),
        "long_typo_accept_rate": typos_accepted / len(typos),
    }


# --- latin_spellings ----------------------------------------------------------------


@pytest.mark.parametrize(
    ("word", "expected"),
    [
        ("Евгений", ["evgenii", "evgeny", "yevgeny", "evgeniy"]),
        ("Дмитрий", ["dmitrii", "dmitry", "dmitriy"]),
        ("Юлия", ["iuliia", "yulia", "julia"]),
        ("Щукин", ["shchukin"]),
        ("Хабиб", ["khabib", "habib"]),
        ("Цой", ["tsoi", "tsoy"]),
        ("Жуков", ["zhukov"]),
        ("Петров", ["petrov"]),
        ("Сафонов", ["safonov"]),
        ("Гарипова", ["garipova"]),
        ("Артём", ["artem", "artyom"]),
        ("Алексей", ["aleksei", "aleksey", "alexey", "alexei"]),
        ("Наталья", ["natalia", "natalya"]),
        ("Ксения", ["kseniia", "ksenia", "kseniya", "xenia"]),
        ("Подъячев", ["podiachev", "podyachev"]),
        ("Васильев", ["vasilev", "vasilyev"]),
        ("Белый", ["belyi", "bely"]),
    ],
)
def test_latin_spellings_include_the_usual_ones(word: str, expected: list[str]) -> None:
    """ICAO/GOST and common English spellings are all offered, ICAO first."""
    found = latin_spellings(word)
    assert set(expected) <= set(found), found
    assert found[0] == expected[0]


def test_latin_spellings_are_bounded_lower_case_ascii() -> None:
    """Every word gives at most MAX_SPELLINGS distinct ASCII spellings; Latin gives none."""
    for word in ALL_NAMES:
        found = latin_spellings(word)
        assert 1 <= len(found) <= MAX_SPELLINGS
        assert len(set(found)) == len(found)
        assert all(re.fullmatch(r"[a-z]+", s) for s in found), found
    assert latin_spellings("Petrov") == ()
    assert latin_spellings("ъ") == ()


# --- cyrillic_spellings -------------------------------------------------------------


@pytest.mark.parametrize(
    ("word", "expected"),
    [
        ("David", ["давид", "дэвид", "дейвид"]),
        ("Priya", ["прия"]),
        ("Marco", ["марко"]),
        ("Zuev", ["зуев"]),
        ("Petrenko", ["петренко"]),
        ("Hannah", ["ханна"]),
        ("Tomasz", ["томаш", "томас"]),
        ("Nikolić", ["николич", "николик"]),
        ("Jelena", ["елена", "йелена"]),
        ("Wei", ["вей", "вэй"]),
        ("Lucas", ["лукас"]),
        ("Jane", ["джейн", "жане"]),
        ("Goran", ["горан"]),
        ("Ilic", ["илич"]),
        ("Yevgeny", ["евгений"]),
        ("Iuliia", ["юлия"]),
        ("Natalia", ["наталия", "наталья"]),
        ("Shchukin", ["щукин"]),
        ("Khabib", ["хабиб"]),
        ("Tsoi", ["цой"]),
        ("Sergey", ["сергей"]),
        ("Fyodor", ["федор"]),
        ("Vasiliev", ["васильев"]),
        ("Olga", ["ольга"]),
        ("Alexey", ["алексей"]),
        ("Chernyshov", ["чернышев"]),
        ("Schmidt", ["шмидт"]),
        ("Christina", ["кристина"]),
    ],
)
def test_cyrillic_spellings_include_the_usual_ones(word: str, expected: list[str]) -> None:
    """Digraphs, iotated vowels, j/c/h by position and English long vowels are read."""
    found = cyrillic_spellings(word)
    assert set(expected) <= set(found), found
    assert len(found) <= MAX_SPELLINGS


@pytest.mark.parametrize(
    ("word", "best"),
    [("David", "давид"), ("Jane", "джейн"), ("Hannah", "ханна"), ("Tsoi", "цой"),
     ("Yevgeny", "евгений"), ("Jelena", "елена"), ("Julia", "юлия"), ("Sonja", "соня"),
     ("Mike", "майк"), ("Dmitrii", "дмитрий"), ("Zhukov", "жуков")],
)  # fmt: skip
def test_cyrillic_spellings_put_the_likely_one_first(word: str, best: str) -> None:
    """The cheapest reading comes first."""
    assert cyrillic_spellings(word)[0] == best


def test_cyrillic_spellings_need_latin_letters() -> None:
    """Cyrillic or letterless input has no Cyrillic spellings to offer."""
    assert cyrillic_spellings("Петров") == ()
    assert cyrillic_spellings("2025") == ()
    assert cyrillic_spellings("") == ()


# --- name_key and same_name ---------------------------------------------------------


@pytest.mark.parametrize(
    "spellings",
    [
        ["Хабиб", "Khabib", "Habib", "HABIB"],
        ["Юлия", "Iuliia", "Yulia", "Yuliya", "Julia"],
        ["Евгений", "Evgenii", "Evgeny", "Yevgeny", "Evgeniy", "Jewgeni"],
        ["Щукин", "Shchukin", "Schukin"],
        ["Цой", "Tsoi", "Tsoy"],
        ["Фёдор", "Федор", "Fyodor", "Fedor", "Fjodor"],
        ["Ханна", "Hannah", "Hanna"],
        ["Алексей", "Aleksei", "Alexey", "Aleksej"],
        ["Васильев", "Vasilev", "Vasilyev", "Vasiliev"],
    ],
)
def test_spellings_of_one_name_share_a_key(spellings: list[str]) -> None:
    """Spellings in either alphabet fold to one key."""
    assert len({name_key(s) for s in spellings}) == 1


def test_name_key_of_an_english_name_is_close_across_scripts() -> None:
    """Дэвид and David keys differ by one letter at most."""
    assert OSA.distance(name_key("Дэвид"), name_key("David")) <= 1


@pytest.mark.parametrize(
    ("a", "b"),
    [
        ("Дэвид", "David"), ("Давид", "David"), ("Jane", "Джейн"), ("Priya", "Прия"),
        ("Nikolić", "Николич"), ("Tomasz", "Томас"), ("Wei", "Вэй"), ("Hannah", "Ханна"),
        ("Jelena", "Елена"), ("Goran", "Горан"), ("Ilic", "Илич"), ("Lucas", "Лукас"),
        ("Alexander", "Александр"), ("Chernyshov", "Чернышёв"), ("ПЕТРОВ", "petrov"),
        ("Kiril", "Кирилл"), ("Алексндров", "Александров"), ("Konstantinov", "Konstnatinov"),
        ("Agent007", "Агент007"), ("James", "Джеймс"), ("Gates", "Гейтс"), ("Jones", "Джоунс"),
    ],
)  # fmt: skip
def test_same_name_accepts_spellings_and_long_typos(a: str, b: str) -> None:
    """Other alphabets, cases, accents and one typo in a long name are the same name."""
    assert same_name(a, b)
    assert same_name(b, a)


@pytest.mark.parametrize(
    ("a", "b"),
    [
        ("Иван", "Ивана"), ("Иван", "Иванов"), ("Ivan", "Ивана"), ("Petrov", "Petrova"),
        ("Петров", "Petrova"), ("Alex", "Alexa"), ("Olga", "Oleg"), ("Mark", "Marco"),
        ("Александр", "Александра"), ("Евгений", "Евгения"), ("Yevgeny", "Евгения"),
        ("Петровский", "Petrovskaya"), ("Иванович", "Ивановна"), ("Дима", "Дина"),
        ("Маша", "Миша"), ("Marina", "Maria"), ("Галина", "Алина"), ("Фёдорова", "Федотова"),
        ("Agent1", "Agent2"), ("Агент", "Агент2"), ("Иван", ""), ("", ""),
    ],
)  # fmt: skip
def test_same_name_rejects_gendered_suffixed_and_near_names(a: str, b: str) -> None:
    """A different ending, a different short name or a different digit is another name."""
    assert not same_name(a, b)
    assert not same_name(b, a)


def test_generated_spellings_are_recognised_and_different_names_are_not() -> None:
    """Measured: misses and false matches stay under 0.5%; most spellings come back."""
    rates = measure()
    assert rates["spellings"] > 3000
    assert rates["different_pairs"] > 3000
    assert rates["miss_rate"] <= 0.005, rates
    assert rates["false_match_rate"] <= 0.005, rates
    assert rates["recovered_rate"] >= 0.9, rates
    assert rates["long_typo_accept_rate"] >= 0.5, rates


# --- properties ---------------------------------------------------------------------

_ONSETS = "бвгдзклмнпрстфхцчшщж"
_ENDINGS = ("", "ов", "ова", "ев", "ин", "ина", "ий", "ский", "ская", "ья", "ия", "ей", "ай",
            "ой", "ых", "ьев", "ьева", "ян", "енко")  # fmt: skip
_syllable = st.tuples(st.sampled_from(_ONSETS), st.sampled_from(_RU_VOWELS)).map("".join)
russian_names = st.one_of(
    st.sampled_from(ALL_NAMES),
    st.builds(
        lambda syllables, ending: ("".join(syllables) + ending).capitalize(),
        st.lists(_syllable, min_size=1, max_size=4),
        st.sampled_from(_ENDINGS),
    ),
)
_LAT_PARTS = ["b", "c", "ch", "d", "f", "g", "h", "j", "k", "kh", "l", "m", "n", "p", "ph",
              "r", "s", "sh", "t", "th", "ts", "v", "w", "x", "z", "zh"]  # fmt: skip
_LAT_VOWELS = ["a", "e", "i", "o", "u", "y", "ee", "oo", "ai", "ei", "ia", "yu", "ya", "ie"]
latin_names = st.one_of(
    st.sampled_from(["David", "Priya", "Marco", "Hannah", "Tomasz", "Jane", "Wei", "Lucas"]),
    st.lists(
        st.tuples(st.sampled_from(_LAT_PARTS), st.sampled_from(_LAT_VOWELS)).map("".join),
        min_size=1,
        max_size=4,
    ).map(lambda parts: "".join(parts).capitalize()),
)


@given(russian_names)
def test_a_russian_name_is_the_same_as_each_of_its_latin_spellings(name: str) -> None:
    """Cyrillic -> any Latin spelling -> same_name with the original holds."""
    spellings = latin_spellings(name)
    assert spellings
    for spelling in spellings:
        assert same_name(name, spelling), (name, spelling)
        assert same_name(spelling.upper(), name)


@given(latin_names)
def test_a_latin_name_is_the_same_as_each_of_its_cyrillic_spellings(name: str) -> None:
    """Latin -> any Cyrillic spelling -> same_name with the original holds."""
    spellings = cyrillic_spellings(name)
    assert spellings
    for spelling in spellings:
        assert re.fullmatch(r"[а-я]+", spelling), spelling
        assert same_name(spelling, name), (name, spelling)


@given(russian_names, st.integers(0, 9), st.integers(0, 9))
def test_names_differing_by_a_digit_are_never_the_same(name: str, x: int, y: int) -> None:
    """A digit tells two names apart, whatever the letters; the same digit does not."""
    latin = latin_spellings(name)[-1]
    assert same_name(f"{name}{x}", f"{latin}{y}") is (x == y)


@given(russian_names)
def test_a_feminine_or_suffixed_form_is_another_name(name: str) -> None:
    """Adding an ending (-а, -ов) makes a different name in any alphabet."""
    endings = ("ов",) if name[-1] in _RU_VOWELS else ("а", "ов")
    for longer in (name + ending for ending in endings):
        assert not same_name(name, longer)
        assert not same_name(latin_spellings(name)[0], latin_spellings(longer)[-1])


@given(st.one_of(russian_names, latin_names), st.one_of(russian_names, latin_names))
def test_functions_are_pure_and_same_name_is_symmetric(a: str, b: str) -> None:
    """The same input always gives the same output, cache or not; order does not matter."""
    first = (latin_spellings(a), cyrillic_spellings(a), name_key(a), same_name(a, b))
    for function in (latin_spellings, cyrillic_spellings, name_key, same_name):
        function.cache_clear()
    assert (latin_spellings(a), cyrillic_spellings(a), name_key(a), same_name(a, b)) == first
    assert same_name(a, b) == same_name(b, a)


def _print_sweep() -> None:
    """Print the measured rates for several thresholds (run this file as a script)."""
    original = name_match.SAME_NAME_THRESHOLD
    for threshold in (80.0, 85.0, 87.0, 88.0, 90.0, 95.0, 101.0):
        name_match.SAME_NAME_THRESHOLD = threshold
        name_match.same_name.cache_clear()
        rates = measure()
        print(
            f"threshold {threshold:5.1f}: misses {rates['miss_rate']:.2%} of "
            f"{rates['spellings']:.0f}, false matches {rates['false_match_rate']:.2%} of "
            f"{rates['different_pairs']:.0f}, recovered {rates['recovered_rate']:.1%}, "
            f"one typo in a 9+ letter key accepted {rates['long_typo_accept_rate']:.1%} "
            f"of {rates['long_typos']:.0f}"
        )
    name_match.SAME_NAME_THRESHOLD = original


if __name__ == "__main__":
    _print_sweep()
