"""What a chinese_werewolf role unit may do: the hooks the rules ask every unit (see :mod:`.units`).

A role added to 狼人殺 is one module in ``units/`` defining ``UNIT``, a :class:`CWUnit`
subclass instance: its card (``RoleInfo``; ``power=True`` makes it a god, 神民, for the
side-wipe victory), what it adds to the declared vocabulary, and the hooks it overrides.
State a unit keeps on a seat goes in ``CWData.marks`` as ``(seat, status)``, the status
declared in the unit's ``statuses``. A unit may also bring its own heuristic play
(``tactics``: decision kind -> :data:`Tactic`) and its own scenario files
(``scenarios/`` of this ruleset's folder, played by the scenario tests). The seed's roles carry
their heuristic play in ``tactics/<role>.py``; :mod:`.tactics` gathers both.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping, Sequence, Set
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Protocol, TypeVar

from llm_werewolf.rules.units import RoleUnit

if TYPE_CHECKING:
    from llm_werewolf.rules import Choice, Decision, Step

    from .data import CWCtx, CWData

T = TypeVar("T")


class Draws(Protocol):
    """The random draws a tactic may make (``random.Random`` is one)."""

    def random(self) -> float: ...

    def choice(self, seq: Sequence[T]) -> T: ...


class Reading(Protocol):
    """What the heuristic player of this ruleset has read from a seat's view, for a unit's tactic."""

    @property
    def me(self) -> int: ...

    @property
    def wolf(self) -> bool: ...

    def found_wolves(self) -> list[int]:
        """Living seats this seat knows to be wolves (its own checks, its team)."""
        ...

    def exposed_wolves(self) -> list[int]:
        """Living seats the seer this seat believes has called wolves."""
        ...

    def suspects(self, threshold: float = 2.0) -> list[int]:
        """Living seats, most suspect first, whose suspicion reaches ``threshold``."""
        ...

    @property
    def number(self) -> int:
        """The number of the night or day."""
        ...

    @property
    def team(self) -> Set[int]:
        """The wolves this seat knows (itself included), empty for the village."""
        ...

    @property
    def known(self) -> Mapping[int, str]:
        """Cards this seat has learned: seat -> role (its checks, its team, a seen little girl)."""
        ...

    @property
    def extra(self) -> Mapping[int, str]:
        """The thief's center cards: slot -> role."""
        ...

    @property
    def lover(self) -> int | None: ...

    @property
    def victim_seen(self) -> int | None:
        """The wolves' victim the witch was shown tonight."""
        ...

    @property
    def peaceful_nights(self) -> int:
        """Nights nobody died."""
        ...

    @property
    def seer_claims(self) -> Mapping[int, int]:
        """Each seer claimant -> the order of his first claim."""
        ...

    @property
    def reports(self) -> Mapping[int, Mapping[int, str]]:
        """Each seer claimant's reported checks: seat -> ``werewolf`` or ``good``."""
        ...

    @property
    def other_claims(self) -> Mapping[int, str]:
        """Roles other than seer claimed in speeches: seat -> role."""
        ...

    @property
    def draws(self) -> Draws:
        """This seat's own draws for the decision."""
        ...

    def rolled(self, tag: str) -> Draws:
        """Draws every wolf makes alike today (seeded by ``tag``, the phase and the team)."""
        ...

    def belief(self) -> tuple[int | None, Mapping[int, float]]:
        """(the seer this seat believes, suspicion per living seat)."""
        ...

    def trusted(self) -> list[int]:
        """Living seats this seat trusts (negative suspicion), most trusted first."""
        ...

    def real_seer_guess(self) -> int | None:
        """For the wolves: the first seer claimant outside the team."""
        ...

    def pick_seat(self, decision: Decision, avoid: Iterable[int]) -> Choice:
        """A random seat option outside ``avoid`` (any one when all are), else the default."""
        ...


Tactic = Callable[["Reading", "Decision"], "Choice | None"]
"""A unit's heuristic answer to one of its decisions; ``None`` leaves it to the default."""


@dataclass(frozen=True)
class CWUnit(RoleUnit):
    """A chinese_werewolf role unit; the defaults change nothing."""

    shown_causes: frozenset[str] = frozenset()
    """Death causes the unit declares whose cause and card the table sees (as an exile's)."""
    tactics: Mapping[str, Tactic] = field(default_factory=dict)
    """The heuristic player's answer to the unit's decision kinds."""

    def spares(self, ctx: CWCtx, seat: int, cause: str) -> bool:
        """Called for each death before it happens (``cause`` as in ``DEATH_CAUSES``); ``True``
        cancels it (the unit emits what the table sees)."""
        return False

    def may_vote(self, data: CWData, seat: int) -> bool:
        """Whether the living ``seat`` is asked in the exile vote."""
        return True

    def before_speech(self, ctx: CWCtx, seat: int, stage: str) -> Step | None:
        """Called before each speech of a living seat (``stage``: discussion, campaign, defense);
        a step returned runs first (a day action), then the speech unless the day is over."""
        return None
