"""Setups, validation, declared decision kinds and texts (online_mafia)."""

from __future__ import annotations

import pytest

from llm_werewolf.rules import GameState, Seat, SetupError, get_ruleset
from llm_werewolf.rules.variants.online_mafia.asking import AskCtx
from llm_werewolf.rules.variants.online_mafia.data import OMState
from llm_werewolf.rules.variants.online_mafia.registry import ROLES
from llm_werewolf.rules.variants.online_mafia.roles import SEED_SPECS, UNITS
from llm_werewolf.rules.variants.online_mafia.setups import PRESET_LISTS
from llm_werewolf.rules.variants.online_mafia.wake import WAKE_ORDER
from llm_werewolf.texts import terms

from .test_online_mafia_support import Table, start

RULESET = get_ruleset("online_mafia")


def test_there_are_43_seed_roles_and_every_one_has_an_investigation_group() -> None:
    assert len(SEED_SPECS) == 43
    assert set(RULESET.roles) == {spec.id for spec in SEED_SPECS} | {unit.role.id for unit in UNITS}
    groups = {spec.group for spec in ROLES.values()}
    assert len(groups) == 10, "a role unit joins one of the seed's ten Investigator groups"


@pytest.mark.parametrize("preset", sorted(PRESET_LISTS))
def test_every_preset_is_valid_at_every_size(preset: str) -> None:
    options = RULESET.parse_options({"preset": preset})
    for players in range(RULESET.min_players, RULESET.max_players + 1):
        deck = RULESET.standard_deck(players, options)
        assert len(deck) == players
        RULESET.check_deck(deck, players, options)


def test_classic_seven() -> None:
    deck = RULESET.standard_deck(7, RULESET.parse_options({}))
    assert sorted(deck) == sorted(["mafioso", "godfather", "detective", "doctor", "investigator", "jester", "citizen"])


@pytest.mark.parametrize(
    ("deck", "message"),
    [
        (["godfather", "godfather", "citizen", "citizen"], "at most one godfather"),
        (["framer", "citizen", "citizen"], "godfather or a mafioso"),
        (["cult_member", "mafioso", "citizen"], "need a cult_leader"),
        (["cult_leader", "mafioso", "serial_killer"], "needs someone to convert"),
        (["executioner", "mafioso", "jester"], "executioner needs a town player"),
        (["citizen", "doctor", "jester"], "opposing faction"),
        (["wizard", "mafioso", "citizen"], "has no role 'wizard'"),
        (["mafioso", "citizen"], "3-20 players"),
    ],
)
def test_custom_lists_are_validated(deck: list[str], message: str) -> None:
    with pytest.raises(SetupError, match=message):
        start(deck)


def test_a_custom_deck_is_shuffled_by_the_seed() -> None:
    from llm_werewolf.rules import Game, GameConfig

    deck = ("mafioso", "doctor", "citizen", "citizen", "serial_killer")
    names = tuple(f"P{i}" for i in range(5))
    roles = {Game(GameConfig(variant="online_mafia", names=names, deck=deck, seed=s)).state.roles() for s in range(8)}
    assert len(roles) > 1 and all(sorted(r) == sorted(deck) for r in roles)


def _everything_state() -> OMState:
    """Every role alive at one table, plus two dead ones (so corpse-targeting decisions are asked)."""
    roles = [*RULESET.roles, "doctor", "detective"]
    seats = tuple(Seat(i, f"S{i}", role, role, alive=i < len(RULESET.roles)) for i, role in enumerate(roles))
    options = RULESET.parse_options({})
    data = RULESET.initial_data(seats, (), options)
    return GameState(variant="online_mafia", language="he", seats=seats, extra=(), options=options, data=data)


def test_every_night_decision_kind_is_declared() -> None:
    state = _everything_state()
    asked: set[str] = set()
    for night in (1, 2):
        ctx = AskCtx(state, night)
        for seat in state.living():
            spec = ctx.spec(seat)
            if spec.ask is not None and ctx.can_act(seat):
                asked |= {a.kind for a in spec.ask(ctx, seat)}
    day = {"speech", "nominate", "defense", "verdict", "volunteer_offer"}
    assert asked | day == set(RULESET.decision_kinds)


@pytest.mark.parametrize("language", ["he", "en"])
def test_texts_cover_every_role_side_cause_group_and_step(language: str) -> None:
    words = terms(language, "online_mafia")
    assert set(words["roles"]) == set(RULESET.roles)
    assert set(words["sides"]) == set(RULESET.sides)
    assert set(words["causes"]) == set(RULESET.death_causes)
    assert set(words["groups"]) == {spec.group for spec in ROLES.values()}
    steps = {step for step, _ in WAKE_ORDER}
    assert set(words["cues"]["wake"]) == steps and set(words["cues"]["sleep"]) == steps


def test_the_hebrew_names_are_the_seeds() -> None:
    names = terms("he", "online_mafia")["roles"]
    assert names["necromancer"] == "שליט המתים" and names["consigliere"] == "יועץ" and names["janitor"] == "שרת"
    assert names["butler"] == "משרת" and names["outlaw"] == "פורע חוק" and names["volunteer"] == "מתנדב"


def test_languages_and_sides() -> None:
    assert RULESET.languages == ("he", "en") and RULESET.source_language == "he"
    assert RULESET.sides[:6] == ("thief", "werewolf", "serial_killer", "butcher", "mask_artist", "mafia")
    assert RULESET.posthumous_kinds == frozenset()


@pytest.mark.parametrize("role", sorted(r for r, spec in ROLES.items() if spec.ask is not None))
def test_every_role_with_night_decisions_is_asked_in_a_real_game(role: str) -> None:
    """Night 1 the mafia kills the Doctor, so corpse-using roles have a corpse on night 2."""
    killer = "godfather" if role == "mafioso" else "mafioso"
    partner = "cult_leader" if role == "mimic" else "citizen"
    table = Table([role, killer, "doctor", partner, "citizen", "citizen"]).add(1, "mafia_kill", 2).run_to("day:2")
    spec = ROLES[role]
    assert spec.ask is not None
    expected = {a.kind for a in spec.ask(AskCtx(table.game.state, 2), 0)} if role != "outlaw" else {"outlaw_shoot"}
    expected |= {a.kind for a in spec.ask(AskCtx(table.game.state, 1), 0)} if spec.nights.allows(1) else set()
    assert expected and expected <= set(table.kinds(0))
