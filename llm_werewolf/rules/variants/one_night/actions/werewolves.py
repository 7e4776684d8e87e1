"""Werewolves wake together and see each other; a lone wolf may view one center card.

The Little Girl (and a Doppel-Little Girl) may peek during this turn and learns
who woke as wolves. The Mystic Wolf and a Doppel-wolf wake here too.
"""

from __future__ import annotations

from dataclasses import dataclass

from llm_werewolf.rules import SKIP, SKIP_OPTION, Answers, Choice, Decision, Step, plain_option, to_seats, to_team
from llm_werewolf.rules.events import Info

from ..cards import OneCtx, center_slots, holders, show_center, woke_as_wolves
from ..roles import LITTLE_GIRL
from ..targets import any_target
from ..unit import Reading, Tactic

CENTER_KIND = "wolf_center"
PEEK_KIND = "little_girl_peek"
PEEK = "peek"
GROUP = "werewolves"


@dataclass(frozen=True, slots=True)
class WolvesAwake(Step):
    def run(self, ctx: OneCtx) -> None:
        state = ctx.state
        wolves = woke_as_wolves(state)
        if wolves:
            ctx.emit(Info(fact="team", value="wolves", seats=wolves), to_team("wolves", wolves))
        if len(wolves) == 1:
            options = [*center_slots(state), SKIP_OPTION]
            ctx.ask(wolves[0], CENTER_KIND, options, default=SKIP, group=GROUP)
        for girl in holders(state, LITTLE_GIRL):
            ctx.ask(girl, PEEK_KIND, [plain_option(PEEK), SKIP_OPTION], default=SKIP, group=GROUP)

    def resolve(self, ctx: OneCtx, answers: Answers) -> None:
        for decision, choice in answers:
            option = decision.option(choice.option)
            if option is None or option.id == SKIP:
                continue
            if decision.kind == CENTER_KIND and option.target is not None:
                show_center(ctx, decision.seat, option.target)
            elif decision.kind == PEEK_KIND:
                wolves = woke_as_wolves(ctx.state)
                ctx.emit(Info(fact="wolves", seats=wolves), to_seats(decision.seat))


def call(ctx: OneCtx, seats: tuple[int, ...]) -> tuple[Step, ...]:
    return (WolvesAwake(),)


def peek(reading: Reading, decision: Decision) -> Choice | None:
    """The heuristic Little Girl always peeks."""
    return Choice(PEEK) if decision.option(PEEK) is not None else None


TACTICS: dict[str, Tactic] = {CENTER_KIND: any_target, PEEK_KIND: peek}
"""The heuristic player's play: a lone wolf views a random center card; the Little Girl peeks."""
