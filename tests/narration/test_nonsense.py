"""The nonsense checks of the model narrator: real lines of the embedded model are refused, good lines pass.

The refused lines were said by gemma-3-270m as the llm narrator of heuristic games
(``bench/narration_model.py``) and passed the checker before these checks; the good lines
are model lines of the same games that retell their fact, and the template narrator's own lines.
"""

from __future__ import annotations

import pytest

from llm_werewolf.narration import TemplateNarrator
from llm_werewolf.narration.checker import NarrationChecker
from llm_werewolf.narration.public import PublicFacts
from llm_werewolf.rules import get_ruleset

from .support import RULESETS, languages, random_game

RU = ("city_mafia", "ru", ("Алексей", "Мария", "Дмитрий", "Анна", "Сергей", "Ольга", "Иван"))
AR_LB = ("lebanese_ghouls", "ar-LB", ("جورج", "ريتا", "خليل", "نادين", "طوني", "ماريا", "سمير"))
AR = ("one_night", "ar", ("أحمد", "فاطمة", "يوسف", "مريم", "عمر", "ليلى"))
ZH = ("chinese_werewolf", "zh-Hant", ("阿明", "小美", "志偉", "淑芬", "家豪", "怡君", "俊傑"))
EN = ("city_mafia", "en", ("Alice", "Ben", "Clara", "David", "Emma", "Frank", "Grace"))
TABLES = {"ru": RU, "ar-LB": AR_LB, "ar": AR, "en": EN, "zh-Hant": ZH}

# (language, fact, the model's line, the moments told before as (fact, shown line), the code it is refused for)
REFUSED = [
    (
        "ru",
        "В городе наступает ночь. Все засыпают.",
        "Начиная с первого дня, ты пересказываешь все эти предложения по-русски…",
        (),
        "meta_talk",
    ),
    (
        "ru",
        "Алексей (№1) выставляет Марию (№2). Принято.",
        "Изначально, я хотел сказать: Ольгу (№2) — это Ольгу (№1). Принимаю.",
        (),
        "chatter",
    ),
    (
        "ru",
        "Алексей (№1) выставляет Марию (№2). Принято.",
        "Изначально, я хотел сказать: Ольгу (№2) — это Ольгу (№1). Принимаю.",
        (),
        "seat_numbers",
    ),
    (
        "ru",
        "Ольга (№6) выставляет на голосование Марию (№2). Кандидатура принята.",
        "Ольга (№6) выставляет на голосование Мария (№2). Принималось.",
        (),
        "chatter",
    ),
    (
        "ru",
        "Обсуждение открывает Алексей (№1). Каждый говорит по очереди и может выставить одну кандидатуру.",
        "Алексей, Сергей, Иван, Алексей.",
        (),
        "name_list",
    ),
    (
        "ru",
        "В городе наступает утро! Маски снимаем, глаза открываем — посмотрим, кто с нами.",
        "Наступает Ночь. Город засыпает.",
        (),
        "contradicts_fact",
    ),
    (
        "ru",
        "Ночь 2.",
        "Город голосует против Марии (№2).",
        (("По итогам голосования город покидает Мария (№2).", "Город голосует против Марии (№2)."),),
        "stale",
    ),
    (
        "ar-LB",
        "ورجعت البصّارة فاقت عالسّكت... فنجانها بإيدها وعينها عَ لاعب. اختاري يا بصّارة مين شاكّي فيه!",
        "قولت لك يا بصّارة ما فيش، فجأة عينيها بـا، فجأة عينيها بـا، فجأة عينيها بـا",
        (),
        "repeats_itself",
    ),
    (
        "ru",
        "Шериф засыпает. Спасибо.",
        "Шериф,",
        (),
        "unfinished",
    ),
    (
        "ru",
        "Подсчёт голосов: Мария (№2) — 3, Алексей (№1) — 2, Анна (№4) — 1. Большинство — против Марии (№2).",
        "Подсчёт голосов: Алексей (№1) — 2, Мария (№2) — 1, Анна (№4) — 0.",
        (),
        "adds_number",
    ),
    ("ru", "Первая ночь.", "Гаснет.", (), "fragment"),
    (
        "ru",
        "Голосуем: Алексей (№1). Кто за то, чтобы он покинул игру?",
        "Алексей (№1) (не согласен — на голоса государыни) (забывает: Я хотел бы сказать тебе о самом большом, "
        "но не могу с ним…).",
        (),
        "chatter",
    ),
    ("zh-Hant", "好。盜賊請閉眼。", "好。盜賊請睜眼。", (), "contradicts_fact"),
    ("zh-Hant", "天黑請閉眼。", "我正在準備下個故事。", (), "meta_talk"),
    ("zh-Hant", "天黑請閉眼。", "我一直以為最後一盞燈熄滅了。", (), "chatter"),
    (
        "en",
        "On the vote: David (seat 4). Who wants them out of the game?",
        "We vote on David (seat 4) (seat 2). Who wants them out of the game?",
        (),
        "seat_numbers",
    ),
    (
        "ar",
        "أيها المستذئبون، افتحوا أعينكم. من كان منكم وحيدًا فله أن ينظر إلى بطاقة واحدة من الوسط.",
        "أيها المستذئبون، منكم أنت وأنتون، من كان منكم وحيدًا فله أن ينظر إلى بطاقة واحدة من الوسط.",
        (
            (
                "أيها المستذئبون، افتحوا أعينكم وتعرّفوا على بعضكم.",
                "أيها المستذئبون، منكم أنت وأنتون. من كان منكم وحيدًا فله أن ينظر إلى بطاقة واحدة من الوسط.",
            ),
        ),
        "stale",
    ),
    (
        "ar",
        "ليلة واحدة فقط، ونقاش واحد، وتصويت واحد. احفظوا بطاقاتكم، وأغمضوا أعينكم جميعًا: لقد حلّ الليل.",
        "ينطفئ آخر مصباح، وتحسسهم في السرير، وتصفحهم طويلاً، ثم يغيبوا كلّما كان من بين أقدامهم، حتى يغيبوا، "
        "في الوقت الذي يغيب فيه آخر مصباح، حتى يغيبوا، حتى يغيبوا، حتى يغيبوا.",
        (),
        "repeats_itself",
    ),
    (
        "ar",
        "كفى كلامًا. عند العدّ إلى ثلاثة، أشيروا جميعًا في اللحظة نفسها إلى لاعب آخر: واحد، اثنان، ثلاثة!",
        "انتهى دوري، استقظوا جميعًا!",
        (),
        "chatter",
    ),
    (
        "ar-LB",
        "اللّيلة رقم 4.",
        "كان يبيح حَكَم اللعبة بـنادين (رقم 4).",
        (("الأصوات متعادلة بين نادين (رقم 4) وطوني (رقم 5).", "كان يبيح حَكَم اللعبة بـنادين (رقم 4)."),),
        "stale",
    ),
]

