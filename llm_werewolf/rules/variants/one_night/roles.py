"""Role ids, their sides, and what a card *is* at the end of the night.

A seat's card (``Seat.role``) is a printed card. Two cards can change what they
are during the night: the Doppelganger card becomes the role it copied, and
the Paranormal Investigator who finds a werewolf or the Tanner becomes one
himself (the player, not the card he happens to hold). :func:`seat_identity`
gives what a player counts as for the win, the Hunter's shot and the
Investigator's own look.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from typing import TYPE_CHECKING

from llm_werewolf.rules import RoleInfo, Seat
from llm_werewolf.rules.units import UnitError, roles_with_units

from .unit import OneNightUnit
from .units import UNITS

if TYPE_CHECKING:
    from .data import NightData

DOPPELGANGER = "doppelganger"
WEREWOLF = "werewolf"
MYSTIC_WOLF = "mystic_wolf"
MINION = "minion"
MASON = "mason"
SEER = "seer"
INVESTIGATOR = "paranormal_investigator"
ROBBER = "robber"
TROUBLEMAKER = "troublemaker"
DRUNK = "drunk"
INSOMNIAC = "insomniac"
VILLAGER = "villager"
TANNER = "tanner"
HUNTER = "hunter"
LITTLE_GIRL = "little_girl"

VILLAGE = "village"
WOLVES = "wolves"
TANNER_SIDE = "tanner"
SIDES: tuple[str, ...] = (VILLAGE, WOLVES, TANNER_SIDE)

SEED_ROLES: Mapping[str, RoleInfo] = {
    DOPPELGANGER: RoleInfo(DOPPELGANGER, VILLAGE, power=True, description="copies another card at dusk"),
    WEREWOLF: RoleInfo(WEREWOLF, WOLVES, description="wakes with the wolves; a lone wolf may view a center card"),
    MYSTIC_WOLF: RoleInfo(MYSTIC_WOLF, WOLVES, power=True, description="a werewolf who views another card"),
    MINION: RoleInfo(MINION, WOLVES, description="learns the wolves; wins with them even if he dies"),
    MASON: RoleInfo(MASON, VILLAGE, description="the masons wake together"),
    SEER: RoleInfo(SEER, VILLAGE, power=True, description="views one player's card or two center cards"),
    INVESTIGATOR: RoleInfo(
        INVESTIGATOR, VILLAGE, power=True, description="views up to two cards; joins a wolf or the Tanner"
    ),
    ROBBER: RoleInfo(ROBBER, VILLAGE, power=True, description="swaps with a player, then views his new card"),
    TROUBLEMAKER: RoleInfo(TROUBLEMAKER, VILLAGE, power=True, description="swaps two other players' cards"),
    DRUNK: RoleInfo(DRUNK, VILLAGE, power=True, description="swaps with a center card without looking"),
    INSOMNIAC: RoleInfo(INSOMNIAC, VILLAGE, power=True, description="views her own card at the end"),
    VILLAGER: RoleInfo(VILLAGER, VILLAGE),
    TANNER: RoleInfo(TANNER, TANNER_SIDE, description="wins if he is voted out"),
    HUNTER: RoleInfo(HUNTER, VILLAGE, power=True, description="if he dies, his vote target dies too"),
    LITTLE_GIRL: RoleInfo(LITTLE_GIRL, VILLAGE, power=True, description="may peek while the wolves are awake"),
}

ROLES: Mapping[str, RoleInfo] = roles_with_units(SEED_ROLES, UNITS)
"""The seed's cards and those of the role units (``units/``: one module per added role)."""

WOLF_CARDS = frozenset({WEREWOLF, MYSTIC_WOLF})
"""Cards that wake with the wolves and count as a werewolf for the win."""

WOLF_TEAM = frozenset({WEREWOLF, MYSTIC_WOLF, MINION})

SEED_NIGHT_ORDER: tuple[str, ...] = (
    DOPPELGANGER,
    WEREWOLF,
    MYSTIC_WOLF,
    MINION,
    MASON,
    SEER,
    INVESTIGATOR,
    ROBBER,
    TROUBLEMAKER,
    DRUNK,
    INSOMNIAC,
)
"""The seed's roles the narrator calls, in order (the Doppel-Insomniac follows the Insomniac)."""


def wake_order(base: Sequence[str], units: Iterable[OneNightUnit]) -> tuple[str, ...]:
    """``base`` with each unit that wakes placed right after its ``wakes_after`` role (after the
    units already placed there, in module order); a unit may wake after another unit."""
    order = list(base)
    placed_after: dict[str, int] = {}
    pending = [unit for unit in units if unit.wakes_after is not None]
    while pending:
        ready = [unit for unit in pending if unit.wakes_after in order]
        if not ready:
            names = ", ".join(f"{u.role.id} after {u.wakes_after}" for u in pending)
            raise UnitError(f"one_night role units wake after a role that is never called: {names}")
        for unit in ready:
            anchor = str(unit.wakes_after)
            order.insert(order.index(anchor) + 1 + placed_after.get(anchor, 0), unit.role.id)
            placed_after[anchor] = placed_after.get(anchor, 0) + 1
            pending.remove(unit)
    return tuple(order)


NIGHT_ORDER: tuple[str, ...] = wake_order(SEED_NIGHT_ORDER, UNITS)
"""The roles the narrator calls, in order: the seed's and the role units' (``wakes_after``)."""


def identity(card: str, data: NightData) -> str:
    """What ``card`` counts as now: the Doppelganger card its copy, any other card itself."""
    if card == DOPPELGANGER and data.doppel_as is not None:
        return data.doppel_as
    return card


def seat_identity(seats: Sequence[Seat], data: NightData, seat: int) -> str:
    """What the player at ``seat`` counts as now: an Investigator conversion belongs to the
    player who looked (seed: «القرين وصائد الأشباح يلعبان لفريق الدور الذي أصبحا عليه»),
    otherwise what his card counts as."""
    converted = data.conversion_of(seat)
    if converted is not None:
        return converted
    return identity(seats[seat].role, data)


def side_of_identity(role: str) -> str:
    return ROLES[role].side
