"""The ruleset interface, the registry, and the generic game start.

A ruleset (variant) is static metadata plus a few small functions, as in
open_spiel's split between game metadata and per-game state:

* ``roles``: every role id with its side (data, documented per variant);
* ``options_model``: a pydantic model of the variant's switches, with defaults;
* ``standard_deck(players, options)``: the default board for a player count;
* ``check_deck(deck, players, options)``: raise :class:`SetupError` if impossible;
* ``initial_data(...)`` and ``first_steps(state)``: the variant's own state and
  the steps that start the game.

Everything else happens in the variant's steps (see :mod:`.engine`).
"""

from __future__ import annotations

from abc import ABC, abstractmethod
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, replace
from enum import StrEnum
from functools import cached_property
from typing import TYPE_CHECKING, Any, ClassVar, Generic, TypeVar, cast

from pydantic import BaseModel, ConfigDict, Field, ValidationError

from . import errors, registry
from .act_kinds import Fact, Vocabulary
from .engine import Ctx, Step, advance
from .eval_profile import EvalProfile
from .events import GameStarted, Record, RoleAssigned, to_seats
from .heard import HeardKeys
from .model import GameConfig, GameState, Outcome, RoleInfo, Seat
from .registry import BUILTIN_MODULES
from .rng import Rng
from .units import RoleUnit, facts_with_units, kinds_with_units, with_units
from .versions import RulesVersion

if TYPE_CHECKING:
    from .views import SeatView

__all__ = [
    "BUILTIN_MODULES",
    "BaseOptions",
    "Preset",
    "RoleInfo",
    "Ruleset",
    "add_units",
    "all_rulesets",
    "get_ruleset",
    "register",
]

D = TypeVar("D")
O_ = TypeVar("O_", bound="BaseOptions")


class BaseOptions(BaseModel):
    """Switches every ruleset has. Variants subclass this and add their own."""

    model_config = ConfigDict(frozen=True, extra="forbid")

    max_days: int = Field(
        40,
        ge=1,
        le=1000,
        description="Safety limit: when this many days are over and nobody has won, the game ends as a draw "
        "at nightfall (the next night is not played).",
    )
    max_speech_chars: int = Field(
        1200, ge=20, le=100_000, description="Longest speech the rules accept, in characters."
    )


@dataclass(frozen=True, slots=True)
class Preset:
    """A named set of switches: a platform's or a book's whole house-rule set in one word.

    ``options`` are switch values of the ruleset's ``options_model``; switches given
    explicitly (``-o NAME=VALUE``) override them.
    """

    name: str
    description: str
    options: Mapping[str, Any]
    source: str = ""
    """Where the rules come from (a public document), for docs/rules/<id>.md."""


@dataclass(frozen=True, slots=True)
class SeatBallot:
    """A yes/no ballot on one seat (:meth:`Ruleset.seat_ballot`): the seat voted on now, every seat of the
    same ballot in order, and the ids of the options that vote for and against it."""

    subject: int
    candidates: tuple[int, ...]
    yes: str
    no: str