# (language, fact, a model line that retells it and must pass)
PASSED = [
    ("ru", "Просыпается Шериф.", "Тишина за столом. Просыпается Шериф."),
    ("ar", "أغمضوا أعينكم أيها المستذئبون.", "أيها المستذئبون، أغمضوا أعينكم جميعًا."),
    ("zh-Hant", "天亮了，所有人睜眼。（法官環視全場。）", "天亮了，所有人都睜眼。"),
    ("en", "The Sheriff wakes up. No words now, only gestures.", "The Sheriff wakes up. No words now, only gestures."),
    (
        "ar",
        "أيها التابع، افتح عينيك. أيها المستذئبون، ارفعوا إبهامكم ليعرفكم التابع، وأبقوا أعينكم مغمضة.",
        "أيها المستذئبون، ارفعوا إبهامكم ليعرفكم التابع، وأبقوا أعينكم مغمضة.",
    ),
    (
        "ru",
        "Кандидатура принята: Алексей (№1) выставляет Дмитрия (№3).",
        "Алексей (№1) выставляет Дмитрия (№3). Принято.",
    ),
    (
        "ru",
        "Подсчёт голосов: Дмитрий (№3) — 3, Иван (№7) — 1, Алексей (№1) — 0. Большинство — против Дмитрия (№3).",
        "Подсчёт голосов: Дмитрий (№3) — 3, Иван (№7) — 1, Алексей (№1) — 0. Большинство — против Дмитрия (№3).",
    ),
    ("ru", "В городе наступает утро! Город просыпается: снимаем маски.", "Город просыпается: снимаем маски."),
    (
        "ar-LB",
        "خلص العدّ: نادين (رقم 4): 2، خليل (رقم 3): 1. الضيعة اختارت: نادين (رقم 4).",
        "خلص العدّ: نادين (رقم 4): 2، خليل (رقم 3): 1. الضيعة اختارت: نادين (رقم 4).",
    ),
    (
        "ar-LB",
        "سمعتوا هالصوت؟ هيدي خطوات الغيلان بين البيوت... فيقوا يا غيلان، واختاروا فريستكن!",
        "سمعت هالصوت؟ هيدي خطوات الغيلان بين البيوت. فيقوا يا غيلان.",
    ),
]

NONSENSE = {
    "meta_talk",
    "chatter",
    "seat_numbers",
    "prompt_fragment",
    "markup",
    "name_list",
    "repeats_itself",
    "stale",
    "contradicts_fact",
    "unfinished",
    "adds_number",
    "fragment",
}


