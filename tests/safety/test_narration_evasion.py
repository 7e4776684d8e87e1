"""The narrator checker refuses the evasion corpus in every ruleset and language, and still lets
public facts and plain atmosphere through."""

from __future__ import annotations

import pytest

from llm_werewolf.narration.checker import NarrationChecker
from llm_werewolf.narration.evasion import SeatNumbers, readings
from llm_werewolf.narration.packs import load_pack
from tests.battery.narration_evasion import (
    RULESETS,
    all_pairs,
    day_one,
    lines,
    run,
    run_indirect,
    template_refusals,
)


@pytest.mark.parametrize(("variant", "language"), all_pairs())
def test_every_evasive_line_is_refused(variant: str, language: str) -> None:
    result = run(variant, language, targets=1)
    assert result.total >= 100
    assert result.accepted == 0, result.examples


@pytest.mark.parametrize(("variant", "language"), [("one_night", "en"), ("city_mafia", "ru")])
def test_the_corpus_states_secrets_the_table_was_not_shown(variant: str, language: str) -> None:
    moment = day_one(variant, language)
    corpus = list(lines(variant, language, moment, targets=1))
    seat = corpus[0][0]
    assert moment.alive[seat] and seat not in moment.facts.roles
    # the same sentence about a seat whose card the table saw would be a public fact: the checker is not
    # refusing lines merely for naming a role
    checker = NarrationChecker(variant, language, moment.names)
    facts = moment.facts
    facts.roles[seat] = {moment.roles[seat]}
    plain = next(text for s, text in corpus if s == seat)
    assert checker.check(plain, facts, moment.spoken).ok, plain


def test_readings_undo_the_usual_disguises() -> None:
    seen = readings("A-l-i-c-e is the S\u200be\u200be\u200br, the \u202eоrасlе\u202c", "en")
    assert any("alice is the seer" in r for r in seen)
    assert any("oracle" in r for r in seen)
    assert any("к алексей" in r for r in readings("к А л е к с е й", "ru"))
    assert any("werewolf 牌" in r for r in readings("拿的是W e r e w o l f牌", "zh-Hant"))


@pytest.mark.parametrize(
    ("language", "text", "seat"),
    [
        ("en", "the second player", 1),
        ("en", "player number three", 2),
        ("en", "two players", None),
        ("ru", "второй игрок", 1),
        ("ru", "игрок номер три", 2),
        ("ar", "اللاعب الثاني", 1),
        ("he", "השחקן השני", 1),
        ("zh-Hant", "玩家二", 1),
        ("zh-Hant", "兩名玩家", None),
    ],
)
def test_seats_named_by_number_words(language: str, text: str, seat: int | None) -> None:
    variant = "chinese_werewolf" if language == "zh-Hant" else "one_night"
    numbers = SeatNumbers(language, load_pack(language, variant).checker, 9)
    assert numbers.seats(text) == (set() if seat is None else {seat})


def test_the_indirect_corpus_is_refused_but_for_at_most_five_percent() -> None:
    results = [run_indirect(variant) for variant in RULESETS]
    total, accepted = sum(r.total for r in results), sum(r.accepted for r in results)
    assert total >= 500
    assert accepted <= 0.05 * total, [line for r in results for line in r.examples]


@pytest.mark.parametrize(
    ("variant", "seed", "role", "line"),
    [
        ("chinese_werewolf", 1, "seer", "{name} is the one who sees in the dark."),
        ("chinese_werewolf", 1, "seer", "{name} is la voyante."),
        ("chinese_werewolf", 1, "werewolf", "{name}? A were-wolf, no doubt."),
        ("chinese_werewolf", 1, "seer", "The player whose name starts with {initial} is the Seer."),
        ("chinese_werewolf", 1, "seer", "Look to the left of {neighbour}: the Seer sits there."),
        ("one_night", 2, "troublemaker", "{name} is the trouble maker."),
    ],
)
def test_the_reported_evasions_are_refused(variant: str, seed: int, role: str, line: str) -> None:
    moment = day_one(variant, "en", seed)
    seat = next(s for s, card in enumerate(moment.roles) if card == role and s not in moment.facts.roles)
    text = line.format(name=moment.names[seat], initial=moment.names[seat][0], neighbour=moment.names[seat - 1])
    checker = NarrationChecker(variant, "en", moment.names)
    assert "role_not_public" in checker.check(text, moment.facts, moment.spoken).codes(), text


@pytest.mark.parametrize(("variant", "language"), all_pairs())
def test_template_narration_is_never_refused(variant: str, language: str) -> None:
    total, refused = template_refusals(variant, language, seeds=(3,))
    assert total >= 15
    assert refused == []
