"""The grammar audit of the voiced lines (issue 16): each fix pinned, with its male and female forms.

Every phrasing of an act is voiced for a man or a woman speaking about a man or a woman (the
default seat names and their genders), and the forms read in the audit must be there, the wrong
ones nowhere. Each row failed on the line it fixes. Canned lines (``canned.yaml``) are filled
without agreement, so they are pinned to say nothing a woman and a man would say differently.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

import pytest
import yaml

from llm_werewolf.rules import Act
from llm_werewolf.speech.phrases import phrase_bank
from llm_werewolf.speech.voice import Speaker, fill, phrase_key
from llm_werewolf.texts import data_root, default_names

from .helpers import PLAYERS

VARIANT = {
    "ar": "one_night",
    "ar-LB": "lebanese_ghouls",
    "he": "online_mafia",
    "ru": "city_mafia",
    "zh-Hant": "chinese_werewolf",
}


def seats(language: str, gender: str) -> list[int]:
    """The seats (default names) of one gender, in seating order."""
    variant = VARIANT[language]
    names = default_names(language, PLAYERS[variant])
    bank = phrase_bank(language, variant)
    return [i for i, name in enumerate(names) if bank.genders.get(name) == gender]


@dataclass(frozen=True)
class Case:
    language: str
    act: Act
    """The act; target 1 and other 2 stand for the second and third seat of ``target``/``other`` gender."""
    speaker: str
    target: str = "male"
    other: str = "male"
    must: str = ""
    """Said by one of the phrasings."""
    never: str = ""
    """Said by none."""


def voiced(case: Case) -> list[str]:
    """Every phrasing of ``case.act`` filled for its speaker, target and other seat."""
    variant = VARIANT[case.language]
    names = default_names(case.language, PLAYERS[variant])
    bank = phrase_bank(case.language, variant)
    me = seats(case.language, case.speaker)[0]
    target = seats(case.language, case.target)[1] if case.act.target is not None else None
    other = seats(case.language, case.other)[2] if case.act.other is not None else None
    act = Act(case.act.kind, target=target, other=other, role=case.act.role, fact=case.act.fact, value=case.act.value)
    speaker = Speaker(seat=me, names=names, language=case.language, variant=variant)
    key = next(k for k in phrase_key(act) if k in bank.acts)
    return [fill(template, act, speaker, bank) for template in bank.acts[key]]


def claim(role: str) -> Act:
    return Act("claim", role=role)


def result(fact: str, value: str | None = None, other: bool = False) -> Act:
    return Act("result", target=1, other=2 if other else None, fact=fact, value=value)


M, F = "male", "female"

CASES: dict[str, tuple[Case, ...]] = {
    # ar (MSA, one_night): own cards of a man and a woman, a card said of a seat, the swapped cards
    "ar apprentice seer": (
        Case("ar", claim("apprentice_seer"), M, must="أنا العرّاف المتدرّب"),
        Case("ar", claim("apprentice_seer"), F, must="أنا العرّافة المتدرّبة"),
        Case("ar", Act("result", fact="woke_as", value="apprentice_seer"), M, must="ما زلت العرّاف المتدرّب."),
        Case("ar", result("saw_role", "apprentice_seer"), F, M, must="هو العرّاف المتدرّب"),
    ),
    "ar investigator": (
        Case("ar", claim("paranormal_investigator"), F, must="أنا صائدة الأشباح"),
        Case("ar", claim("paranormal_investigator"), M, must="أنا صائد الأشباح"),
    ),
    "ar a seat's card is the card's name": (
        Case("ar", result("saw_role", "seer"), M, M, must="وكانت العرّافة.", never="وكانت العرّاف."),
        Case("ar", result("saw_role", "seer"), M, F, must="هي العرّافة"),
    ),
    "ar a check said of a seat agrees with the seat": (
        Case("ar", result("saw_role", "insomniac"), F, M, must=": الأرِق.", never=": الأرِقة."),
        Case("ar", result("saw_role", "insomniac"), M, F, must=": الأرِقة."),
    ),
    "ar robbed her card from him and her": (
        Case("ar", result("robbed", "seer"), F, M, must="حتى سرقتها منه.", never="حتى سرقته."),
        Case("ar", result("robbed", "seer"), M, F, must="حتى سرقتها منها."),
    ),
    "ar swapped cards of two women and two men": (
        Case("ar", result("swapped", other=True), M, F, F, must="تبادلت ورقتا", never="تبادلا"),
        Case("ar", result("swapped", other=True), F, M, M, must="بين ورقتيكما.", never="قلبت"),
    ),
    "ar two masons": (Case("ar", result("saw_mason"), F, M, must="فكلانا من البنّائين.", never="البنّاؤون"),),
    "ar one liar (إن, not لو)": (
        Case("ar", Act("accuse", target=1), M, F, must="إن كان على هذه", never="لو كان"),
        Case("ar", Act("accuse", target=1), F, M, must="فهو يوسف."),
    ),
    # ar-LB (Lebanese, lebanese_ghouls)
    "ar-LB a ghoul, a woman and a man": (
        Case("ar-LB", result("check", "bad"), M, F, must="نتيجتي من مبارح: نادين غولة."),
        Case("ar-LB", result("check", "bad"), F, M, must="نتيجتي من مبارح: خليل غول."),
        Case("ar-LB", result("saw_wolf"), M, F, must="نادين غولة، أنا متأكّد"),
        Case("ar-LB", result("saw_wolf"), F, M, must="خليل غول، أنا متأكّدة"),
    ),
    "ar-LB the neighbour, a man and a woman": (
        Case("ar-LB", result("saw_wolf"), M, F, must="أنا الجار وشفت", never="أنا الجارة"),
        Case("ar-LB", result("saw_wolf"), F, M, must="أنا الجارة وشفت"),
    ),
    "ar-LB lovers": (Case("ar-LB", result("linked", other=True), F, F, F, must="يلّي ربطتن", never="حبيبيني"),),
    "ar-LB excuse me, a man and a woman": (
        Case("ar-LB", Act("disagree", target=1), F, M, must="لا تواخذني يا خليل", never="عفوًا"),
        Case("ar-LB", Act("disagree", target=1), M, F, must="لا تواخذيني يا نادين"),
    ),
    "ar-LB natour": (
        Case("ar-LB", claim("natour"), F, must="أنا الناطورة"),
        Case("ar-LB", claim("natour"), M, must="أنا الناطور", never="أنا الناطورة"),
    ),
    # he (online_mafia)
    "he vote against whom": (
        Case("he", Act("ask", target=1), M, F, must="נגד מי היית מצביעה", never="במי היית"),
        Case("he", Act("ask", target=1), F, M, must="נגד מי היית מצביע "),
    ),
    "he a check said of a seat agrees with the seat": (
        Case("he", result("saw_role", "doctor"), M, F, must=": רופאה.", never=": רופא."),
        Case("he", result("saw_role", "doctor"), F, M, must=": הוא רופא.", never=": רופאה."),
    ),
    "he one of these": (
        Case("he", result("investigated", "killers"), M, F, must="היא אחת מאלה", never="היא אחד"),
        Case("he", result("investigated", "killers"), F, M, must="הוא אחד מאלה"),
    ),
    "he the visitor's gender is not the target's": (
        Case("he", result("visited", other=True), M, M, F, must="ביקור של תמר", never="תמר בא"),
        Case("he", result("visited", other=True), F, F, M, must="ביקור מעומר", never="עומר באה"),
    ),
    # the discourse lines: answers, reasons and questions agree with the seat they name
    "ru first to name": (
        Case(
            "ru",
            Act("reason", target=1, other=2, fact="named_first", refs=(1,)),
            M,
            F,
            M,
            must="сегодня первой назвала",
        ),
        Case(
            "ru", Act("reason", target=1, other=2, fact="named_first", refs=(1,)), F, M, F, must="сегодня первым назвал"
        ),
    ),
    "ru answered suspect": (
        Case("ru", Act("reason", target=1, other=2, fact="accused", refs=(1,)), M, M, F, must="подозреваемой"),
        Case("ru", Act("reason", target=1, other=2, fact="accused", refs=(1,)), M, M, M, must="подозреваемым"),
    ),
    "he trusted one was straight": (
        Case("he", Act("answer", target=1, other=2, fact="trust"), M, M, F, must="הייתה ישרה איתנו"),
        Case("he", Act("answer", target=1, other=2, fact="trust"), F, F, M, must="היה ישר איתנו"),
    ),
    "ar claimed of a seat": (
        Case("ar", Act("reason", target=1, fact="claimed", role="seer", refs=(1,)), M, F, must="تقول إنّها العرّافة"),
        Case("ar", Act("reason", target=1, fact="claimed", role="seer", refs=(1,)), F, M, must="يقول إنّه العرّاف"),
    ),
    "ar-LB quiet seat": (
        Case("ar-LB", Act("reason", target=1, fact="quiet", refs=(1,)), M, F, must="ما سمّت ولا مشبوه"),
        Case("ar-LB", Act("reason", target=1, fact="quiet", refs=(1,)), F, M, must="ما سمّى ولا مشبوه"),
    ),
    "zh trusted one": (
        Case(
            "zh-Hant",
            Act("answer", target=1, other=2, fact="trust"),
            M,
            M,
            F,
            must="她的說法站得住",
            never="他的說法站得住",
        ),
        Case(
            "zh-Hant",
            Act("answer", target=1, other=2, fact="trust"),
            F,
            F,
            M,
            must="他的說法站得住",
            never="她的說法站得住",
        ),
    ),
    "he blocked by me": (Case("he", result("blocked"), F, F, must="על ידיי בלילה", never="על ידי בלילה"),),
    "he that is suspicious": (  # "always quiet when it matters" asserted a fact nobody checked: gone
        Case("he", Act("accuse", target=1), M, F, must="מדאיגה אותי הכי הרבה", never="כשזה חשוב"),
        Case("he", Act("accuse", target=1), F, M, must="מדאיג אותי הכי הרבה", never="כשזה חשוב"),
    ),
    "he women's cards": (
        Case("he", claim("tracker"), F, must="אני גששית"),
        Case("he", claim("janitor"), F, must="אני שרתת"),
        Case("he", claim("werewolf"), F, must="אני אשת זאב"),
        Case("he", claim("werewolf"), M, must="אני איש זאב"),
    ),
    # ru (city_mafia)
    "ru sees it like her": (Case("ru", Act("agree", target=1), M, F, must="так же, как Анна.", never="Как и "),),
    "ru she talks sense": (Case("ru", Act("agree", target=1), M, F, must="Анна дело говорит", never="замечание от"),),
    "ru immortal": (
        Case("ru", claim("immortal"), F, must="я Бессмертная"),
        Case("ru", claim("immortal"), M, must="я Бессмертный"),
    ),
    "ru check colours": (
        Case("ru", result("check", "bad"), M, F, must="Анну этой ночью: чёрная, это мафия."),
        Case("ru", result("check", "bad"), F, M, must="Дмитрия этой ночью: чёрный, это мафия."),
        Case("ru", result("check", "good"), M, F, must="Анну этой ночью: красная, мирная."),
        Case("ru", result("check", "good"), F, M, must="Дмитрия этой ночью: красный, мирный."),
    ),
    "ru clean, the short form": (
        Case("ru", Act("defend", target=1), M, F, must="Анна для меня чиста."),
        Case("ru", Act("defend", target=1), F, M, must="Дмитрий для меня чист."),
    ),
    "ru blocked, a comma": (
        Case("ru", result("blocked"), F, F, must="Я навестила Анну, и она никуда не ходила."),
        Case("ru", result("blocked"), M, M, must="Я навестил Дмитрия, и он никуда не ходил."),
    ),
}


@pytest.mark.parametrize("name", sorted(CASES))
def test_audited_line_agrees(name: str) -> None:
    for case in CASES[name]:
        texts = voiced(case)
        if case.must:
            assert any(case.must in text for text in texts), (name, case, texts)
        if case.never:
            assert not any(case.never in text for text in texts), (name, case, texts)


def _phrasings(data: object) -> list[str]:
    if isinstance(data, dict):
        return [s for value in data.values() for s in _phrasings(value)]
    if isinstance(data, list):
        return [s for value in data for s in _phrasings(value)]
    return [data] if isinstance(data, str) else []


def test_no_verb_about_the_other_seat_agrees_with_the_target() -> None:
    """``{t:}`` follows the target: a verb right after ``{other}`` would take the target's gender (he had three)."""
    for path in data_root("prompts").glob("*/*/phrases.yaml"):
        data = yaml.safe_load(path.read_text(encoding="utf-8"))
        for text in _phrasings(data.get("acts", {})):
            assert not re.search(r"\{other(:[a-z]+)?\}\s*\{t:", text), (path, text)


CANNED_NEVER = {
    # forms a woman or a man cannot both say, and Russian names in a case the template cannot decline
    "ar": ["بريء", "متأكد", "يتهرّب", "أنا العرّافة", "أنا المشاغبة", "أنا الأرِقة", "أنا اللص", "أنا بنّاء", "صوّت معي"],
    "ar-LB": ["حاسس", "بريء", "عم يتهرّب", "كان فايق", "أنا فلّاح", "متل أيّ فلّاح", "$target غول"],
    "he": ["מסתכל", "אני חושב", "$target מתחמק כל", "חף מפשע"],
    "ru": ["Проверил", "я проверил", "Уверен", "Я мирный", "Я чист", "его.", "к $target", "за $target"],
    "zh-Hant": ["身份"],
}


@pytest.mark.parametrize("language", sorted(CANNED_NEVER))
def test_canned_lines_are_the_same_for_a_woman_and_a_man(language: str) -> None:
    for path in (data_root("prompts") / language).glob("*/canned.yaml"):
        for text in _phrasings(yaml.safe_load(path.read_text(encoding="utf-8"))):
            for word in CANNED_NEVER[language]:
                assert word not in text, (path, text, word)
