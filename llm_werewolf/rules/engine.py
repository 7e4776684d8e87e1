"""The generic step machine.

A game's procedure is an *agenda*: a tuple of :class:`Step` objects kept in the
state. The engine pops the first step and runs it; a step may change
the state, emit events, push more steps to the front of the agenda, or *ask*
decisions. While decisions are pending the engine stops; when every pending
decision has an answer, the asking step's :meth:`Step.resolve` receives them.

Nothing here does I/O, touches a clock or uses global randomness: the same
state and the same choices always give the same new state and events.

States are immutable by discipline: a state handed to a caller is never written
again. One transition (``submit`` and the ``advance`` that follows it) makes one
private copy of the state it starts from and writes that copy in place; each
further step of the same ``advance`` writes the same private copy, since nobody
else has seen it yet.
"""

from __future__ import annotations

import sys
from collections.abc import Iterable, Sequence
from typing import Any, Generic, TypeVar

from . import errors, registry
from .act_legality import check_state_acts
from .decisions import Choice, Decision, Option
from .events import (
    GOD,
    PUBLIC,
    SEAT_VISIBILITIES,
    ChoiceMade,
    EventBody,
    GameEnded,
    Record,
    RolesRevealed,
    SharedEventRecord,
    Visibility,
    choice_made,
    make_record,
    to_seats,
)
from .model import STATE_FIELD_SET, GameState, Outcome, Phase, fast_replace
from .sharing import SEQ_INTS, seq_int, shared_cue, shared_phase_started
from .step import Answers, Step

__all__ = ["Answers", "Ctx", "Step", "advance", "note", "option_ids", "submit", "submit_many", "validate_choice"]

T = TypeVar("T")
D = TypeVar("D")
O_ = TypeVar("O_")

MAX_STEPS_PER_ADVANCE = 100_000

_OPTION_IDS: dict[tuple[str, ...], tuple[str, ...]] = {}
"""One shared tuple per distinct list of option ids (see :func:`option_ids`)."""
_OPTION_IDS_CAP = 4096
_LAST_OPTIONS: list[tuple[tuple[Option, ...], tuple[str, ...]]] = [((), ())]
"""The last options tuple :func:`option_ids` read, with its ids: the voters of one ballot, answered one
after the other, are offered the same tuple."""


