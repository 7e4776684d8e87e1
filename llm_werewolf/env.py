"""Play a game as an environment from other code: a small, stable Python API.

The rules decide what may happen; your code plays some seats and the built-in
players (``heuristic`` by default, or ``random``, or any object with
``choose(view, decision) -> Choice``) play the others::

    from llm_werewolf.env import WerewolfEnv

    env = WerewolfEnv("one_night", players=5, seed=7, language="en", controlled=[0])
    while not env.done:
        for seat in env.waiting():                      # controlled seats that must answer now
            observation = env.observe(seat)             # what that seat knows, and its legal options
            env.submit(seat, observation.decision.options[0].id)
        env.step()                                      # the built-in players answer; the game moves on
    print(env.result())

Everything a seat observes comes from the records visible to it (its information
set); nothing hidden leaks into an :class:`Observation`. An illegal answer raises
:class:`IllegalAction` and changes nothing. The API follows semantic versioning:
the names in ``__all__`` and the fields of these dataclasses only grow within a
major version (see docs/environment.md).

The standard interfaces for learners are here too, with the ``rl`` extra: ``WerewolfAEC``, a
PettingZoo AEC environment (:mod:`llm_werewolf.env_aec`), and ``WerewolfGym``, a Gymnasium
single-agent environment (:mod:`llm_werewolf.env_gym`).
"""

from __future__ import annotations

import json
import random
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any, Protocol

from .rules import Act, Choice, Decision, Game, GameConfig, IllegalChoice, Outcome, Record, SeatView, ViewBuilder
from .rules.variant import get_ruleset

__all__ = [
    "Act",
    "Action",
    "GameResult",
    "IllegalAction",
    "LegalOption",
    "Observation",
    "PendingDecision",
    "Policy",
    "WerewolfEnv",
    "event_dict",
    "play",
]


_STANDARD = {"WerewolfAEC": "env_aec", "WerewolfGym": "env_gym"}
"""The standard RL interfaces, imported on first use (they need the ``rl`` extra)."""


def __getattr__(name: str) -> Any:
    if name not in _STANDARD:
        raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
    import importlib

    try:
        module = importlib.import_module(f".{_STANDARD[name]}", __package__)
    except ModuleNotFoundError as exc:
        from .install import install_command

        raise ModuleNotFoundError(f"{name} needs {exc.name}: {install_command('rl')}") from None
    return getattr(module, name)


class Policy(Protocol):
    """A built-in or custom player that answers from its own view, without awaiting."""

    def choose(self, view: SeatView, decision: Decision) -> Choice: ...


class IllegalAction(ValueError):
    """The answer is not legal now (the rules' reason is the message). The game is unchanged."""


@dataclass(frozen=True)
class LegalOption:
    """One legal answer: send back ``id``."""

    id: str
    """What :meth:`WerewolfEnv.submit` takes: ``seat:<i>``, ``center:<k>``, ``skip``, ``yes``..."""
    kind: str
    """``seat``, ``center``, ``skip`` or the plain word itself."""
    target: int | None = None
    """The seat (0-based) or center slot the option names."""
    label: str = ""
    """A readable label in the game's language (the seat's name for seat options)."""


@dataclass(frozen=True)
class PendingDecision:
    """A question the rules put to a seat."""

    id: int
    kind: str
    """The decision kind (``wolf_kill``, ``exile_vote``, ``speech``...; docs/scenarios.md lists each ruleset's)."""
    options: tuple[LegalOption, ...]
    speech: bool
    """Whether the answer may carry words (``Action.text``) and a role claim (``Action.claim``)."""
    claimable_roles: tuple[str, ...] = ()
    """The roles a claim may name (speech decisions only)."""
    max_speech_chars: int | None = None
    """The rules' cap on the words of a speech (speech decisions only)."""
    group: str | None = None
    """Decisions of one group are asked at the same time."""

    @property
    def option_ids(self) -> tuple[str, ...]:
        return tuple(option.id for option in self.options)


