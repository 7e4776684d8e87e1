"""Role units of lebanese_ghouls: the hooks a unit may override and where its night step runs."""

from __future__ import annotations

import pytest

from llm_werewolf.llm.profiles import get_profile
from llm_werewolf.narration.packs import load_pack
from llm_werewolf.prompting.packs import builtin_root
from llm_werewolf.prompting.render import Phrasebook, SeatPrompter
from llm_werewolf.rules import RoleInfo, SetupError, ViewBuilder, get_ruleset
from llm_werewolf.rules.events import ActionTaken, Announcement, Cue, Info
from llm_werewolf.rules.units import UnitError
from llm_werewolf.rules.variants.lebanese_ghouls.night import BEFORE, night_steps
from llm_werewolf.rules.variants.lebanese_ghouls.roles import SINGLE_ROLES
from llm_werewolf.rules.variants.lebanese_ghouls.unit import WAKE_PLACES, LGUnit
from llm_werewolf.rules.variants.lebanese_ghouls.units import UNITS
from llm_werewolf.texts import role_name, terms

from .test_lebanese_ghouls_support import Script, announced, deaths, drive, events, new_game, records


def test_a_unit_wakes_before_one_of_the_seeds_night_turns() -> None:
    assert WAKE_PLACES == ("bassara", "ghouls", "sahra", "dawn")
    with pytest.raises(UnitError, match="wakes_before must be one of bassara, ghouls, sahra, dawn"):
        LGUnit(RoleInfo("baker", "farmers"), wakes_before="noon")


def test_the_default_hooks_change_nothing() -> None:
    unit = LGUnit(RoleInfo("baker", "farmers"))
    assert unit.night_step() is None
    assert unit.single and unit.wakes_before == "ghouls"


def test_every_waking_unit_has_its_step_in_its_place() -> None:
    assert set(BEFORE) == set(WAKE_PLACES)
    for unit in UNITS:
        step = unit.night_step()
        if step is not None:
            assert (unit.role.id, step) in BEFORE[unit.wakes_before]


def test_a_night_calls_only_the_dealt_units_in_their_places() -> None:
    seed = [type(step).__name__ for step in night_steps(frozenset({"ghoul", "bassara", "farmer"}))]
    assert seed == ["Bassara", "Ghouls", "Sahra", "Morning"]
    dealt = [type(step).__name__ for step in night_steps(frozenset({"ghoul", "bassara", "farmer", "natour"}))]
    assert dealt == ["Bassara", "NatourTurn", "Ghouls", "Sahra", "Morning"]


# -- الناطور, the Natour, the real unit (units/natour.py, prompts/<lang>/lebanese_ghouls/roles/natour.yaml) ----

TABLE = ("natour", "ghoul", "bassara", "farmer", "farmer", "farmer")
QUIET_DAY = {seat: {"vote": ["abstain", "abstain"]} for seat in "ABCDEF"}
"""Everyone abstains (a vote against himself): a six-way tie, a revote, a second tie, nobody executed."""


def _script(*nights: dict[str, dict[str, list[str]]], days: dict[str, dict[str, list[str]]] | None = None) -> Script:
    """Merge per-seat answers (night scripts, then the day votes) into one script."""
    merged: dict[str, dict[str, list[str]]] = {}
    for part in (*nights, days or {}):
        for seat, kinds in part.items():
            for kind, answers in kinds.items():
                merged.setdefault(seat, {}).setdefault(kind, []).extend(answers)
    return merged


def test_the_natour_unit_reaches_the_role_table_and_the_vocabulary() -> None:
    rules = get_ruleset("lebanese_ghouls")
    assert [unit.role.id for unit in UNITS] == ["natour"]
    assert rules.roles["natour"].side == "farmers" and rules.roles["natour"].power
    assert "natour_guard" in rules.decision_kinds and "natour" in SINGLE_ROLES
    assert "natour" not in rules.standard_deck(18, rules.parse_options({})), "the seed's decks never deal him"
    with pytest.raises(SetupError, match="at most one card each of natour"):
        new_game("natour", "natour", "ghoul", "farmer", "farmer")


def test_the_natour_wakes_after_the_bassara_and_before_the_ghouls() -> None:
    game = new_game(*TABLE)
    drive(game, {"A": {"natour_guard": ["D"]}, "C": {"bassara_look": ["B"]}, "B": {"ghoul_kill": ["E"]}})
    night = [f"{c.key}:{c.role}" for r in records(game, Cue) if r.phase == "night:1" and isinstance(c := r.event, Cue)]
    bassara, natour, ghoul = (
        ["wake:bassara", "sleep:bassara"],
        ["wake:natour", "sleep:natour"],
        ["wake:ghoul", "sleep:ghoul"],
    )
    assert night == ["night_opening:None", *bassara, *natour, *ghoul]


def test_the_guarded_prey_is_not_eaten_and_nobody_is_told() -> None:
    game = new_game(*TABLE)
    drive(game, {"A": {"natour_guard": ["D"]}, "C": {"bassara_look": ["B"]}, "B": {"ghoul_kill": ["D"]}})
    assert deaths(game) == []
    assert announced(game) == [("morning", ())]
    assert not [e for e in events(game, Announcement) if e.key == "saved"]
    (guard,) = [r for r in records(game, ActionTaken) if isinstance(r.event, ActionTaken) and r.event.action == "guard"]
    assert guard.event == ActionTaken(seat=0, action="guard", targets=(3,)) and guard.vis.seats == (0,)


