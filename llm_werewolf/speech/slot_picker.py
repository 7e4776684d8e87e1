"""The discourse plan for base and tiny models: a speech built slot by slot, the model choosing in each.

The planner (:mod:`.planner`) builds a heuristic seat's speech around its intent. A base model
(the embedded default) has no intent to build around, so its speech is built in the plan's order,
one constrained pick per slot, every label a legal, consistent option (:mod:`.picker`'s filters):

1. **react**: one ``answer`` to each question put to the seat by a living player, addressed to
   the asker (the model picks the content: a seat for "whom do you vote for / trust?", its card or
   "not yet" for "what is your card?"; never trust in the seat it rebuts; a second asker of the same
   vote or card question gets the same answer, with no pick); then the rebuttal of the
   latest accusation (:func:`.planner.rebuttal`, no pick). An answer takes a side (:func:`as_stance`):
   the speech does not vote for a seat it says it trusts, nor for another than its answer named;
2. **state**: a claim or a result (the picker's options: its own card for a village seat, one
   story per seat, no result on a dead seat) or nothing;
3. **reason**: one public fact (:func:`.grounding.reasons_about`) or nothing; a truthful seat is
   offered only facts that hold, a bad-side seat also up to :data:`FAKE_REASONS` made-up ones
   (labelled as fabrications in its private note by the agent, ``fabricated acts: ...``); a second
   fact about the same seat follows when the records hold one (no pick); nothing against a seat the
   speech cleared, and no «X went after Y» in a speech that goes after Y (:func:`sides`);
4. **propose**: the seat it votes for today, or nobody yet: the seat its reason gave grounds against,
   else any seat it may vote for; none when its answer already said its vote (or "not yet");
5. **ask**: one question to a seat (the planner's subject for it), or none once the speech has said
   two things at least, one a point of its own (an act other than the answers it owed).

A slot with a single option (or none) costs no choice. :func:`plan_steps` yields the slots one after
the other and builds each slot's options from what the earlier ones took; two mechanisms ask the
model: :func:`pick_plan_at_once`, ONE ``sequence`` call in which the backend walks every slot
(recorded as a model call with ``purpose`` ``slot_plan`` whose output has one ``slot: label`` line per
pick), and :func:`pick_plan`, one ``pick`` call per slot (``purpose`` ``slot_answer``, ``slot_state``,
``slot_reason``, ``slot_propose``, ``slot_ask``) for backends that cannot walk a sequence. Either way
a transcript shows what the model chose. Last words skip react, propose and ask
and name a suspect instead (``accuse``: the seat its reason was about, when it gave grounds against
one); a dead seat pleads against nothing.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Generator, Sequence
from dataclasses import dataclass

from ..llm.base import CompletionRequest, PickSequence, SequenceStep
from ..rules.act_legality import act_can_follow
from ..rules.act_vocabulary import MAX_SPEECH_ACTS, vocabulary
from ..rules.acts import Act
from ..rules.events import Speech
from ..rules.views import SeatView
from ..texts import TextDataError, role_name
from .commitments import against, opposed_today, trusted_seats, trusted_today
from .grounding import reasons_about
from .knowledge import known_results
from .phrases import PhraseBank, phrase_bank
from .picker import Complete, PickContext, claim_roles, open_results, own_record, partners, pick_label, seat_options
from .planner import Plan, closing, death_of, owing, parting_lead, question_for, questions_to, rebuttal, stated_reasons
from .stance import contradicts, stance
from .voice import Speaker, fill, phrase_key

FAKE_REASONS = 2
"""Most made-up facts a bad-side seat is offered in the reason slot."""
REASON_OPTIONS = 6
"""Most facts offered in the reason slot (the records' most telling first, one seat after another)."""
RESULTS_WITH_CLAIM = 2
"""Most true results that follow a truthful seat's claim in one speech (no pick)."""
SLOT_KEYS = ("answer", "state", "reason", "propose", "ask", "accuse", "none")


@dataclass(frozen=True, slots=True)
class SlotPick:
    """One slot of a model's speech: what it was offered and what it took (``None``: nothing)."""

    slot: str
    offered: tuple[Act | None, ...]
    taken: Act | None


@dataclass
class _Speech:
    view: SeatView
    acts: list[Act]
    trusted: frozenset[int] = frozenset()
    """Seats the speaker said it trusts earlier today, not released since (``commitments.trusted_today``)."""

    def fits(self, act: Act) -> bool:
        if len(self.acts) >= MAX_SPEECH_ACTS or act in self.acts:
            return False
        here = trusted_seats(tuple(self.acts), self.view.seat, self.view.variant)
        trusted = self.trusted | here  # earlier today, or here
        if trusted and against(as_stance(act)) in trusted:
            return False
        if turns(self.view, act, self.acts):
            return False
        return act_can_follow(self.view, self.acts, act)

    def add(self, act: Act | None) -> None:
        if act is not None and self.fits(act):
            self.acts.append(act)


def as_stance(act: Act) -> Act:
    """An act read for the side it takes: "I trust X" is a vouch for X, "I vote X" a vote for X (so a
    speech never trusts the seat it votes for, nor votes for another than its answer said), and a
    reason given as grounds against X (:func:`suspected`) an accusation of X (so a speech that cleared
    X gives no reason against X, and one that gave a reason against X does not clear X)."""
    if act.kind == "answer" and act.other is not None and act.fact in ("trust", "vote"):
        return Act("defend" if act.fact == "trust" else "vote", target=act.other)
    if act.kind == "reason" and (seat := suspected(act)) is not None:
        return Act("accuse", target=seat)
    return act


TOOK_AIM = frozenset({"accused", "voted", "named_first"})
"""Reasons that blame their seat for going after a second one (``other``): they side with that seat."""


def sides(act: Act) -> list[Act]:
    """The sides an act of a speech takes (:func:`as_stance`), and for a reason that blames its seat
    for going after another, a vouch for that other seat (no «X went after Y» in a speech that votes Y)."""
    out = [as_stance(act)]
    if act.kind == "reason" and act.fact in TOOK_AIM and act.other is not None:
        out.append(Act("defend", target=act.other))
    return out


def turns(view: SeatView, act: Act, acts: Sequence[Act]) -> bool:
    """Whether ``act`` takes the other side of one of ``acts`` on a seat, each read by :func:`sides`."""
    taken = [side for a in acts for side in sides(a)]
    return any(contradicts(side, taken, view.variant) for side in sides(act))


def suspected(reason: Act | None) -> int | None:
    """The seat a reason gives grounds against (a claim is no ground)."""
    if reason is None or reason.fact == "claimed":
        return None
    return reason.target


def answer_options(view: SeatView, asker: int, question: str, acts: Sequence[Act]) -> list[Act]:
    """The answers a seat may give ``asker``'s ``question``: each legal, none against the speech, its
    earlier words or its own results (a seat it found or reported bad is not trusted, a partner is not
    voted for), "not yet" last."""
    earlier = [*own_record(view).acts, *known_results(view)]  # never trust a seat it knows to be bad
    if question == "role":
        roles = [r for r in claim_roles(view) if r is not None]
        answers = [Act("answer", target=asker, fact="role", role=r) for r in roles]
    elif question == "trust":
        opposed = opposed_today(view)  # not the seat it went against earlier today
        others = [s for s in view.living() if s not in (view.seat, asker) and s not in opposed]
        trusted = [s for s in others if not turns(view, Act("defend", target=s), [*acts, *earlier])]
        answers = [Act("answer", target=asker, fact="trust", other=s) for s in trusted]
    else:
        answers = [Act("answer", target=asker, fact="vote", other=s) for s in seat_options(view, "vote", acts)]
    answers.append(Act("answer", target=asker, fact=question))
    return [a for a in answers if act_can_follow(view, acts, a)]


def state_options(view: SeatView, acts: Sequence[Act]) -> list[Act]:
    """A claim (not said before in the game, nor in this speech) or a result the picker offers."""
    out: list[Act] = []
    said = any(a.kind == "claim" or (a.kind == "answer" and a.role) for a in acts)
    if own_record(view).claim is None and not said:
        out.extend(Act("claim", role=r) for r in claim_roles(view))
    out.extend(open_results(view, acts))
    return [a for a in out if act_can_follow(view, acts, a)]


READINGS = ("named_first", "quiet")
"""The facts of a reading of the table (who leads the push, who has spoken without naming anyone),
offered in the state slot to a seat with nothing of its own to state."""


def reading_options(view: SeatView, acts: Sequence[Act]) -> list[Act]:
    """A grounded reading of the table: the :data:`READINGS` facts the records hold about living other
    seats (none a partner), said no more than the planner allows."""
    stated = stated_reasons(view)
    team = partners(view)
    found = [
        reason
        for seat in view.living()
        if seat != view.seat and seat not in team
        for reason in reasons_about(view, seat)
        if reason.fact in READINGS and (reason.fact, reason.target, reason.other, reason.role) not in stated
    ]
    return [a for a in found if act_can_follow(view, acts, a) and not turns(view, a, acts)]


def state_slot(view: SeatView, acts: Sequence[Act]) -> list[Act | None]:
    """What the state slot offers: a true result the seat holds is said (no "nothing"); with nothing of
    its own to state (no claim or result to offer), a reading of the table; "nothing" last otherwise."""
    options = state_options(view, acts)
    if not options:
        return [*reading_options(view, acts)] or [None]
    known = known_results(view)
    if not _liar(view) and any(a in known for a in options):
        return [*options]
    return [*options, None]


def _liar(view: SeatView) -> bool:
    return view.role in vocabulary(view.variant).bad_roles


def fake_reasons(view: SeatView) -> list[Act]:
    """Made-up facts a bad-side seat may cite: a seat that named a target today called quiet (its
    speeches as the references, which say otherwise)."""
    if not _liar(view):
        return []
    team = partners(view)
    spoke: dict[int, list[int]] = {}
    for record in view.records:
        event = record.event
        if type(event) is Speech and event.to is None and record.phase == view.phase and event.text.strip():
            spoke.setdefault(event.seat, []).append(record.seq)
    out: list[Act] = []
    for seat, seqs in spoke.items():
        if seat == view.seat or seat in team or not view.alive[seat]:
            continue
        if any(r.fact == "quiet" for r in reasons_about(view, seat)):
            continue
        out.append(Act("reason", target=seat, fact="quiet", refs=tuple(seqs)))
    return out[:FAKE_REASONS]


def reason_options(view: SeatView, acts: Sequence[Act]) -> list[Act]:
    """Public facts about the living other seats (none about the speaker's own words, none given
    :data:`.planner.TIMES_STATED` times), then a liar's made-up ones."""
    stated = stated_reasons(view)
    team = partners(view)
    found: list[Act] = []
    for seat in view.living():
        if seat == view.seat or seat in team:
            continue
        for reason in reasons_about(view, seat):
            if reason.other == view.seat or (reason.fact, reason.target, reason.other, reason.role) in stated:
                continue
            found.append(reason)
    found = found[:REASON_OPTIONS] + fake_reasons(view)
    return [a for a in found if act_can_follow(view, acts, a) and not turns(view, a, acts)]


def _damns(view: SeatView, act: Act) -> bool:
    """Whether a result finds its seat bad (``speech.stance``: against it)."""
    side = stance(act, view.variant)
    return side is not None and side[1] == "against"


def _made_up(view: SeatView, act: Act) -> bool:
    """Whether ``act`` is one of a liar's made-up reasons (:func:`fake_reasons`)."""
    return act.kind == "reason" and act in fake_reasons(view)


def _second_reason(view: SeatView, first: Act, acts: Sequence[Act]) -> Act | None:
    """Another fact that holds about the seat the model chose to give grounds on."""
    if first.target is None:
        return None
    stated = stated_reasons(view)
    for reason in reasons_about(view, first.target):
        key = (reason.fact, reason.target, reason.other, reason.role)
        if reason != first and reason.other != view.seat and key not in stated and act_can_follow(view, acts, reason):
            return reason
    return None


def _labels(acts: Sequence[Act | None], view: SeatView, bank: PhraseBank, speaker: Speaker) -> list[str]:
    slots = _slot_lines(bank, view)
    out: list[str] = []
    for act in acts:
        if act is None:
            out.append(slots["none"])
        elif act.kind == "answer":
            if act.other is not None:
                out.append(view.names[act.other])
            elif act.role is not None:
                out.append(role_name(view.language, view.variant, act.role))
            else:
                out.append(slots["none"])
        elif act.kind == "claim" and act.role is not None:
            out.append(f"{bank.picker['kinds']['claim']}: {role_name(view.language, view.variant, act.role)}")
        elif act.kind in ("result", "reason"):
            key = next(k for k in phrase_key(act) if bank.acts.get(k))
            out.append(fill(bank.acts[key][0], act, speaker, bank))
        elif act.target is not None:
            out.append(view.names[act.target])
        else:
            out.append(slots["none"])
    return out


def _slot_lines(bank: PhraseBank, view: SeatView) -> dict[str, str]:
    slots = bank.picker.get("slots")
    if not isinstance(slots, dict) or any(not slots.get(k) for k in SLOT_KEYS):
        raise TextDataError(f"prompts/{view.language}/common/phrases.yaml: 'picker.slots' needs {', '.join(SLOT_KEYS)}")
    return {k: str(v) for k, v in slots.items()}


@dataclass(frozen=True, slots=True)
class SlotAsk:
    """One slot the model chooses in: the speech so far (``lines``), the slot's question, its options."""

    slot: str
    lines: tuple[str, ...]
    """The floor line, then one ``- label`` line per act taken so far."""
    question: str
    labels: tuple[str, ...]


PlanSteps = Generator[SlotAsk, int | None, tuple[Plan, list[SlotPick]]]
"""The slots of one speech in the plan's order (:func:`plan_steps`): each :class:`SlotAsk` is answered
by sending the index of the label the model took (``None``: none of them)."""


def plan_steps(view: SeatView, *, speaker: Speaker, last_words: bool = False) -> PlanSteps:
    """The speech of a base-model seat, built slot by slot (module doc): yields each slot with more than
    one option, is sent the model's pick, returns the plan and the slots it was offered and took.

    Each slot's options are built from what the earlier slots took, so every consistency rule holds
    whatever mechanism asks the model (one call per slot, or one call for the whole speech)."""
    bank = phrase_bank(view.language, view.variant)
    lines_of = _slot_lines(bank, view)
    lines = [fill(str(bank.picker.get("floor", "")), Act("ask", target=speaker.seat), speaker, bank)]
    speech = _Speech(view, [], frozenset(trusted_today(view)))
    picks: list[SlotPick] = []

    def choose(
        slot: str, options: Sequence[Act | None], line: str, *, owed: bool = False
    ) -> Generator[SlotAsk, int | None, Act | None]:
        """The model's pick among ``options``; an ``owed`` slot (an answer) falls back to its last option
        ("not yet") when the model's pick names none of them."""
        offered = tuple(o for o in options if o is None or speech.fits(o))  # only what the speech may say
        if not offered:
            return None
        if len(offered) == 1:
            taken = offered[0]
        else:
            labels = tuple(_labels(offered, view, bank, speaker))
            index = yield SlotAsk(slot, tuple(lines), line, labels)
            valid = index is not None and 0 <= index < len(offered)
            taken = offered[index] if valid and index is not None else offered[-1] if owed else None
        picks.append(SlotPick(slot, offered, taken))
        if taken is not None and speech.fits(taken):
            speech.add(taken)
            lines.append(f"- {_labels([taken], view, bank, speaker)[0]}")
            return taken
        return None

    def line(key: str, target: int | None = None) -> str:
        return fill(lines_of[key], Act("ask", target=target if target is not None else speaker.seat), speaker, bank)

    if not last_words:
        team = partners(view)  # a wolf does not turn on its partner
        rebut = [a for a in rebuttal(view, None) if a.kind != "disagree" or a.target not in team]
        for asker, question in questions_to(view):
            if view.alive[asker]:
                options = answer_options(view, asker, question, speech.acts)
                options = [a for a in options if speech.fits(a) and not turns(view, a, rebut)]
                given = next((a for a in speech.acts if a.kind == "answer" and a.fact == question), None)
                if given is not None and question in ("vote", "role"):  # one speech, one answer to one question
                    options = [a for a in options if (a.other, a.role) == (given.other, given.role)] or options[-1:]
                key = f"answer.{question}" if f"answer.{question}" in lines_of else "answer"  # the line names it
                yield from choose("answer", options, line(key, asker), owed=True)
        for act in rebut:
            speech.add(act)
    stated = yield from choose("state", state_slot(view, speech.acts), line("state"))
    if stated is not None and stated.kind == "claim" and not _liar(view):  # a claimed card's results follow
        known = known_results(view)
        for result in [a for a in open_results(view, speech.acts) if a in known][:RESULTS_WITH_CLAIM]:
            speech.add(result)
    reasons = reason_options(view, speech.acts)
    damned = next((a.target for a in speech.acts if a.kind == "result" and _damns(view, a)), None)
    if damned is not None:  # a speech that found a seat bad gives its reasons about that seat first
        reasons.sort(key=lambda a: a.target != damned)
    grounded_first = any(not _made_up(view, a) for a in reasons)  # a fact that holds is there to give
    reason = yield from choose("reason", reasons if grounded_first else [*reasons, None], line("reason"))
    if reason is not None:
        speech.add(_second_reason(view, reason, speech.acts))
    grounded = suspected(reason)  # grounds against a seat: the vote (or the accusation) offered is that seat
    if damned is not None and view.alive[damned]:
        grounded = damned  # a bad result is the strongest ground the speech gives
    if last_words:
        team = partners(view)
        suspects = [s for s in view.living() if s != view.seat and s not in team]
        if grounded in suspects:
            suspects = [grounded]
        accusations = [Act("accuse", target=s) for s in suspects]
        yield from choose("accuse", [*[a for a in accusations if speech.fits(a)], None], line("accuse"))
        death = death_of(view)
        parting = parting_lead(death) if _liar(view) else "testament" if death.by_day else "night"
        accused = next((a.target for a in speech.acts if a.kind == "accuse"), None)
        close, close_target = closing(view, speech.acts, accused) if not _liar(view) else (None, None)
        return Plan(tuple(speech.acts), parting, close, close_target), picks
    answered = any(a.kind == "answer" and a.fact == "vote" for a in speech.acts)
    seats = [] if answered else seat_options(view, "vote", speech.acts)  # the answer said the vote, or "not yet"
    if grounded in seats:
        seats = [grounded]
    votes = [a for s in seats if speech.fits(a := Act("vote", target=s))]
    yield from choose("propose", [*votes, None] if votes else [], line("propose"))
    owed = owing(view)  # a seat asked already since it last spoke owes that answer first
    askable = [s for s in view.living() if s != view.seat and s not in owed]
    asked = {s: question_for(view, s, speech.acts) for s in askable}  # none: it told the table all it could be asked
    questions = [Act("ask", target=s, fact=q) for s, q in asked.items() if q is not None]
    # Given the floor, a seat says two things at least, one a point of its own (an answer it owed is
    # none): until then "nothing" is not offered (the embedded model took "nothing more" first in every
    # Arabic one_night speech, and after an answer or a result it took "nothing" in every slot: a
    # speech of one sentence).
    own = any(a.kind != "answer" for a in speech.acts)
    silent: list[Act | None] = [None] if own and len(speech.acts) >= 2 else []
    yield from choose("ask", [*[a for a in questions if speech.fits(a)], *silent], line("ask"))
    said = [a for a in speech.acts if a.kind != "ask"]
    reacted = any(a.kind == "answer" or (a.kind == "defend" and a.target == view.seat) for a in said)
    lead = None if reacted or any(a.kind in ("claim", "result") for a in said) else "open"
    subject = grounded if grounded is not None else next((a.target for a in said if a.kind == "vote"), None)
    if subject is None:  # as a heuristic seat's speech: about the seat it asks (the night's check closes it)
        subject = next((a.target for a in speech.acts if a.kind == "ask"), None)
    close, close_target = closing(view, speech.acts, subject)  # the night's check on the seat it is about
    return Plan(tuple(speech.acts), lead, close, close_target), picks


async def pick_plan(
    view: SeatView,
    ctx: PickContext,
    complete: Complete,
    *,
    speaker: Speaker,
    last_words: bool = False,
) -> tuple[Plan, list[SlotPick]]:
    """The speech of a base-model seat, one model call per slot (for backends that cannot walk a sequence)."""
    steps = plan_steps(view, speaker=speaker, last_words=last_words)
    try:
        ask = next(steps)
        while True:
            index = await pick_label(ctx, complete, list(ask.lines), ask.question, list(ask.labels), f"slot_{ask.slot}")
            ask = steps.send(index)
    except StopIteration as stop:
        result: tuple[Plan, list[SlotPick]] = stop.value
        return result


class SlotSequence:
    """:func:`plan_steps` as a :class:`~llm_werewolf.llm.base.PickSequence`: the backend walks a speech's
    slots within one call, each slot's labels in a seeded order (small models favour the first label)."""

    def __init__(self, steps: PlanSteps, seed: int) -> None:
        self._steps = steps
        self._seed = seed
        self._order: list[int] = []
        self.result: tuple[Plan, list[SlotPick]] | None = None
        self._first = self._advance(lambda: next(steps))

    def first(self) -> SequenceStep | None:
        return self._first

    def answer(self, label: int | None) -> SequenceStep | None:
        if self.result is not None:
            return None
        valid = label is not None and 0 <= label < len(self._order)
        index = self._order[label] if valid and label is not None else None
        return self._advance(lambda: self._steps.send(index))

    def finish(self) -> tuple[Plan, list[SlotPick]]:
        """The plan; slots the backend did not reach (a cut call) take nothing, as a failed pick does."""
        while self.result is None:
            self.answer(None)
        return self.result

    def _advance(self, step: Callable[[], SlotAsk]) -> SequenceStep | None:
        try:
            ask = step()
        except StopIteration as stop:
            self.result = stop.value
            return None
        order = list(range(len(ask.labels)))
        random.Random(f"{self._seed}:{len(ask.lines)}:slot_{ask.slot}").shuffle(order)
        self._order = order
        return SequenceStep(ask.slot, "\n" + ask.question, tuple(ask.labels[i] for i in order))


def _always(acts: tuple[Act, ...]) -> bool:
    return True


@dataclass
class OptionStep:
    """A speech decision's option, picked in the speech's call after its slots: the cue that asks for
    it, the options' labels, whether the speech's acts leave it to pick (``needed``: false when they
    decide it, as city_mafia's nomination of the seat a speech votes for), and (after the call) the
    index of the label taken (``None``: not picked)."""

    cue: str
    labels: tuple[str, ...]
    needed: Callable[[tuple[Act, ...]], bool] = _always
    taken: int | None = None


class _OptionLast:
    """The slots of ``then``, then the :class:`OptionStep` where the speech's acts leave the option to pick."""

    def __init__(self, option: OptionStep, then: SlotSequence) -> None:
        self.option = option
        self.then = then
        self._asked = False

    def first(self) -> SequenceStep | None:
        step = self.then.first()
        return step if step is not None else self._option()

    def answer(self, label: int | None) -> SequenceStep | None:
        if self._asked:
            self.option.taken = label
            return None
        step = self.then.answer(label)
        return step if step is not None else self._option()

    def _option(self) -> SequenceStep | None:
        plan = self.then.finish()[0]
        if not self.option.needed(plan.acts):
            return None
        self._asked = True
        return SequenceStep("option", "\n" + self.option.cue.lstrip("\n"), self.option.labels)


async def pick_plan_at_once(
    view: SeatView,
    ctx: PickContext,
    complete: Complete,
    *,
    speaker: Speaker,
    last_words: bool = False,
    option: OptionStep | None = None,
) -> tuple[Plan, list[SlotPick]]:
    """The speech of a base-model seat in ONE model call: the backend walks the slots (``sequence`` mode),
    each slot's options built from what the earlier ones took (module doc); ``option``: the decision's
    option picked last in the same call, unless the speech's acts decide it. A speech with nothing to
    choose makes no call."""
    sequence = SlotSequence(plan_steps(view, speaker=speaker, last_words=last_words), ctx.seed)
    walked: PickSequence = sequence if option is None else _OptionLast(option, sequence)
    if walked.first() is None:
        return sequence.finish()
    request = CompletionRequest(
        system=ctx.system,
        user=ctx.user,
        # no floor line: the decision's own line gave the seat the floor, each slot's line names the seat
        cue=ctx.cue,
        mode="sequence",
        sequence=walked,
        max_tokens=ctx.max_tokens * MAX_SPEECH_ACTS,
        temperature=ctx.temperature,
        seed=ctx.seed,
        purpose="slot_plan",
    )
    await complete(request, "slot_plan")
    return sequence.finish()
