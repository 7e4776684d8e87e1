"""The discourse planner: one speech as a short plan around what its intent decided.

A heuristic decides an intent (``speech.intent``: a claim, a result, an accusation, a vote);
:func:`plan` builds the speech around it, in this order where it applies:

1. **react** to what was said to or about the speaker since its last speech: answer each
   question put to it (``answer``, addressed to the asker by name), rebut the latest
   accusation (``disagree`` + ``defend`` itself), take a result reported about it;
2. **state** its position: the claim and results of the intent;
3. **reason**: up to two public facts that ground its suspicion (``reason`` acts with the
   references of the records behind them, :mod:`.grounding`), and its stance acts;
4. **propose**: the vote it intends, and a check for the night (a seer reporting a check
   names its next one, where the ruleset's bank has that line: 狼人殺's 警徽流);
5. **ask** one question (the intent's, or one of its own, about a subject that fits).

Last words follow the situation (:func:`last_words_plan`): exiled with the card shown, a
wolf concedes and sows doubt on a villager; voted out with its card hidden, it doubts the
vote; killed at night or shot, it parts without a word about a vote. A villager leaves a
testament (its card in the lead line, its results, whom it suspects and on what grounds,
and whom the night's investigator should check), opened for a death by day or by night;
with nothing in hand and nobody the records point at, it closes with what the town should
watch for, so an opening line never ends the speech alone. A plea against a vote that
already happened is never made.

Every act is checked for legality as it is added (``act_legality.SpeechChecker``: ``act_can_follow``) and never
takes the other side of an earlier act of the speech (``stance.contradicts``).
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass

from ..rules.act_legality import SpeechChecker
from ..rules.act_vocabulary import QUESTIONS, vocabulary
from ..rules.acts import Act
from ..rules.events import DeathsAnnounced, SharedEventRecord, VoteCast
from ..rules.variant import get_ruleset
from ..rules.views import SeatView
from .answered import answered
from .grounding import NAMING, reasons_about
from .knowledge import known_results
from .phrases import phrase_bank
from .stance import Stance, stance
from .table_reading import TIMES_STATED as TIMES_STATED
from .table_reading import table_reading

PLAIN_ROLES = frozenset({"villager", "farmer", "citizen"})
"""Cards with nothing to hide: their holders answer "what is your role?" with it."""

NIGHT_MOMENTS = frozenset({"morning", "night", "dawn"})
"""``DeathsAnnounced.moment`` values of a death by night (any other: by day, at the table)."""

VOTED_MOMENTS = frozenset({"vote", "exile", "execution"})
"""``DeathsAnnounced.moment`` values of a seat the table voted out (a shot or a disqualification is no vote)."""

REASONS_PER_SPEECH = 2


@dataclass(frozen=True, slots=True)
class Plan:
    """The acts of one speech, in order, and the lead line that opens it (a phrase bank key
    ``lead.<lead>``: ``testament``, ``night``, ``concede``, ``doubt``, ``parting``, ``open``; ``None``: no lead)."""

    acts: tuple[Act, ...]
    lead: str | None = None
    close: str | None = None
    """A closing line (``lead.<close>``): ``check`` asks the night's investigator to look at ``close_target``;
    ``plan``: a seer reporting a check names its next one (``close_target``);
    ``advice`` tells the town what to watch for (a testament with nobody to name)."""
    close_target: int | None = None


@dataclass(frozen=True, slots=True)
class Death:
    """How the table was told the speaker died: ``by_day`` (exiled, shot, executed) and whether its card was shown."""

    by_day: bool
    shown: bool
    voted: bool = False


def questions_to(view: SeatView) -> list[tuple[int, str]]:
    """The open questions put to the speaker since its last speech: (asker, question), one per asker, oldest first."""
    return list(table_reading(view).asked.get(view.seat, {}).items())  # kept as the table's speeches are read


def owing(view: SeatView) -> frozenset[int]:
    """Seats asked a question since their own last public speech (an answer they owe the table)."""
    return frozenset(table_reading(view).owed)  # kept as the table's speeches are read


def _stance_target(acts: Sequence[Act], kinds: tuple[str, ...]) -> int | None:
    return next((a.target for a in acts if a.kind in kinds and a.target is not None), None)


def answer(view: SeatView, asker: int, question: str, acts: Sequence[Act]) -> Act:
    """The answer to ``asker``'s ``question``, consistent with the speech's own acts and the seat's knowledge."""
    me = view.seat
    if question == "role":
        claimed = next((a.role for a in acts if a.kind == "claim"), None)
        own = view.role if view.role in PLAIN_ROLES else None
        return Act("answer", target=asker, fact="role", role=claimed or own)
    if question == "trust":
        trusted = _stance_target([a for a in acts if a.target != me], ("defend", "agree"))
        if trusted is None:
            good = [a.target for a in known_results(view) if a.value == "good" and a.target not in (None, me)]
            trusted = next((s for s in good if s is not None and view.alive[s]), None)
        return Act("answer", target=asker, fact="trust", other=trusted)
    voted = _stance_target(acts, ("vote", "accuse"))
    if voted is None:
        voted = _ballot_today(view)
    return Act("answer", target=asker, fact="vote", other=voted)


