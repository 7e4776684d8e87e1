"""The 1v1 scenarios (tests/scenarios/online_mafia/duel_*.yaml): which pairing each one reaches and who wins first.

A scenario's `sides` are compared as a set, so the primary winner of a duel (the first side of
the outcome) is pinned here; and the pairing classes the seed's win priority orders are all covered.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from llm_werewolf.rules import Game
from llm_werewolf.rules.variants.online_mafia.model import MUST_COMPLETE, Faction
from llm_werewolf.rules.variants.online_mafia.registry import ROLES
from llm_werewolf.scenarios.check import play_scenario
from llm_werewolf.scenarios.loader import load_scenario

ROOT = Path(__file__).resolve().parents[1] / "scenarios" / "online_mafia"
DUELS = sorted(ROOT.glob("duel_*.yaml"))

# file -> (the classes of the last two living seats, the primary side or None when nobody wins first)
EXPECTED: dict[str, tuple[frozenset[str], str | None]] = {
    "duel_amnesiac_and_survivor": (frozenset({"benign"}), "amnesiac"),
    "duel_completed_executioner_beats_jester": (frozenset({"completed", "unfinished"}), "executioner"),
    "duel_cult_beats_town": (frozenset({"cult", "town"}), "cult"),
    "duel_evil_neutral_beats_benign": (frozenset({"evil", "benign"}), "witch"),
    "duel_judge_beats_politician": (frozenset({"evil"}), "judge"),
    "duel_killer_beats_cult": (frozenset({"killer", "cult"}), "mask_artist"),
    "duel_killer_beats_mafia": (frozenset({"killer", "mafia"}), "serial_killer"),
    "duel_killer_beats_town": (frozenset({"killer", "town"}), "butcher"),
    "duel_killers_drawn_seed0": (frozenset({"killer"}), "butcher"),
    "duel_killers_drawn_seed2": (frozenset({"killer"}), "serial_killer"),
    "duel_mafia_beats_cult": (frozenset({"mafia", "cult"}), "mafia"),
    "duel_mafia_beats_town": (frozenset({"mafia", "town"}), "mafia"),
    "duel_thief_beats_cult": (frozenset({"thief", "cult"}), "thief"),
    "duel_thief_beats_killer": (frozenset({"thief", "killer"}), "thief"),
    "duel_thief_beats_town": (frozenset({"thief", "town"}), "thief"),
    "duel_thief_beats_werewolf": (frozenset({"thief", "werewolf"}), "thief"),
    "duel_town_beats_evil_neutral": (frozenset({"town", "evil"}), "town"),
    "duel_twin_soul_and_survivor": (frozenset({"benign"}), "twin_soul"),
    "duel_two_unfinished_goals_play_on": (frozenset({"unfinished"}), None),
    "duel_unfinished_goal_has_no_priority": (frozenset({"unfinished", "benign"}), "survivor"),
    "duel_werewolf_beats_cult": (frozenset({"werewolf", "cult"}), "werewolf"),
    "duel_werewolf_beats_killer": (frozenset({"werewolf", "killer"}), "werewolf"),
    "duel_werewolf_beats_town": (frozenset({"werewolf", "town"}), "werewolf"),
    "duel_witch_beats_jinx": (frozenset({"evil"}), "witch"),
}

WANTED = {
    frozenset({"town", "evil"}),
    frozenset({"evil"}),
    frozenset({"benign"}),
    frozenset({"thief", "town"}),
    frozenset({"thief", "cult"}),
    frozenset({"werewolf", "town"}),
    frozenset({"werewolf", "cult"}),
    frozenset({"killer", "town"}),
    frozenset({"killer", "cult"}),
    frozenset({"completed", "unfinished"}),
}
"""The pairings the audit asked for, beyond the group-against-group ones."""


def seat_class(game: Game, seat: int) -> str:
    """A seat's place in the win priority: a group, thief/werewolf/killer, evil, benign, or a
    must-complete role's state (completed / unfinished)."""
    spec = ROLES[game.state.seats[seat].role]
    if spec.win in MUST_COMPLETE:
        return "completed" if seat in game.state.data.completed else "unfinished"
    if spec.faction is Faction.NEUTRAL_KILLER:
        return spec.id if spec.id in ("thief", "werewolf") else "killer"
    if spec.faction is Faction.EVIL_NEUTRAL:
        return "evil"
    if spec.faction is Faction.BENIGN_NEUTRAL:
        return "benign"
    return spec.faction.value


def play(path: Path) -> Game:
    game, _ = play_scenario(load_scenario(path).scenario)
    return game


def test_every_duel_file_is_listed() -> None:
    assert {path.stem for path in DUELS} == set(EXPECTED)


@pytest.mark.parametrize("path", DUELS, ids=[p.stem for p in DUELS])
def test_a_duel_reaches_its_pairing_and_the_right_side_wins_first(path: Path) -> None:
    pairing, primary = EXPECTED[path.stem]
    game = play(path)
    living = [s.index for s in game.state.seats if s.alive]
    assert len(living) == 2
    assert {seat_class(game, seat) for seat in living} == pairing
    outcome = game.outcome
    assert outcome is not None
    if primary is None:
        assert outcome.sides == () and outcome.reason == "stalemate"
    else:
        assert outcome.sides[0] == primary


def test_the_audited_pairings_are_all_covered() -> None:
    covered = {pairing for pairing, _ in EXPECTED.values()}
    assert not WANTED - covered, WANTED - covered
