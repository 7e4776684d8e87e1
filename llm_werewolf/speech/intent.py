"""From a heuristic player's intent to acts: what its strategy decided, said as acts.

Heuristic policies decide *what* to say as an intent — a key (``seer_wolf``,
``accuse``, ``expose``...), a target seat, a role and a claim. :func:`intent_acts`
turns it into acts: the claim, the results the seat really has about the target
(from its own view, :mod:`.knowledge`), or — when it has none because it is lying —
a result of the claimed role that fits the intent; then the accusation, vote or
defence the intent implies. Every act is checked for legality as it is added, and an act
taking the other side of an earlier one on the same seat is left out (:mod:`.stance`).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from ..rules import get_ruleset
from ..rules.act_legality import SpeechChecker
from ..rules.act_vocabulary import MAX_ACTS, vocabulary
from ..rules.acts import Act
from ..rules.errors import UnknownVariant
from ..rules.events import SharedEventRecord, Speech
from ..rules.heard import HeardKeys
from ..rules.views import SeatView
from .cover_story import told
from .knowledge import known_results
from .stance import contradicts

REPORTS = frozenset(
    {
        "seer_wolf",
        "seer_good",
        "witch_saved",
        "little_girl_wolf",
        "reveal_ghoul",
        "jara_saw",
        "reveal_mafia",
        "reveal_clear",
        "reveal",
        "expose",
        "seer_report",
        "seer_center_report",
        "pi_report",
        "robber_report",
        "troublemaker_report",
        "insomniac_report",
        "mason_report",
        "little_girl_report",
        "doppel_report",
        "report",
    }
)
"""Intents that report a night result."""

BAD = frozenset({"seer_wolf", "reveal_ghoul", "jara_saw", "reveal_mafia", "little_girl_wolf", "little_girl_report"})
"""Reports that the target is on the bad side (the speaker then votes for it)."""

ACCUSE = frozenset({"accuse", "suspect", "last_words_suspect"})
VOTE = frozenset({"accuse", "vote_for", "seer_wolf", "reveal_ghoul", "jara_saw", "reveal_mafia", "little_girl_wolf"})
DEFEND_SELF = frozenset({"defend", "defense"})
LAST_WORDS = frozenset({"last_words", "last_words_suspect"})
QUIET = frozenset({"neutral", "campaign", "wolf_deflect", "whisper", "mason_alone", "little_girl_nobody"})
"""Intents with nothing to report: the seat still asks someone a question (:func:`floor_act`)."""

_FAKE_VALUE = {"bad": "bad", "good": "good"}


def intent_acts(
    view: SeatView,
    key: str,
    *,
    target: int | None = None,
    role: str | None = None,
    result: str | None = None,
    claim: str | None = None,
) -> list[Act]:
    """The acts a heuristic's intent makes (possibly none: a neutral speech)."""
    if view.seat is None:
        return []
    vocab = vocabulary(view.variant)
    acts: list[Act] = []
    legal = SpeechChecker(view)  # ``act_can_follow``, the table read once

    def add(act: Act) -> None:
        if len(acts) >= MAX_ACTS or act in acts or contradicts(act, acts, view.variant):
            return
        if legal.can_follow(acts, act):  # ``check_view_acts(view, [*acts, act])``, one new act checked
            acts.append(act)
            legal.take(act)

    claimed = claim or (role if key in ("claim", "seer_claim", "drunk_claim") else None)
    if claimed is not None:
        add(Act("claim", role=claimed))
    bad = (
        key in BAD
        or (key == "expose" and result in ("suspicious", "bad"))
        or (key in ("reveal", "expose") and result in vocab.bad_roles)
    )
    if key in REPORTS:
        real = [a for a in told(view, known_results(view)) if target is None or a.target == target]
        if claimed is not None:
            allowed = {f.id for f in vocab.facts_of(claimed)}
            real = [a for a in real if a.fact in allowed]
        for act in real[:2]:
            add(act)
        if not real and target is not None:
            fake = _fake_result(view, key, claimed or role, target, bad, role)
            if fake is not None:
                add(fake)
    if target is not None and target != view.seat:
        if key in ACCUSE or (key in REPORTS and bad):
            add(Act("accuse", target=target))
        if key in VOTE or (key in REPORTS and bad):
            add(Act("vote", target=target))
    if key in DEFEND_SELF or key in LAST_WORDS:
        add(Act("defend", target=view.seat))
        accuser = last_accuser(view)
        if accuser is not None and accuser != target:
            add(Act("disagree", target=accuser))
    if key == "wolf_deflect":
        claimer = last_speaker(view, claimed_only=True)
        if claimer is not None:
            add(Act("disagree", target=claimer))
    if not acts and key in QUIET:
        add(floor_act(view))
    return acts


