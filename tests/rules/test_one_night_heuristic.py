"""The One Night heuristic player: always legal, reports what it learned, votes on reports."""

from __future__ import annotations

import random
from collections.abc import Mapping, Sequence

import pytest

from llm_werewolf.agents.heuristic import policy_for
from llm_werewolf.agents.heuristics import one_night as heuristic
from llm_werewolf.rules import Choice, Game, GameConfig, ViewBuilder
from llm_werewolf.rules.events import Speech, VoteCast

V = "villager"
POLICY = policy_for("one_night")


def _play(
    roles: Sequence[str],
    center: Sequence[str],
    script: Mapping[tuple[int, str], Sequence[str]] | None = None,
    *,
    seed: int = 0,
    language: str = "en",
    **options: object,
) -> Game:
    names = tuple(f"S{i}" for i in range(len(roles)))
    game = Game(
        GameConfig(
            variant="one_night",
            names=names,
            seed=seed,
            language=language,
            roles=tuple(roles),
            extra=tuple(center),
            options=options,
        )
    )
    queues = {k: list(v) for k, v in (script or {}).items()}
    builders = [ViewBuilder(i) for i in range(len(roles))]
    for b in builders:
        b.extend(game.records)
    rng = random.Random(seed)
    assert POLICY is not None
    while not game.over:
        for decision in game.pending:
            queue = queues.get((decision.seat, decision.kind))
            choice = Choice(queue.pop(0)) if queue else POLICY(builders[decision.seat].view(), decision, rng)
            new = game.submit(decision.id, choice)
            for b in builders:
                b.extend(new)
    return game


def _speeches(game: Game, seat: int) -> list[Speech]:
    return [r.event for r in game.records if isinstance(r.event, Speech) and r.event.seat == seat]


def _votes(game: Game) -> dict[int, int | None]:
    return {r.event.seat: r.event.target for r in game.records if isinstance(r.event, VoteCast)}


@pytest.mark.parametrize("language", ["ar", "en"])
def test_heuristic_answers_are_always_legal(language: str) -> None:
    for seed in range(60):
        players = 3 + seed % 10
        names = tuple(f"P{i}" for i in range(players))
        game = Game(
            GameConfig(
                variant="one_night",
                names=names,
                seed=seed,
                language=language,
                options={"whispers": seed % 2 == 0},
            )
        )
        builders = [ViewBuilder(i) for i in range(players)]
        for b in builders:
            b.extend(game.records)
        rng = random.Random(seed)
        assert POLICY is not None
        while not game.over:
            for decision in game.pending:
                new = game.submit(decision.id, POLICY(builders[decision.seat].view(), decision, rng))
                for b in builders:
                    b.extend(new)
        assert game.outcome is not None


def test_seer_claims_and_reports_and_the_village_votes_the_reported_wolf() -> None:
    game = _play(["seer", "werewolf", V, V, "hunter"], ["robber", V, "tanner"], {(0, "seer_look"): ["seat:1"]})
    first = _speeches(game, 0)[0]
    assert first.claim == "seer"
    assert "S1" in first.text and "Werewolf" in first.text
    report = heuristic._from_acts(first, game.view(2))  # the speech's acts, not its text
    assert report is not None and (report.target, report.role) == (1, "werewolf")
    votes = _votes(game)
    assert votes[0] == votes[2] == votes[3] == votes[4] == 1
    assert game.outcome is not None and game.outcome.sides == ("village",)


def test_reports_are_read_back_in_arabic() -> None:
    game = _play(
        ["seer", "werewolf", V, V],
        ["robber", V, "tanner"],
        {(0, "seer_look"): ["seat:1"]},
        language="ar",
    )
    first = _speeches(game, 0)[0]
    assert "المستذئب" in first.text
    assert _votes(game)[2] == 1


def test_robber_reports_his_new_card_and_troublemaker_her_swap() -> None:
    game = _play(
        ["robber", "troublemaker", "seer", "werewolf", V],
        [V, V, "tanner"],
        {(0, "robber_swap"): ["seat:2"], (1, "troublemaker_swap"): ["seat:2", "seat:4"]},
    )
    robber = _speeches(game, 0)[0]
    assert robber.claim == "robber" and "S2" in robber.text and "Seer" in robber.text
    tm = _speeches(game, 1)[0]
    assert tm.claim == "troublemaker" and "S2" in tm.text and "S4" in tm.text


def test_wolves_vote_together_for_a_non_wolf() -> None:
    for seed in range(10):
        game = _play(["werewolf", "werewolf", "seer", V, V, "robber"], ["troublemaker", V, "tanner"], seed=seed)
        votes = _votes(game)
        assert votes[0] == votes[1]
        assert votes[0] not in (0, 1)


def test_a_lone_wolf_claims_a_village_card_it_saw_in_the_center() -> None:
    game = _play(
        ["werewolf", "seer", V, V],
        ["troublemaker", "robber", "tanner"],
        {(0, "wolf_center"): ["center:0"]},
    )
    assert _speeches(game, 0)[0].claim == "troublemaker"


def test_the_tanner_claims_nothing_and_baits() -> None:
    game = _play(["tanner", "werewolf", "seer", V], ["robber", V, V])
    speeches = _speeches(game, 0)
    assert speeches and all(s.claim is None for s in speeches)


def test_the_seer_does_not_vote_a_player_she_saw_as_a_villager() -> None:
    game = _play(
        ["seer", "minion", V, "werewolf"],
        ["robber", V, "tanner"],
        {(0, "seer_look"): ["seat:2"]},
        discussion_rounds=1,
    )
    assert _votes(game)[0] != 2


def test_the_little_girl_always_peeks_and_reports_a_wolf() -> None:
    game = _play(["little_girl", "werewolf", V, V], ["robber", V, "tanner"])
    first = _speeches(game, 0)[0]
    assert first.claim == "little_girl" and "S1" in first.text
    assert _votes(game)[2] == 1
