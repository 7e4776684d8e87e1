"""Acts for base and tiny models: the constrained picker, one small choice at a time.

A base model's free text is often unusable, but it can always pick one label out of
a few (the backend's ``pick`` mode: a grammar over the labels). After its speech the
model picks, for up to :data:`MAX_PICKED` acts: the act kind (or "nothing more"),
then the target seat (seat acts), the role (a claim) or the result (the results its
own records support; a bad-side seat also gets plausible fakes, since lying is the
game; a one_night seat whose card moved to the wolf side reports a cover story, never its own
card: :mod:`.cover_story`). Every label offered is legal, so every act picked passes the rules' check, and
no label contradicts an act already picked for the same speech (:mod:`.stance`: a seat
is not cleared and accused, agreed and disagreed with, in one speech).
A village-side seat is offered only its own card to claim; a bad-side or neutral seat the village
side's roles (a bluff) and its own neutral role, never a wolf, ghoul or mafia card (no seat gains
by confessing one) unless the seat wins by being voted out (tanner, jester).
Nothing offered contradicts what the seat said earlier in the game (:func:`own_record`): a seat
that claimed a card is offered that card only; no result on a dead seat, none against one of its
earlier results; no accusation of a seat it reported good, nor vouch for one it reported bad; and a
bad-side seat is never offered an accusation, a vote or a disagreement against a known partner.
"""

from __future__ import annotations

import random
from collections.abc import Awaitable, Callable, Sequence
from dataclasses import dataclass

from ..llm.base import Completion, CompletionRequest
from ..rules.act_vocabulary import SEAT_ACTS, vocabulary
from ..rules.acts import Act
from ..rules.events import Info, Speech
from ..rules.variant import get_ruleset
from ..rules.views import SeatView
from ..texts import TextDataError, role_name
from .cover_story import told
from .intent import claim_of
from .knowledge import known_results
from .phrases import PhraseBank, phrase_bank
from .stance import contradicts
from .voice import Speaker, fill, phrase_key

VILLAGE_SIDES = frozenset({"village", "farmers", "town"})
WIN_BY_DYING = frozenset({"tanner", "jester"})

MAX_PICKED = 2
"""Most acts a base model picks for one speech (each costs two or three short calls)."""

Complete = Callable[[CompletionRequest, str], Awaitable[Completion]]
"""The agent's call: a request and a purpose (the agent records the call)."""


@dataclass(frozen=True)
class PickContext:
    system: str
    user: str
    cue: str
    """The transcript so far, ending after the model's own speech."""
    max_tokens: int = 16
    temperature: float = 0.7
    seed: int = 0


def _labels_unique(labels: list[str]) -> list[str]:
    seen: dict[str, int] = {}
    out: list[str] = []
    for label in labels:
        n = seen.get(label, 0)
        seen[label] = n + 1
        out.append(label if n == 0 else f"{label} ({n + 1})")
    return out


@dataclass(frozen=True)
class OwnRecord:
    """What a seat said of itself earlier in the game: its claim and its public results and stances."""

    claim: str | None
    acts: tuple[Act, ...]


def own_record(view: SeatView) -> OwnRecord:
    """The seat's earlier public speeches, read for what the picker must not contradict (its claim, its results)."""
    claim: str | None = None
    acts: list[Act] = []
    for record in view.records:
        event = record.event
        if type(event) is not Speech or event.seat != view.seat or event.to is not None:
            continue
        for act in event.acts:
            role = claim_of(act)
            if role is not None and claim is None:
                claim = role
            if act.kind == "result":
                acts.append(act)
    return OwnRecord(claim, tuple(acts))


def partners(view: SeatView) -> frozenset[int]:
    """Seats a bad-side seat knows are on its team (team ``Info``): never accused or voted by it."""
    if view.role not in vocabulary(view.variant).bad_roles:
        return frozenset()
    seats = {s for r in view.records if type(e := r.event) is Info and e.fact == "team" for s in e.seats}
    seats.discard(view.seat if view.seat is not None else -1)
    return frozenset(seats)


def fake_results(view: SeatView) -> list[Act]:
    """Plausible false results for a bad-side seat: the ruleset's first binary check on each living other
    seat (a known partner only ever "good")."""
    vocab = vocabulary(view.variant)
    check = next((f for f in vocab.facts if f.values == ("bad", "good") and set(f.roles) & set(view.deck)), None)
    if check is None or view.seat is None or view.role not in vocab.bad_roles:
        return []
    seats = [i for i in view.living() if i != view.seat]
    team = partners(view)  # a partner is never offered as a fake "bad" (no bus in the acts offered)
    return [
        Act("result", target=i, fact=check.id, value=v)
        for i in seats
        for v in ("bad", "good")
        if not (v == "bad" and i in team)
    ]


