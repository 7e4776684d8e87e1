"""Whether an act matches what the speaker knew, and whether it is true (for evaluation).

Lying is the game, so nothing here refuses an act. Two questions are answered:

* :func:`consistent`: does the act agree with the speaker's own information
  (its card, its private results, its own night choices)? A village seer who
  reports her real check is consistent; a wolf claiming the seer is not.
* :func:`is_true`: does the act agree with the god view (every record)? A
  detective who honestly reports a framed citizen as suspicious is consistent
  but not true.

Both return ``None`` when the question does not apply (``agree``, ``disagree``,
``ask``), or when the records cannot decide it.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence

from ..rules.act_vocabulary import Fact, Vocabulary, vocabulary
from ..rules.acts import Act
from ..rules.events import ChoiceMade, Info, Record, RoleAssigned
from ..rules.variant import get_ruleset
from .knowledge import saved_seats

_YES = {"yes": "bad", "no": "good", "suspicious": "bad", "innocent": "good"}
"""Binary Info values, as a check's bad/good."""


def _infos(records: Iterable[Record], speaker: int, fact: str) -> list[Info]:
    out: list[Info] = []
    for record in records:
        event = record.event
        if isinstance(event, Info) and event.fact == fact and record.vis.visible_to(speaker):
            out.append(event)
    return out


def _choices(records: Iterable[Record], speaker: int, kinds: tuple[str, ...]) -> list[ChoiceMade]:
    return [
        r.event
        for r in records
        if isinstance(r.event, ChoiceMade) and r.event.seat == speaker and r.event.decision in kinds
    ]


def roles_held(records: Iterable[Record], seat: int) -> list[str]:
    """Every card ``seat`` was told it holds, in order (deal first)."""
    return [r.event.role for r in records if isinstance(r.event, RoleAssigned) and r.event.seat == seat]


def known_roles(records: Sequence[Record], speaker: int, vocab: Vocabulary) -> dict[int, str]:
    """Seats whose card the speaker saw (``Info`` role facts and teammates)."""
    known: dict[int, str] = {}
    for info in _infos(records, speaker, "role"):
        if info.subject is not None and info.value:
            known[info.subject] = info.value
    for info in _infos(records, speaker, "team"):
        for seat in info.seats:
            if seat != speaker and info.value in vocab.bad_roles | {"wolves", "ghouls", "mafia"}:
                known.setdefault(seat, next(iter(sorted(vocab.bad_roles)), "bad"))
    return known


def _result_known(act: Act, fact: Fact, records: Sequence[Record], speaker: int, vocab: Vocabulary) -> bool | None:
    if fact.id == "woke_as":
        looked = [
            r.event.role
            for r in records
            if isinstance(r.event, RoleAssigned) and r.event.seat == speaker and r.event.reason == "insomniac"
        ]
        return bool(looked) and looked[-1] == act.value
    if fact.info is not None:
        infos = _infos(records, speaker, fact.info)
        for info in infos:
            if _info_matches(act, fact, info, speaker, vocab):
                return True
        if infos or not fact.decisions:
            return False
    choices = _choices(records, speaker, fact.decisions)
    if not choices:
        return False
    if fact.id == "saved":
        return act.target in saved_seats(records, speaker)
    if fact.target == "center":
        return any(c.option == f"center:{act.target}" for c in choices)
    picked = {c.option for c in choices}
    wanted = {f"seat:{act.target}"} | ({f"seat:{act.other}"} if fact.other else set())
    if not wanted <= picked:
        return False
    if fact.id == "robbed":
        return act.value in roles_held(records, speaker)[1:] or any(
            i.subject == speaker and i.value == act.value for i in _infos(records, speaker, "role")
        )
    return True


def _info_matches(act: Act, fact: Fact, info: Info, speaker: int, vocab: Vocabulary) -> bool:
    if fact.id == "visited":
        return info.subject == act.target and act.other in info.seats
    if fact.id == "saw_mason":
        return info.value == "masons" and act.target in info.seats and act.target != speaker
    if fact.id in ("saw_wolf", "mafia_visited", "guild") and info.seats:
        return act.target in info.seats
    if info.subject != act.target:
        return False
    if fact.id == "saw_wolf":
        return info.value in vocab.bad_roles
    if fact.values == ("bad", "good"):
        read = _YES.get(info.value or "", "bad" if info.value in vocab.bad_roles else "good")
        return read == act.value
    return info.value == act.value


def consistent(act: Act, records: Sequence[Record], speaker: int, variant: str) -> bool | None:
    """Whether ``act`` agrees with what ``speaker`` knew (``records``: any superset of its view)."""
    vocab = vocabulary(variant)
    if act.kind == "claim":
        return act.role in roles_held(records, speaker)
    if act.kind == "result":
        fact = vocab.fact(act.fact or "")
        return None if fact is None else _result_known(act, fact, records, speaker, vocab)
    if act.kind in ("accuse", "vote", "defend") and act.target is not None:
        known = known_roles(records, speaker, vocab).get(act.target)
        if act.target == speaker:
            return act.kind == "defend"
        if known is None:
            return True
        bad = known in vocab.bad_roles
        return bad if act.kind != "defend" else not bad
    return None


def role_at(records: Sequence[Record], seat: int, before: int) -> str | None:
    """The card ``seat`` held at sequence number ``before`` as far as the records tell (god view)."""
    role = None
    for record in records:
        if record.seq >= before:
            break
        event = record.event
        if isinstance(event, RoleAssigned) and event.seat == seat:
            role = event.role
    return role


def is_true(
    act: Act,
    records: Sequence[Record],
    speaker: int,
    variant: str,
    at: int,
    cards: Sequence[str | None] | None = None,
) -> bool | None:
    """Whether ``act``, said at sequence number ``at``, is true in the god view ``records``.

    ``cards``: every seat's card at that moment when the caller rebuilt the game (the dataset export
    does). The records alone miss cards moved in secret (one_night's troublemaker swaps two cards and
    tells neither seat), so a minion swapped into the villager's card who says «I am the villager»
    tells the truth only by ``cards``."""
    vocab = vocabulary(variant)

    def card(seat: int) -> str | None:
        if cards is not None and 0 <= seat < len(cards) and cards[seat] is not None:
            return cards[seat]
        return role_at(records, seat, at)

    if act.kind == "claim":
        held = [r.event.role for r in records if isinstance(r.event, RoleAssigned) and r.event.seat == speaker]
        return act.role in held[:1] or act.role == card(speaker)
    if act.kind in ("accuse", "vote", "defend") and act.target is not None:
        role = card(act.target)
        if role is None:
            return None
        bad = role in vocab.bad_roles
        return bad if act.kind != "defend" else not bad
    if act.kind == "result":
        fact = vocab.fact(act.fact or "")
        if fact is None:
            return None
        if (
            not get_ruleset(variant).cards_move
            and act.target is not None
            and fact.id in ("check", "saw_role", "saw_wolf")
        ):
            role = card(act.target)
            if role is None:
                return None
            if fact.id == "saw_role":
                return role == act.value
            bad = role in vocab.bad_roles
            return bad == (act.value in ("bad", None))
        if fact.id == "sheriff_check" and act.target is not None:
            role = card(act.target)
            return None if role is None else (role == "sheriff") == (act.value == "yes")
        return _result_known(act, fact, records, speaker, vocab)
    return None