class Ruleset(ABC, Generic[D, O_]):
    """Base class of every ruleset. Instances are stateless singletons."""

    id: ClassVar[str]
    source_language: ClassVar[str]
    languages: ClassVar[tuple[str, ...]]
    min_players: ClassVar[int]
    max_players: ClassVar[int]
    roles: ClassVar[Mapping[str, RoleInfo]]
    options_model: ClassVar[type[BaseOptions]]
    sides: ClassVar[tuple[str, ...]]
    decision_kinds: ClassVar[Mapping[str, str]]
    """Every decision kind this ruleset asks, with a one-line meaning (docs/scenarios.md)."""
    death_causes: ClassVar[Mapping[str, str]]
    """Every cause a ``Died`` event of this ruleset can carry."""
    presets: ClassVar[Mapping[str, Preset]] = {}
    """Named switch sets (``--preset NAME``); see :meth:`options_with_preset`."""

    # -- the ruleset's whole vocabulary (tests, narration and docs derive their catalogues from it) --
    outcome_reasons: ClassVar[type[StrEnum]]
    """Every ``Outcome.reason`` the ruleset can end with (an enum, as python-chess's ``Termination``),
    ``day_limit`` included where the ``max_days`` draw can happen."""
    announcement_keys: ClassVar[Mapping[str, str]]
    """Every ``Announcement.key`` the moderator can make, with its meaning."""
    statuses: ClassVar[Mapping[str, str]]
    """Every ``StatusChanged.status``, with its meaning."""
    ballots: ClassVar[Mapping[str, tuple[str, ...]]]
    """Every ``VoteTally.ballot`` with the ``result`` values its tally can have."""
    posthumous_kinds: ClassVar[frozenset[str]] = frozenset()
    """Decision kinds the rules may ask of a dead seat (a hunter's shot, last words)."""
    board_switches: ClassVar[frozenset[str]] = frozenset()
    """Switches that only shape the standard deck (a fixed deal ignores them)."""
    history: ClassVar[tuple[RulesVersion, ...]] = ()
    """The ruleset's versions after the first, oldest first (:mod:`.versions`)."""
    units: ClassVar[tuple[RoleUnit, ...]] = ()
    """The ruleset's role units (``variants/<id>/units/``). A subclass declares its own vocabulary
    and its units; the class then holds both (:func:`add_units`: decision kinds, death
    causes, announcement keys, statuses and posthumous kinds)."""

    eval_profile: ClassVar[EvalProfile | None] = None
    """How the evaluation reads this ruleset's transcripts (``None``: voting metrics do not apply)."""
    heard: ClassVar[HeardKeys] = HeardKeys()
    """How the heuristic players hear this ruleset's speeches (its intent keys, :mod:`.heard`)."""

    def __init_subclass__(cls, **kwargs: Any) -> None:
        super().__init_subclass__(**kwargs)
        if "units" in cls.__dict__:
            add_units(cls)

    # -- what a speech may say (``result`` acts; see :mod:`.act_vocabulary` and :mod:`.act_legality`) --
    speech_facts: ClassVar[tuple[Fact, ...]] = ()
    """Every result a role of this ruleset can report, with its role units' (``variants/<id>/facts.py``)."""
    bad_roles: ClassVar[frozenset[str]] = frozenset()
    """The roles a binary ``check`` result reports as bad."""
    center_cards: ClassVar[bool] = False
    """The undealt cards lie face down in the center, where roles may look: a result may name center card k."""
    single_night: ClassVar[bool] = False
    """The game has one night: no later night in which to check a seat (speeches ask for none)."""
    cards_move: ClassVar[bool] = False
    """Cards change hands in secret after a look, so a look's result is judged by the card it saw then."""

    def seat_ballot(self, view: SeatView) -> SeatBallot | None:
        """The yes/no ballot on one seat that ``view``'s latest public records open (a ruleset that votes on
        its nominees one by one), or ``None``: the ruleset has no such ballot (the default)."""
        return None

    # -- metadata --------------------------------------------------------------
    def reason_ids(self) -> frozenset[str]:
        """The values of :attr:`outcome_reasons`."""
        return frozenset(member.value for member in self.outcome_reasons)

    @cached_property
    def act_vocabulary(self) -> Vocabulary:
        """The speech acts of this ruleset: the common kinds and :attr:`speech_facts`."""
        return Vocabulary(self.id, self.speech_facts, self.bad_roles)

    def claimable_roles(self) -> frozenset[str]:
        return frozenset(self.roles)

    def parse_options(self, raw: Mapping[str, Any]) -> O_:
        try:
            return self.options_model.model_validate(dict(raw))  # type: ignore[return-value]
        except ValidationError as exc:
            problems = "; ".join(
                f"{'.'.join(str(p) for p in err['loc']) or 'options'}: {err['msg']}" for err in exc.errors()
            )
            raise errors.OptionsError(f"{self.id} options: {problems}") from None

    def options_with_preset(self, preset: str | None, options: Mapping[str, Any]) -> dict[str, Any]:
        """``options`` on top of the switches of the preset named ``preset`` (``None``: none).

        Raises :class:`OptionsError` for an unknown preset (the message lists the known ones).
        """
        if preset is None:
            return dict(options)
        found = self.presets.get(preset.strip().lower())
        if found is None:
            known = ", ".join(sorted(self.presets)) or "none"
            raise errors.OptionsError(f"{self.id} has no preset {preset!r} (presets: {known})")
        return {**found.options, **options}

    def side_of_role(self, role: str) -> str:
        return self.roles[role].side

    def side_of(self, state: GameState[D, O_], seat: int) -> str:
        """The side a seat plays for now (override for lovers, conversions...)."""
        return self.roles[state.seat(seat).role].side

    # -- setup hooks -------------------------------------------------------------
    @abstractmethod
    def standard_deck(self, players: int, options: O_) -> tuple[str, ...]:
        """The default cards for ``players`` seats (seat cards plus any extra/center cards)."""

    def extra_cards(self, deck: Sequence[str], options: O_) -> int:
        """How many cards of ``deck`` are not dealt to seats (thief's extras, center)."""
        return 0

    def check_deck(self, deck: Sequence[str], players: int, options: O_) -> None:
        """Raise :class:`SetupError` when ``deck`` cannot be played by ``players`` seats."""
        if not self.min_players <= players <= self.max_players:
            raise errors.SetupError(
                f"{self.id} is played by {self.min_players}-{self.max_players} players, not {players}"
            )
        unknown = sorted({r for r in deck if r not in self.roles})
        if unknown:
            raise errors.SetupError(
                f"{self.id} has no role {', '.join(map(repr, unknown))} (roles: {', '.join(sorted(self.roles))})"
            )
        extra = self.extra_cards(deck, options)
        if len(deck) != players + extra:
            raise errors.SetupError(
                f"{self.id}: {players} players need {players + extra} cards "
                f"({extra} not dealt), the deck has {len(deck)}"
            )

    @abstractmethod
    def initial_data(self, seats: tuple[Seat, ...], extra: tuple[str, ...], options: O_) -> D:
        """The variant's own part of the state at the start of the game."""

    @abstractmethod
    def first_steps(self, state: GameState[D, O_]) -> tuple[Step, ...]:
        """The agenda at the start of the game."""

    def deal_events(self, ctx: Ctx[D, O_]) -> None:
        """Tell every seat its card (override to reveal more, e.g. team mates)."""
        for seat in ctx.state.seats:
            ctx.emit(RoleAssigned(seat=seat.index, role=seat.role), to_seats(seat.index))

    # -- outcome helpers -----------------------------------------------------------
    def draw(self, reason: str = "day_limit") -> Outcome:
        return Outcome(winners=(), sides=(), reason=reason)

    # -- the generic start ---------------------------------------------------------
    def new_game(self, config: GameConfig) -> tuple[GameState[D, O_], list[Record]]:
        """Deal and run the game up to its first decision."""
        options: O_ = self.parse_options(config.options)
        players = len(config.names)
        if len(set(config.names)) != players:
            raise errors.SetupError("seat names must be unique")
        language = config.language or self.source_language
        if language not in self.languages:
            raise errors.SetupError(f"{self.id} is available in {', '.join(self.languages)}, not {language!r}")
        rng = Rng.from_seed(config.seed)
        if config.roles is not None:
            if len(config.roles) != players:
                raise errors.SetupError(f"{players} seats but {len(config.roles)} roles were given")
            deck = tuple(config.roles) + tuple(config.extra)
            self.check_deck(deck, players, options)
            seat_roles, extra = tuple(config.roles), tuple(config.extra)
        else:
            if not self.min_players <= players <= self.max_players:
                raise errors.SetupError(
                    f"{self.id} is played by {self.min_players}-{self.max_players} players, not {players}"
                )
            deck = tuple(config.deck) if config.deck is not None else self.standard_deck(players, options)
            self.check_deck(deck, players, options)
            shuffled, rng = rng.shuffle(deck)
            seat_roles, extra = shuffled[:players], shuffled[players:]
        seats = tuple(
            Seat(index=i, name=name, role=role, start_role=role)
            for i, (name, role) in enumerate(zip(config.names, seat_roles, strict=True))
        )
        state: GameState[D, O_] = GameState(
            variant=self.id,
            language=language,
            seats=seats,
            extra=extra,
            options=options,
            data=self.initial_data(seats, extra, options),
            rng=rng,
            transition=config.transition,
        )
        ctx: Ctx[D, O_] = Ctx(state)
        ctx.emit(
            GameStarted(
                variant=self.id,
                language=language,
                names=tuple(config.names),
                deck=tuple(sorted(deck)),
                options=options.model_dump(mode="json"),
            )
        )
        self.deal_events(ctx)
        state = ctx._commit(None)
        state = replace(state, agenda=self.first_steps(state))
        state, records = advance(state)
        return state, ctx.records + records


