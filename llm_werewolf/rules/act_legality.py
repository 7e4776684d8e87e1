"""Legality of speech acts: seats, roles and results that can exist at this table.

What a seat *knows* is not checked (lying is the game); what is checked is that
every act is well formed and possible: its seats exist (and, for an accusation,
a vote or a question, are alive and not the speaker), a claimed role is in this
game's deck, a reported result is one the claimed role (or, without a claim in
the same speech, some role in the deck) could have, with a value that result
can take. Errors are :class:`~llm_werewolf.rules.IllegalAct` with one precise line.

What differs between rulesets is their data, asked of the ruleset: its roles, its results
(:mod:`.act_vocabulary`) and whether its undealt cards lie in the center (``Ruleset.center_cards``).
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from .act_kinds import DISCOURSE_KINDS, MAX_SPEECH_ACTS, QUESTIONS, REASONS, SEAT_ACTS, Fact
from .act_vocabulary import vocabulary
from .acts import Act
from .errors import IllegalAct
from .registry import find as get_ruleset


def _player(seat: int) -> str:
    return f"player {seat + 1}"


def _seat(act: Act, seat: int | None, what: str, players: int) -> int:
    if seat is None:
        raise IllegalAct(f"{act.kind}: {what} is missing")
    if not 0 <= seat < players:
        raise IllegalAct(f"{act.kind}: {what} {seat + 1} is not a player (players 1-{players})")
    return seat


def check_acts(
    variant: str,
    acts: Sequence[Act],
    *,
    speaker: int,
    alive: Sequence[bool],
    deck: Sequence[str],
    center: int = 0,
) -> None:
    """Raise :class:`IllegalAct` for the first act that cannot be said at this table.

    ``alive``: one flag per seat; ``deck``: every card in play (seat and center cards);
    ``center``: how many center cards a result may name (``Ruleset.center_cards``).
    """
    if len(acts) > MAX_SPEECH_ACTS:
        raise IllegalAct(f"{len(acts)} speech acts; at most {MAX_SPEECH_ACTS} per speech")
    if len(set(acts)) != len(acts):
        raise IllegalAct("the same speech act is given twice")
    ruleset = get_ruleset(variant)
    in_deck = frozenset(deck)
    claims = [a.role for a in acts if a.kind == "claim"]
    if len(claims) > 1:
        raise IllegalAct("one speech claims one role (got " + ", ".join(map(repr, claims)) + ")")
    claimed = claims[0] if claims else None
    for act in acts:
        _check_act(act, variant, ruleset.roles, claimed, in_deck, speaker, alive, center)


def _check_act(
    act: Act,
    variant: str,
    roles: Any,
    claimed: str | None,
    in_deck: frozenset[str],
    speaker: int,
    alive: Sequence[bool],
    center: int,
) -> None:
    """One act of a speech whose claim (if any) is ``claimed``: the checks that depend on no other act."""
    if act.kind in DISCOURSE_KINDS or (act.kind == "ask" and act.fact is not None):
        _check_discourse(act, roles, speaker, alive)
        return
    vocab = vocabulary(variant)
    if act.kind not in vocab.kinds:
        raise IllegalAct(f"{act.kind!r} is not a speech act (acts: {', '.join(vocab.kinds + DISCOURSE_KINDS)})")
    if act.refs:
        raise IllegalAct(f"{act.kind}: only a reason carries record references")
    if act.kind == "claim":
        _check_claim(act, roles, in_deck, variant)
    elif act.kind == "result":
        _check_result(act, vocab.fact(act.fact or ""), claimed, in_deck, len(alive), center, speaker, variant)
        _check_value(act, vocab.fact(act.fact or ""), roles)
    else:
        _check_seat_act(act, speaker, alive)
    if act.kind != "claim" and act.role is not None:
        raise IllegalAct(f"{act.kind}: only a claim names a role (got role {act.role!r})")
    if act.kind != "result" and (act.fact is not None or act.value is not None):
        raise IllegalAct(f"{act.kind}: only a result has a fact and a value")
    if act.kind != "result" and act.other is not None:
        raise IllegalAct(f"{act.kind}: takes one seat, not two")


def _check_discourse(act: Act, roles: Any, speaker: int, alive: Sequence[bool]) -> None:
    """An ``answer``, a ``reason`` or an ``ask`` with its question: the fields each may have."""
    players = len(alive)
    if act.kind == "ask":
        _check_seat_act(act, speaker, alive)
        if act.fact not in QUESTIONS:
            raise IllegalAct(f"ask: {act.fact!r} is not a question ({', '.join(QUESTIONS)})")
        if act.other is not None or act.role is not None or act.value is not None or act.refs:
            raise IllegalAct("ask: a question names one seat and its subject")
        return
    if act.kind == "answer":
        asker = _seat(act, act.target, "asker", players)
        if asker == speaker:
            raise IllegalAct("answer: a player does not answer himself")
        if act.fact not in QUESTIONS:
            raise IllegalAct(f"answer: {act.fact!r} is not a question ({', '.join(QUESTIONS)})")
        if act.other is not None:
            _seat(act, act.other, "seat", players)
        if act.role is not None and (act.fact != "role" or act.role not in roles):
            raise IllegalAct(f"answer: {act.role!r} is not a role this answer can name")
        if act.value is not None or act.refs:
            raise IllegalAct("answer: takes an asker, a seat or a role, no value and no references")
        return
    if act.fact not in REASONS:
        raise IllegalAct(f"reason: {act.fact!r} is not a reason ({', '.join(REASONS)})")
    _seat(act, act.target, "seat", players)
    if act.fact in ("voted", "named_first", "accused"):
        _seat(act, act.other, "second seat", players)
    elif act.other is not None:
        raise IllegalAct(f"reason {act.fact}: takes one seat, not two")
    if (act.role is not None) != (act.fact == "claimed") or (act.role is not None and act.role not in roles):
        raise IllegalAct(f"reason {act.fact}: a role only on 'claimed', and one of the ruleset's")
    if not act.refs:
        raise IllegalAct(f"reason {act.fact}: the records that support it are missing (refs)")


def _check_claim(act: Act, roles: Any, in_deck: frozenset[str], variant: str) -> None:
    if act.role is None:
        raise IllegalAct("claim: the role is missing")
    if act.role not in roles:
        raise IllegalAct(f"claim: {act.role!r} is not a role of {variant}")
    if in_deck and act.role not in in_deck:
        raise IllegalAct(f"claim: {act.role!r} is not in this game's deck ({', '.join(sorted(in_deck))})")
    if act.target is not None or act.other is not None:
        raise IllegalAct("claim: a claim names a role, not a seat")


def _check_result(
    act: Act,
    fact: Fact | None,
    claimed: str | None,
    in_deck: frozenset[str],
    players: int,
    center: int,
    speaker: int,
    variant: str,
) -> None:
    vocab = vocabulary(variant)
    if fact is None:
        known = ", ".join(f.id for f in vocab.facts) or "none"
        raise IllegalAct(f"result: {act.fact!r} is not a result of {variant} (results: {known})")
    if claimed is not None and claimed not in fact.roles:
        raise IllegalAct(f"result: a {claimed} cannot report {fact.id!r} (only {', '.join(fact.roles)})")
    if in_deck and not in_deck & set(fact.roles):
        raise IllegalAct(f"result: {fact.id!r} comes from {', '.join(fact.roles)}, and none is in this game's deck")
    if fact.target == "none":
        if act.target is not None or act.other is not None:
            raise IllegalAct(f"result {fact.id}: names no seat")
        return
    if fact.target == "center":
        if act.target is None:
            raise IllegalAct(f"result {fact.id}: the center card is missing")
        if not 0 <= act.target < max(center, 0):
            raise IllegalAct(f"result {fact.id}: center card {act.target + 1} does not exist (center cards: {center})")
        return
    target = _seat(act, act.target, "seat", players)
    if target == speaker and not fact.self_ok:
        raise IllegalAct(f"result {fact.id}: a player cannot report this about himself")
    if fact.other:
        other = _seat(act, act.other, "second seat", players)
        if other == target:
            raise IllegalAct(f"result {fact.id}: the two seats must differ")
    elif act.other is not None:
        raise IllegalAct(f"result {fact.id}: takes one seat, not two")


def _check_value(act: Act, fact: Fact | None, roles: Any) -> None:
    if fact is None:
        return
    if not fact.values:
        if act.value is not None:
            raise IllegalAct(f"result {fact.id}: takes no value (got {act.value!r})")
        return
    if act.value is None:
        raise IllegalAct(f"result {fact.id}: the value is missing")
    if fact.takes_role:
        if act.value not in roles:
            raise IllegalAct(f"result {fact.id}: {act.value!r} is not a role of this game")
    elif act.value not in fact.values:
        raise IllegalAct(f"result {fact.id}: {act.value!r} is not one of {', '.join(fact.values)}")


def _check_seat_act(act: Act, speaker: int, alive: Sequence[bool]) -> None:
    if act.kind not in SEAT_ACTS:
        return
    target = _seat(act, act.target, "seat", len(alive))
    if target == speaker and act.kind != "defend":
        raise IllegalAct(f"{act.kind}: a player cannot {act.kind} himself")
    if act.kind in ("accuse", "vote", "ask") and not alive[target]:
        raise IllegalAct(f"{act.kind}: {_player(target)} is dead")


def check_state_acts(state: Any, speaker: int, acts: Sequence[Act]) -> None:
    """The rules core's check (called by ``validate_choice``): the table as the state has it."""
    seats = state.seats
    deck = [s.role for s in seats] + list(state.extra)
    alive = [s.alive for s in seats]
    center = len(state.extra) if get_ruleset(state.variant).center_cards else 0
    check_acts(state.variant, acts, speaker=speaker, alive=alive, deck=deck, center=center)


