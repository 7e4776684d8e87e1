"""The night resolver's workspace: actions, visits, protections, attacks and their results.

One :class:`NightWork` is built per night from the state and the night's answers.
Role functions (``RoleSpec.act``) call its small methods; nothing here knows a role
by name except through the role table.
"""

from __future__ import annotations

from dataclasses import dataclass

from llm_werewolf.rules.events import Info

from .data import OMState
from .model import Faction, Level, RoleSpec, Stage
from .registry import ROLES
from .wake import STEP_INDEX

GUILT = "guilt"
CONVERTIBLE = frozenset({Faction.TOWN, Faction.EVIL_NEUTRAL, Faction.BENIGN_NEUTRAL})
"""Mafia and neutral killers are immune to conversion (RULES_NOTES §4); the cult already is."""


@dataclass(slots=True)
class Action:
    """One night action as chosen (and later possibly redirected, blocked or carried out by a backup)."""

    role: str
    """Whose ability this is (a role id; a corpse's role for the Necromancer)."""
    actor: int
    """Who chose it: the seat that can be blocked and that learns the results."""
    targets: tuple[int, ...] = ()
    option: str = ""
    visitor: int | None = None
    """Who visits ``targets[0]`` (``None``: no visit). The corpse, for the Necromancer."""
    backups: tuple[int, ...] = ()
    """Seats that carry the action out if the actor is blocked (the Godfather for the Mafioso)."""
    handed_from: int | None = None
    """The blocked actor whose action a backup carries out (he is told he was blocked)."""
    raised: bool = False
    cancelled: bool = False

    @property
    def source(self) -> int:
        """The seat physically acting (the visitor if any)."""
        return self.visitor if self.visitor is not None else self.actor

    @property
    def target(self) -> int:
        return self.targets[0]


@dataclass(frozen=True, slots=True)
class Attack:
    attacker: int
    target: int
    level: Level
    cause: str
    role: str
    pierce: bool = False
    direct: bool = True
    """Direct attacks (the attacker chose the target) can be intercepted by guards."""
    hide: bool = False


@dataclass(frozen=True, slots=True)
class Death:
    seat: int
    cause: str
    hidden: bool = False
    """The role is not announced (cleaned by the Janitor, butchered)."""


