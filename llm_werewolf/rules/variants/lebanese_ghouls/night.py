"""The night: Umm Lhaf and the lovers (night 1), the Bassara, the ghouls (with the Jara), the Sahra."""

from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache

from llm_werewolf.rules import (
    SKIP,
    SKIP_OPTION,
    Answers,
    Ctx,
    Phase,
    Step,
    plain_option,
    seat_option,
    target_of,
    to_seats,
    to_team,
)
from llm_werewolf.rules.day_limit import end_at_day_limit
from llm_werewolf.rules.events import ActionTaken, Info, StatusChanged, VoteCast
from llm_werewolf.rules.voting import key_seat, tally

from .data import GhoulsData
from .morning import Morning
from .options import GhoulsOptions
from .roles import BASSARA, GHOUL, JARA, SAHRA, UMM_LHAF
from .unit import WAKE_PLACES, called
from .units import UNITS

GCtx = Ctx[GhoulsData, GhoulsOptions]

PEEK = "peek"
SLEEP = "sleep"
ELIXIR = "elixir"


def _units_before(place: str) -> tuple[tuple[str, Step], ...]:
    """The role units' night steps that run right before ``place`` (``unit.WAKE_PLACES``), with their roles."""
    steps = ((unit.role.id, unit.night_step()) for unit in UNITS if unit.wakes_before == place)
    return tuple((role, step) for role, step in steps if step is not None)


@lru_cache(maxsize=128)
def night_steps(deck_roles: frozenset[str]) -> tuple[Step, ...]:
    """Every night's turns after Umm Lhaf's for a deck: the seed's, with the dealt role units' steps in
    place (a unit whose role is not dealt costs nothing). Steps are immutable, so they are shared."""
    steps: list[Step] = []
    for place, turn in (("bassara", Bassara()), ("ghouls", Ghouls()), ("sahra", Sahra()), ("dawn", Morning())):
        steps += [step for role, step in BEFORE[place] if role in deck_roles]
        steps.append(turn)
    return tuple(steps)


@dataclass(frozen=True, slots=True)
class Night(Step):
    def run(self, ctx: GCtx) -> None:
        if end_at_day_limit(ctx):
            return
        number = ctx.state.days_played + 1
        ctx.start_phase(Phase("night", number))
        ctx.cue("night_opening" if number == 1 else "night_falls")
        if number == 1:
            ctx.push(UmmLhaf())
        # Morning pushes the day in front of the next night; role units' steps run where they wake.
        ctx.push(*night_steps(ctx.data.deck_roles), Night())


# -- night 1: Umm Lhaf and the lovers ------------------------------------------------------------
@dataclass(frozen=True, slots=True)
class UmmLhaf(Step):
    def run(self, ctx: GCtx) -> None:
        umm = ctx.state.first_with_role(UMM_LHAF)
        if umm is None:
            return
        ctx.cue("wake", UMM_LHAF)
        ctx.ask(umm, "umm_lhaf_first", [seat_option(i) for i in ctx.state.living()])

    def resolve(self, ctx: GCtx, answers: Answers) -> None:
        _, choice = answers.single()
        first = target_of(choice)
        assert first is not None
        ctx.push(UmmLhafSecond(first))


@dataclass(frozen=True, slots=True)
class UmmLhafSecond(Step):
    first: int

    def run(self, ctx: GCtx) -> None:
        umm = ctx.state.first_with_role(UMM_LHAF)
        assert umm is not None
        options = [seat_option(i) for i in ctx.state.living() if i != self.first]
        ctx.ask(umm, "umm_lhaf_second", options)

    def resolve(self, ctx: GCtx, answers: Answers) -> None:
        decision, choice = answers.single()
        second = target_of(choice)
        assert second is not None
        lovers = tuple(sorted((self.first, second)))
        ctx.update_data(lovers=lovers)
        ctx.emit(ActionTaken(seat=decision.seat, action="link", targets=lovers), to_seats(decision.seat))
        ctx.cue("sleep", UMM_LHAF)
        ctx.push(Lovers())


