"""Thousands of seeded random games: invariants that must hold in every One Night game."""

from __future__ import annotations

import random
from collections import Counter

from llm_werewolf.rules import Choice, Game, GameConfig
from llm_werewolf.rules.events import GOD, ChoiceMade, Cue, Info, same_records
from llm_werewolf.rules.questions import questions
from llm_werewolf.rules.variants.one_night.night import called
from llm_werewolf.rules.variants.one_night.roles import ROLES, WOLF_CARDS
from llm_werewolf.rules.variants.one_night.setups import MAX_COPIES
from llm_werewolf.rules.views import build_view

GAMES = 1200


def _random_deck(rng: random.Random, players: int) -> tuple[str, ...]:
    """A random legal deck drawn from the box (every role, up to its card limit)."""
    box = [role for role in ROLES for _ in range(MAX_COPIES.get(role, 1))]
    while True:
        deck = tuple(rng.sample(box, players + 3))
        if any(card in WOLF_CARDS for card in deck):
            return deck


def _random_game(seed: int) -> tuple[Game, list[tuple[int, Choice]]]:
    rng = random.Random(seed)
    players = 3 + seed % 10
    options = {
        "whispers": rng.random() < 0.5,
        "discussion_rounds": rng.randrange(0, 3),
        "minion_only_death_wolfless": rng.choice(["nobody_wins", "village_wins"]),
    }
    names = tuple(f"P{i}" for i in range(players))
    deck = _random_deck(rng, players) if seed % 2 else None
    game = Game(GameConfig(variant="one_night", names=names, seed=seed, deck=deck, options=options))
    answers: list[tuple[int, Choice]] = []
    while not game.over:
        for decision in game.pending:
            option = rng.choice(decision.options)
            choice = Choice(option.id, text="hello" if decision.speech else "")
            answers.append((decision.id, choice))
            game.submit(decision.id, choice)
    return game, answers


def test_random_games_keep_every_invariant() -> None:
    reasons: Counter[str] = Counter()
    for seed in range(GAMES):
        game, _ = _random_game(seed)
        state = game.state
        outcome = game.outcome
        assert outcome is not None
        reasons[outcome.reason] += 1
        deck = state.data.deck
        # cards are only moved, never created or lost
        assert Counter(state.roles()) + Counter(state.extra) == Counter(deck)
        # every role of the deck is called once, in order, whoever holds it
        wakes = [r.event.role for r in game.records if isinstance(r.event, Cue) and r.event.key == "wake"]
        assert tuple(wakes) == called(deck)
        # every winner's card is on a winning side
        rules = game.ruleset
        for seat in outcome.winners:
            assert rules.side_of(state, seat) in outcome.sides
        # answers were offered, and nobody acted after death (nobody dies before the vote)
        asked = {q.decision_id: q for q in questions(game.records)}
        for record in game.records:
            if isinstance(record.event, ChoiceMade):
                assert record.event.option in asked[record.event.decision_id].options
        # private facts stay private
        for seat in (*range(len(state.seats)), None):
            view = build_view(game.records, seat)
            assert all(r.vis is not GOD and r.vis.scope != "god" for r in view.records)
            for r in view.records:
                if isinstance(r.event, Info):
                    assert seat is not None and seat in r.vis.seats
    assert {"werewolves_survived", "werewolf_died", "tanner_died"} <= set(reasons)


def test_same_seed_and_choices_replay_identically() -> None:
    for seed in range(0, 200, 7):
        game, answers = _random_game(seed)
        replay = Game(game.config)
        for decision_id, choice in answers:
            replay.submit(decision_id, choice)
        assert same_records(replay.records, game.records)
        assert replay.state == game.state


def test_every_role_is_dealt_and_acts_in_random_games() -> None:
    dealt: set[str] = set()
    kinds: set[str] = set()
    for seed in range(300):
        game, _ = _random_game(seed)
        dealt.update(s.start_role for s in game.state.seats)
        kinds.update(q.decision for q in questions(game.records))
    assert dealt == set(ROLES)
    assert kinds == set(game.ruleset.decision_kinds)