@dataclass(frozen=True)
class Observation:
    """What one seat knows now: built only from the records visible to it."""

    seat: int
    name: str
    variant: str
    language: str
    role: str | None
    """The seat's card as the seat knows it."""
    phase: str
    """``setup``, ``night:<n>`` or ``day:<n>``."""
    names: tuple[str, ...]
    alive: tuple[int, ...]
    """The living seats (0-based)."""
    events: tuple[dict[str, Any], ...]
    """Every record visible to the seat, oldest first: ``{"seq", "phase", "kind", ...event fields}``."""
    new_events: tuple[dict[str, Any], ...]
    """The visible records since this seat's previous observation."""
    decision: PendingDecision | None
    """The decision this seat must answer now (``None``: nothing to answer)."""
    ended: bool = False


@dataclass(frozen=True)
class Action:
    """An answer: an option id, and for speech decisions the words, an optional role claim and speech acts."""

    option: str
    text: str = ""
    claim: str | None = None
    acts: tuple[Act, ...] = ()
    """Structured content of a speech (``Act("accuse", target=3)``...; docs/speech-acts.md); the rules check them."""


@dataclass(frozen=True)
class GameResult:
    """The end of a game (god view: every card is revealed)."""

    winners: tuple[int, ...]
    winning_sides: tuple[str, ...]
    reason: str
    roles: tuple[str, ...]
    """Every seat's final card."""


@dataclass
class _Seat:
    builder: ViewBuilder
    seen: int = 0
    policy: Policy | None = None


def _policy(spec: str | Policy, seed: int) -> Policy:
    if not isinstance(spec, str):
        return spec
    if spec == "heuristic":
        from .agents.heuristic import HeuristicAgent

        return HeuristicAgent(seed=seed)
    if spec == "random":
        from .agents.random_agent import RandomAgent

        return RandomAgent(seed=seed)
    raise ValueError(f"unknown built-in player {spec!r}: heuristic, random, or an object with choose(view, decision)")


def event_dict(record: Record) -> dict[str, Any]:
    """A record as JSON data, as in a transcript: ``seq``, ``phase`` and the event's fields (``kind`` first)."""
    from .transcript.schema import dump_record

    body = json.loads(dump_record(record))["event"]
    return {"seq": record.seq, "phase": record.phase, "kind": body.pop("kind"), **body}


