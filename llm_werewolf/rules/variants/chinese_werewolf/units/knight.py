"""騎士 (the Knight), a card of the platforms' boards beside the seer, witch and hunter.

The rule chosen (the common platform rule, 騎士決鬥; the seed has no knight):

* Once per game, by day, at his own turn in the discussion (before his speech; never in the
  sheriff campaign, a PK defense or last words), the knight may turn over his card and duel
  another living player (decision ``knight_duel``: ``seat:N``, or ``skip`` to speak as usual).
* The duelled player is a werewolf: the wolf dies (cause ``duel``), his card is shown, he
  says no last words, and the day ends at once: no more speeches, no exile vote, night falls
  (as after a wolf's self-destruct). The knight stays, his card known.
* The duelled player is not a werewolf: the knight dies instead (cause ``knight_lost``, his
  card shown), with last words as any death by day (switch ``last_words``); the discussion
  goes on with the next speaker. The duelled player's card stays hidden.
* A hunter who dies in a duel does not shoot; a lover of the dead dies of grief; the win check
  and a dead sheriff's badge follow as after any death.

He is a god (神民) for the side-wipe victory. He is in no standard board: a custom deck deals
him (``--deck``). The heuristic knight duels only a seat he has reason to think a wolf: one
the seer he believes called a wolf; else he speaks. Scenarios: ``scenarios/knight_*.yaml``.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING

from llm_werewolf.rules import SKIP, SKIP_OPTION, Answers, Choice, Decision, RoleInfo, Step, seat_option, target_of
from llm_werewolf.rules.events import Announcement, StatusChanged

from ..unit import CWUnit, Reading

if TYPE_CHECKING:
    from ..data import CWCtx

KNIGHT = "knight"
DUEL = "knight_duel"
DUELLED = "knight_duelled"
WON = "duel"
LOST = "knight_lost"


@dataclass(frozen=True, slots=True)
class Duel(Step):
    """The knight's offer before his discussion speech, and its outcome."""

    seat: int

    def run(self, ctx: CWCtx) -> None:

        targets = [seat_option(i) for i in ctx.state.living() if i != self.seat]
        ctx.ask(self.seat, DUEL, [*targets, SKIP_OPTION], default=SKIP)

    def resolve(self, ctx: CWCtx, answers: Answers) -> None:
        from ..deaths import ResolveDeaths  # deaths imports the units

        _, choice = answers.single()
        target = target_of(choice)
        if target is None:
            return
        ctx.update_data(marks=ctx.data.marks | {(self.seat, DUELLED)})
        ctx.emit(StatusChanged(seat=self.seat, status=DUELLED, value="on"))
        ctx.emit(Announcement(key=DUEL, seats=(self.seat, target), value=KNIGHT))  # his card is shown
        if ctx.state.seat(target).role == "werewolf":
            ctx.update_data(day_over=True)
            ctx.push(ResolveDeaths(((target, WON),), WON, False))
        else:
            ctx.push(ResolveDeaths(((self.seat, LOST),), LOST, ctx.options.last_words != "none"))


def duel_a_known_wolf(reading: Reading, decision: Decision) -> Choice | None:
    """Duel the first living seat the believed seer (or the knight's own knowledge) marks a wolf."""
    for seat in [*reading.found_wolves(), *reading.exposed_wolves()]:
        option = decision.option(f"seat:{seat}")
        if option is not None:
            return Choice(option.id)
    return Choice(SKIP)


@dataclass(frozen=True)
class Knight(CWUnit):
    def before_speech(self, ctx: CWCtx, seat: int, stage: str) -> Step | None:
        if stage != "discussion" or ctx.state.seats[seat].role != KNIGHT or (seat, DUELLED) in ctx.data.marks:
            return None
        return Duel(seat)


UNIT = Knight(
    RoleInfo(KNIGHT, "village", power=True, description="騎士: once by day, duels a player; a wolf dies, else he."),
    decision_kinds={
        DUEL: "the knight before his discussion speech, once per game: duel a living seat (seat:N) "
        "or speak as usual (skip); a werewolf dies and night falls, anyone else and the knight dies"
    },
    death_causes={
        WON: "a werewolf the knight duelled (card shown; the day ends)",
        LOST: "a knight who duelled a non-wolf (card shown)",
    },
    announcement_keys={DUEL: "the knight turns over his card and duels a player (seats: the knight, the duelled)"},
    statuses={DUELLED: "a knight who has used his duel (public)"},
    shown_causes=frozenset({WON, LOST}),
    tactics={DUEL: duel_a_known_wolf},
)