def check_view_acts(view: Any, acts: Sequence[Act]) -> None:
    """The same check from a seat's view (what an agent can test before answering)."""
    if view.seat is None:
        raise IllegalAct("a spectator makes no speech acts")
    center = len(view.deck) - len(view.names) if get_ruleset(view.variant).center_cards else 0
    check_acts(view.variant, acts, speaker=view.seat, alive=view.alive, deck=view.deck, center=center)


_DECK_KINDS = frozenset({"claim", "result"})
"""The acts whose check reads the game's deck (``_check_claim``, ``_check_result``)."""

_NO_CARDS: frozenset[str] = frozenset()


def act_can_follow(view: Any, acts: Sequence[Act], act: Act) -> bool:
    """Whether ``check_view_acts(view, [*acts, act])`` passes, for ``acts`` that pass it already.

    A speech built one act at a time (``speech.intent``, ``speech.knowledge``) checks only the new
    act against what the speech holds (its length, repeats, its one claim), and the new act itself.
    A claim added after results changes what those results may be, so that case is checked whole.
    """
    checker = SpeechChecker(view)
    for earlier in acts:
        checker.take(earlier)
    return checker.can_follow(acts, act)


class SpeechChecker:
    """:func:`act_can_follow` for one speech built an act at a time from one view: the table's facts
    (its ruleset's roles, the deck, the seats) read once, and the speech's claim and whether it reports
    a result kept as each act is taken (:meth:`take`), instead of read again from the acts for each new one."""

    __slots__ = ("_alive", "_center", "_deck", "_roles", "_seat", "_taken", "_variant", "_view", "claimed", "reports")

    def __init__(self, view: Any) -> None:
        ruleset = get_ruleset(view.variant)
        self._view = view
        self._seat: int | None = view.seat
        self._variant: str = view.variant
        self._roles = ruleset.roles
        self._deck: frozenset[str] | None = None  # the deck's cards, made when a claim or a result asks
        self._alive: Sequence[bool] = view.alive
        self._center = len(view.deck) - len(view.names) if ruleset.center_cards else 0
        self.claimed: str | None = None  # the role the acts taken claim
        self.reports = False  # whether the acts taken report a result
        self._taken: dict[str, list[Act]] = {}  # the acts taken, by kind (an act equals only acts of its kind)

    def can_follow(self, acts: Sequence[Act], act: Act) -> bool:
        """``act_can_follow(view, acts, act)``, for ``acts`` the acts taken so far, in order."""
        seat = self._seat
        kind = act.kind
        if seat is None or len(acts) >= MAX_SPEECH_ACTS:
            return False
        same = self._taken.get(kind)
        if same is not None and act in same:  # ``act in acts``, compared with the acts of its kind only
            return False
        claimed = self.claimed
        if kind == "claim":
            if claimed is not None or act.role is None:  # a second claim; a claim of no role
                return False
            if self.reports:  # a claim after results changes what those results may be
                try:
                    check_view_acts(self._view, [*acts, act])
                except IllegalAct:
                    return False
                return True
            claimed = act.role
        in_deck = _NO_CARDS
        if kind in _DECK_KINDS:
            if self._deck is None:
                self._deck = frozenset(self._view.deck)
            in_deck = self._deck
        try:
            _check_act(act, self._variant, self._roles, claimed, in_deck, seat, self._alive, self._center)
        except IllegalAct:
            return False
        return True

    def take(self, act: Act) -> None:
        """``act`` joins the speech (after :meth:`can_follow` allowed it)."""
        self._taken.setdefault(act.kind, []).append(act)
        if act.kind == "claim":
            self.claimed = act.role
        elif act.kind == "result":
            self.reports = True
