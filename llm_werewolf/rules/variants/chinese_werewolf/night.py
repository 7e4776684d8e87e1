"""Night steps: thief, cupid, lovers (night 1 only), guard, seer, wolves (+ little girl), witch.

Every step voices its ``wake``/``sleep`` cues when the role is in the game's deck,
even if its player is dead or the card lies among the thief's extra cards, so the
table cannot tell who still acts. Thief, cupid and lovers are voiced on night 1
whatever the deck (the seed: 即使沒人抽到盜賊或丘比特，也要假裝進行).
"""

from __future__ import annotations

from dataclasses import dataclass

from llm_werewolf.rules import (
    SKIP,
    SKIP_OPTION,
    Answers,
    Option,
    Step,
    center_option,
    plain_option,
    target_of,
    to_team,
)
from llm_werewolf.rules.events import ActionTaken, Info, RoleAssigned, StatusChanged, VoteCast, VoteTally
from llm_werewolf.rules.voting import key_seat, tally

from .data import CWCtx, living_wolves, seat_opt
from .roles import CUPID, GUARD, LITTLE_GIRL, SEER, THIEF, WEREWOLF, WITCH

PEEK = "peek"
SLEEP = "sleep"
ANTIDOTE = "antidote"


def _wake(ctx: CWCtx, role: str, *, always: bool = False) -> bool:
    voiced = always or role in ctx.data.deck_roles
    if voiced:
        ctx.cue("wake", role)
    return voiced


def _sleep(ctx: CWCtx, role: str, *, always: bool = False) -> None:
    if always or role in ctx.data.deck_roles:
        ctx.cue("sleep", role)


@dataclass(frozen=True, slots=True)
class ThiefStep(Step):
    """盜賊: sees the two extra cards and may take one (a werewolf when forced)."""

    def run(self, ctx: CWCtx) -> None:
        _wake(ctx, THIEF, always=True)
        thief = ctx.state.first_with_role(THIEF)
        extra = ctx.state.extra
        if thief is None or not extra:
            _sleep(ctx, THIEF, always=True)
            return
        for slot, card in enumerate(extra):
            ctx.emit_to(Info(fact="extra_card", subject=slot, value=card), thief)
        wolf_slots = [slot for slot, card in enumerate(extra) if card == WEREWOLF]
        rule = ctx.options.thief_must_take_wolf
        forced = rule != "never" and bool(wolf_slots) and (rule == "if_any" or len(wolf_slots) == len(extra))
        if forced:
            options = [center_option(slot) for slot in wolf_slots]
            ctx.ask(thief, "thief_swap", options, default=options[0].id)
        else:
            options = [center_option(slot) for slot in range(len(extra))]
            ctx.ask(thief, "thief_swap", [*options, SKIP_OPTION], default=SKIP)

    def resolve(self, ctx: CWCtx, answers: Answers) -> None:
        decision, choice = answers.single()
        thief = decision.seat
        option = decision.option(choice.option)
        if option is not None and option.kind == "center" and option.target is not None:
            slot = option.target
            extra = list(ctx.state.extra)
            card = extra[slot]
            extra[slot] = THIEF
            ctx.set_seat(thief, role=card)
            ctx.update(extra=tuple(extra))
            ctx.emit_to(RoleAssigned(seat=thief, role=card, reason="thief"), thief)
            ctx.emit_god(ActionTaken(seat=thief, action="thief_swap", value=card))
        else:
            ctx.emit_god(ActionTaken(seat=thief, action="thief_keep", value=THIEF))
        _sleep(ctx, THIEF, always=True)


@dataclass(frozen=True, slots=True)
class CupidStep(Step):
    """丘比特: names two players (asked one at a time); the moderator taps their heads."""

    first: int | None = None

    def run(self, ctx: CWCtx) -> None:
        _wake(ctx, CUPID, always=True)
        cupid = ctx.state.first_with_role(CUPID)
        if cupid is None:
            _sleep(ctx, CUPID, always=True)
            return
        ctx.ask(cupid, "cupid", [seat_opt(i) for i in ctx.state.living()])

    def resolve(self, ctx: CWCtx, answers: Answers) -> None:
        decision, choice = answers.single()
        target = target_of(choice)
        assert target is not None
        if self.first is None:
            options = [seat_opt(i) for i in ctx.state.living() if i != target]
            ctx.ask(decision.seat, "cupid", options)
            ctx.continue_with(CupidStep(first=target))
            return
        lovers = (min(self.first, target), max(self.first, target))
        ctx.update_data(lovers=lovers)
        ctx.emit_god(ActionTaken(seat=decision.seat, action="cupid", targets=lovers))
        _sleep(ctx, CUPID, always=True)
        for lover in lovers:
            ctx.emit_to(StatusChanged(seat=lover, status="lover", value="on"), lover)


