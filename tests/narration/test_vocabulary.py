"""Finding seats and the game's words in free text, in every script the games use."""

from __future__ import annotations

import pytest

from llm_werewolf.narration.vocabulary import Lexicon, SeatFinder, Term, han_number, normalize, sentences


def lexicon(language: str, **terms: str) -> Lexicon:
    return Lexicon(language, [Term(k, v) for k, v in terms.items()])


def test_normalize_removes_marks_and_unifies_letters_and_digits() -> None:
    assert normalize("السّاحرة") == normalize("الساحره")
    assert normalize("إمّ لحاف") == "ام لحاف"
    assert normalize("ג׳ינקס") == "ג'ינקס"
    assert normalize("رقم ٣") == "رقم 3"
    assert normalize("Ёлка") == "елка"
    assert normalize("على") != normalize("علي")


@pytest.mark.parametrize(
    ("text", "found"),
    [
        ("The werewolves gather.", {"wolf"}),
        ("Alice's the Don's favourite.", {"don"}),
        ("I don't know.", set()),
        ("A little girl peeks.", {"girl"}),
        ("The thieves run.", {"thief"}),
    ],
)
def test_english_words_with_plurals_and_possessives(text: str, found: set[str]) -> None:
    words = lexicon("en", wolf="Werewolf", don="Don", girl="Little Girl", thief="Thief")
    assert words.find(text) == found


@pytest.mark.parametrize(
    ("text", "found"),
    [
        ("Убит мафией", {"mafia"}),
        ("Проверка Доном ничего не дала", {"don"}),
        ("Хочу донести мысль", set()),
        ("Мирные жители проснулись", {"citizen"}),
    ],
)
def test_russian_words_in_every_case(text: str, found: set[str]) -> None:
    words = lexicon("ru", mafia="Мафия", don="Дон", citizen="Мирный житель")
    assert words.find(text) == found


def test_arabic_words_after_prefixes_and_the_article() -> None:
    words = lexicon("ar-LB", sahra="السّاحرة", ghoul="غول", umm="إمّ لحاف")
    assert words.find("وللساحرة سرّ") == {"sahra"}
    assert words.find("والغولة جاعت") == {"ghoul"}
    assert words.find("إم لحاف نامت") == {"umm"}
    assert words.find("الفلاحين نايمين") == set()


def test_hebrew_prefixes_and_the_longest_match() -> None:
    words = lexicon("he", mafia="מאפיה", cult="כת", butler="משרת", janitor="שרת")
    assert words.find("והמאפיה התעוררה") == {"mafia"}
    assert words.find("קיבל מכתב") == set()
    assert words.find("התפקיד: משרת.") == {"butler"}
    assert words.find("השרת ניקה") == {"janitor"}


def test_chinese_longer_terms_win() -> None:
    words = lexicon("zh-Hant", werewolf="狼人", wolves="狼人陣營")
    assert words.find("狼人陣營獲勝") == {"wolves"}
    assert words.find("狼人請睜眼") == {"werewolf"}


def test_han_numerals() -> None:
    assert [han_number(t) for t in ("三", "十", "十二", "二十", "二十一", "兩")] == [3, 10, 12, 20, 21, 2]
    assert han_number("百") is None
    assert han_number("") is None


def test_seats_by_name_and_number_in_each_language() -> None:
    en = SeatFinder("en", ["Alice", "Ben", "Clara"], [r"(?:seat|player|#)\s*(\d+)"], strangers=["Frank"])
    assert en.seats("Alice and seat 3 wake up") == {0, 2}
    assert en.unknown("seat 7 and Frank") == ["#7", en.unknown("Frank")[0]]
    assert en.mismatched("Alice (seat 2) wakes up") and not en.mismatched("Alice (seat 1) wakes up")
    zh = SeatFinder("zh-Hant", ["P1", "P11", "阿明"], [r"(\d+)\s*號", r"([一二三四五六七八九十兩]+)\s*號"])
    assert zh.seats("11號P11出局") == {1}
    assert zh.seats("三號阿明") == {2}
    ar = SeatFinder("ar", ["علي", "مريم"], [r"(?:رقم|اللاعب)\s*(\d+)"])
    assert ar.seats("تعرّفوا على بعضكم") == set()
    assert ar.seats("ولعلي سرّ، واللاعب ٢ يعرفه") == {0, 1}
    he = SeatFinder("he", ["אבי", "אביב"], [r"(?:מס'?|מספר)\s*(\d+)"])
    assert he.seats("לאביב יש סוד") == {1}
    assert he.seats("מס׳ 1 מת") == {0}


def test_sentences_keep_decimals_and_split_every_script() -> None:
    assert sentences("A 1.5 vote. Then B! 天黑請閉眼。狼人請睜眼。 بدأ؟ نعم") == [
        "A 1.5 vote.",
        "Then B!",
        "天黑請閉眼。",
        "狼人請睜眼。",
        "بدأ؟",
        "نعم",
    ]
