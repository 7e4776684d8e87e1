"""الناطور (the Natour, the village watchman): the Guard (Salvateur) of the Thiercelieux family the
seed belongs to, as the watchman who guards a Lebanese village's fields at night.

He wakes after the Bassara, before the ghouls, and names a player to guard (himself allowed, never
the same player two nights running, no skip). The guarded player is not eaten that night: the
ghouls' prey, or a Jara caught peeking, survives. The guard stops only the ghouls: the Sahra's
poison, grief and the Sayyad's shot go through. The table is told nothing; a guarded prey simply
wakes. docs/rules/lebanese_ghouls.md, "Added roles".
"""

from __future__ import annotations

from dataclasses import dataclass

from llm_werewolf.rules import Answers, RoleInfo, Step, seat_option, target_of, to_seats
from llm_werewolf.rules.events import ActionTaken

from ..unit import GCtx, LGUnit, called

NATOUR = "natour"
GUARDED = "natour_guarded"
"""Mark: the seat the Natour guards tonight (lifted when the next night's turn starts)."""
LAST = "natour_last"
"""Mark: the seat he guarded last (he may not guard it again the next night)."""
EATEN = frozenset({"ghouls", "jara_caught"})
"""The death causes the guard stops (``roles.GHOULS_KILL``, ``roles.JARA_CAUGHT``)."""


@dataclass(frozen=True, slots=True)
class NatourTurn(Step):
    def run(self, ctx: GCtx) -> None:
        ctx.update_data(marks=frozenset(m for m in ctx.data.marks if m[1] != GUARDED))
        natour = ctx.state.first_with_role(NATOUR)
        if not called(ctx, NATOUR, natour is not None):
            return
        ctx.cue("wake", NATOUR)
        if natour is None:
            ctx.cue("sleep", NATOUR)
            return
        ctx.ask(natour, "natour_guard", [seat_option(i) for i in ctx.state.living() if (i, LAST) not in ctx.data.marks])

    def resolve(self, ctx: GCtx, answers: Answers) -> None:
        decision, choice = answers.single()
        target = target_of(choice)
        assert target is not None
        kept = frozenset(m for m in ctx.data.marks if m[1] != LAST)
        ctx.update_data(marks=kept | {(target, GUARDED), (target, LAST)})
        ctx.emit(ActionTaken(seat=decision.seat, action="guard", targets=(target,)), to_seats(decision.seat))
        ctx.cue("sleep", NATOUR)


@dataclass(frozen=True)
class Natour(LGUnit):
    def night_step(self) -> Step:
        return NatourTurn()

    def spares(self, ctx: GCtx, seat: int, cause: str) -> bool:
        return cause in EATEN and (seat, GUARDED) in ctx.data.marks


UNIT = Natour(
    RoleInfo(NATOUR, "farmers", power=True, description="الناطور: guards one player from the ghouls each night."),
    wakes_before="ghouls",
    decision_kinds={
        "natour_guard": "the Natour guards a seat from the ghouls tonight (any living seat, himself included, "
        "but not the one he guarded the night before; no skip)"
    },
)