class WerewolfEnv:
    """One game with some seats played by the caller (``controlled``) and the rest by built-in players.

    ``variant``: a ruleset id (``llm-werewolf variants``). ``players``: the number of seats
    (default: the ruleset's usual table). ``language``: default the ruleset's source language.
    ``options``: rule switches (``{"max_days": 3}``). ``deck``: a custom role list.
    ``controlled``: the seats (0-based) the caller answers for; default all of them.
    ``bots``: who plays the other seats: ``"heuristic"`` (default), ``"random"``, an object with
    ``choose(view, decision) -> Choice``, or a mapping seat -> one of those.
    The game starts at once (``reset`` starts it again with the same or a new seed).
    """

    def __init__(
        self,
        variant: str,
        *,
        players: int | None = None,
        seed: int = 0,
        language: str | None = None,
        options: Mapping[str, Any] | None = None,
        names: Sequence[str] | None = None,
        deck: Sequence[str] | None = None,
        controlled: Iterable[int] | None = None,
        bots: str | Policy | Mapping[int, str | Policy] = "heuristic",
    ) -> None:
        self.ruleset = get_ruleset(variant)
        self.variant = variant
        self.language = language or self.ruleset.source_language
        count = len(names) if names is not None else (players or self._usual_players())
        if not self.ruleset.min_players <= count <= self.ruleset.max_players:
            raise ValueError(
                f"{variant} is played by {self.ruleset.min_players}-{self.ruleset.max_players} players, not {count}"
            )
        if names is None:
            from .texts import default_names

            names = default_names(self.language, count)
        self.names = tuple(names)
        self.options = dict(options or {})
        self.deck = tuple(deck) if deck is not None else None
        self.controlled = frozenset(range(count) if controlled is None else controlled)
        if not self.controlled <= set(range(count)):
            raise ValueError(f"controlled seats must be in 0..{count - 1}")
        self._bots = bots
        self.seed = seed
        self.reset(seed)

    def _usual_players(self) -> int:
        return min(max(9, self.ruleset.min_players), self.ruleset.max_players)

    # -- life cycle --------------------------------------------------------------------------------
    def reset(self, seed: int | None = None) -> dict[int, Observation]:
        """Start the game again (same seed unless one is given); returns the waiting seats' observations."""
        if seed is not None:
            self.seed = seed
        config = GameConfig(
            variant=self.variant,
            names=self.names,
            seed=self.seed,
            language=self.language,
            deck=self.deck,
            options=self.options,
        )
        try:
            self.game = Game(config)
        except IllegalChoice as exc:  # pragma: no cover - a new game asks, it never answers
            raise IllegalAction(str(exc)) from None
        self._seats = []
        for index in range(len(self.names)):
            policy = None
            if index not in self.controlled:
                spec = self._bots.get(index, "heuristic") if isinstance(self._bots, Mapping) else self._bots
                policy = _policy(spec, self.seed * 1009 + index)
            self._seats.append(_Seat(ViewBuilder(index), policy=policy))
        self._published = 0
        return self.step()

    @property
    def done(self) -> bool:
        return self.game.over

    def result(self) -> GameResult | None:
        """The outcome once the game is over (``None`` before)."""
        outcome: Outcome | None = self.game.outcome
        if outcome is None:
            return None
        return GameResult(
            winners=tuple(outcome.winners),
            winning_sides=tuple(outcome.sides),
            reason=outcome.reason,
            roles=tuple(self.game.state.roles()),
        )

    # -- what a seat knows -------------------------------------------------------------------------
    def _sync(self) -> None:
        new = self.game.records[self._published :]
        self._published = len(self.game.records)
        for seat in self._seats:
            seat.builder.extend(new)

    def _pending_for(self, seat: int) -> Decision | None:
        for decision in self.game.pending:
            if decision.seat == seat:
                return decision
        return None

    def waiting(self) -> tuple[int, ...]:
        """The controlled seats with a decision to answer now, in seat order."""
        return tuple(sorted({d.seat for d in self.game.pending if d.seat in self.controlled}))

    def view(self, seat: int) -> SeatView:
        """The seat's view as the rules build it (what built-in players read)."""
        self._sync()
        return self._seats[seat].builder.view()

    def observe(self, seat: int) -> Observation:
        """What ``seat`` knows now and what it must answer (``decision`` is ``None`` if nothing)."""
        view = self.view(seat)
        state = self._seats[seat]
        events = tuple(event_dict(record) for record in view.records)
        new_events, state.seen = events[state.seen :], len(events)
        decision = self._pending_for(seat)
        return Observation(
            seat=seat,
            name=self.names[seat],
            variant=self.variant,
            language=view.language,
            role=view.role,
            phase=view.phase,
            names=view.names,
            alive=view.living(),
            events=events,
            new_events=new_events,
            decision=self._describe(decision) if decision is not None else None,
            ended=view.ended,
        )

    def _describe(self, decision: Decision) -> PendingDecision:
        options = tuple(
            LegalOption(
                id=o.id,
                kind=o.kind,
                target=o.target,
                label=self.names[o.target] if o.kind == "seat" and o.target is not None else o.id,
            )
            for o in decision.options
        )
        speech_cap = getattr(self.game.state.options, "max_speech_chars", 2000) if decision.speech else None
        return PendingDecision(
            id=decision.id,
            kind=decision.kind,
            options=options,
            speech=decision.speech,
            claimable_roles=tuple(sorted(self.ruleset.claimable_roles())) if decision.speech else (),
            max_speech_chars=speech_cap,
            group=decision.group,
        )

    # -- answering ---------------------------------------------------------------------------------
    def submit(self, seat: int, action: Action | Choice | str, *, decision_id: int | None = None) -> None:
        """Answer the seat's pending decision (or the one ``decision_id`` names).

        ``action``: an option id, an :class:`Action` (with words and a claim for speech decisions)
        or a :class:`~llm_werewolf.rules.Choice`. Raises :class:`IllegalAction` (the game unchanged)
        when the seat has nothing to answer or the answer is not legal.
        """
        decision = (
            self._pending_for(seat)
            if decision_id is None
            else next((d for d in self.game.pending if d.id == decision_id and d.seat == seat), None)
        )
        if decision is None:
            raise IllegalAction(f"seat {seat} has no decision to answer now")
        if isinstance(action, str):
            choice = Choice(action)
        elif isinstance(action, Action):
            choice = Choice(action.option, text=action.text, claim=action.claim, acts=tuple(action.acts))
        else:
            choice = action
        try:
            self.game.submit(decision.id, choice)
        except IllegalChoice as exc:
            raise IllegalAction(str(exc)) from None

    def step(
        self, actions: Mapping[int, Action | Choice | str] | None = None, *, max_decisions: int = 100_000
    ) -> dict[int, Observation]:
        """Submit ``actions`` (seat -> answer), then let the built-in players answer until a controlled
        seat must answer or the game ends. Returns the observations of the seats now waiting."""
        for seat, action in (actions or {}).items():
            self.submit(seat, action)
        self.advance(max_decisions=max_decisions)
        return {seat: self.observe(seat) for seat in self.waiting()}

    def advance(self, *, max_decisions: int = 100_000) -> None:
        """Let the built-in players answer until a controlled seat must answer or the game ends
        (:meth:`step` without answers or observations: what the standard RL interfaces call)."""
        answered = 0
        while not self.game.over:
            bots = [d for d in self.game.pending if d.seat not in self.controlled]
            if not bots:
                break
            self._sync()
            views = {d.seat: self._seats[d.seat].builder.view() for d in bots}
            for decision in bots:
                policy = self._seats[decision.seat].policy
                assert policy is not None
                choice = policy.choose(views[decision.seat], decision)
                try:
                    self.game.submit(decision.id, choice)
                except IllegalChoice:
                    self.game.submit(decision.id, self._fallback(decision))
                answered += 1
            if answered > max_decisions:
                raise RuntimeError(f"no outcome after {answered} decisions")
        if not self.game.over and not self.game.pending:
            raise RuntimeError("the game is not over but no decision is pending")

    def _fallback(self, decision: Decision) -> Choice:
        """A built-in player's illegal answer is replaced by the decision's default (else a seeded pick)."""
        if decision.default is not None:
            return Choice(decision.default)
        rng = random.Random(self.seed * 7919 + decision.id)
        return Choice(decision.options[rng.randrange(len(decision.options))].id)

    # -- the record --------------------------------------------------------------------------------
    @property
    def records(self) -> list[Record]:
        """Every record of the game so far (god view: hidden facts included)."""
        return self.game.records

    def save_transcript(self, path: str | Path, *, agent: str = "python") -> Path:
        """Write the game so far as a transcript (``replay``, ``render`` and ``export`` read it).

        ``agent`` labels the controlled seats in the header; built-in seats carry their kind.
        """
        from .transcript import TranscriptWriter
        from .transcript.schema import SeatInfo, header_for

        seats = []
        for index, name in enumerate(self.names):
            policy = self._seats[index].policy
            label = agent if policy is None else str(getattr(policy, "kind", type(policy).__name__))
            seats.append(SeatInfo(name=name, agent=label))
        header = header_for(self.game.config, self.language, seats)
        target = Path(path)
        target.parent.mkdir(parents=True, exist_ok=True)
        with TranscriptWriter(target, header) as writer:
            writer.write(self.game.records)
        return target


def play(
    env: WerewolfEnv,
    agents: Mapping[int, Any],
    *,
    max_decisions: int = 100_000,
) -> GameResult:
    """Play ``env`` to the end: each controlled seat's agent has ``act(observation) -> Action | str``."""
    observations = env.step()
    answered = 0
    while not env.done:
        if not observations:
            raise RuntimeError("the game is not over but no controlled seat is waiting")
        actions = {seat: agents[seat].act(observation) for seat, observation in observations.items()}
        answered += len(actions)
        if answered > max_decisions:
            raise RuntimeError(f"no outcome after {answered} decisions")
        observations = env.step(actions)
    result = env.result()
    assert result is not None
    return result