@dataclass(frozen=True, slots=True)
class Lovers(Step):
    """The narrator wakes the lovers by touch; each learns the other's seat (not the card)."""

    def run(self, ctx: GCtx) -> None:
        a, b = ctx.data.lovers
        ctx.cue("lovers_wake")
        for seat, partner in ((a, b), (b, a)):
            ctx.emit(StatusChanged(seat=seat, status="lover", value="on"), to_seats(seat))
            ctx.emit(Info(fact="lover", subject=partner, seats=(a, b)), to_seats(seat))
        ctx.cue("lovers_sleep")


# -- the Bassara -----------------------------------------------------------------------------------
@dataclass(frozen=True, slots=True)
class Bassara(Step):
    def run(self, ctx: GCtx) -> None:
        seer = ctx.state.first_with_role(BASSARA)
        if not called(ctx, BASSARA, seer is not None):
            return
        ctx.cue("wake", BASSARA)
        if seer is None:
            ctx.cue("sleep", BASSARA)
            return
        ctx.ask(seer, "bassara_look", [seat_option(i) for i in ctx.state.living() if i != seer])

    def resolve(self, ctx: GCtx, answers: Answers) -> None:
        decision, choice = answers.single()
        target = target_of(choice)
        assert target is not None
        card = ctx.state.seat(target).role
        ctx.emit(Info(fact="role", subject=target, value=card), to_seats(decision.seat))
        ctx.cue("sleep", BASSARA)


# -- the ghouls and the Jara ---------------------------------------------------------------------
def _ask_ghouls(ctx: GCtx, targets: tuple[int, ...]) -> None:
    options = [seat_option(i) for i in targets]
    for ghoul in ctx.state.with_role(GHOUL):
        ctx.ask(ghoul, "ghoul_kill", options, group="ghouls", collective=True)


def _count_ghoul_ballots(ctx: GCtx, answers: Answers, ballot: str) -> tuple[int, ...]:
    """Show the ghouls each other's ballots; return the seats sharing the most votes."""
    ghouls = ctx.state.with_role(GHOUL)
    ballots: list[tuple[str, float]] = []
    for decision, choice in answers.of_kind("ghoul_kill"):
        target = target_of(choice)
        ctx.emit(
            VoteCast(seat=decision.seat, ballot=ballot, option=choice.option, target=target),
            to_team("ghouls", ghouls),
        )
        ballots.append((choice.option, 1.0))
    _, top = tally(ballots)
    return tuple(sorted(s for s in map(key_seat, top) if s is not None))


@dataclass(frozen=True, slots=True)
class Ghouls(Step):
    """The ghouls name a prey together: plurality; a tie is voted again among the tied once,
    and a second tie is settled by the game's seeded RNG (the ghouls must agree on someone).
    The Jara decides at the same time whether to peek."""

    def run(self, ctx: GCtx) -> None:
        ghouls = ctx.state.with_role(GHOUL)
        ctx.cue("wake", GHOUL)
        if ctx.state.phase.number == 1:
            for ghoul in ghouls:
                ctx.emit(Info(fact="team", subject=ghoul, value=GHOUL, seats=ghouls), to_team("ghouls", ghouls))
        targets = tuple(i for i in ctx.state.living() if i not in ghouls)
        _ask_ghouls(ctx, targets)
        jara = ctx.state.first_with_role(JARA)
        if jara is not None:
            ctx.ask(jara, "jara_peek", [plain_option(PEEK), plain_option(SLEEP)], default=SLEEP, group="jara")

    def resolve(self, ctx: GCtx, answers: Answers) -> None:
        peeked = any(choice.option == PEEK for _, choice in answers.of_kind("jara_peek"))
        top = _count_ghoul_ballots(ctx, answers, "ghoul_kill")
        if len(top) == 1:
            _end_ghouls_turn(ctx, top[0], peeked)
            return
        ctx.emit(Info(fact="ghouls_tied", seats=top), to_team("ghouls", ctx.state.with_role(GHOUL)))
        ctx.continue_with(GhoulsRevote(peeked))
        _ask_ghouls(ctx, top)