def _ballot_today(view: SeatView) -> int | None:
    """The living seat the speaker's latest ballot today named (a defence after a vote answers with it)."""
    phase = view.phase
    for record in reversed(view.records):
        if record.phase != phase:
            return None
        event = record.event if type(record) is SharedEventRecord else record  # a plain record is its event
        if type(event) is VoteCast and event.seat == view.seat and event.target is not None:
            return event.target if view.alive[event.target] and event.target != view.seat else None
    return None


def answers(view: SeatView) -> list[Act]:
    """The answers a seat owes (its open questions from living askers), for a speech with nothing else planned."""
    return [answer(view, asker, question, ()) for asker, question in questions_to(view) if view.alive[asker]]


class _Builder:
    """Acts added one at a time, each legal after the ones before and never contradicting them
    (``stance.contradicts``: the side each seat was given so far is kept, one per seat, since no act
    that takes the other side is ever added)."""

    def __init__(self, view: SeatView) -> None:
        self.view = view
        self.acts: list[Act] = []
        self._sides: dict[int, Stance] = {}
        self._legal = SpeechChecker(view)  # ``act_can_follow``, the table read once per speech

    def add(self, act: Act) -> bool:
        taken = stance(act, self.view.variant)
        if taken is not None and self._sides.get(taken[0], taken[1]) != taken[1]:
            return False
        if not self._legal.can_follow(self.acts, act):  # also: not past the most acts, not said already
            return False
        self.acts.append(act)
        self._legal.take(act)
        if taken is not None:
            self._sides[taken[0]] = taken[1]
        return True


def _react(view: SeatView, intent: Sequence[Act], out: _Builder) -> None:
    for asker, question in questions_to(view):
        if view.alive[asker]:
            out.add(answer(view, asker, question, intent))
    for act in rebuttal(view, _stance_target(intent, ("accuse", "vote"))):
        out.add(act)


def rebuttal(view: SeatView, attacked: int | None) -> list[Act]:
    """How the speaker takes what was said about it since its last speech: ``agree`` with a good
    result about it; against the latest accusation or bad result (from a living seat), ``disagree``
    with its author (unless the speech attacks that seat anyway) and ``defend`` itself."""
    me = view.seat
    out: list[Act] = []
    reading = table_reading(view)  # what was said about each seat since its last speech, kept as it is read
    accuser = reading.accuser.get(me)
    reporter = reading.reporter.get(me)
    if reporter is not None and not reporter[1]:
        out.append(Act("agree", target=reporter[0]))
    if reporter is not None and reporter[1]:
        accuser = reporter[0]
    if accuser is not None and view.alive[accuser]:
        if accuser != attacked:
            out.append(Act("disagree", target=accuser))
        out.append(Act("defend", target=me))
    return out


def _reasons(view: SeatView, subject: int | None, out: _Builder, most: int) -> None:
    """Up to ``most`` grounded reasons about ``subject`` (none of it going after the speaker: a rebuttal's job)."""
    if subject is None or subject == view.seat:
        return
    added = 0
    stated = stated_reasons(view)
    for reason in reasons_about(view, subject):
        if added >= most:
            break
        if reason.other == view.seat or _fact(reason) in stated:
            continue
        if out.add(reason):
            added += 1


