"""The city_mafia heuristic: Sheriff reveals, mafia coordination, Doctor guards, town votes."""

from __future__ import annotations

import random

from llm_werewolf.agents.heuristic import HeuristicAgent
from llm_werewolf.agents.heuristics.city_mafia import decide, decide_noted
from llm_werewolf.rules import Choice, Decision, GameConfig
from llm_werewolf.rules.events import ActionTaken
from llm_werewolf.sim import play_with_agents

from .test_city_mafia_support import Table, seat

# 13 seats: 0 putana, 1 mafia, 2 don, 3 sheriff, 4 doctor, 5 maniac, 6-12 citizens.
FULL = ["putana", "mafia", "don", "sheriff", "doctor", "maniac", *["citizen"] * 7]
REVEAL = Choice(seat(1), text="I am the Sheriff. P1 is mafia.", claim="sheriff")


def pending(table: Table, kind: str, who: int, phase: str | None = None) -> Decision:
    table.run(
        lambda t: (
            (phase is None or t.game.state.phase.label == phase)
            and any(d.kind == kind and d.seat == who for d in t.game.pending)
        )
    )
    (decision,) = [d for d in table.game.pending if d.kind == kind and d.seat == who]
    return decision


def choose(table: Table, decision: Decision, seed: int = 0) -> Choice:
    choice = decide(table.game.view(decision.seat), decision, random.Random(seed))
    assert decision.option(choice.option) is not None
    return choice


def sheriff_found_mafia() -> Table:
    script = {(3, "sheriff_check"): [seat(1)], (2, "mafia_kill"): [seat(8)], (0, "putana_block"): [seat(9)]}
    script[(4, "doctor_heal")] = [seat(10)]
    return Table(FULL, script)


def test_the_sheriff_reveals_and_nominates_the_mafioso_he_found() -> None:
    table = sheriff_found_mafia()
    choice = choose(table, pending(table, "speech", 3))
    assert choice.option == seat(1)
    assert choice.claim == "sheriff"
    assert "S1" in choice.text


def test_town_votes_for_the_exposed_mafioso_and_the_don_does_not() -> None:
    table = sheriff_found_mafia()
    table.add(3, "speech", REVEAL)
    table.add(6, "speech", Choice(seat(7), text="S7?"))
    assert choose(table, pending(table, "vote", 9)).option == "yes"  # S1 is on the ballot first
    don = pending(table, "vote", 2)
    choice, note = decide_noted(table.game.view(2), don, random.Random(0))
    assert choice.option == "no" or note.startswith("bus:")  # the Don votes his mate out only to bus him


def test_town_renominates_an_exposed_mafioso_the_next_day() -> None:
    table = sheriff_found_mafia()
    table.add(3, "speech", REVEAL)  # day 1: S1 is the single nominee and is not voted on
    table.add(3, "speech", Choice("none", text="..."))
    table.add(2, "mafia_kill", seat(9))
    decision = pending(table, "speech", 6, "day:2")
    choice = choose(table, decision)
    assert choice.option == seat(1)
    assert "S1" in choice.text


def test_the_mafia_hunts_a_claimed_sheriff_and_the_doctor_guards_him() -> None:
    table = sheriff_found_mafia()
    table.add(3, "speech", REVEAL)
    suggestion = pending(table, "mafia_suggest", 1, "night:2")
    assert choose(table, suggestion).option == seat(3)
    table.add(1, "mafia_suggest", seat(3))
    assert choose(table, pending(table, "mafia_kill", 2)).option == seat(3)
    table.add(2, "mafia_kill", seat(3))
    assert choose(table, pending(table, "doctor_heal", 4)).option == seat(3)


def test_without_a_claim_the_mafia_agrees_on_one_outsider() -> None:
    table = Table(FULL)
    suggestion = choose(table, pending(table, "mafia_suggest", 1)).option
    assert suggestion not in (seat(1), seat(2))
    assert {choose(table, pending(table, "mafia_suggest", 1), seed).option for seed in range(10)} == {suggestion}
    table.add(1, "mafia_suggest", suggestion)
    assert choose(table, pending(table, "mafia_kill", 2)).option == suggestion  # the Don names the same victim


def test_the_don_checks_a_claimed_sheriff_first() -> None:
    table = sheriff_found_mafia()
    table.add(3, "speech", REVEAL)
    table.add(1, "mafia_suggest", seat(7))
    table.add(2, "mafia_kill", seat(7))
    assert choose(table, pending(table, "don_check", 2, "night:2")).option == seat(3)


def test_the_sheriff_checks_players_he_has_not_checked() -> None:
    table = Table(FULL, {(3, "sheriff_check"): [seat(6)], (2, "mafia_kill"): [seat(8)], (4, "doctor_heal"): [seat(9)]})
    decision = pending(table, "sheriff_check", 3, "night:2")
    assert seat(6) in decision.option_ids
    assert all(choose(table, decision, seed).option != seat(6) for seed in range(30))


def test_a_leaderless_heuristic_mafia_always_agrees() -> None:
    roles = ("mafia", "mafia", "sheriff", "maniac", *["citizen"] * 6)
    for game_seed in range(40):
        config = GameConfig(variant="city_mafia", names=tuple(f"P{i}" for i in range(10)), seed=game_seed, roles=roles)
        game = play_with_agents(config, [HeuristicAgent(game_seed * 100 + i) for i in range(10)])
        assert not any(isinstance(r.event, ActionTaken) and r.event.action == "mafia_disagree" for r in game.records)