class Ctx(Generic[D, O_]):
    """A transient, mutable builder around one transition of the state.

    ``owned``: the state is this transition's private copy (nobody else holds it), so it
    is written in place; otherwise the first write makes that copy.
    """

    __slots__ = (
        "_asked",
        "_continue",
        "_finished",
        "_next_id",
        "_owned",
        "_pushed",
        "_rest",
        "_rng",
        "_seq",
        "records",
        "state",
    )

    def __init__(self, state: GameState[D, O_], rest: tuple[Step, ...] | None = None, *, owned: bool = False) -> None:
        self.state = state
        self._owned = owned
        self._rest = state.agenda if rest is None else rest
        self.records: list[Record] = []
        self._pushed: list[Step] = []
        self._asked: list[Decision] = []
        self._continue: Step | None = None
        self._finished = False
        # Counters live here during a transition and are written back once, in _commit.
        self._seq = state.seq
        self._next_id = state.next_decision_id
        self._rng = state.rng

    # -- reading ------------------------------------------------------------
    @property
    def data(self) -> D:
        return self.state.data

    @property
    def options(self) -> O_:
        return self.state.options

    @property
    def rules(self) -> registry.RegisteredRuleset:
        """The game's ruleset (``variant.get_ruleset`` gives it as the full ``Ruleset``)."""
        return registry.find(self.state.variant)

    # -- writing ------------------------------------------------------------
    def _own(self) -> GameState[D, O_]:
        """The state to write: this transition's private copy (made on the first write)."""
        if not self._owned:
            self.state = self.state._clone()
            self._owned = True
        return self.state

    def update(self, **changes: Any) -> None:
        """Replace fields of the state (not ``agenda``: use :meth:`push`)."""
        unknown = changes.keys() - STATE_FIELD_SET
        if unknown:
            raise TypeError(f"GameState has no field(s) {', '.join(sorted(unknown))}")
        state = self._own()
        for name, value in changes.items():
            setattr(state, name, value)

    def update_data(self, **changes: Any) -> None:
        state = self._own()
        state.data = fast_replace(state.data, changes)

    def set_seat(self, index: int, **changes: Any) -> None:
        state = self._own()
        seats = list(state.seats)
        seats[index] = fast_replace(seats[index], changes)
        state.seats = tuple(seats)

    def emit(self, event: EventBody, vis: Visibility = PUBLIC) -> None:
        seq = self._seq
        try:
            seq = SEQ_INTS[seq]
        except IndexError:
            seq = seq_int(seq)
        # The event becomes the record: stamped, not probed (every emitted event is a fresh
        # object; tests/core/test_record_is_event.py checks whole games).
        event.seq = seq
        event.phase = self.state.phase.label
        event.vis = vis
        self.records.append(event)
        self._seq = seq + 1

    def _emit_shared(self, event: EventBody) -> None:
        """Record an event shared by many records (one object per value) without stamping it."""
        seq = self._seq
        try:
            seq = SEQ_INTS[seq]
        except IndexError:
            seq = seq_int(seq)
        self.records.append(SharedEventRecord(seq, self.state.phase.label, PUBLIC, event))
        self._seq = seq + 1

    def cue(self, key: str, role: str | None = None) -> None:
        """Emit the moderator's cue ``key`` (for ``role``): one shared ``Cue`` per value."""
        self._emit_shared(shared_cue(key, role))

    def emit_god(self, event: EventBody) -> None:
        self.emit(event, GOD)

    def emit_to(self, event: EventBody, *seats: int) -> None:
        self.emit(event, to_seats(*seats))

    def push(self, *steps: Step) -> None:
        """Run ``steps`` next (in the given order), before the rest of the agenda."""
        self._pushed.extend(steps)

    def continue_with(self, step: Step) -> None:
        """Resolve this step's pending decisions with ``step`` instead of the asking step."""
        self._continue = step

    def ask(
        self,
        seat: int,
        kind: str,
        options: Sequence[Option],
        *,
        default: str | None = None,
        group: str | None = None,
        collective: bool = False,
        speech: bool = False,
    ) -> int:
        """Open a decision for ``seat``; returns its id. ``options`` must not be empty."""
        if not options:
            raise RuntimeError(f"decision {kind!r} for seat {seat} has no options")
        decision_id = self._next_id
        try:
            decision_id = SEQ_INTS[decision_id]
        except IndexError:
            decision_id = seq_int(decision_id)
        if group is not None:
            group = sys.intern(group)  # one string per group name (often built per ballot)
        self._asked.append(Decision(decision_id, seat, kind, tuple(options), default, group, collective, speech))
        self._next_id = decision_id + 1
        return decision_id

    def start_phase(self, phase: Phase) -> None:
        self._own().phase = phase
        if phase.kind == "night" or phase.kind == "day":
            self._emit_shared(shared_phase_started(phase.kind, phase.number))

    def finish(self, outcome: Outcome) -> None:
        """End the game: record the outcome and reveal every card."""
        if self._finished or self.state.outcome is not None:
            return
        self._finished = True
        state = self._own()
        state.phase = Phase("end")
        state.outcome = outcome
        state.agenda = ()
        self._pushed.clear()
        self._asked.clear()
        self.emit(GameEnded(winners=outcome.winners, sides=outcome.sides, reason=outcome.reason))
        self.emit(
            RolesRevealed(
                roles=tuple(s.role for s in self.state.seats),
                start_roles=tuple(s.start_role for s in self.state.seats),
                extra=self.state.extra,
            )
        )

    # -- seeded randomness ----------------------------------------------------
    def randbelow(self, n: int) -> int:
        value, self._rng = self._rng.below(n)
        return value

    def choice(self, items: Sequence[T]) -> T:
        value, self._rng = self._rng.choice(items)
        return value

    def shuffle(self, items: Sequence[T]) -> tuple[T, ...]:
        value, self._rng = self._rng.shuffle(items)
        return value

    def random(self) -> float:
        value, self._rng = self._rng.random()
        return value

    # -- the log's record of an answer ---------------------------------------
    @staticmethod
    def answer_record(decision: Decision, choice: Choice) -> ChoiceMade:
        """The record of ``choice`` answering ``decision``: it carries the options offered and the group
        (a subclass given as ``GameConfig.transition`` may log a question otherwise)."""
        return ChoiceMade(
            decision_id=decision.id,
            seat=decision.seat,
            decision=decision.kind,
            option=choice.option,
            text=choice.text,
            claim=choice.claim,
            acts=choice.acts,
            options=option_ids(decision),
            group=decision.group,
        )

    # -- commit -------------------------------------------------------------
    def _commit(self, step: Step | None) -> GameState[D, O_]:
        """Write the transition's counters and agenda into its private state and hand it out; what the
        step pushed, asked or continued with is emptied, so the same transition may run the next step."""
        state = self.state if self._owned else self._own()
        rest = self._rest
        pending: tuple[Decision, ...] = ()
        waiting: Step | None = None
        if state.outcome is not None:
            agenda: tuple[Step, ...] = ()
        else:
            pushed = self._pushed
            if pushed:
                agenda = (*pushed, *rest)
                pushed.clear()
            else:
                agenda = rest
            if self._asked:
                pending = tuple(self._asked)
                self._asked.clear()
                waiting = self._continue or step
                self._continue = None
            elif self._continue is not None:
                agenda = (self._continue, *agenda)
                self._continue = None
        state.agenda = agenda
        state.pending = pending
        state.answers = ()
        state.waiting = waiting
        state.seq = self._seq
        state.next_decision_id = self._next_id
        state.rng = self._rng
        return state