def checker_for(language: str) -> tuple[NarrationChecker, PublicFacts]:
    variant, _, names = TABLES[language]
    return NarrationChecker(variant, language, names), PublicFacts(roles_known=frozenset(get_ruleset(variant).roles))


@pytest.mark.parametrize(("language", "fact", "line", "told", "code"), REFUSED)
def test_real_nonsense_is_refused(
    language: str, fact: str, line: str, told: tuple[tuple[str, str], ...], code: str
) -> None:
    checker, facts = checker_for(language)
    spoken = [f for f, _ in told] + [fact]
    verdict = checker.check(line, facts, spoken, fact, history=told)
    assert code in verdict.codes(), str(verdict)


@pytest.mark.parametrize(("language", "fact", "line"), PASSED)
def test_good_model_lines_pass(language: str, fact: str, line: str) -> None:
    checker, facts = checker_for(language)
    verdict = checker.check(line, facts, [fact], fact)
    assert verdict.ok, str(verdict)


@pytest.mark.parametrize(("variant", "language"), [(v, lang) for v in RULESETS for lang in languages(v)])
def test_template_lines_retold_as_said_are_no_nonsense(variant: str, language: str) -> None:
    """Every line the template narrator says in a seeded game, retold word for word, has no nonsense code,
    and the moments before it, told as the template told them, do not make it stale."""
    game = random_game(variant, 1, language)
    names = list(game.config.names)
    narrator = TemplateNarrator(variant, language, names)
    checker = NarrationChecker(variant, language, names, narrator.pack)
    told: list[tuple[str, str]] = []
    for record in game.records:
        line = narrator.line_for(record)
        if line is None or not line.text:
            continue
        problems = checker.nonsense.problems(line.text, line.text, [], told)
        assert not problems, f"{line.key}: {line.text} -> {problems}"
        told.append((line.text, line.text))


def test_a_name_labelled_with_its_own_number_twice_passes() -> None:
    checker, _ = checker_for("ru")
    assert checker.nonsense.problems("Ольга (№6) смотрит на Марию (№2), и Ольга (№6) молчит.") == []
    assert checker.nonsense.problems("Ольгу (№2) — это Ольгу (№1).") == ["seat_numbers: seat 6 labelled #1 and #2"]
    zh = NarrationChecker("chinese_werewolf", "zh-Hant", ["阿明", "小美", "志偉"])
    assert zh.nonsense.problems("2號小美和3號志偉都醒著。") == []
    assert zh.nonsense.problems("3號2號小美醒著。") == ["seat_numbers: seat 2 labelled #2 and #3"]


def test_a_line_shown_before_that_retells_this_fact_is_not_stale() -> None:
    checker, _ = checker_for("ru")
    told = [("Мафия засыпает.", "Мафия засыпает.")]
    assert checker.nonsense.problems("Мафия засыпает.", "Мафия засыпает. Спасибо.", [], told) == []
    assert checker.nonsense.problems("Мафия засыпает.", "День 2.", [], told) == ["stale: Мафия засыпает."]


def test_a_day_and_its_number_is_no_fragment() -> None:
    checker, _ = checker_for("ru")
    assert checker.nonsense.problems("День 2.", "День 2. Город просыпается.") == []
    assert checker.nonsense.problems("Гаснет.", "Первая ночь.") == ["fragment: Гаснет."]


def test_a_word_the_fact_says_is_no_chatter() -> None:
    checker, _ = checker_for("ru")
    assert checker.nonsense.problems("Принято: Алексей (№1) выставляет Дмитрия (№3).", fact="Принято.") == []
    assert checker.nonsense.problems("Принято: Алексей (№1) выставляет Дмитрия (№3).", fact="День 2.") == [
        "chatter: принят*"
    ]


def test_every_language_has_the_word_lists() -> None:
    for variant in RULESETS:
        for language in languages(variant):
            lists = TemplateNarrator(variant, language, ["A", "B", "C"]).pack.checker
            for key in ("meta_words", "chatter_words", "prompt_labels", "opposites"):
                assert lists.get(key), f"{language}/{variant}: checker.{key}"


def test_nonsense_codes_have_a_reason_in_every_language() -> None:
    from llm_werewolf.prompting.packs import search_roots
    from llm_werewolf.prompting.say import words_for

    for language in ("en", "ru", "ar", "ar-LB", "he", "zh-Hant"):
        reasons = words_for(search_roots(()), language).table("narrator.refusals")
        assert set(reasons) >= NONSENSE, f"{language}: {sorted(NONSENSE - set(reasons))}"
