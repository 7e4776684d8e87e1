"""Random games over random role lists (online_mafia), drawn from all the ruleset's roles.

Every list the validator accepts plays to a legal end with the generic invariants checked after
every answer; the same list, seed and answers give byte-identical records; no seat's view holds
another seat's private records; and across the drawn games every role is dealt at least once.
"""

from __future__ import annotations

import random
from collections import Counter

import pytest

from llm_werewolf.rules import Choice, Game, GameConfig, SetupError, get_ruleset
from llm_werewolf.rules.events import DeathsAnnounced, Died, GameEnded, Record, RoleAssigned
from llm_werewolf.rules.variants.online_mafia.model import Faction
from llm_werewolf.rules.variants.online_mafia.registry import ROLES
from llm_werewolf.rules.variants.online_mafia.roles import SEED_SPECS, UNITS
from llm_werewolf.testing import Invariants, own_records_only
from llm_werewolf.transcript.schema import dump_record

RULESET = get_ruleset("online_mafia")
ROLE_IDS = sorted(RULESET.roles)
GAMES = 300
BLOCKS = 3


def random_role_list(rng: random.Random, players: int) -> tuple[str, ...]:
    """A random list the validator accepts (a lobby's 'any' slots)."""
    options = RULESET.parse_options({})
    while True:
        deck = tuple(rng.choice(ROLE_IDS) for _ in range(players))
        try:
            RULESET.check_deck(deck, players, options)
        except SetupError:
            continue
        return deck


def random_config(seed: int, rng: random.Random) -> GameConfig:
    players = 7 + seed % 14
    deck = random_role_list(rng, players)
    names = tuple(f"P{i}" for i in range(players))
    return GameConfig(variant="online_mafia", names=names, deck=deck, seed=seed)


def play_checked(config: GameConfig, rng: random.Random) -> tuple[Game, list[tuple[int, Choice]]]:
    """Random legal answers until the end, the invariants checked on the records of every answer.

    Returns the game and the answers given, in order, for replays."""
    game = Game(config)
    checker = Invariants(RULESET, len(config.names))
    checker.check(game.records)
    answers: list[tuple[int, Choice]] = []
    while not game.over:
        pending = game.pending
        assert pending, "the game is not over but nothing is pending"
        for decision in pending:
            assert game.state.seats[decision.seat].alive, decision
            option = decision.options[rng.randrange(len(decision.options))]
            choice = Choice(option.id, text="..." if decision.speech else "")
            before = len(game.records)
            game.submit(decision.id, choice)
            checker.check(game.records[before:])
            answers.append((decision.id, choice))
        assert len(answers) < 20_000, "no outcome after 20,000 answers"
    checker.finish(game)
    return game, answers


def play_seed(seed: int) -> tuple[Game, list[tuple[int, Choice]]]:
    rng = random.Random(seed)
    return play_checked(random_config(seed, rng), rng)


def dealt_roles(game: Game) -> list[str]:
    return [r.event.role for r in game.records if isinstance(r.event, RoleAssigned) and r.event.reason == "deal"]


@pytest.mark.parametrize("block", range(BLOCKS))
def test_random_role_lists_keep_the_invariants_to_a_legal_end(block: int) -> None:
    per_block = GAMES // BLOCKS
    for seed in range(block * per_block, (block + 1) * per_block):
        game, _ = play_seed(seed)
        outcome = game.outcome
        assert outcome is not None and outcome.reason
        assert set(outcome.sides) <= set(RULESET.sides)
        assert sorted(dealt_roles(game)) == sorted(game.config.deck or ())
        died = [r.event.seat for r in game.records if isinstance(r.event, Died)]
        announced = {d.seat for r in game.records if isinstance(r.event, DeathsAnnounced) for d in r.event.deaths}
        assert set(died) == announced == {s.index for s in game.state.seats if not s.alive}


def test_every_role_is_dealt_across_the_drawn_lists() -> None:
    """The drawn lists cover the whole role list (so the simulation above exercises every role)."""
    dealt: Counter[str] = Counter()
    for seed in range(GAMES):
        rng = random.Random(seed)
        dealt.update(random_config(seed, rng).deck or ())
    assert len(ROLE_IDS) == len(SEED_SPECS) + len(UNITS) and len(SEED_SPECS) == 43
    missing = set(ROLE_IDS) - set(dealt)
    assert not missing, f"never dealt: {sorted(missing)}"
    # the games really deal what was drawn (checked on a few of them)
    for seed in range(5):
        game, _ = play_seed(seed)
        assert Counter(dealt_roles(game)) == Counter(game.config.deck or ())


@pytest.mark.parametrize("seed", [3, 17, 42, 101, 250])
def test_same_list_seed_and_answers_give_the_same_records(seed: int) -> None:
    game, answers = play_seed(seed)
    first = [dump_record(r) for r in game.records]
    again, _ = play_seed(seed)
    assert [dump_record(r) for r in again.records] == first
    # a replay of the recorded answers (no random agent involved) gives the same bytes too
    replay = Game(game.config)
    for decision_id, choice in answers:
        replay.submit(decision_id, choice)
    assert replay.over
    assert [dump_record(r) for r in replay.records] == first
    # the same list under another seed is another game
    other = Game(GameConfig(game.config.variant, game.config.names, deck=game.config.deck, seed=seed + 1000))
    rng = random.Random(seed)
    while not other.over:
        for decision in other.pending:
            option = decision.options[rng.randrange(len(decision.options))]
            other.submit(decision.id, Choice(option.id, text="..." if decision.speech else ""))
    assert [dump_record(r) for r in other.records] != first


def _faction_members(records: list[Record], players: int) -> list[tuple[Record, dict[int, str]]]:
    """Each record with every seat's card at that moment (from the full log's RoleAssigned records)."""
    roles: dict[int, str] = {}
    out: list[tuple[Record, dict[int, str]]] = []
    for record in records:
        event = record.event
        if isinstance(event, RoleAssigned):
            roles[event.seat] = event.role
        out.append((record, dict(roles)))
    assert len(roles) == players
    return out


@pytest.mark.parametrize("block", range(2))
def test_views_over_random_lists_hold_no_other_seats_private_records(block: int) -> None:
    for seed in range(block * 15, block * 15 + 15):
        game, _ = play_seed(seed)
        players = len(game.config.names)
        # team records go only to the seats whose card is of that faction when they are emitted
        for record, roles in _faction_members(game.records, players):
            if record.vis.scope == "team":
                assert record.vis.team is not None, record
                faction = Faction(record.vis.team)
                assert all(ROLES[roles[s]].faction is faction for s in record.vis.seats), record
        public = game.view(None)
        assert all(r.vis.scope == "public" for r in public.records)
        ended = next(r.seq for r in public.records if isinstance(r.event, GameEnded))
        assert not any(isinstance(r.event, RoleAssigned) for r in public.records if r.seq < ended)
        truth_alive = tuple(s.alive for s in game.state.seats)
        assert public.alive == truth_alive
        for seat in range(players):
            view = game.view(seat)
            expected = [r.seq for r in game.records if r.vis.scope == "public" or seat in r.vis.seats]
            assert [r.seq for r in view.records] == expected
            told = own_records_only(view.records, seat)
            assert told and told[-1] == game.state.seats[seat].role == view.role
            assert view.alive == truth_alive