def option_ids(decision: Decision) -> tuple[str, ...]:
    """``decision``'s option ids as one shared tuple per distinct list (most repeat one: every
    voter of a ballot is offered the same seats), so a long log keeps each list once."""
    options = decision.options
    last = _LAST_OPTIONS[0]
    if last[0] is options:
        return last[1]
    ids = tuple([o.id for o in options])
    ids = _OPTION_IDS.setdefault(ids, ids)
    if len(_OPTION_IDS) > _OPTION_IDS_CAP:
        _OPTION_IDS.clear()
    _LAST_OPTIONS[0] = (options, ids)
    return ids


def advance(state: GameState[D, O_], *, owned: bool = False) -> tuple[GameState[D, O_], list[Record]]:
    """Run agenda steps until a decision is pending or the game is over.

    ``state`` is never written unless ``owned`` says it is the caller's private copy
    (``submit`` passes the state its own transition just made).
    """
    if state.outcome is not None or state.pending:
        return state, []
    ctx: Ctx[D, O_] = (state.transition or Ctx)(state, owned=owned)
    return _run_agenda(ctx), ctx.records


def _run_agenda(ctx: Ctx[D, O_]) -> GameState[D, O_]:
    """Run agenda steps in ``ctx``, one transition for all of them, until a decision is pending or the game
    is over (each step is committed before the next runs, as if each had its own transition)."""
    state = ctx.state
    steps = 0
    while state.outcome is None and not state.pending:
        agenda = state.agenda
        if not agenda:
            raise RuntimeError(f"{state.variant}: the agenda ran empty before the game ended")
        step = agenda[0]
        ctx._rest = agenda[1:]
        step.run(ctx)
        state = ctx._commit(step)
        steps += 1
        if steps > MAX_STEPS_PER_ADVANCE:
            raise RuntimeError(f"{state.variant}: no decision after {steps} steps (a loop?)")
    return state


def validate_choice(state: GameState[Any, Any], decision_id: int, choice: Choice) -> Decision:
    """Check ``choice`` against the pending decision; raise a precise error if illegal."""
    if state.outcome is not None:
        raise errors.GameOver("the game is over")
    decision = None
    for pending in state.pending:
        if pending.id == decision_id:
            decision = pending
            break
    if decision is None:
        raise errors.NoSuchDecision(f"decision {decision_id} is not pending")
    for answered_id, _ in state.answers:
        if answered_id == decision_id:
            raise errors.AlreadyAnswered(f"decision {decision_id} is already answered")
    if decision.option(choice.option) is None:
        raise errors.OptionNotOffered(
            f"{choice.option!r} is not a legal option for {decision.kind} (legal: {', '.join(decision.option_ids)})"
        )
    if not decision.speech:
        if choice.text or choice.claim is not None or choice.acts:
            raise errors.TextNotAllowed(f"{decision.kind} takes no text, claim or speech acts")
    else:
        limit = getattr(state.options, "max_speech_chars", 2000)
        if len(choice.text) > limit:
            raise errors.SpeechTooLong(f"speech has {len(choice.text)} characters; the cap is {limit}")
        if choice.claim is not None and choice.claim not in registry.find(state.variant).claimable_roles():
            raise errors.UnknownClaim(f"{choice.claim!r} is not a role of {state.variant}")
        if choice.acts:
            check_state_acts(state, decision.seat, choice.acts)
    return decision