def _fact(act: Act) -> tuple[str | None, int | None, int | None, str | None]:
    return (act.fact, act.target, act.other, act.role)


SECONDS_A_DAY = 3
"""How many speeches a day side with an earlier speaker's accusation (``agree``; more reads as a chorus)."""

OBSERVATIONS_A_DAY = 4
"""How many facts of one kind the table's speeches give on their own (not about their subject) in a day."""


def stated_reasons(view: SeatView) -> frozenset[tuple[str | None, int | None, int | None, str | None]]:
    """The facts already given as reasons :data:`TIMES_STATED` times at the table."""
    return table_reading(view).often_stated  # every public speech's reasons, counted once for the table


_NO_FACTS: Counter[str | None] = Counter()


def _observation(view: SeatView, subject: int | None, out: _Builder) -> None:
    """One more grounded fact about the table, not about ``subject``: who named a target first
    today, else the latest claim (a speech reads the whole table, not one seat)."""
    me = view.seat
    phase = view.phase
    reading = table_reading(view)
    today = reading.stated_by_phase.get(phase, _NO_FACTS)
    if today.get("named_first", 0) >= OBSERVATIONS_A_DAY and today.get("claimed", 0) >= OBSERVATIONS_A_DAY:
        return  # the table said both kinds of fact often enough today
    first = reading.first_naming.get(phase)
    claimers = reading.claimers.get(phase, ())
    stated = stated_reasons(view)
    for seat in dict.fromkeys([*([first] if first is not None else []), *reversed(claimers)]):
        if seat in (me, subject) or not view.alive[seat]:
            continue
        for reason in reasons_about(view, seat):
            if reason.fact not in ("named_first", "claimed") or today.get(reason.fact, 0) >= OBSERVATIONS_A_DAY:
                continue
            if _fact(reason) not in stated and reason.other != me and out.add(reason):
                return


def _second(view: SeatView, subject: int | None, intent: Sequence[Act], out: _Builder) -> None:
    """Side with the latest living speaker who named ``subject`` today before the speaker (``agree``),
    when the speech names ``subject`` too: a speech answers the table's talk, not only the records."""
    me = view.seat
    if subject is None or subject == me or not any(a.kind in NAMING and a.target == subject for a in intent):
        return
    phase = view.phase
    reading = table_reading(view)
    if reading.agreeing.get(phase, 0) >= SECONDS_A_DAY:
        return
    for said in reversed(reading.by_phase.get(phase, ())):
        event = said.speech
        if event.seat in (me, subject):
            continue
        if view.alive[event.seat] and any(a.kind in NAMING and a.target == subject for a in event.acts):
            out.add(Act("agree", target=event.seat))
            return


def question_for(view: SeatView, target: int, acts: Sequence[Act]) -> str | None:
    """What to ask ``target``: its vote when it named nobody, its role when it claimed nothing, else whom it trusts;
    ``None`` when ``target`` has told the table all three already.

    Nobody is asked what it has told the table (``answered``): its card once it claimed, answered or was shown
    in this game, its vote once it named a target or answered today, whom it trusts once it answered today."""
    reasons = {a.fact for a in acts if a.kind == "reason" and a.target == target}
    rotation = (target + len(view.records)) % len(QUESTIONS)
    if "quiet" in reasons:
        first = "vote"
    elif "claimed" in reasons or _claimed_today(view, target):
        first = "trust"
    else:
        first = QUESTIONS[rotation]
    rotated = (QUESTIONS[(rotation + i) % len(QUESTIONS)] for i in range(len(QUESTIONS)))
    order = dict.fromkeys([first, "trust", *rotated])  # a question answered already gives way to the next
    return next((question for question in order if not answered(view, target, question)), None)


def _claimed_today(view: SeatView, seat: int) -> bool:
    phase = view.phase
    said = table_reading(view).by_seat.get(seat, ())
    return any(a.kind == "claim" for s in said if s.phase == phase for a in s.speech.acts)