def add_units(ruleset: type[Ruleset[Any, Any]]) -> None:
    """Give the ruleset class its units' vocabulary beside its own and their speech results (called by ``Ruleset``
    for every subclass that names ``units``); a key declared twice is an error (:class:`.units.UnitError`)."""
    units = ruleset.units
    ruleset.decision_kinds = with_units(ruleset.decision_kinds, units, lambda u: u.decision_kinds, "decision kind")
    ruleset.death_causes = with_units(ruleset.death_causes, units, lambda u: u.death_causes, "death cause")
    ruleset.announcement_keys = with_units(
        ruleset.announcement_keys, units, lambda u: u.announcement_keys, "announcement key"
    )
    ruleset.statuses = with_units(ruleset.statuses, units, lambda u: u.statuses, "status")
    ruleset.posthumous_kinds = kinds_with_units(ruleset.posthumous_kinds, units)
    ruleset.speech_facts = facts_with_units(ruleset.speech_facts, units)


def register(ruleset: Ruleset[Any, Any]) -> Ruleset[Any, Any]:
    registry.add(ruleset)
    return ruleset


def get_ruleset(variant: str) -> Ruleset[Any, Any]:
    """The ruleset registered as ``variant`` (:func:`.registry.find`); :class:`UnknownVariant` if none."""
    return cast("Ruleset[Any, Any]", registry.find(variant))


def all_rulesets() -> tuple[Ruleset[Any, Any], ...]:
    return cast("tuple[Ruleset[Any, Any], ...]", registry.every())
