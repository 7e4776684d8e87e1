"""The llm-mode checker: narrations holding hidden facts are refused, narrations of public facts pass."""

from __future__ import annotations

from typing import Any

import pytest

from llm_werewolf.narration import TemplateNarrator
from llm_werewolf.narration.checker import NarrationChecker, check_narration, common_words
from llm_werewolf.narration.public import PublicFacts
from llm_werewolf.rules import Game, GameConfig, Record, get_ruleset, make_record
from llm_werewolf.rules.events import (
    PUBLIC,
    AnnouncedDeath,
    DeathsAnnounced,
    GameEnded,
    GameStarted,
    PhaseStarted,
    RolesRevealed,
    Speech,
    StatusChanged,
)
from llm_werewolf.texts import default_names, terms

from .support import RULESETS, languages, random_game

CASES = [(variant, language) for variant in RULESETS for language in languages(variant)]
NEUTRAL = {
    "en": "The wind howls through the empty streets, and every heart beats a little faster.",
    "ru": "Ветер гуляет по пустым улицам, и сердца бьются чуть быстрее.",
    "zh-Hant": "夜風吹過空蕩蕩的街道，每個人的心跳都快了一些。",
    "ar": "تعصف الريح في الشوارع الخالية، وتتسارع دقات القلوب.",
    "ar-LB": "الهوا عم يصفّر بالزواريب الفاضية، والقلوب عم تدقّ أسرع.",
    "he": "הרוח מייללת ברחובות הריקים, וכל לב פועם קצת מהר יותר.",
}


class Table:
    """A seeded game stopped at the start of day 1, with the checker and public facts of that moment."""

    def __init__(self, variant: str, language: str, seed: int = 1) -> None:
        self.variant = variant
        self.language = language
        self.game = random_game(variant, seed, language, names=default_names(language, 20))
        self.names = list(self.game.config.names)
        self.template = TemplateNarrator(variant, language, self.names)
        self.checker = NarrationChecker(variant, language, self.names)
        day = next(
            i for i, r in enumerate(self.game.records) if isinstance(r.event, PhaseStarted) and r.event.phase == "day"
        )
        self.records = self.game.records[: day + 1]
        self.facts = self.facts_of(self.records)
        self.vocabulary: dict[str, Any] = terms(language, variant)
        self.pack = self.template.pack

    def facts_of(self, records: list[Record]) -> PublicFacts:
        facts = PublicFacts(roles_known=frozenset(get_ruleset(self.variant).roles))
        facts.extend(records)
        return facts

    def label(self, seat: int) -> str:
        return self.template.seat_label(seat)

    def role(self, role: str) -> str:
        return str(self.vocabulary["roles"][role])


@pytest.mark.parametrize(("variant", "language"), CASES)
def test_a_hidden_card_is_refused(variant: str, language: str) -> None:
    table = Table(variant, language)
    _, plain = common_words(variant)  # the plain card (villager...) is refused too, in its singular form
    state = table.game.state
    hidden = [
        s.index
        for s in state.seats
        if s.role not in table.facts.roles.get(s.index, set()) and s.index not in table.facts.dead
    ]
    assert any(state.seats[i].role != plain for i in hidden)
    for seat in hidden:
        text = f"{table.label(seat)}: {table.role(state.seats[seat].role)}."
        verdict = table.checker.check(text, table.facts)
        assert "role_not_public" in verdict.codes(), (text, verdict)


@pytest.mark.parametrize(("variant", "language"), CASES)
def test_an_unannounced_death_is_refused(variant: str, language: str) -> None:
    table = Table(variant, language)
    living = [i for i in range(len(table.names)) if table.facts.alive(i)]
    word = table.pack.checker["death_words"][0]
    verdict = table.checker.check(f"{table.label(living[0])} {word}.", table.facts)
    assert "death_not_public" in verdict.codes(), verdict
    dead = [i for i in range(len(table.names)) if not table.facts.alive(i)]
    for seat in dead:
        assert "death_not_public" not in table.checker.check(f"{table.label(seat)} {word}.", table.facts).codes()


@pytest.mark.parametrize(("variant", "language"), CASES)
def test_a_seat_that_does_not_exist_is_refused(variant: str, language: str) -> None:
    table = Table(variant, language)
    from llm_werewolf.prompting.environment import string_template

    stranger = string_template(table.template.roots, table.pack.seat_label).render(
        name=table.names[0], number=len(table.names) + 5
    )
    assert "unknown_seat" in table.checker.check(f"{stranger}.", table.facts).codes()
    unseated = default_names(language, 20)[len(table.names)]
    assert "unknown_seat" in table.checker.check(f"{unseated}.", table.facts).codes()


