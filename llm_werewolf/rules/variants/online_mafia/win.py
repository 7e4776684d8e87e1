"""End of the game, exactly as the seed orders it.

Checked after every night and every execution, in this order:

1. nobody alive: nobody wins as a group (co-winners still join);
2. dominance: a group wins when it is the only one left able to kill (town: no mafia, cult or neutral
   killer alive; mafia: no town, cult or neutral killer; cult: no town, mafia or neutral killer; a neutral
   killer: no town, mafia, cult or killer of another role);
3. exactly two alive: the higher win priority wins; two neutral killers of the same rank are drawn by the
   game's seeded RNG (Thief and Werewolf outrank every killer; the Thief outranks the Werewolf); a
   must-complete role that has not completed has no priority;
4. cult majority: the cult outnumbers everyone else and no living non-cult player can still start a kill;
5. mafia parity: mafia >= town, no neutral and no cult alive, and no living town player can still start a kill;
6. after a night only: three quiet nights in a row (no death, no conversion) end in a stalemate.

Then the co-winners join: all members of the winning group alive and dead, evil neutrals whenever the
town did not win, survive-to-the-end roles alive, completed executioners/jesters/volunteers/martyrs, and
twin souls whose bound player won.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

from llm_werewolf.rules import Outcome, Step

from .data import OMCtx, OMState
from .model import GROUP_FACTIONS, MUST_COMPLETE, Faction, WinRule
from .priority import RANK
from .registry import ROLES

Draw = Callable[[int], int]
NEUTRALS = frozenset({Faction.NEUTRAL_KILLER, Faction.EVIL_NEUTRAL, Faction.BENIGN_NEUTRAL})
STALEMATE_NIGHTS = 3


def side_of_role(role: str) -> str:
    """The side a role plays for: its faction for town/mafia/cult, else the role itself."""
    spec = ROLES[role]
    return spec.faction.value if spec.faction in GROUP_FACTIONS else spec.id


def side_of(state: OMState, seat: int) -> str:
    return side_of_role(state.seat(seat).role)


def rank(state: OMState, seat: int) -> int | None:
    """The seat's win priority (lower wins); ``None`` for a must-complete role that has not completed."""
    spec = ROLES[state.seat(seat).role]
    if spec.win in MUST_COMPLETE and seat not in state.data.completed:
        return None
    return RANK[side_of_role(spec.id)]


def can_still_kill(state: OMState, seat: int) -> bool:
    """A living player who can still start a kill at night (uses left, not cursed, not dying of guilt)."""
    spec = ROLES[state.seat(seat).role]
    data = state.data
    if not spec.starts_kills or not state.is_alive(seat) or seat in data.guilty:
        return False
    if seat in data.jinxed and not spec.rb_immune:
        return False
    left = data.uses.get(seat)
    return left is None or left > 0


@dataclass(frozen=True, slots=True)
class Primary:
    """Who won first: a side (``seats`` are its winning members) and why."""

    side: str | None
    seats: tuple[int, ...]
    reason: str


def _group(state: OMState, side: str) -> Primary:
    members = tuple(s.index for s in state.seats if side_of_role(s.role) == side)
    return Primary(side, members, "")


def _living_side(state: OMState, side: str) -> tuple[int, ...]:
    return tuple(i for i in state.living() if side_of(state, i) == side)


def _with_reason(primary: Primary, reason: str) -> Primary:
    return Primary(primary.side, primary.seats, reason)


def _winning_side(state: OMState, side: str) -> tuple[int, ...]:
    """Group factions and neutral killers win alive and dead; other neutrals win as the living holders."""
    if side in ("town", "mafia", "cult") or ROLES[side].faction is Faction.NEUTRAL_KILLER:
        return _group(state, side).seats
    return _living_side(state, side)


def by_numbers(state: OMState, reason: str, *, town_first: bool = False) -> Primary:
    """The largest living side (ties: the higher win priority); the town first if asked and alive.

    Must-complete roles that have not completed cannot win this way; if nobody can, nobody wins
    as a side (co-winners still join)."""
    counts: dict[str, int] = {}
    for seat in state.living():
        if rank(state, seat) is None:
            continue
        side = side_of(state, seat)
        counts[side] = counts.get(side, 0) + 1
    if not counts:
        return Primary(None, (), reason)
    if town_first and "town" in counts:
        return Primary("town", _winning_side(state, "town"), reason)
    side = min(counts, key=lambda s: (-counts[s], RANK[s]))
    return Primary(side, _winning_side(state, side), reason)