class NightWork:
    """Mutable scratch space for one night's resolution."""

    def __init__(self, state: OMState, night: int) -> None:
        data = state.data
        self.state = state
        self.night = night
        self.actions: list[Action] = []
        self.blockers: dict[int, list[int]] = {}
        self.jinxed: set[int] = set(data.jinxed)
        self.newly_jinxed: list[tuple[int, int]] = []
        self.visits: dict[int, list[int]] = {}
        self.defense: dict[int, Level] = {}
        self.healers: dict[int, list[int]] = {}
        self.guards: dict[int, list[tuple[str, int]]] = {}
        self.used_guards: set[int] = set()
        self.attacks: list[Attack] = []
        self.framed: set[int] = set()
        self.looks: dict[int, str] = {}
        self.cleaners: dict[int, list[int]] = {}
        self.deaths: dict[int, Death] = {}
        self.infos: list[tuple[int, Info]] = []
        self.silenced: set[int] = set()
        self.judged: set[int] = set()
        self.new_roles: dict[int, tuple[str, str]] = {}
        self.twins: dict[int, int] = dict(data.twins)
        self.guilty: set[int] = set()
        self.masks: dict[int, str] = dict(data.masks)
        self.completed: set[int] = set()
        self.self_healed: set[int] = set(data.self_healed)
        self.conversions: list[int] = []
        self.alerted: set[int] = set()
        """Veterans on alert tonight (they cannot be converted)."""
        self.killed_by: dict[int, int] = {}
        """Who killed each seat that died of an attack tonight."""
        self.spent: list[int] = []
        """Seats whose forced action used up one of their uses."""

    # -- reading -----------------------------------------------------------------
    def role(self, seat: int) -> str:
        changed = self.new_roles.get(seat)
        return changed[0] if changed is not None else self.state.seats[seat].role

    def spec(self, seat: int) -> RoleSpec:
        return ROLES[self.role(seat)]

    def alive(self, seat: int) -> bool:
        """Alive at the start of the night and not killed yet."""
        return self.state.seats[seat].alive and seat not in self.deaths

    def blocked(self, seat: int) -> bool:
        if self.spec(seat).rb_immune:
            return False
        return seat in self.blockers or seat in self.jinxed

    def appearance(self, seat: int) -> str:
        """The role investigations see: tonight's disguise or mimicry, a mask, a cover, else the role."""
        look = self.looks.get(seat) or self.masks.get(seat)
        if look is not None:
            return look
        spec = self.spec(seat)
        return spec.appears_as or spec.id

    def detective_read(self, seat: int) -> str:
        if seat in self.framed:
            return "suspicious"
        return "suspicious" if ROLES[self.appearance(seat)].suspicious else "innocent"

    def group_of(self, seat: int) -> str:
        if seat in self.framed:
            return ROLES["framer"].group
        return ROLES[self.appearance(seat)].group

    def visitors(self, seat: int) -> list[int]:
        return self.visits.get(seat, [])

    # -- effects -----------------------------------------------------------------
    def tell(
        self, seat: int, fact: str, subject: int | None = None, value: str | None = None, seats: tuple[int, ...] = ()
    ) -> None:
        self.infos.append((seat, Info(fact=fact, subject=subject, value=value, seats=seats)))

    def roleblock(self, blocker: int, target: int) -> None:
        spec = self.spec(target)
        if spec.kills_blockers:
            self.attack(target, blocker, spec.attack, target_cause(spec), spec.id, pierce=spec.pierce)
        if spec.rb_immune:
            return
        self.blockers.setdefault(target, []).append(blocker)

    def curse(self, jinx: int, target: int) -> None:
        """A lasting curse: the target's night abilities fail from now on (roleblock-immune roles shrug it off)."""
        if self.spec(target).rb_immune or target in self.jinxed:
            return
        self.jinxed.add(target)
        self.newly_jinxed.append((jinx, target))

    def protect(self, seat: int, level: Level) -> None:
        if self.defense.get(seat, Level.NONE) < level:
            self.defense[seat] = level

    def heal(self, healer: int, seat: int) -> None:
        self.protect(seat, Level.POWERFUL)
        self.healers.setdefault(seat, []).append(healer)

    def guard(self, seat: int, kind: str, protector: int) -> None:
        """``protector`` takes the first direct attack on ``seat`` tonight (bodyguard, accomplice, martyr)."""
        self.guards.setdefault(seat, []).append((kind, protector))

    def attack(
        self,
        attacker: int,
        target: int,
        level: Level,
        cause: str,
        role: str,
        *,
        pierce: bool = False,
        direct: bool = True,
        hide: bool = False,
    ) -> None:
        self.attacks.append(Attack(attacker, target, level, cause, role, pierce, direct, hide))

    def convert(self, converter: int, target: int) -> None:
        """``target`` joins the cult, unless he died, is immune (mafia, neutral killers), is on
        alert, or killed the converter tonight (a Veteran's alert shoots the visiting leader)."""
        if not self.alive(target) or self.spec(target).faction not in CONVERTIBLE:
            return
        if target in self.alerted or self.killed_by.get(converter) == target:
            return
        self.new_roles[target] = ("cult_member", "conversion")
        self.conversions.append(target)

    def become(self, seat: int, role: str, reason: str) -> None:
        self.new_roles[seat] = (role, reason)

    # -- resolution ----------------------------------------------------------------
    def resolve(self) -> None:
        """Run every action by (stage, wake step, seat); attacks settle at the end of the attack stage.

        Control actions run first and may add or redirect later actions (the Witch), so the
        next control action is picked again after each one.
        """
        done: set[int] = set()
        while True:
            pending = [a for a in self.actions if id(a) not in done and ROLES[a.role].stage is Stage.CONTROL]
            if not pending:
                break
            action = min(pending, key=_order_key)
            done.add(id(action))
            self._check_block(action)
            if not action.cancelled:
                self._call(action)
        order = sorted(self.actions, key=_order_key)
        rest = [a for a in order if ROLES[a.role].stage is not Stage.CONTROL]
        for action in rest:
            self._check_block(action)
        self._record_visits(order)
        settled = False
        for action in rest:
            if not settled and ROLES[action.role].stage > Stage.ATTACK:
                self.settle()
                settled = True
            if not action.cancelled:
                self._call(action)
        if not settled:
            self.settle()
        self._tell_blocked(order)

    def _call(self, action: Action) -> None:
        spec = ROLES[action.role]
        if action.raised and spec.stage is Stage.ATTACK:
            self.attack(action.source, action.target, Level.BASIC, "necromancer", "necromancer")
            return
        if spec.act is not None:
            spec.act(self, action)

    def can_use(self, seat: int) -> bool:
        """Whether ``seat`` could use its own night ability tonight (for forced actions)."""
        spec = self.spec(seat)
        data = self.state.data
        if spec.act is None or spec.passive or not self.alive(seat) or not spec.nights.allows(self.night):
            return False
        left = data.uses.get(seat)
        return seat not in data.guilty and (left is None or left > 0)

    def _check_block(self, action: Action) -> None:
        if action.cancelled or not self.blocked(action.actor):
            return
        for backup in action.backups:
            if self.alive(backup) and not self.blocked(backup):
                action.handed_from = action.actor
                action.actor = backup
                if action.visitor is not None:
                    action.visitor = backup
                return
        action.cancelled = True

    def _record_visits(self, order: list[Action]) -> None:
        for action in order:
            if action.cancelled or action.visitor is None or not action.targets:
                continue
            self.visits.setdefault(action.target, []).append(action.visitor)

    def _tell_blocked(self, order: list[Action]) -> None:
        """Every blocked actor is told once: whether his action failed or a backup carried it out."""
        told: set[int] = set()
        for action in order:
            seat = action.actor if action.cancelled else action.handed_from
            if seat is not None and seat not in told:
                told.add(seat)
                self.tell(seat, "blocked")

    def _take_guard(self, seat: int, attacker: int) -> tuple[str, int] | None:
        for kind, protector in self.guards.get(seat, ()):
            if protector in self.used_guards or protector == attacker or not self.alive(protector):
                continue
            self.used_guards.add(protector)
            return kind, protector
        return None

    def defense_of(self, seat: int, pierce: bool) -> Level:
        innate = Level.NONE if pierce else self.spec(seat).defense
        return max(innate, self.defense.get(seat, Level.NONE))

    def settle(self) -> None:
        """Deaths of guilt, then every registered attack in order (new ones may be appended)."""
        for seat in sorted(self.state.data.guilty):
            if self.alive(seat):
                self.deaths[seat] = Death(seat, GUILT, seat in self.cleaners)
        index = 0
        while index < len(self.attacks):
            attack = self.attacks[index]
            index += 1
            self._settle_one(attack)
        for target, janitors in self.cleaners.items():
            if target in self.deaths:
                for janitor in janitors:
                    self.tell(janitor, "role", target, self.role(target))

    def _settle_one(self, attack: Attack) -> None:
        target = attack.target
        if not self.alive(target):
            return
        guard = self._take_guard(target, attack.attacker) if attack.direct else None
        if guard is not None:
            kind, protector = guard
            self.tell(target, "protected")
            if kind == "bodyguard":
                self.attack(protector, attack.attacker, Level.POWERFUL, "bodyguard", "bodyguard", direct=False)
            target = protector
        if attack.level > self.defense_of(target, attack.pierce):
            self.deaths[target] = Death(target, attack.cause, attack.hide or target in self.cleaners)
            self.killed_by[target] = attack.attacker
            if guard is not None and guard[0] == "martyr":
                self.completed.add(target)
            on_kill = ROLES[attack.role].on_kill
            if on_kill is not None:
                on_kill(self, attack, target)
            return
        self.tell(target, "attacked")
        for healer in self.healers.get(target, ()):
            self.tell(healer, "patient_attacked", target)


def target_cause(spec: RoleSpec) -> str:
    """The death cause of a role's own attacks (the role id for neutral killers)."""
    return "mafia" if spec.faction is Faction.MAFIA else spec.id


def _order_key(action: Action) -> tuple[int, int, int]:
    spec = ROLES[action.role]
    step = STEP_INDEX.get(spec.step or "", len(STEP_INDEX))
    return (int(spec.stage), step, action.actor)