def result_options(view: SeatView) -> list[Act]:
    """Results a seat may report: none about a dead seat (a check reported on a player already gone is
    no news), none taking the other side of a result the seat reported earlier in the game, and no
    second result of the same fact on a seat it already reported."""
    own = own_record(view)
    reported = {(a.target, a.fact) for a in own.acts}
    out: list[Act] = []
    for act in [*told(view, known_results(view)), *fake_results(view)]:  # a card gone bad is covered
        fact = vocabulary(view.variant).fact(act.fact or "")
        if fact is not None and fact.target == "seat" and act.target is not None and not view.alive[act.target]:
            continue
        if act not in own.acts and ((act.target, act.fact) in reported or contradicts(act, own.acts, view.variant)):
            continue
        out.append(act)
    return out


def nights_passed(view: SeatView) -> int:
    """How many nights the seat's records show begun: the most checks a seat can have made."""
    return len({r.phase for r in view.records if r.phase.startswith("night")})


def checked_seats(view: SeatView, chosen: Sequence[Act]) -> dict[str, set[int]]:
    """The seats the speaker has reported a check on (a seat-check fact with a bad/good value), per
    fact: in its earlier public speeches and in this one."""
    checks = {f.id for f in vocabulary(view.variant).facts if f.values == ("bad", "good") and f.target == "seat"}
    out: dict[str, set[int]] = {fact: set() for fact in checks}
    for act in [*own_record(view).acts, *chosen]:
        if act.kind == "result" and act.fact in checks and act.target is not None:
            out[act.fact].add(act.target)
    return out


def open_results(view: SeatView, chosen: Sequence[Act]) -> list[Act]:
    """Results still to offer: not said yet, none about a seat this speech already reported the
    same check on (a seat is not both "mafia" and "town" in one speech), none taking the other
    side of an act already picked on its seat (no «Bob is good» after «I accuse Bob»), one
    made-up result at most (a bluffing seer "checked" one seat last night, not two), and no check
    on a new seat once the speaker has reported as many checks as nights have passed (one night,
    one check: a seat that said «I checked Bob» today does not later say «I checked Carol» of the
    same night; it may repeat Bob's result). The speaker's earlier checks are read from its own public
    speeches, so a liar keeps its own story."""
    said = {(a.target, a.fact) for a in chosen if a.kind == "result" and a.target is not None}
    known = known_results(view)
    faked = any(a.kind == "result" and a not in known for a in chosen)
    checked = checked_seats(view, chosen)
    nights = nights_passed(view)
    return [
        a
        for a in result_options(view)
        if a not in chosen
        and (a.target, a.fact) not in said
        and (a in known or not faked)
        and not contradicts(a, chosen, view.variant)
        and (a.fact not in checked or a.target in checked[a.fact] or len(checked[a.fact]) < nights)
    ]


def claim_roles(view: SeatView) -> list[str]:
    """The roles a seat may be offered to claim (see the module doc)."""
    deck = sorted(set(view.deck))
    earlier = own_record(view).claim
    if earlier is not None:  # a seat that claimed a card keeps it: one seat, one story
        return [earlier] if earlier in deck else []
    if view.role in WIN_BY_DYING:
        return deck
    roles = get_ruleset(view.variant).roles
    mine = roles.get(view.role) if view.role is not None else None
    if mine is not None and mine.side in VILLAGE_SIDES and view.role in deck:
        # A village seat claims the card it was told it holds: a tiny model's pick of another village
        # card was a lie that only misled its own side (one_night: consistent 0.67-0.78 with it).
        return [view.role]
    bad = vocabulary(view.variant).bad_roles
    bad_sides = {roles[b].side for b in bad if b in roles}
    return [
        r
        for r in deck
        if r in roles
        and (roles[r].side in VILLAGE_SIDES or (r == view.role and r not in bad and roles[r].side not in bad_sides))
    ]


def kind_options(view: SeatView, chosen: Sequence[Act]) -> list[str]:
    """Act kinds that still have a legal, new act to offer."""
    if view.seat is None:
        return []
    others = [i for i in view.living() if i != view.seat]
    kinds: list[str] = []
    for kind in vocabulary(view.variant).kinds:
        if kind == "claim":
            if not any(a.kind == "claim" for a in chosen) and claim_roles(view):
                kinds.append(kind)
        elif kind == "result":
            if open_results(view, chosen):
                kinds.append(kind)
        elif (
            kind in SEAT_ACTS
            and others
            and not any(a.kind == kind for a in chosen)
            and seat_options(view, kind, chosen)
        ):
            kinds.append(kind)
    return kinds


def seat_options(view: SeatView, kind: str, chosen: Sequence[Act] = ()) -> list[int]:
    """Seats a seat act may name: none the speech already took the other side on (a seat
    cleared or vouched for is not also accused, and the reverse; see :mod:`.stance`)."""
    assert view.seat is not None
    others = [i for i in view.living() if i != view.seat]
    if kind in ("accuse", "vote", "disagree"):  # a wolf does not turn on a partner in the acts it is offered
        team = partners(view)
        others = [i for i in others if i not in team]
    seats = [view.seat, *others] if kind == "defend" else others
    earlier = own_record(view).acts
    return [
        s
        for s in seats
        if not contradicts(Act(kind, target=s), chosen, view.variant)
        and not contradicts(Act(kind, target=s), earlier, view.variant)
    ]


