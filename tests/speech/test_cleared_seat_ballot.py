"""A model seat does not vote for the seat its own reported check found good the same day: once a public
event released the vote its speech promised, its ballot is offered every seat but the one it cleared
(``speech.commitments.ballot``)."""

from __future__ import annotations

import random

import pytest

from llm_werewolf.rules import Act, Choice, Decision, Game, GameConfig
from llm_werewolf.speech.commitments import DAY_VOTES, RELEASED, ballot, trusted_seats, trusted_today
from llm_werewolf.texts import default_names

TABLES = [
    ("online_mafia", "he", 8, 3, "detective", "citizen"),
    ("chinese_werewolf", "zh-Hant", 9, 4, "seer", "villager"),
]


def _at_talk(variant: str, language: str, seats: int, seed: int) -> Game:
    """A game at its first day speech, every earlier choice random."""
    game = Game(GameConfig(variant=variant, names=default_names(language, seats), seed=seed, language=language))
    rng = random.Random(seed)
    while not any(d.speech and d.kind == "speech" for d in game.pending):
        decision = game.pending[0]
        if decision.speech:
            game.submit(decision.id, Choice(decision.options[0].id, text="…", acts=()))
        else:
            game.submit(decision.id, Choice(decision.options[rng.randrange(len(decision.options))].id))
    return game


def _living_others(game: Game, me: int, count: int) -> list[int]:
    view = game.view(me)
    return [s for s in range(len(view.names)) if s != me and view.alive[s]][:count]


@pytest.mark.parametrize(("variant", "language", "seats", "seed", "role", "plain"), TABLES)
def test_a_released_ballot_leaves_out_the_seat_the_voters_own_check_cleared(
    variant: str, language: str, seats: int, seed: int, role: str, plain: str
) -> None:
    game = _at_talk(variant, language, seats, seed)
    me = next(d for d in game.pending if d.kind == "speech").seat
    cleared, target = _living_others(game, me, 2)
    said = (
        Act("claim", role=role),
        Act("result", fact="check", target=cleared, value="good"),
        Act("vote", target=target),
    )
    claimed = False
    ballot_decision: Decision | None = None
    while game.pending and ballot_decision is None:
        decision = game.pending[0]
        if decision.kind in DAY_VOTES and decision.seat == me:
            ballot_decision = decision
        elif decision.speech:
            acts: tuple[Act, ...] = ()
            if decision.seat == me:
                acts = said
            elif decision.seat == target and not claimed:
                acts, claimed = (Act("claim", role=plain),), True
            game.submit(decision.id, Choice(decision.options[0].id, text="…", acts=acts))
        else:
            option = next((o for o in decision.options if o.target not in (me, cleared, target)), decision.options[0])
            game.submit(decision.id, Choice(option.id))
    assert ballot_decision is not None and claimed
    view = game.view(me)
    assert cleared in trusted_today(view)
    taken = ballot(view, ballot_decision)
    assert taken.option is None and taken.note.startswith(RELEASED)  # the claim released the promised vote
    offered = {o.target for o in taken.options if o.kind == "seat"}
    assert f"seat:{cleared}" in {o.id for o in ballot_decision.options}
    assert cleared not in offered and target in offered


def test_a_result_vouches_for_the_seat_it_clears_only() -> None:
    good = Act("result", fact="check", target=3, value="good")
    bad = Act("result", fact="check", target=4, value="bad")
    assert trusted_seats((good, bad), 1, "online_mafia") == {3}
    assert trusted_seats((good,), 3, "online_mafia") == set()  # a seat does not vouch for itself
    assert trusted_seats((good,), 1) == set()  # without the ruleset a result's side is not read
