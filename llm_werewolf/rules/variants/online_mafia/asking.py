"""Night decisions: who is asked what, with which options (pure helpers over the state)."""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass

from llm_werewolf.rules import SKIP, SKIP_OPTION, Option, plain_option, seat_option

from .data import OMData, OMState
from .model import AskFn, Faction, RoleSpec
from .registry import ROLES


@dataclass(frozen=True, slots=True)
class Ask:
    """One night decision for one seat: ``kind``, its options, and the default (skip where allowed)."""

    kind: str
    options: tuple[Option, ...]
    default: str | None = SKIP


class AskCtx:
    """Read-only helpers over the state at the start of a night."""

    __slots__ = ("night", "state")

    def __init__(self, state: OMState, night: int) -> None:
        self.state = state
        self.night = night

    @property
    def data(self) -> OMData:
        return self.state.data

    def role(self, seat: int) -> str:
        return self.state.seats[seat].role

    def spec(self, seat: int) -> RoleSpec:
        return ROLES[self.state.seats[seat].role]

    def faction(self, seat: int) -> Faction:
        return ROLES[self.state.seats[seat].role].faction

    def living(self) -> tuple[int, ...]:
        return self.state.living()

    def dead(self) -> tuple[int, ...]:
        return tuple(s.index for s in self.state.seats if not s.alive)

    def uses_left(self, seat: int) -> int | None:
        return self.data.uses.get(seat)

    def can_act(self, seat: int) -> bool:
        """Whether the seat is asked tonight: alive, a role with night decisions, night allowed, uses left."""
        spec = self.spec(seat)
        if spec.ask is None or not self.state.seats[seat].alive or not spec.nights.allows(self.night):
            return False
        if seat in self.data.guilty:
            return False
        left = self.data.uses.get(seat)
        return left is None or left > 0


def seat_options(seats: Iterable[int]) -> tuple[Option, ...]:
    return tuple(seat_option(i) for i in seats)


def with_skip(options: Sequence[Option]) -> tuple[Option, ...]:
    return (*options, SKIP_OPTION)


def others(ctx: AskCtx, seat: int) -> tuple[int, ...]:
    return tuple(i for i in ctx.living() if i != seat)


def one_target(
    kind: str,
    *,
    self_ok: bool = False,
    skip: bool = True,
    spare: frozenset[Faction] = frozenset(),
) -> AskFn:
    """An ask function: one living seat (not self unless ``self_ok``; not of the ``spare`` factions)."""

    def ask(ctx: AskCtx, seat: int) -> Sequence[Ask]:
        seats = [i for i in ctx.living() if (self_ok or i != seat) and ctx.faction(i) not in spare]
        if not seats:
            return ()
        options = seat_options(seats)
        if skip:
            return (Ask(kind, with_skip(options)),)
        return (Ask(kind, options, None),)

    return ask


def dead_target(kind: str) -> AskFn:
    """An ask function: one dead seat, or skip (asked only when somebody is dead)."""

    def ask(ctx: AskCtx, seat: int) -> Sequence[Ask]:
        dead = ctx.dead()
        if not dead:
            return ()
        return (Ask(kind, with_skip(seat_options(dead))),)

    return ask


def plain_choice(kind: str, word: str) -> AskFn:
    """An ask function: ``word`` (alert, vest) or skip."""

    def ask(ctx: AskCtx, seat: int) -> Sequence[Ask]:
        return (Ask(kind, (plain_option(word), SKIP_OPTION)),)

    return ask


def answer_target(option: str | None) -> int | None:
    """The seat named by an answer (``seat:N``), else ``None``."""
    if option is None or not option.startswith("seat:"):
        return None
    return int(option[5:])
