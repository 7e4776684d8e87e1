"""Deaths and what follows them at once: lover's grief, the hunter's shot, the badge, last words.

A batch of deaths is announced together (the seed reveals no cause at night; the
exiled player's card is flipped, and so is a hunter's who may shoot: 需要發動技能的
則翻開身份牌). Then, in this order: every hunter in the batch who may shoot does so
(his victim's own batch resolves at once), the win check, the badge of a dead
sheriff, and last words of the batch's dead where the ``last_words`` switch allows.
With ``hunter_shot_timing=after_win_check`` the win check comes before the shots:
a game already decided ends without them.
"""

from __future__ import annotations

from dataclasses import dataclass

from llm_werewolf.rules import SKIP, SKIP_OPTION, Answers, Step, plain_option, target_of
from llm_werewolf.rules.events import ActionTaken, AnnouncedDeath, Announcement, DeathsAnnounced, Died, Speech

from .data import CWCtx, partner_of, seat_opt
from .roles import HUNTER
from .sheriff import Badge
from .units import UNITS
from .win import CheckWin

SHOT_CAUSES = frozenset({"wolves", "guard_and_antidote", "exile"})
"""Deaths after which the hunter may shoot (never poison, grief, or another shot)."""
SHOWN_BY_UNITS = frozenset().union(*(unit.shown_causes for unit in UNITS))
REVEALED_CAUSES = frozenset({"exile", "hunter", "self_destruct"}) | SHOWN_BY_UNITS
FLIPPED_CAUSES = frozenset({"exile", "self_destruct"}) | SHOWN_BY_UNITS
"""Deaths that flip the card (the exiled, a wolf who self-destructs, the causes a role unit shows);
a hunter who may shoot flips too."""


def may_shoot(role: str, cause: str) -> bool:
    return role == HUNTER and cause in SHOT_CAUSES


@dataclass(frozen=True, slots=True)
class ResolveDeaths(Step):
    deaths: tuple[tuple[int, str], ...]
    moment: str
    last_words: bool

    def run(self, ctx: CWCtx) -> None:
        batch: list[tuple[int, str]] = [
            (s, c) for s, c in self.deaths if ctx.state.is_alive(s) and not any(u.spares(ctx, s, c) for u in UNITS)
        ]
        dying = {s for s, _ in batch}
        for seat, _ in list(batch):
            partner = partner_of(ctx.data, seat)
            if partner is not None and partner not in dying and ctx.state.is_alive(partner):
                batch.append((partner, "grief"))
                dying.add(partner)
        if not batch:
            return
        announced = []
        for seat, cause in batch:
            role = ctx.state.seat(seat).role
            ctx.set_seat(seat, alive=False)
            ctx.emit_god(Died(seat=seat, cause=cause))
            reveal = cause in FLIPPED_CAUSES or may_shoot(role, cause)
            announced.append(
                AnnouncedDeath(
                    seat=seat,
                    cause=cause if cause in REVEALED_CAUSES else None,
                    role=role if reveal else None,
                )
            )
        announced.sort(key=lambda death: death.seat)
        ctx.emit(DeathsAnnounced(deaths=tuple(announced), moment=self.moment))
        ordered = sorted(batch)
        shots: list[Step] = [
            HunterShot(seat, self.last_words) for seat, cause in ordered if may_shoot(ctx.state.seat(seat).role, cause)
        ]
        if ctx.options.hunter_shot_timing == "after_win_check":
            steps: list[Step] = [CheckWin(), *shots]
        else:
            steps = [*shots, CheckWin()]
        sheriff = ctx.data.sheriff
        if sheriff is not None and sheriff in dying:
            steps.append(Badge(sheriff))
        if self.last_words:
            steps.extend(LastWords(seat) for seat, _ in ordered)
        ctx.push(*steps)


@dataclass(frozen=True, slots=True)
class HunterShot(Step):
    """獵人: takes one living player with him, or declines (``skip``)."""

    seat: int
    last_words: bool

    def run(self, ctx: CWCtx) -> None:
        options = [seat_opt(i) for i in ctx.state.living() if i != self.seat]
        if not options:
            return
        ctx.ask(self.seat, "hunter_shot", [*options, SKIP_OPTION], default=SKIP)

    def resolve(self, ctx: CWCtx, answers: Answers) -> None:
        _, choice = answers.single()
        target = target_of(choice)
        if target is None:
            ctx.emit(Announcement(key="hunter_declined", seats=(self.seat,)))
            return
        ctx.emit_god(ActionTaken(seat=self.seat, action="hunter_shot", targets=(target,)))
        ctx.emit(Announcement(key="hunter_shot", seats=(self.seat, target)))
        ctx.push(ResolveDeaths(((target, "hunter"),), "hunter_shot", self.last_words))


@dataclass(frozen=True, slots=True)
class LastWords(Step):
    """遺言: a dead player's last speech."""

    seat: int

    def run(self, ctx: CWCtx) -> None:
        ctx.ask(self.seat, "last_words", [plain_option("speak")], default="speak", speech=True)

    def resolve(self, ctx: CWCtx, answers: Answers) -> None:
        _, choice = answers.single()
        ctx.emit(Speech(seat=self.seat, text=choice.text, stage="last_words", claim=choice.claim, acts=choice.acts))