@dataclass(frozen=True, slots=True)
class LoversStep(Step):
    """情侶: the two lovers open their eyes and learn each other's seat (not the role)."""

    def run(self, ctx: CWCtx) -> None:
        _wake(ctx, "lovers", always=True)
        lovers = ctx.data.lovers
        if lovers is not None:
            first, second = lovers
            ctx.emit_to(Info(fact="lover", subject=second, seats=lovers), first)
            ctx.emit_to(Info(fact="lover", subject=first, seats=lovers), second)
        _sleep(ctx, "lovers", always=True)


@dataclass(frozen=True, slots=True)
class GuardStep(Step):
    """守衛: guards one player (self allowed), never the same one two nights running; may skip."""

    def run(self, ctx: CWCtx) -> None:
        _wake(ctx, GUARD)
        guard = ctx.state.first_with_role(GUARD)
        if guard is None:
            ctx.update_data(guarded=None)
            _sleep(ctx, GUARD)
            return
        last = None if ctx.options.guard_same_twice else ctx.data.guarded
        options = [seat_opt(i) for i in ctx.state.living() if i != last]
        ctx.ask(guard, "guard", [*options, SKIP_OPTION], default=SKIP)

    def resolve(self, ctx: CWCtx, answers: Answers) -> None:
        decision, choice = answers.single()
        target = target_of(choice)
        ctx.update_data(guarded=target)
        if target is not None:
            ctx.emit_god(ActionTaken(seat=decision.seat, action="guard", targets=(target,)))
        _sleep(ctx, GUARD)


@dataclass(frozen=True, slots=True)
class SeerStep(Step):
    """預言家: is shown one player's card."""

    def run(self, ctx: CWCtx) -> None:
        _wake(ctx, SEER)
        seer = ctx.state.first_with_role(SEER)
        if seer is None:
            _sleep(ctx, SEER)
            return
        ctx.ask(seer, "seer_check", [seat_opt(i) for i in ctx.state.living() if i != seer])

    def resolve(self, ctx: CWCtx, answers: Answers) -> None:
        decision, choice = answers.single()
        target = target_of(choice)
        assert target is not None
        card = ctx.state.seat(target).role
        ctx.emit_to(Info(fact="role", subject=target, value=card), decision.seat)
        _sleep(ctx, SEER)