def test_never_the_same_player_two_nights_running_himself_allowed() -> None:
    game = new_game(*TABLE)
    night_one = {"A": {"natour_guard": ["D"]}, "C": {"bassara_look": ["B"]}, "B": {"ghoul_kill": ["E"]}}
    pending = drive(game, _script(night_one, days=QUIET_DAY))
    assert pending is not None and pending.kind == "bassara_look"
    drive(game, {"C": {"bassara_look": ["D"]}})
    (guard,) = game.pending
    assert guard.kind == "natour_guard" and guard.default is None, "no skip"
    offered = {o.target for o in guard.options}
    assert 3 not in offered and {0, 1, 2, 5} <= offered, "last night's player is left out; himself is offered"


def test_the_guard_lasts_one_night_and_dies_with_the_natour() -> None:
    """Guarded on night 1, the farmer is eaten on night 2 once the Natour was executed on day 1."""
    game = new_game(*TABLE)
    night_one = {"A": {"natour_guard": ["D"]}, "C": {"bassara_look": ["B"]}, "B": {"ghoul_kill": ["E"]}}
    votes = {seat: {"vote": ["A"]} for seat in "BCDF"} | {"A": {"vote": ["B"]}}  # E was eaten
    night_two = {"C": {"bassara_look": ["D"]}, "B": {"ghoul_kill": ["D"]}}
    drive(game, _script(night_one, votes, night_two))
    assert deaths(game)[:3] == [("E", "ghouls", "day:1"), ("A", "execution", "day:1"), ("D", "ghouls", "day:2")]


def test_the_guard_saves_a_caught_jara_but_not_from_the_poison() -> None:
    roles = ("natour", "ghoul", "jara", "sahra", "farmer", "farmer", "farmer")
    caught = new_game(*roles, jara_caught_probability=1.0)
    script = {"A": {"natour_guard": ["C"]}, "B": {"ghoul_kill": ["E"]}, "C": {"jara_peek": ["peek"]}}
    drive(caught, script | {"D": {"sahra_elixir": ["skip"], "sahra_poison": ["skip"]}})
    assert [e.fact for e in events(caught, Info) if e.fact == "caught_peeking"] == ["caught_peeking"]
    assert deaths(caught) == []
    poisoned = new_game(*roles)
    drive(poisoned, script | {"D": {"sahra_elixir": ["skip"], "sahra_poison": ["C"]}})
    assert deaths(poisoned) == [("E", "ghouls", "day:1"), ("C", "poison", "day:1")]


@pytest.mark.parametrize(("call_inactive", "cues"), [(True, ["wake:natour", "sleep:natour"]), (False, [])])
def test_a_dead_natour_is_called_only_when_inactive_roles_are(call_inactive: bool, cues: list[str]) -> None:
    game = new_game(*TABLE, call_inactive_roles=call_inactive)
    night_one = {"A": {"natour_guard": ["D"]}, "C": {"bassara_look": ["B"]}, "B": {"ghoul_kill": ["A"]}}
    drive(game, _script(night_one, {"C": {"bassara_look": ["D"]}}, days={s: QUIET_DAY[s] for s in "BCDEF"}))
    night_two = [
        f"{c.key}:{c.role}" for r in records(game, Cue) if r.phase == "night:2" and isinstance(c := r.event, Cue)
    ]
    assert [c for c in night_two if c.endswith(":natour")] == cues
    assert ("A", "ghouls", "day:1") in deaths(game)


@pytest.mark.parametrize(
    ("language", "name", "sentence"),
    [("ar-LB", "الناطور", "الناطور بيفيق قبل الغيلان"), ("en", "Natour", "The Natour, the village watchman")],
)
def test_the_natours_role_file_reaches_every_loader(language: str, name: str, sentence: str) -> None:
    assert terms(language, "lebanese_ghouls")["roles"]["natour"] == name
    assert role_name(language, "lebanese_ghouls", "bassara") != "bassara", "the ruleset's own names are kept"
    pack = load_pack(language, "lebanese_ghouls")
    assert pack.find("cue.wake.natour") is not None and pack.find("cue.sleep.natour") is not None
    assert pack.find("cue.wake.bassara") is not None
    book = Phrasebook((builtin_root(),), language, "lebanese_ghouls")
    assert book.term("roles", "natour") == name and book.tip("natour", {"roles": {"natour": name}})
    assert sentence in _rules_text(TABLE, language)
    assert sentence not in _rules_text(("farmer", *TABLE[1:]), language)


def _rules_text(roles: tuple[str, ...], language: str) -> str:
    game = new_game(*roles, language=language)
    decision = game.pending[0]
    view = ViewBuilder(decision.seat)
    view.extend(game.records)
    prompter = SeatPrompter(
        language=language, variant="lebanese_ghouls", seat=decision.seat, profile=get_profile("openai")
    )
    return prompter.prompt(view.view(), decision).system