def submit(state: GameState[D, O_], decision_id: int, choice: Choice) -> tuple[GameState[D, O_], list[Record]]:
    """Answer one pending decision. Illegal input raises and leaves ``state`` as it was."""
    pending = state.pending
    if not pending or state.transition is not None or choice.text or choice.claim is not None or choice.acts:
        return _submit_any(state, decision_id, choice)
    # The common answer: an offered option without words, logged as Ctx logs it; what
    # validate_choice checks for it is checked here inline (any other answer takes _submit_any).
    index = decision_id - pending[0].id  # the ids of one asking step's decisions follow each other
    if not 0 <= index < len(pending) or state.outcome is not None:
        return _submit_any(state, decision_id, choice)
    decision = pending[index]
    answers = state.answers
    if decision.id != decision_id or (answers and decision_id in dict(answers)):
        return _submit_any(state, decision_id, choice)
    options = decision.options
    last = _LAST_OPTIONS[0]
    ids = last[1] if last[0] is options else option_ids(decision)  # logged with the answer
    option = choice.option
    if option not in ids:
        return _submit_any(state, decision_id, choice)
    seat = decision.seat
    seq = state.seq
    record: Record = choice_made(
        decision_id,
        seat,
        decision.kind,
        option,
        choice.text,
        None,
        choice.acts,
        ids,
        decision.group,
    )
    try:
        record.seq = SEQ_INTS[seq]
    except IndexError:
        record.seq = seq_int(seq)
    record.phase = state.phase.label
    record.vis = SEAT_VISIBILITIES[seat] if 0 <= seat < len(SEAT_VISIBILITIES) else to_seats(seat)
    if len(pending) == 1:
        pairs: tuple[tuple[Decision, Choice], ...] = ((decision, choice),)
    else:
        answers = (*answers, (decision_id, choice))
        if len(answers) < len(pending):
            waiting = state._clone()
            waiting.answers = answers
            waiting.seq = seq + 1
            return waiting, [record]
        by_id = dict(answers)
        pairs = tuple([(d, by_id[d.id]) for d in pending])
    step = state.waiting
    if step is None:
        raise RuntimeError("decisions were pending without a waiting step")
    own = state._clone()
    own.pending = ()
    own.answers = ()
    own.waiting = None
    ctx: Ctx[D, O_] = Ctx(own, owned=True)
    ctx.records.append(record)
    ctx._seq = seq + 1
    step.resolve(ctx, Answers(pairs))
    new_state = ctx._commit(step)
    if new_state.outcome is None and not new_state.pending:
        new_state = _run_agenda(ctx)
    return new_state, ctx.records


def _submit_any(state: GameState[D, O_], decision_id: int, choice: Choice) -> tuple[GameState[D, O_], list[Record]]:
    """Any answer: one of several pending decisions, a speech's words, a logged older format."""
    decision = validate_choice(state, decision_id, choice)
    seat = decision.seat
    transition = state.transition or Ctx
    made = transition.answer_record(decision, choice)
    vis = SEAT_VISIBILITIES[seat] if 0 <= seat < len(SEAT_VISIBILITIES) else to_seats(seat)
    record: Record = made
    record.seq = seq_int(state.seq)
    record.phase = state.phase.label
    record.vis = vis
    pending = state.pending
    if len(pending) == 1:
        pairs: tuple[tuple[Decision, Choice], ...] = ((decision, choice),)
    else:
        answers = (*state.answers, (decision_id, choice))
        if len(answers) < len(pending):
            waiting = state._clone()
            waiting.answers = answers
            waiting.seq = state.seq + 1
            return waiting, [record]
        by_id = dict(answers)
        pairs = tuple([(d, by_id[d.id]) for d in pending])
    ctx: Ctx[D, O_] = transition(state)
    ctx.records.append(record)
    ctx._seq += 1
    step = state.waiting
    if step is None:
        raise RuntimeError("decisions were pending without a waiting step")
    own = ctx._own()
    own.pending = ()
    own.answers = ()
    own.waiting = None
    step.resolve(ctx, Answers(pairs))
    new_state = ctx._commit(step)
    if new_state.outcome is None and not new_state.pending:
        new_state = _run_agenda(ctx)
    return new_state, ctx.records


def submit_many(
    state: GameState[D, O_], answers: Iterable[tuple[int, Choice]]
) -> tuple[GameState[D, O_], list[Record]]:
    """Submit several answers in order; all-or-nothing (the original state survives errors)."""
    records: list[Record] = []
    for decision_id, choice in answers:
        state, new = submit(state, decision_id, choice)
        records.extend(new)
    return state, records


def note(
    state: GameState[D, O_], event: EventBody, vis: Visibility, phase: str | None = None
) -> tuple[GameState[D, O_], Record]:
    """Append an event the rules do not interpret (model calls, narration) to the log.

    It takes the next sequence number, so the whole transcript is one ordered log,
    and changes nothing else in the state. ``phase``: the phase it belongs to (a
    narration line voices a record of an earlier phase); default the current one.
    """
    record = make_record(seq_int(state.seq), state.phase.label if phase is None else phase, vis, event)
    return state.evolve(seq=state.seq + 1), record