def _ask_target(view: SeatView, acts: Sequence[Act], owing: frozenset[int] = frozenset()) -> int | None:
    """Whom to ask: the seat the speech is about, else the latest other speaker not answered here, else a
    neighbour; never a seat in ``owing`` (asked already since it last spoke: the table waits for its answer)."""
    me = view.seat
    answered = {a.target for a in acts if a.kind == "answer"}
    subject = _stance_target(acts, ("accuse", "vote"))
    if subject is not None and view.alive[subject] and subject not in owing:
        return subject
    for said in reversed(table_reading(view).speeches):
        event = said.speech
        if event.seat != me and view.alive[event.seat] and event.seat not in answered | owing:
            return event.seat
    living = [i for i in view.living() if i != me and i not in owing]
    if me is None or not living:
        return None
    return min(living, key=lambda i: (i - me) % len(view.alive))


def plan(view: SeatView, intent: Sequence[Act], *, quiet_intent: bool = False) -> Plan:
    """The acts of one discussion speech around ``intent`` (the intent's own acts, :func:`intent_acts`).

    ``quiet_intent``: the intent had nothing to say (its only act, if any, is a question to the floor).
    """
    out = _Builder(view)
    _react(view, intent, out)
    for act in intent:  # a claim an answer already says is kept as an act and not said twice (``voice``)
        if act.kind in ("claim", "result"):
            out.add(act)
    for act in intent:
        if act.kind in ("accuse", "defend", "agree", "disagree"):
            out.add(act)
    subject = _stance_target(intent, ("accuse", "vote"))
    if subject is None:
        bad = [a.target for a in intent if a.kind == "result" and a.value == "bad"]
        subject = bad[0] if bad else None
    asked = next((a for a in intent if a.kind == "ask"), None)
    if subject is None and asked is not None:
        subject = asked.target
    if subject is None and quiet_intent:
        subject = _ask_target(view, out.acts)
    _reasons(view, subject, out, REASONS_PER_SPEECH)
    _observation(view, subject, out)
    _second(view, subject, intent, out)
    for act in intent:
        if act.kind == "vote":
            out.add(act)
    target = asked.target if asked is not None else _ask_target(view, out.acts, owing(view))
    if target is not None and target != view.seat and view.alive[target]:
        question = question_for(view, target, out.acts)  # none: it told the table all it could be asked
        if question is not None:
            out.add(Act("ask", target=target, fact=question))
    said = [a for a in out.acts if a.kind != "ask"]
    reacted = any(a.kind == "answer" or (a.kind == "defend" and a.target == view.seat) for a in said)
    lead = None if reacted or any(a.kind in ("claim", "result") for a in said) else "open"
    close, close_target = closing(view, out.acts, subject)
    return Plan(tuple(out.acts), lead, close, close_target)


def closing(view: SeatView, acts: Sequence[Act], subject: int | None) -> tuple[str | None, int | None]:
    """The closing line of a speech about ``subject`` and its seat: ``check`` asks the night's
    investigator to look at the subject (not one with a card on the table, not in one_night, not in a
    speech that claims); else ``plan`` names a seer's next check (:func:`_next_check`); else none."""
    investigated = subject if subject is not None and subject != view.seat else None
    if investigated is not None and _claimed(view, investigated):
        investigated = None  # a seat with a card on the table is judged by its claim, not sent to the night
    more_nights = not get_ruleset(view.variant).single_night and not any(a.kind == "claim" for a in acts)
    if more_nights and investigated is not None and view.alive[investigated]:
        return "check", investigated
    following = _next_check(view, acts)
    if following is not None:
        return "plan", following
    return None, None


def _next_check(view: SeatView, acts: Sequence[Act]) -> int | None:
    """Whom a speech reporting a check says it checks next (the seer's order, 警徽流), where the
    ruleset's phrase bank has that line (``lead.plan``): the seat the speech asks or accuses, else
    the first living seat after the speaker, never one it reported on already."""
    me = view.seat
    if me is None or not any(a.kind == "result" and a.fact == "check" for a in acts):
        return None
    if not phrase_bank(view.language, view.variant).acts.get("lead.plan"):
        return None
    reported = {a.target for a in acts if a.kind == "result"}
    for said in table_reading(view).by_seat.get(me, ()):
        reported.update(a.target for a in said.speech.acts if a.kind == "result")
    named = [a.target for a in acts if a.kind in ("ask", "accuse", "vote") and a.target is not None]
    seats = len(view.alive)
    around = [(me + step) % seats for step in range(1, seats)]
    for seat in [*named, *around]:
        if seat != me and view.alive[seat] and seat not in reported:
            return seat
    return None


