"""The heuristic play of the seed's roles of "Min El Ghoul?" by night and at death, and the table of
every role's tactics (the seed's here, a role unit's in its ``tactics``) by decision kind.

A tactic answers one decision from what the seat has read (:class:`.unit.Reading`, built by the
heuristic player from the seat's view). docs/heuristics.md.

* The ghouls hunt the claimants who are not on the team, else a prey the team draws alike.
* The Bassara looks at his top suspect he has not seen; the Jara peeks whenever she may.
* The Sahra saves on night 1 and later only a believed claimant (or her lover); she poisons a
  seat she is sure of, never on night 1.
* The Sayyad shoots his top suspect, else an unclear seat (never a believed claimant).
* Umm Lhaf links herself on a third of the games, else two others.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING

from llm_werewolf.rules import Choice, Decision

from .roles import BASSARA, GHOUL, JARA, SAHRA, SAYYAD, UMM_LHAF
from .units import UNITS

if TYPE_CHECKING:
    from .unit import Reading, Tactic

SAYYAD_THRESHOLD = 0.5  # the dying Sayyad shoots his top suspect from this suspicion on
SAYYAD_UNCLEAR = True  # ... and with no suspect an unclear seat at random (humans rarely hold the shot)
POISON_SURE = 6.0  # the suspicion from which the Sahra poisons
LOOK_LEAD = 1.5  # the suspicion that makes a seat the Bassara's next look
UMM_LHAF_SELF = 1 / 3  # games in which Umm Lhaf links herself


def _offered(decision: Decision) -> list[int]:
    return sorted(o.target for o in decision.options if o.kind == "seat" and o.target is not None)


def ghoul_kill(reading: Reading, decision: Decision) -> Choice | None:
    """A claimant who is not on the team, else a prey drawn alike by every ghoul (never a lover)."""
    targets = [s for s in _offered(decision) if s not in reading.team and s != reading.lover]
    if not targets:
        return None
    for claimant in reading.real_claimants():
        if claimant in targets:
            return Choice(f"seat:{claimant}")
    return Choice(f"seat:{reading.rolled('kill').choice(targets)}")


def bassara_look(reading: Reading, decision: Decision) -> Choice | None:
    """The top suspect not seen yet, else a random card not seen yet (never the lover's)."""
    lover = reading.lover
    unknown = [s for s in _offered(decision) if s not in reading.known and s != lover]
    suspects = [s for s in reading.suspects(threshold=LOOK_LEAD) if s in unknown]
    return reading.pick(decision, prefer=suspects[:1], avoid=[*reading.known, lover or -1])


def jara_peek(reading: Reading, decision: Decision) -> Choice | None:
    """Peek whenever she may."""
    return Choice("peek") if decision.option("peek") else None


def sahra_elixir(reading: Reading, decision: Decision) -> Choice | None:
    """Save on night 1; later only a believed claimant or her lover."""
    if decision.option("elixir") is None:
        return None
    if reading.number <= 1:
        return Choice("elixir")
    victim = reading.victim
    if victim is not None and (victim in reading.believed() or victim == reading.lover):
        return Choice("elixir")
    return None


def sahra_poison(reading: Reading, decision: Decision) -> Choice | None:
    """From night 2, the seat she is sure of."""
    if reading.number <= 1:
        return None
    for seat in reading.suspects(threshold=POISON_SURE)[:1]:
        if decision.option(f"seat:{seat}") is not None:
            return Choice(f"seat:{seat}")
    return None


def sayyad_shot(reading: Reading, decision: Decision) -> Choice | None:
    """The top suspect, else (``SAYYAD_UNCLEAR``) an unclear seat; a ghoul shoots a real claimant."""
    if reading.ghoul:
        return reading.pick(decision, prefer=reading.real_claimants(), avoid=[*reading.team, reading.lover or -1])
    offered = [s for s in reading.suspects(threshold=SAYYAD_THRESHOLD) if decision.option(f"seat:{s}") is not None]
    if not offered and SAYYAD_UNCLEAR:  # nothing marks anyone: an unclear seat (never a believed claimant)
        suspicion = reading.suspicion()
        unclear = [s for s in _offered(decision) if suspicion.get(s, -1.0) >= 0.0 and s != reading.lover]
        offered = [reading.any_of(sorted(unclear))] if unclear else []
    return Choice(f"seat:{offered[0]}") if offered else None


def umm_lhaf_link(reading: Reading, decision: Decision) -> Choice | None:
    """Her first lover is herself on a third of the games, else another seat; the second another seat."""
    if decision.kind == "umm_lhaf_first" and reading.chance() < UMM_LHAF_SELF:
        return reading.pick(decision, prefer=[reading.me])
    return reading.pick(decision, avoid=[reading.me])


SEED_TACTICS: Mapping[str, Mapping[str, Tactic]] = {
    GHOUL: {"ghoul_kill": ghoul_kill},
    BASSARA: {"bassara_look": bassara_look},
    JARA: {"jara_peek": jara_peek},
    SAHRA: {"sahra_elixir": sahra_elixir, "sahra_poison": sahra_poison},
    SAYYAD: {"sayyad_shot": sayyad_shot},
    UMM_LHAF: {"umm_lhaf_first": umm_lhaf_link, "umm_lhaf_second": umm_lhaf_link},
}
"""The seed's roles' tactics, by role then decision kind."""


def _table() -> Mapping[str, Tactic]:
    table: dict[str, Tactic] = {}
    declared = [*SEED_TACTICS.items(), *((unit.role.id, unit.tactics) for unit in UNITS)]
    for role, tactics in declared:
        for kind, tactic in tactics.items():
            if table.setdefault(kind, tactic) is not tactic:
                raise RuntimeError(f"lebanese_ghouls: {role} answers {kind!r} unlike another role")
    return table


TACTICS: Mapping[str, Tactic] = _table()
"""Every role's tactic by decision kind (the seed's and the role units')."""