@pytest.mark.parametrize(("variant", "language"), CASES)
def test_a_result_before_the_end_is_refused_and_after_it_accepted(variant: str, language: str) -> None:
    table = Table(variant, language)
    word = table.pack.checker["victory_words"][0]
    side = next(iter(get_ruleset(variant).sides))
    side_name = table.vocabulary["sides"][side]
    text = f"{side_name} {word}!"
    assert "result_not_public" in table.checker.check(text, table.facts).codes()
    ended = table.facts_of(
        [*table.records, make_record(999, "end", PUBLIC, GameEnded(winners=(0,), sides=(side,), reason="x"))]
    )
    assert "result_not_public" not in table.checker.check(text, ended).codes()
    other = [s for s in get_ruleset(variant).sides if s != side and table.vocabulary["sides"][s] != side_name]
    if other:
        wrong = f"{table.vocabulary['sides'][other[0]]} {word}!"
        assert "result_not_public" in table.checker.check(wrong, ended).codes()


@pytest.mark.parametrize(("variant", "language"), CASES)
def test_plain_atmosphere_and_template_lines_pass(variant: str, language: str) -> None:
    table = Table(variant, language)
    assert table.checker.check(NEUTRAL[language], table.facts).ok
    spoken: list[str] = []
    facts = table.facts_of([])
    for record in table.game.records:
        facts.add(record)
        line = table.template.line_for(record)
        if line is None:
            continue
        spoken.append(line.text)
        verdict = table.checker.check(line.text, facts, spoken, line.text)
        assert verdict.ok, (line.key, line.text, verdict)


@pytest.mark.parametrize(("variant", "language"), CASES)
def test_a_wrong_language_is_refused(variant: str, language: str) -> None:
    table = Table(variant, language)
    other = "ru" if language != "ru" else "en"
    assert "wrong_language" in table.checker.check(NEUTRAL[other], table.facts).codes()


# -- the secrecy rules of each ruleset ---------------------------------------------------------------


def facts_for(variant: str, names: list[str], *events: Any) -> PublicFacts:
    facts = PublicFacts(roles_known=frozenset(get_ruleset(variant).roles))
    facts.add(make_record(0, "setup", PUBLIC, GameStarted(variant=variant, language="", names=tuple(names), deck=())))
    for seq, event in enumerate(events, start=1):
        facts.add(make_record(seq, "day:1", PUBLIC, event))
    return facts


NAMES_RU = list(default_names("ru", 10))
NAMES_EN = list(default_names("en", 10))


def test_city_mafia_one_victim_keeps_the_killer_secret() -> None:
    checker = NarrationChecker("city_mafia", "ru", NAMES_RU)
    one = facts_for("city_mafia", NAMES_RU, DeathsAnnounced(deaths=(AnnouncedDeath(2, None, None),)))
    victim = NAMES_RU[2]
    assert checker.check(f"Этой ночью {victim} покинул город.", one).ok
    assert "role_not_public" in checker.check(f"Этой ночью {victim} убит мафией.", one).codes()
    assert "role_not_public" in checker.check(f"{victim} пал от руки Маньяка.", one).codes()
    two = facts_for(
        "city_mafia",
        NAMES_RU,
        DeathsAnnounced(deaths=(AnnouncedDeath(2, "mafia", None), AnnouncedDeath(5, "maniac", None))),
    )
    assert checker.check(f"Этой ночью {victim} убит мафией. {NAMES_RU[5]} стал жертвой Маньяка.", two).ok
    # one sentence ties every seat it names to every role it names: refused, the safe way
    assert not checker.check(f"{victim} убит мафией, а {NAMES_RU[5]} стал жертвой Маньяка.", two).ok
    assert "role_not_public" in checker.check(f"{NAMES_RU[5]} убит мафией.", two).codes()


def test_city_mafia_roles_stay_hidden_except_the_maniacs() -> None:
    checker = NarrationChecker("city_mafia", "en", NAMES_EN)
    facts = facts_for(
        "city_mafia",
        NAMES_EN,
        DeathsAnnounced(deaths=(AnnouncedDeath(1, "vote", None),), moment="vote"),
        DeathsAnnounced(deaths=(AnnouncedDeath(4, "vote", "maniac"),), moment="vote"),
    )
    assert "role_not_public" in checker.check(f"{NAMES_EN[1]} was the Sheriff.", facts).codes()
    assert checker.check(f"{NAMES_EN[4]} was the Maniac all along.", facts).ok


def test_chinese_werewolf_night_causes_stay_secret() -> None:
    names = list(default_names("zh-Hant", 9))
    checker = NarrationChecker("chinese_werewolf", "zh-Hant", names)
    facts = facts_for("chinese_werewolf", names, DeathsAnnounced(deaths=(AnnouncedDeath(3, None, None),)))
    assert checker.check(f"昨晚{names[3]}倒在了血泊中。", facts).ok
    assert "role_not_public" in checker.check(f"昨晚{names[3]}被毒死了。", facts).codes()
    assert "role_not_public" in checker.check(f"{names[3]}被女巫帶走了。", facts).codes()
    assert "role_not_public" in checker.check(f"{names[3]}殉情了。", facts).codes()