@dataclass(frozen=True, slots=True)
class GhoulsRevote(Step):
    """Resolves the ghouls' second ballot (asked by :class:`Ghouls` through ``continue_with``)."""

    peeked: bool

    def resolve(self, ctx: GCtx, answers: Answers) -> None:
        top = _count_ghoul_ballots(ctx, answers, "ghoul_kill_revote")
        prey = top[0] if len(top) == 1 else ctx.choice(top)
        _end_ghouls_turn(ctx, prey, self.peeked)


def _end_ghouls_turn(ctx: GCtx, prey: int, peeked: bool) -> None:
    ghouls = ctx.state.with_role(GHOUL)
    ctx.emit(ActionTaken(seat=ghouls[0], action="ghouls_prey", targets=(prey,)), to_team("ghouls", ghouls))
    caught = False
    jara = ctx.state.first_with_role(JARA)
    if peeked and jara is not None:
        ctx.emit(Info(fact="ghouls_seen", seats=ghouls), to_seats(jara))
        chance = ctx.options.jara_caught_probability
        if chance > 0 and ctx.random() < chance:
            caught = True
            prey = jara
            ctx.emit(Info(fact="caught_peeking", subject=jara), to_seats(*ghouls, jara))
    ctx.update_data(prey=prey, caught=caught)
    ctx.cue("sleep", GHOUL)


# -- the Sahra -------------------------------------------------------------------------------------
@dataclass(frozen=True, slots=True)
class Sahra(Step):
    """Shown the ghouls' prey; may use the elixir (herself included), then the poison."""

    def run(self, ctx: GCtx) -> None:
        witch = ctx.state.first_with_role(SAHRA)
        data = ctx.data
        active = witch is not None and not (data.elixir_used and data.poison_used)
        if not called(ctx, SAHRA, active):
            return
        ctx.cue("wake", SAHRA)
        if witch is None or not active:
            ctx.cue("sleep", SAHRA)
            return
        if data.prey is not None:
            ctx.emit(Info(fact="ghoul_victim", subject=data.prey), to_seats(witch))
        if not data.elixir_used and data.prey is not None:
            ctx.ask(witch, "sahra_elixir", [plain_option(ELIXIR), SKIP_OPTION], default=SKIP)
        else:
            ctx.push(SahraPoison())

    def resolve(self, ctx: GCtx, answers: Answers) -> None:
        decision, choice = answers.single()
        if choice.option == ELIXIR:
            prey = ctx.data.prey
            assert prey is not None
            ctx.update_data(saved=prey, elixir_used=True)
            ctx.emit(ActionTaken(seat=decision.seat, action=ELIXIR, targets=(prey,)), to_seats(decision.seat))
        ctx.push(SahraPoison())


@dataclass(frozen=True, slots=True)
class SahraPoison(Step):
    def run(self, ctx: GCtx) -> None:
        witch = ctx.state.first_with_role(SAHRA)
        assert witch is not None
        targets = (
            []
            if ctx.data.poison_used
            else [seat_option(i) for i in ctx.state.living() if i not in (witch, ctx.data.prey)]
        )
        if not targets:
            ctx.cue("sleep", SAHRA)
            return
        ctx.ask(witch, "sahra_poison", [*targets, SKIP_OPTION], default=SKIP)

    def resolve(self, ctx: GCtx, answers: Answers) -> None:
        decision, choice = answers.single()
        target = target_of(choice)
        if target is not None:
            ctx.update_data(poisoned=target, poison_used=True)
            ctx.emit(ActionTaken(seat=decision.seat, action="poison", targets=(target,)), to_seats(decision.seat))
        ctx.cue("sleep", SAHRA)


BEFORE: dict[str, tuple[tuple[str, Step], ...]] = {place: _units_before(place) for place in WAKE_PLACES}
"""The role units' night steps (with their role ids) by the place they run before (built once)."""