@dataclass(frozen=True, slots=True)
class WolvesStep(Step):
    """狼人: each living wolf names a victim (or ``skip``, 空刀); a tie kills nobody.

    The little girl, if alive, decides at the same time whether to peek.
    """

    def run(self, ctx: CWCtx) -> None:
        state = ctx.state
        wolves = living_wolves(state)
        ctx.cue("wake", WEREWOLF)
        if state.phase.number == 1 and wolves:
            ctx.emit(Info(fact="team", value=WEREWOLF, seats=wolves), to_team("wolves", wolves))
        ctx.cue("hunt", WEREWOLF)
        if not wolves:
            ctx.update_data(wolf_victim=None)
            ctx.cue("sleep", WEREWOLF)
            return
        options = (*[seat_opt(i) for i in state.living()], SKIP_OPTION)  # one tuple for every wolf
        for wolf in wolves:
            ctx.ask(wolf, "wolf_kill", options, default=SKIP, group="wolves", collective=True)
        girl = state.first_with_role(LITTLE_GIRL)
        if girl is not None:
            ctx.ask(girl, "little_girl_peek", [plain_option(PEEK), plain_option(SLEEP)], default=SLEEP)

    def resolve(self, ctx: CWCtx, answers: Answers) -> None:
        wolves = tuple(d.seat for d, _ in answers.of_kind("wolf_kill"))
        team = to_team("wolves", wolves)
        ballots = []
        for decision, choice in answers.of_kind("wolf_kill"):
            ctx.emit(
                VoteCast(seat=decision.seat, ballot="wolf_kill", option=choice.option, target=target_of(choice)),
                team,
            )
            ballots.append((choice.option, 1.0))
        counts, top = tally(ballots)
        victim = key_seat(top[0]) if len(top) == 1 else None
        result = "tie" if len(top) > 1 else ("kill" if victim is not None else SKIP)
        ctx.emit(VoteTally(ballot="wolf_kill", counts=counts, result=result, targets=_seats(victim)), team)
        for decision, choice in answers.of_kind("little_girl_peek"):
            if choice.option == PEEK:
                victim = self._peek(ctx, decision.seat, wolves, victim)
        ctx.update_data(wolf_victim=victim)
        if victim is not None:
            ctx.emit_god(ActionTaken(seat=wolves[0], action="wolf_kill", targets=(victim,)))
        ctx.cue("sleep", WEREWOLF)

    @staticmethod
    def _peek(ctx: CWCtx, girl: int, wolves: tuple[int, ...], victim: int | None) -> int | None:
        for wolf in wolves:
            ctx.emit_to(Info(fact="role", subject=wolf, value=WEREWOLF), girl)
        ctx.emit_god(ActionTaken(seat=girl, action="peek", targets=wolves))
        chance = ctx.options.little_girl_caught_probability
        if chance > 0.0 and ctx.random() < chance:
            ctx.emit(Info(fact="role", subject=girl, value=LITTLE_GIRL), to_team("wolves", wolves))
            ctx.emit_god(ActionTaken(seat=girl, action="caught_peeking"))
            return girl
        return victim


def _seats(seat: int | None) -> tuple[int, ...]:
    return () if seat is None else (seat,)


@dataclass(frozen=True, slots=True)
class WitchStep(Step):
    """女巫: shown the victim (every night, or only while she holds the antidote); at most one potion a night."""

    def run(self, ctx: CWCtx) -> None:
        _wake(ctx, WITCH)
        witch = ctx.state.first_with_role(WITCH)
        if witch is None:
            _sleep(ctx, WITCH)
            return
        data = ctx.data
        victim = data.wolf_victim
        if data.antidote or ctx.options.witch_told_victim == "always":
            value = "none" if victim is None else "seat"
            ctx.emit_to(Info(fact="wolf_victim", subject=victim, value=value), witch)
        if data.antidote and victim is not None and self._may_save(ctx, witch, victim):
            ctx.ask(witch, "witch_antidote", [plain_option(ANTIDOTE), SKIP_OPTION], default=SKIP)
            return
        if not self._ask_poison(ctx, witch):
            _sleep(ctx, WITCH)

    @staticmethod
    def _may_save(ctx: CWCtx, witch: int, victim: int) -> bool:
        if victim != witch:
            return True
        policy = ctx.options.witch_self_save
        return policy == "always" or (policy == "first_night_only" and ctx.state.phase.number == 1)

    @staticmethod
    def _ask_poison(ctx: CWCtx, witch: int) -> bool:
        if not ctx.data.poison:
            return False
        options: list[Option] = [seat_opt(i) for i in ctx.state.living() if i != witch]
        ctx.ask(witch, "witch_poison", [*options, SKIP_OPTION], default=SKIP)
        return True

    def resolve(self, ctx: CWCtx, answers: Answers) -> None:
        decision, choice = answers.single()
        witch = decision.seat
        if decision.kind == "witch_antidote":
            if choice.option == ANTIDOTE:
                victim = ctx.data.wolf_victim
                ctx.update_data(antidote=False, saved=True)
                ctx.emit_god(ActionTaken(seat=witch, action="antidote", targets=_seats(victim)))
            elif self._ask_poison(ctx, witch):
                return
        else:
            target = target_of(choice)
            if target is not None:
                ctx.update_data(poison=False, poisoned=target)
                ctx.emit_god(ActionTaken(seat=witch, action="poison", targets=(target,)))
        _sleep(ctx, WITCH)


__all__ = [
    "ANTIDOTE",
    "PEEK",
    "SLEEP",
    "CupidStep",
    "GuardStep",
    "LoversStep",
    "SeerStep",
    "ThiefStep",
    "WitchStep",
    "WolvesStep",
]