def test_chinese_werewolf_sheriff_is_public_lovers_are_not() -> None:
    names = list(default_names("en", 9))
    checker = NarrationChecker("chinese_werewolf", "en", names)
    facts = facts_for("chinese_werewolf", names, StatusChanged(seat=2, status="sheriff", value="on"))
    assert checker.check(f"{names[2]} wears the Sheriff's badge proudly.", facts).ok
    assert "role_not_public" in checker.check(f"{names[4]} and {names[5]} are the Lovers.", facts).codes()


def test_lebanese_ghouls_lovers_are_secret_but_announced_causes_are_not() -> None:
    names = list(default_names("ar-LB", 9))
    checker = NarrationChecker("lebanese_ghouls", "ar-LB", names)
    facts = facts_for(
        "lebanese_ghouls",
        names,
        DeathsAnnounced(deaths=(AnnouncedDeath(1, "ghouls", None), AnnouncedDeath(2, "poison", None))),
    )
    assert checker.check(f"أكلوا الغيلان {names[1]} بعتمة الليل.", facts).ok
    assert checker.check(f"السّاحرة سمّمت {names[2]}.", facts).ok
    assert "role_not_public" in checker.check(f"{names[1]} كان غول.", facts).codes()
    assert "role_not_public" in checker.check(f"{names[4]} و{names[5]} هنّي الحبيبين.", facts).codes()


def test_online_mafia_a_hidden_role_stays_hidden_and_a_shown_role_may_be_said() -> None:
    names = list(default_names("he", 10))
    checker = NarrationChecker("online_mafia", "he", names)
    facts = facts_for(
        "online_mafia",
        names,
        DeathsAnnounced(deaths=(AnnouncedDeath(1, "butcher", None), AnnouncedDeath(2, "mafia", "doctor"))),
    )
    assert "role_not_public" in checker.check(f"{names[1]} היה הרופא.", facts).codes()
    assert checker.check(f"{names[2]} היה הרופא של העיירה.", facts).ok


def test_one_night_cards_are_secret_until_they_are_turned_over() -> None:
    names = list(default_names("ar", 6))
    checker = NarrationChecker("one_night", "ar", names)
    facts = facts_for("one_night", names)
    text = f"{names[3]} هو المستذئب."
    assert "role_not_public" in checker.check(text, facts).codes()
    cards = ("werewolf", "seer", "robber", "werewolf", "villager", "tanner")
    facts.add(make_record(9, "end", PUBLIC, RolesRevealed(roles=cards, start_roles=cards, extra=())))
    assert checker.check(text, facts).ok


def test_a_narration_may_not_repeat_a_speech_nor_speak_for_a_player() -> None:
    checker = NarrationChecker("city_mafia", "en", NAMES_EN)
    speech = "I swear on my life that David is the don, vote him out tonight"
    facts = facts_for("city_mafia", NAMES_EN, Speech(seat=0, text=speech))
    assert "quotes_speech" in checker.check("Someone said: I swear on my life that David is nothing.", facts).codes()
    assert "speaks_for_player" in checker.check(f"{NAMES_EN[1]}: the night was long.", facts).codes()
    assert checker.check("A long speech echoes around the table.", facts).ok


def test_a_narration_keeps_the_facts_it_retells() -> None:
    checker = NarrationChecker("city_mafia", "en", NAMES_EN)
    facts = facts_for("city_mafia", NAMES_EN)
    fact = f"{NAMES_EN[0]} (seat 1) nominates {NAMES_EN[3]} (seat 4)."
    assert "omits_fact" in checker.check(f"{NAMES_EN[0]} points across the table.", facts, [fact], fact).codes()
    assert checker.check(f"{NAMES_EN[0]} points at {NAMES_EN[3]}.", facts, [fact], fact).ok
    call = "The Sheriff wakes up."
    assert "adds_fact" in checker.check("The Sheriff and the Don wake up.", facts, [call], call, call=True).codes()
    assert "omits_fact" in checker.check("Someone wakes up.", facts, [call], call, call=True).codes()
    mixed = f"{NAMES_EN[0]} (seat 2) nominates {NAMES_EN[3]} (seat 4)."
    assert "unknown_seat" in checker.check(mixed, facts, [fact], fact).codes()


def test_check_narration_reads_only_public_records() -> None:
    game = Game(GameConfig("city_mafia", tuple(NAMES_EN), seed=5))
    role = game.state.seats[0].role
    name = terms("en", "city_mafia")["roles"][role]
    verdict = check_narration(f"{NAMES_EN[0]} is the {name}.", "city_mafia", "en", NAMES_EN, game.records)
    assert "role_not_public" in verdict.codes()
    assert check_narration(f"{NAMES_EN[0]} looks at the citizens.", "city_mafia", "en", NAMES_EN, game.records).ok