def death_of(view: SeatView) -> Death:
    """How the table was told the speaker died (the latest announcement naming it; none: by day, card hidden)."""
    for record in reversed(view.records):
        event = record.event if type(record) is SharedEventRecord else record  # a plain record is its event
        if type(event) is DeathsAnnounced:
            for death in event.deaths:
                if death.seat == view.seat:
                    return Death(
                        by_day=event.moment not in NIGHT_MOMENTS,
                        shown=death.role is not None,
                        voted=event.moment in VOTED_MOMENTS,
                    )
    return Death(by_day=True, shown=False, voted=True)


def _partners(view: SeatView) -> frozenset[int]:
    """Seats the speaker knows to be on its bad side (team info)."""
    from ..rules.events import Info

    seats: set[int] = set()
    for record in view.records:
        event = record.event if type(record) is SharedEventRecord else record  # a plain record is its event
        if type(event) is Info and event.fact == "team":
            seats.update(event.seats)
    seats.discard(view.seat if view.seat is not None else -1)
    return frozenset(seats)


def last_words_plan(view: SeatView, intent: Sequence[Act], target: int | None) -> Plan:
    """Last words that fit how the speaker died (module docstring)."""
    me = view.seat
    assert me is not None
    death = death_of(view)
    bad = view.role in vocabulary(view.variant).bad_roles
    out = _Builder(view)
    partners = _partners(view) if bad else frozenset()
    living = [s for s in view.living() if s != me and s not in partners]
    suspect = target if target is not None and target in living else None
    if suspect is None:  # the first seat that went after the speaker (a wolf sows doubt on it)
        suspect = next((s for s, _ in _accusers(view) if s in living), None)
    if bad:
        if suspect is not None:
            out.add(Act("accuse", target=suspect))
            _reasons(view, suspect, out, 1)
        return Plan(tuple(out.acts), parting_lead(death))
    for act in intent:
        if act.kind == "result":
            out.add(act)
    for act in known_results(view)[:2]:
        out.add(act)
    if suspect is None:  # a seat its own checks found bad, else the one the records give the most reasons against
        found = [a.target for a in out.acts if a.kind == "result" and a.value == "bad" and a.target in living]
        suspect = found[0] if found else _most_suspected(view, living)
    accused = suspect is not None and out.add(Act("accuse", target=suspect))
    if accused:
        _reasons(view, suspect, out, REASONS_PER_SPEECH)
    lead = "testament" if death.by_day else "night"
    if not accused:  # nobody to name: what the town should watch for
        return Plan(tuple(out.acts), lead, "advice")
    claimed = _claimed(view, suspect) if suspect is not None else True
    if not get_ruleset(view.variant).single_night and not claimed:  # whom the night's investigator should check
        return Plan(tuple(out.acts), lead, "check", suspect)
    return Plan(tuple(out.acts), lead)


def _claimed(view: SeatView, seat: int) -> bool:
    """Whether ``seat`` has a ``claimed`` reason (``grounding.reasons_about``): it claimed a role in a public speech."""
    return seat in table_reading(view).claimed_last


def parting_lead(death: Death) -> str:
    """A bad seat's opening: it concedes a card shown by day, doubts a vote that hid its card,
    and otherwise (a night kill, a shot) parts without speaking of a vote."""
    if death.by_day and death.shown:
        return "concede"
    return "doubt" if death.voted else "parting"


def _most_suspected(view: SeatView, living: Sequence[int]) -> int | None:
    """The living seat with the most grounded reasons against it (claims aside), ``None`` when none has any."""
    best: tuple[int, int] | None = None
    for seat in living:
        count = sum(1 for r in reasons_about(view, seat) if r.fact != "claimed" and r.other != view.seat)
        if count and (best is None or count > best[0]):
            best = (count, seat)
    return best[1] if best is not None else None


def _accusers(view: SeatView) -> list[tuple[int, int]]:
    """(seat, seq) of every public speech that accused or meant to vote for the speaker, oldest first."""
    return list(table_reading(view).accused_by.get(view.seat, ()))  # kept as the table's speeches are read
