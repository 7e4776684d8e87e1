"""Role ids, their sides, the standard boards (6-18 players) and the deck checks."""

from __future__ import annotations

from collections import Counter
from collections.abc import Mapping, Sequence

from llm_werewolf.rules import RoleInfo, SetupError
from llm_werewolf.rules.units import roles_with_units

from .options import ChineseWerewolfOptions
from .units import UNITS

WEREWOLF = "werewolf"
VILLAGER = "villager"
THIEF = "thief"
CUPID = "cupid"
GUARD = "guard"
SEER = "seer"
LITTLE_GIRL = "little_girl"
WITCH = "witch"
HUNTER = "hunter"

VILLAGE = "village"
WOLVES = "wolves"
LOVERS = "lovers"

SEED_ROLES: Mapping[str, RoleInfo] = {
    WEREWOLF: RoleInfo(WEREWOLF, WOLVES, description="狼人: each night the wolves name a victim together."),
    SEER: RoleInfo(SEER, VILLAGE, power=True, description="預言家: sees one player's card each night."),
    WITCH: RoleInfo(WITCH, VILLAGE, power=True, description="女巫: one antidote and one poison per game."),
    HUNTER: RoleInfo(HUNTER, VILLAGE, power=True, description="獵人: shoots when killed by wolves or exiled."),
    GUARD: RoleInfo(GUARD, VILLAGE, power=True, description="守衛: protects one player from the wolves."),
    CUPID: RoleInfo(CUPID, VILLAGE, power=True, description="丘比特: makes two players lovers on night 1."),
    LITTLE_GIRL: RoleInfo(LITTLE_GIRL, VILLAGE, power=True, description="小女孩: may peek at the wolves."),
    THIEF: RoleInfo(THIEF, VILLAGE, description="盜賊: may take one of two extra cards on night 1."),
    VILLAGER: RoleInfo(VILLAGER, VILLAGE, description="村民: no ability."),
}

ROLES: Mapping[str, RoleInfo] = roles_with_units(SEED_ROLES, UNITS)
"""The seed's cards and those of the role units (``units/``: one module per added role)."""

GODS = frozenset(role.id for role in ROLES.values() if role.power and role.side == VILLAGE)
"""神民: the village's special cards (one group of the side-wipe victory): seer, witch, hunter,
guard, cupid, little girl, and every added village role with a power."""
VILLAGER_LIKE = frozenset({VILLAGER, THIEF})
"""平民: plain villagers, and a thief who kept his own card."""
UNIQUE = frozenset(ROLES) - {WEREWOLF, VILLAGER}
THIEF_EXTRA = 2
MIN_PLAYERS = 6
MAX_PLAYERS = 18


def standard_deck(players: int, options: ChineseWerewolfOptions) -> tuple[str, ...]:
    """The board for ``players`` seats (docs/rules/chinese_werewolf.md has the table)."""
    wolves = players // 3
    gods = [SEER, WITCH]
    if players >= 7:
        gods.append(HUNTER)
    with_guard = options.with_guard if options.with_guard is not None else players >= 11
    if with_guard:
        gods.append(GUARD)
    added = [role for role, wanted in ((CUPID, options.with_cupid), (LITTLE_GIRL, options.with_little_girl)) if wanted]
    if options.with_thief:
        added.append(THIEF)
    villagers = players - wolves - len(gods) - len(added)
    needed = 1 if options.require_villager else 0
    if villagers < needed:
        raise SetupError(
            f"chinese_werewolf: the {players}-player board ({wolves} werewolves, {', '.join(gods)}) "
            f"has no villager card left to replace with {', '.join(added)}; "
            "use fewer options or a custom deck"
        )
    deck = [WEREWOLF] * wolves + gods + added + [VILLAGER] * villagers
    if options.with_thief:
        deck += [VILLAGER] * THIEF_EXTRA
    return tuple(deck)


def check_roles(deck: Sequence[str], players: int, options: ChineseWerewolfOptions) -> None:
    """The variant's own deck rules (the generic count checks run first)."""
    counts = Counter(deck)
    doubled = sorted(role for role in UNIQUE if counts[role] > 1)
    if doubled:
        raise SetupError(f"chinese_werewolf: at most one card of {', '.join(doubled)}")
    if counts[WEREWOLF] == 0:
        raise SetupError("chinese_werewolf: the deck needs at least one werewolf")
    if options.require_seer and counts[SEER] == 0:
        raise SetupError("chinese_werewolf: the deck needs a seer (require_seer)")
    if options.require_villager and counts[VILLAGER] == 0:
        raise SetupError("chinese_werewolf: the deck needs a villager (require_villager)")
    extra = THIEF_EXTRA if counts[THIEF] else 0
    if counts[THIEF] and options.thief_must_take_wolf == "never" and counts[WEREWOLF] < 3:
        raise SetupError(
            "chinese_werewolf: with a thief who is never forced (thief_must_take_wolf=never) the deck needs "
            "at least three werewolves (two may stay among the extra cards)"
        )
    if counts[THIEF] and counts[WEREWOLF] < 2:
        raise SetupError(
            "chinese_werewolf: with a thief the deck needs at least two werewolves "
            "(one may stay among the two extra cards)"
        )
    if len(deck) - counts[WEREWOLF] < extra + 1:
        raise SetupError("chinese_werewolf: the deck needs at least one non-wolf card in play")