def last_speaker(view: SeatView, *, claimed_only: bool = False) -> int | None:
    """The latest living seat other than the speaker who spoke in public (who claimed a role)."""
    for record in reversed(view.records):
        event = record.event if type(record) is SharedEventRecord else record  # a plain record is its event
        if type(event) is not Speech:
            continue
        assert isinstance(event, Speech)
        if (
            event.to is None
            and event.seat != view.seat
            and view.alive[event.seat]
            and (not claimed_only or event.claim)
        ):
            return event.seat
    return None


def last_accuser(view: SeatView) -> int | None:
    """The latest seat whose acts accused (or meant to vote for) the speaker."""
    for record in reversed(view.records):
        event = record.event if type(record) is SharedEventRecord else record  # a plain record is its event
        if (
            type(event) is Speech
            and isinstance(event, Speech)
            and event.seat != view.seat
            and _accuses(event, view.seat)
        ):
            return event.seat
    return None


def _accuses(speech: Speech, seat: int | None) -> bool:
    return any(a.kind in ("accuse", "vote") and a.target == seat for a in speech.acts)


def floor_act(view: SeatView) -> Act:
    """What a seat with nothing to report still does: ask the latest speaker (or a neighbour) a question."""
    assert view.seat is not None
    asked = last_speaker(view)
    if asked is None:
        living = [i for i in view.living() if i != view.seat]
        me = view.seat
        asked = min(living, key=lambda i: (i - me) % len(view.alive)) if living else None
    return Act("ask", target=asked) if asked is not None else Act("defend", target=view.seat)


def _fake_result(view: SeatView, key: str, claimed: str | None, target: int, bad: bool, role: str | None) -> Act | None:
    """A result of the claimed role that fits the intent (the speaker has no real one: a lie)."""
    vocab = vocabulary(view.variant)
    for fact in vocab.facts_of(claimed):
        if fact.target != "seat" or fact.other:
            continue
        if fact.values == ("bad", "good"):
            return Act("result", target=target, fact=fact.id, value="bad" if bad else "good")
        if fact.takes_role and role is not None and role != claimed:
            return Act("result", target=target, fact=fact.id, value=role)
        if not fact.values and fact.id in ("saw_wolf",) and bad:
            return Act("result", target=target, fact=fact.id)
        if not fact.values and fact.id in ("saved", "protected") and key == "witch_saved":
            return Act("result", target=target, fact=fact.id)
    return None


@dataclass(frozen=True, slots=True)
class Heard:
    """A speech's acts read back as the heuristics' intent: key, target, role, result."""

    key: str
    target: int | None = None
    role: str | None = None
    result: str | None = None


def heard_intent(acts: Sequence[Act], variant: str, names: Sequence[str]) -> Heard:
    """The intent key a heuristic listener understands for ``acts`` (the inverse of :func:`intent_acts`)."""
    keys = _heard_keys(variant)
    claim = next((role for a in acts if (role := claim_of(a)) is not None), None)
    result = next((a for a in acts if a.kind == "result"), None)
    if result is not None:
        return _heard_result(result, claim, keys, names)
    accused = next((a.target for a in acts if a.kind in ("accuse", "vote")), None)
    if claim is not None:
        key = "seer_claim" if keys.seer_claim is not None and claim == keys.seer_claim else "claim"
        return Heard(key, accused, claim)
    if accused is not None:
        voted_only = keys.votes_apart and not any(a.kind == "accuse" for a in acts)
        return Heard("vote_for" if voted_only else "accuse", accused)
    if any(a.kind == "defend" for a in acts):
        return Heard("defend")
    return Heard("neutral")


def _heard_keys(variant: str) -> HeardKeys:
    try:
        return get_ruleset(variant).heard
    except UnknownVariant:
        return HeardKeys()


def claim_of(act: Act) -> str | None:
    """The role ``act`` claims for its speaker: a ``claim``, or an ``answer`` to "what is your role?" that names one."""
    if act.kind == "claim" or (act.kind == "answer" and act.fact == "role"):
        return act.role
    return None


def _heard_result(act: Act, claim: str | None, keys: HeardKeys, names: Sequence[str]) -> Heard:
    fact, value, target = act.fact, act.value, act.target
    if fact == "check" and keys.check is not None:
        bad_key, good_key = keys.check
        word = None if keys.check_words is None else keys.check_words[0 if value == "bad" else 1]
        return Heard(bad_key if value == "bad" else good_key, target, claim, word)
    if fact == "saved":
        return Heard("witch_saved", target, claim)
    if fact == "saw_wolf" and keys.saw_wolf is not None:
        return Heard(keys.saw_wolf, target, claim)
    if fact == "saw_role" and keys.role_seen is not None:
        return Heard(keys.role_seen_by.get(claim or "", keys.role_seen), target, value)
    if fact is not None and fact in keys.paired:
        other = names[act.other] if act.other is not None and 0 <= act.other < len(names) else None
        return Heard(keys.results[fact], target, None, other)
    if fact is not None and fact in keys.results:
        return Heard(keys.results[fact], None if fact in keys.untargeted else target, value)
    if keys.any_result is not None:
        return Heard(keys.any_result, target, claim, value)
    return Heard("", target, claim, value)