async def pick_acts(
    view: SeatView,
    ctx: PickContext,
    complete: Complete,
    *,
    speaker: Speaker,
    rng: random.Random,
    most: int = MAX_PICKED,
    spoken: bool = True,
) -> list[Act]:
    """Up to ``most`` (at most :data:`MAX_PICKED`) acts chosen by the model through constrained picks:
    after its speech (``spoken``), or, with no text asked for, as the speech itself."""
    bank = phrase_bank(view.language, view.variant)
    picker = bank.picker
    kinds_text = picker.get("kinds") or {}
    if not isinstance(kinds_text, dict) or not picker.get("end") or not picker.get("floor"):
        raise TextDataError(f"prompts/{view.language}/common/phrases.yaml: 'picker' needs 'kinds', 'end' and 'floor'")
    lines = [_line(str(picker.get("cue" if spoken else "floor", "")), speaker, bank)]
    me_line = _line(str(picker.get("kind", "")), speaker, bank)
    chosen: list[Act] = []
    for _ in range(max(0, min(most, MAX_PICKED))):
        kinds = kind_options(view, chosen)
        if not kinds:
            break
        # Given the floor with no words of its own, a seat makes at least one point: "nothing more" is
        # offered from the second item on (the embedded model took it first in every Arabic one_night speech).
        end = [str(picker["end"])] if spoken or chosen else []
        labels = _labels_unique([str(kinds_text.get(k, k)) for k in kinds] + end)
        index = await pick_label(ctx, complete, lines, me_line, labels, "act_kind")
        if index is None or index >= len(kinds):
            break
        kind = kinds[index]
        act = await _complete_act(view, ctx, complete, lines, kind, bank, speaker, chosen)
        if act is None or act in chosen:
            break
        chosen.append(act)
        lines.append(f"- {labels[index]}: {_short(act, view, bank, speaker)}")
    return chosen


async def _complete_act(
    view: SeatView,
    ctx: PickContext,
    complete: Complete,
    lines: list[str],
    kind: str,
    bank: PhraseBank,
    speaker: Speaker,
    chosen: Sequence[Act],
) -> Act | None:
    picker = bank.picker
    if kind in SEAT_ACTS:
        seats = seat_options(view, kind, chosen)
        labels = _labels_unique([view.names[i] for i in seats])
        index = await pick_label(ctx, complete, lines, str(picker.get("target", "")), labels, "act_target")
        return None if index is None else Act(kind, target=seats[index])
    if kind == "claim":
        roles = claim_roles(view)
        labels = _labels_unique([role_name(view.language, view.variant, r) for r in roles])
        index = await pick_label(ctx, complete, lines, str(picker.get("role", "")), labels, "act_role")
        return None if index is None else Act("claim", role=roles[index])
    options = open_results(view, chosen)
    labels = _labels_unique([_short(a, view, bank, speaker) for a in options])
    index = await pick_label(ctx, complete, lines, str(picker.get("result", "")), labels, "act_result")
    return None if index is None else options[index]


def _line(template: str, speaker: Speaker, bank: PhraseBank) -> str:
    """A picker line about the speaker: ``{me}`` and ``{g:he|she}`` filled for the seat that speaks."""
    return fill(template, Act("ask", target=speaker.seat), speaker, bank)


def _short(act: Act, view: SeatView, bank: PhraseBank, speaker: Speaker) -> str:
    if act.kind == "result":
        key = next(k for k in phrase_key(act) if bank.acts.get(k))
        return fill(bank.acts[key][0], act, speaker, bank)
    if act.kind == "claim" and act.role is not None:
        return role_name(view.language, view.variant, act.role)
    return view.names[act.target] if act.target is not None else ""


async def pick_label(
    ctx: PickContext, complete: Complete, lines: list[str], question: str, labels: list[str], purpose: str
) -> int | None:
    cue = "\n".join([ctx.cue, *lines, question]) + " "
    # Small models favour the first label: the labels come in a seeded order, mapped back below.
    order = list(range(len(labels)))
    random.Random(f"{ctx.seed}:{len(lines)}:{purpose}").shuffle(order)
    shown = [labels[i] for i in order]
    request = CompletionRequest(
        system=ctx.system,
        user=ctx.user,
        cue=cue,
        mode="pick",
        labels=tuple(shown),
        max_tokens=ctx.max_tokens,
        temperature=ctx.temperature,
        seed=ctx.seed + len(lines) * 7919 + len(purpose),
        purpose=purpose,
    )
    completion = await complete(request, purpose)
    answer = completion.text.strip().split("\n", 1)[0]
    exact = [i for i, label in enumerate(labels) if answer == label]
    if exact:
        return exact[0]
    starts = sorted((i for i, label in enumerate(labels) if answer.startswith(label)), key=lambda i: -len(labels[i]))
    if starts:
        return starts[0]
    folded = answer.casefold()
    matches = [i for i, label in enumerate(labels) if label.casefold() in folded]
    return matches[0] if len(matches) == 1 else None
