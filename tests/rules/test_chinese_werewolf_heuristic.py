"""The chinese_werewolf heuristic: always legal, and it plays its roles sensibly."""

from __future__ import annotations

import random
from typing import Any

from llm_werewolf.agents.heuristic import policy_for
from llm_werewolf.agents.heuristics.chinese_werewolf import decide
from llm_werewolf.rules import Choice, Decision, Game, GameConfig, ViewBuilder
from llm_werewolf.rules.events import Speech, VoteCast

from .test_chinese_werewolf_support import VARIANT, Table

Played = list[tuple[Decision, Choice, str, str]]


def play(players: int, seed: int, language: str | None = None, **options: Any) -> tuple[Game, Played]:
    names = tuple(f"P{i + 1}" for i in range(players))
    game = Game(GameConfig(VARIANT, names, seed=seed, language=language, options=options))
    builders = [ViewBuilder(i) for i in range(players)]
    for builder in builders:
        builder.extend(game.records)
    published = len(game.records)
    rng = random.Random(seed)
    played: Played = []
    while not game.over:
        decision = game.pending[0]
        view = builders[decision.seat].view()
        choice = decide(view, decision, rng)
        played.append((decision, choice, game.state.seats[decision.seat].role, game.state.phase.label))
        game.submit(decision.id, choice)  # raises on an illegal answer
        for builder in builders:
            builder.extend(game.records[published:])
        published = len(game.records)
    return game, played


def options_for(seed: int) -> dict[str, Any]:
    return {
        "with_cupid": seed % 2 == 0,
        "with_thief": seed % 3 == 0,
        "with_little_girl": seed % 4 == 1,
        "tie_policy": "pk_revote_then_none" if seed % 5 == 0 else "none",
    }


GAMES = [play(9 + seed % 10, seed, **options_for(seed)) for seed in range(60)]


def test_registered_as_the_policy_of_the_ruleset() -> None:
    assert policy_for(VARIANT) is decide


def test_heuristic_games_end_with_legal_answers() -> None:
    reasons = {game.outcome.reason for game, _ in GAMES if game.outcome is not None}
    assert all(game.over for game, _ in GAMES)
    assert "wolves_dead" in reasons and reasons & {"villagers_dead", "gods_dead", "good_dead"}


def test_wolves_agree_on_one_victim_and_never_bite_a_wolf() -> None:
    nights = 0
    for game, _ in GAMES:
        wolves = {s.index for s in game.state.seats if s.role == "werewolf"}
        by_night: dict[str, set[str]] = {}
        for record in game.records:
            event = record.event
            if isinstance(event, VoteCast) and event.ballot == "wolf_kill":
                assert event.target not in wolves
                by_night.setdefault(record.phase, set()).add(event.option)
        nights += len(by_night)
        assert all(len(options) == 1 for options in by_night.values())
    assert nights > 60


def test_witch_saves_on_night_one_and_guard_rests_that_night() -> None:
    saves = [(c.option, phase) for _, played in GAMES for d, c, _, phase in played if d.kind == "witch_antidote"]
    night_one = [option for option, phase in saves if phase == "night:1"]
    assert night_one and all(option == "antidote" for option in night_one)
    guards = [(c.option, phase) for _, played in GAMES for d, c, _, phase in played if d.kind == "guard"]
    assert all(option == "skip" for option, phase in guards if phase == "night:1")
    assert any(option.startswith("seat:") for option, phase in guards if phase != "night:1")


def test_sheriff_candidates_are_mostly_power_roles() -> None:
    runs = [(c.option, role) for _, played in GAMES for d, c, role, _ in played if d.kind == "sheriff_run"]
    power = [option for option, role in runs if role in ("seer", "witch", "hunter", "guard")]
    plain = [option for option, role in runs if role not in ("seer", "witch", "hunter", "guard")]
    assert power.count("run") / len(power) > 0.5 > plain.count("run") / len(plain)


def test_a_seer_who_found_a_wolf_reveals_it_with_a_claim() -> None:
    # seat: 0 seer, 1 witch, 2 hunter, 3 werewolf, 4 werewolf, 5-8 villagers
    roles = ["seer", "witch", "hunter", "werewolf", "werewolf", "villager", "villager", "villager", "villager"]
    table = Table(roles, language="en", sheriff=False).answer(0, "seer_check", 3)
    decision = table.run_to("speech", 0)
    choice = decide(table.game.view(0), decision, random.Random(1))
    assert choice.claim == "seer"
    assert "S3" in choice.text and "Seer" in choice.text
    table.game.submit(decision.id, choice)
    vote = table.run_to("exile_vote", 6)
    assert decide(table.game.view(6), vote, random.Random(2)).option == "seat:3"
    wolf_ballot = next(d for d in table.game.state.pending if d.seat == 3)
    assert decide(table.game.view(3), wolf_ballot, random.Random(3)).option != "seat:4"


def test_the_hunter_shoots_the_exposed_wolf_and_the_witch_poisons_it() -> None:
    roles = ["seer", "witch", "hunter", "werewolf", "werewolf", "villager", "villager", "villager", "villager"]
    table = Table(roles, language="zh-Hant", sheriff=False)
    table.answer(0, "seer_check", 4)
    table.answer(0, "speech", Choice("speak", text="我是預言家，S4是狼人。", claim="seer"))
    for voter in (3, 4, 5):
        table.answer(voter, "exile_vote", 2)
    shot = table.run_to("hunter_shot")
    assert decide(table.game.view(2), shot, random.Random(0)).option == "seat:4"
    table.answer(2, "hunter_shot", "skip")
    poison = table.run_to("witch_poison")
    assert decide(table.game.view(1), poison, random.Random(0)).option == "seat:4"


def test_speeches_come_in_the_games_language() -> None:
    _, played = play(12, 5, language="en")
    texts = [c.text for d, c, _, _ in played if d.speech]
    assert texts and all(text.isascii() for text in texts)
    zh_game, zh_played = play(12, 5)
    zh_texts = [c.text for d, c, _, _ in zh_played if d.speech]
    assert any(not text.isascii() for text in zh_texts)
    assert all(r.event.text for r in zh_game.records if isinstance(r.event, Speech))
