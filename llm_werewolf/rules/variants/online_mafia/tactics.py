"""The heuristic play of online_mafia's roles at night: one tactic per kind of ability, shared by the
roles that have it (each role's spec names its own in ``tactics``, in :mod:`.roles`).

A tactic answers one decision from what the seat has read (:class:`.unit.Reading`, built by the
heuristic player from the seat's view): investigators check the seats their leads mark, doctors and
bodyguards protect claimed investigators, the mafia agrees on one victim, neutral killers kill,
everyone else uses its ability on a plausible target. docs/heuristics.md.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from llm_werewolf.rules import Choice, Decision

if TYPE_CHECKING:
    from .unit import Reading

INVESTIGATIVE = frozenset({"detective", "investigator", "butler", "lookout", "spy", "undertaker"})
"""Roles whose holders claim them to report a result."""
PROTECTED_CLAIMS = INVESTIGATIVE | {"doctor", "escort"}
"""Claims the town protects and its enemies attack."""
TOWN_ROLES = frozenset(
    {
        "citizen",
        "escort",
        "butler",
        "spy",
        "guild_member",
        "detective",
        "doctor",
        "bodyguard",
        "outlaw",
        "veteran",
        "undertaker",
        "lookout",
        "investigator",
    }
)
"""The town's roles of the seed, as the players count them."""
RANDOM_KILL_SHARE = 0.5  # nights a neutral killer goes for a claimed power role (else anyone)
VETERAN_ALERT = 0.3  # nights the Veteran goes on alert
SURVIVOR_VEST = 0.5  # nights the Survivor puts on a vest


def _offered(decision: Decision) -> list[int]:
    return [o.target for o in decision.options if o.kind == "seat" and o.target is not None]


def team_kill(reading: Reading, decision: Decision) -> Choice | None:
    """The mafia's shared victim: a claimed power role, else a pick every member computes alike."""
    targets = sorted(t for t in _offered(decision) if t not in reading.team)
    if not targets:
        return None
    guarded = set(reading.claimed(PROTECTED_CLAIMS))  # the Doctor and the Bodyguard sit on these
    fresh = [t for t in targets if t not in reading.tried and t not in guarded] or targets
    return Choice(f"seat:{fresh[(reading.night * 7) % len(fresh)]}")


def kill_anyone(reading: Reading, decision: Decision) -> Choice | None:
    """A neutral killer: on half the nights a claimed power role not yet tried, else anyone new."""
    claimed = reading.claimed(PROTECTED_CLAIMS)
    prefer = [s for s in claimed if s not in reading.tried] if reading.chance() < RANDOM_KILL_SHARE else []
    return reading.pick(decision, prefer=prefer, avoid={reading.me} | reading.team | reading.tried)


def aim_at_claimant(reading: Reading, decision: Decision) -> Choice | None:
    """Curses, controls, raised abilities and the Lookout's watch: a claimed power role, else anyone."""
    return reading.pick(decision, prefer=reading.claimed(PROTECTED_CLAIMS), avoid={reading.me} | reading.team)


def shoot_suspect(reading: Reading, decision: Decision) -> Choice | None:
    """The Outlaw: a suspect worth a bullet, else no shot."""
    return reading.only_if(decision, reading.shootable())


def _check(reading: Reading, decision: Decision, *, by_names: bool) -> Choice:
    me = {reading.me}
    lead = reading.leads()
    leads = sorted(
        (s for s in reading.living if lead.get(s, 0.0) > 0 and s not in reading.checked | reading.team | me),
        key=lambda s: (-lead[s], s),
    )
    if not reading.evil_side:
        # settle a claim war first: the claimants themselves, or (``by_names``: a Detective, whose
        # read of a claimant says nothing about his role) the seats they named
        war = sorted(reading.contested)
        if by_names:
            war = sorted({s for c in war for s in reading.named_by(c)})
        leads = [s for s in war if s in reading.living and s not in reading.checked | me] + leads
    return reading.pick(decision, prefer=leads, avoid=me | reading.checked | reading.team)


def check_lead(reading: Reading, decision: Decision) -> Choice | None:
    """An investigation: a contested claimant first, then the seats the record marks, else anyone new."""
    return _check(reading, decision, by_names=False)


def check_named(reading: Reading, decision: Decision) -> Choice | None:
    """The Detective: the seats contested claimants named first, then the record's leads."""
    return _check(reading, decision, by_names=True)


def protect_claimant(reading: Reading, decision: Decision) -> Choice | None:
    """Doctor, Bodyguard, Martyr: a claimed power role, else anyone not suspected."""
    return reading.pick(decision, prefer=reading.claimed(PROTECTED_CLAIMS), avoid=set(reading.suspects()))


def any_seat(reading: Reading, decision: Decision) -> Choice | None:
    """Any offered seat (a partner to guard or disguise)."""
    return reading.pick(decision)


def block(reading: Reading, decision: Decision) -> Choice | None:
    """Escort and Judge: the town's block goes to a suspect, an evil one's to a claimed power role."""
    prefer = reading.suspects() if not reading.evil_side else reading.claimed(PROTECTED_CLAIMS)
    return reading.pick(decision, prefer=prefer, avoid={reading.me} | reading.good)


def frame_outsider(reading: Reading, decision: Decision) -> Choice | None:
    """The Framer: a seat that is neither a partner nor a claimed power role."""
    claimed = reading.claimed(PROTECTED_CLAIMS)
    return reading.pick(decision, avoid={reading.me} | reading.team | set(claimed))


def silence_claimant(reading: Reading, decision: Decision) -> Choice | None:
    """Femme fatale and Blackmailer: a claimed power role, never a partner."""
    return reading.pick(decision, prefer=reading.claimed(PROTECTED_CLAIMS), avoid=set(reading.team))


def convert(reading: Reading, decision: Decision) -> Choice | None:
    """The Cult leader: a seat neither in the cult nor tried before."""
    return reading.pick(decision, avoid={reading.me} | reading.team | reading.tried)


def model_outsider(reading: Reading, decision: Decision) -> Choice | None:
    """A seat to copy, bind to or raise: not a partner and not suspected."""
    return reading.pick(decision, avoid={reading.me} | reading.team | set(reading.suspects()))


def alert(reading: Reading, decision: Decision) -> Choice | None:
    """The Veteran: on alert on some nights."""
    return Choice("alert" if reading.chance() < VETERAN_ALERT else "skip")


def vest(reading: Reading, decision: Decision) -> Choice | None:
    """The Survivor: a vest on half the nights."""
    return Choice("vest" if reading.chance() < SURVIVOR_VEST else "skip")


def remember_town(reading: Reading, decision: Decision) -> Choice | None:
    """The Amnesiac: the first dead seat whose card showed a town role."""
    return reading.only_if(decision, [s for s, role in sorted(reading.dead_roles.items()) if role in TOWN_ROLES])


def exhume_hidden(reading: Reading, decision: Decision) -> Choice | None:
    """The Undertaker: the first dead seat whose card was hidden."""
    return reading.only_if(decision, [s for s, role in sorted(reading.dead_roles.items()) if role is None])


def volunteer(reading: Reading, decision: Decision) -> Choice | None:
    """The Volunteer takes every condemned player's place (his win)."""
    return Choice("volunteer")