def duel(state: OMState, a: int, b: int, draw: Draw) -> Primary | None:
    """The 1v1 tiebreak between the last two living players."""
    side_a, side_b = side_of(state, a), side_of(state, b)
    rank_a, rank_b = rank(state, a), rank(state, b)
    if rank_a is None and rank_b is None:
        return None
    if side_a == side_b:
        return Primary(side_a, _winning_side(state, side_a), "duel")
    if rank_b is None or (rank_a is not None and rank_a < rank_b):
        winner = a
    elif rank_a is None or rank_b < rank_a:
        winner = b
    else:
        winner = (a, b)[draw(2)]
    side = side_of(state, winner)
    return Primary(side, _winning_side(state, side), "duel")


def primary_winner(state: OMState, draw: Draw) -> Primary | None:
    """Steps 1-5 of the module docstring: who has won now, or ``None``."""
    living = state.living()
    if not living:
        return Primary(None, (), "all_dead")
    factions = [ROLES[state.seat(i).role].faction for i in living]
    town = factions.count(Faction.TOWN)
    mafia = factions.count(Faction.MAFIA)
    cult = factions.count(Faction.CULT)
    killers = {state.seat(i).role for i, f in zip(living, factions, strict=True) if f is Faction.NEUTRAL_KILLER}
    if not killers:
        groups = (("town", town, mafia + cult), ("mafia", mafia, town + cult), ("cult", cult, town + mafia))
        for side, count, rivals in groups:
            if count and not rivals:
                return _with_reason(_group(state, side), f"{side}_dominance")
    if not town and not mafia and not cult and len(killers) == 1:
        (role,) = killers
        return _with_reason(_group(state, role), "killer_dominance")
    if len(living) == 2:
        result = duel(state, living[0], living[1], draw)
        if result is not None:
            return result
    others = [i for i, f in zip(living, factions, strict=True) if f is not Faction.CULT]
    if cult > len(others) and not any(can_still_kill(state, i) for i in others):
        return _with_reason(_group(state, "cult"), "cult_majority")
    neutrals = any(f in NEUTRALS for f in factions)
    if mafia and town and mafia >= town and not neutrals and not cult:
        town_seats = [i for i, f in zip(living, factions, strict=True) if f is Faction.TOWN]
        if not any(can_still_kill(state, i) for i in town_seats):
            return _with_reason(_group(state, "mafia"), "mafia_parity")
    return None


def stalemate(state: OMState) -> Primary:
    town_first = state.options.stalemate_policy == "town_then_largest"
    return by_numbers(state, "stalemate", town_first=town_first)


def outcome_of(state: OMState, primary: Primary) -> Outcome:
    """The primary winners plus every co-winner the seed names."""
    winners = set(primary.seats)
    town_won = primary.side == "town"
    data = state.data
    for seat in state.seats:
        win = ROLES[seat.role].win
        if (
            (win is WinRule.TOWN_LOSES and not town_won)
            or (win is WinRule.SURVIVE and seat.alive)
            or (win in MUST_COMPLETE and seat.index in data.completed)
        ):
            winners.add(seat.index)
    grew = True
    while grew:
        grew = False
        for twin, bound in data.twins.items():
            if twin not in winners and bound in winners and state.seat(twin).role == "twin_soul":
                winners.add(twin)
                grew = True
    sides: list[str] = [] if primary.side is None else [primary.side]
    for side in sorted({side_of(state, i) for i in winners}, key=lambda s: RANK[s]):
        if side not in sides:
            sides.append(side)
    return Outcome(tuple(sorted(winners)), tuple(sides), primary.reason)


@dataclass(frozen=True, slots=True)
class CheckWin(Step):
    after_night: bool = False

    def run(self, ctx: OMCtx) -> None:
        state = ctx.state
        primary = primary_winner(state, ctx.randbelow)
        if primary is None and self.after_night and state.data.quiet_nights >= STALEMATE_NIGHTS:
            primary = stalemate(state)
        if primary is not None:
            ctx.finish(outcome_of(state, primary))
