"""What a city_mafia role unit may do: the hooks the rules ask every unit (see :mod:`.units`).

A role added to city Mafia is one module in ``units/`` defining ``UNIT``, a :class:`CityUnit`
subclass instance: its card (``RoleInfo``, side ``town``, ``mafia`` or ``maniac``), what it adds
to the declared vocabulary, and the hooks it overrides. A deck holds one card of it at most.
The rules ask the units

* at night, in wake order: a unit with ``wakes_after`` (a role of the seed's night, ``putana``
  … ``maniac``, or another unit's) is called right after that role, each night its card is in
  the deck, held or not (wake and sleep cues, so the calls tell nothing; a Putana's visit shows
  its holder crossed arms and asks nothing); :meth:`CityUnit.night` asks the living holder its
  decision, :meth:`CityUnit.resolve_night` takes the answer. What it decides waits in
  ``CityData.marks`` (``(seat, status)``) for the morning;
* every morning, for each night departure (``mafia``, ``maniac``, ``putana_client``), after the
  Doctor's heal and the Putana's visit are settled: :meth:`CityUnit.spares` (``True`` keeps the
  player in the game, silently, as a heal does);
* before each show of hands (the nominee votes and the remove-all vote): :meth:`CityUnit.may_vote`.

A unit may bring its own heuristic play: ``tactics`` (decision kind -> :data:`Tactic`), a function of
the heuristic player's :class:`Reading` of the seat's view and the decision. The seed's roles carry
theirs in ``tactics/<role>.py``; :mod:`.tactics` gathers both.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence, Set
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any, Protocol, TypeVar

from llm_werewolf.rules.units import RoleUnit

if TYPE_CHECKING:
    from llm_werewolf.rules import Answers, Choice, Decision, GameState

    from .common import CityCtx

T = TypeVar("T")


class Draws(Protocol):
    """The random draws a tactic may make (``random.Random`` is one)."""

    def random(self) -> float: ...

    def choice(self, seq: Sequence[T]) -> T: ...


class Reading(Protocol):
    """What the heuristic player of city Mafia has read from a seat's view, for a role's tactic."""

    @property
    def me(self) -> int: ...

    @property
    def team(self) -> Set[int]:
        """The mafia members this seat knows (itself included), empty for the town."""
        ...

    @property
    def checked_mafia(self) -> Mapping[int, bool]:
        """The Sheriff's own checks: seat -> is mafia."""
        ...

    @property
    def checked_sheriff(self) -> Mapping[int, bool]:
        """The Don's own checks: seat -> is the Sheriff."""
        ...

    @property
    def sheriff_claims(self) -> Mapping[int, int]:
        """Each Sheriff claimant -> the order of his first claim."""
        ...

    @property
    def nominations(self) -> Sequence[tuple[int, int]]:
        """(nominator, nominee) of every nomination seen."""
        ...

    @property
    def votes(self) -> Sequence[tuple[int, int]]:
        """(voter, nominee) of every day ballot seen."""
        ...

    @property
    def draws(self) -> Draws:
        """This seat's own draws for the decision."""
        ...

    def rolled(self, tag: str) -> Draws:
        """Draws every mafia member makes alike tonight (seeded by ``tag``, the phase and the team)."""
        ...

    def belief(self) -> tuple[int | None, Mapping[int, float]]:
        """(the Sheriff this seat believes, suspicion per living seat)."""
        ...

    def suspects(self, threshold: float = 2.0) -> list[int]:
        """Living seats, most suspect first, whose suspicion reaches ``threshold``."""
        ...

    def real_sheriff_guess(self) -> int | None:
        """The seat the mafia takes for the real Sheriff (a Don's find, else the first outside claimant)."""
        ...

    def pick_seat(self, decision: Decision, prefer: Sequence[int], avoid: Set[int]) -> Choice:
        """The first of ``prefer`` offered, else a random seat outside ``avoid``, else the default."""
        ...


Tactic = Callable[["Reading", "Decision"], "Choice | None"]
"""A role's heuristic answer to one of its decisions; ``None`` leaves it to the player's default."""


@dataclass(frozen=True)
class CityUnit(RoleUnit):
    """A city_mafia role unit; the defaults change nothing."""

    wakes_after: str | None = None
    """The role after whose call this one is called at night; ``None``: it does not wake."""
    tactics: Mapping[str, Tactic] = field(default_factory=dict)
    """The heuristic player's answer to the unit's decision kinds."""

    def night(self, ctx: CityCtx, seat: int) -> bool:
        """Ask the living, unblocked holder at ``seat`` his night decision; ``False``: nothing asked."""
        return False

    def resolve_night(self, ctx: CityCtx, answers: Answers) -> None:
        """The holder's answer to what :meth:`night` asked (before his sleep cue)."""

    def spares(self, state: GameState[Any, Any], seat: int, cause: str) -> bool:
        """Whether the night departure of ``seat`` (``cause`` as in ``death_causes``) does not happen."""
        return False

    def may_vote(self, state: GameState[Any, Any], seat: int) -> bool:
        """Whether the living ``seat`` raises a hand (or has a ballot) in today's votes."""
        return True
