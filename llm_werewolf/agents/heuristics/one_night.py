"""Rule-of-thumb play for One Night, reading only the seat's view.

Night: each role's tactic, declared in the ruleset's folder (``rules/variants/one_night/``:
``actions/<role>.py`` and ``units/``): look at or swap with a random legal target (the Seer
sometimes looks at the center, the Robber sometimes stays, the Little Girl always peeks).
Day: village players claim their dealt role and report what they learned with a
structured claim plus a canned report line; wolves and the Minion claim a safe
role (a village card seen in the center, else Villager); the Tanner baits.
Votes follow the reports: listeners read the canned report lines back (the
lines are data in ``prompts/<lang>/one_night/canned.yaml``, turned into
patterns, so this works in every language) and vote the seat most reported as
a werewolf; the wolves all vote the same non-wolf.
"""

from __future__ import annotations

import random
import re
import zlib
from collections import Counter
from collections.abc import Mapping
from dataclasses import dataclass, field
from functools import lru_cache
from typing import NamedTuple

from ...rules import Choice, Decision, Option, SeatView
from ...rules.events import ChoiceMade, Info, RoleAssigned, SharedEventRecord, Speech
from ...rules.variants.one_night.ruleset import OneNightRuleset
from ...rules.variants.one_night.tactics import TACTICS
from ...rules.variants.one_night.targets import any_target
from ...speech.intent import heard_intent
from ...speech.table_reading import game_memo
from ...texts import optional_yaml, role_name, terms
from ..speech import act_speech, answered_line, canned_speech
from .common import lean, pick_seat, seat_options, team_draw
from .talk import template_regex

VARIANT = OneNightRuleset.id
WOLF_CARDS = frozenset({"werewolf", "mystic_wolf"})
WOLF_SIDE = frozenset({"werewolf", "mystic_wolf", "minion"})
COMMON_ROLES = frozenset({"villager", "werewolf", "mason"})
"""Roles with several cards: two players may claim them honestly."""
EVIDENCE = 2.0
"""Suspicion below this is noise: a village player then votes at random."""
SILENT = 3.0
"""Suspicion of a player who spoke without claiming a role: hiding is what wolves do..."""
SILENT_WITH_TANNER = 2.0
"""...or what a Tanner does to draw the votes, so less when the deck holds a Tanner."""
DUPLICATE = 3.0
"""Suspicion of each player claiming a role more often than the deck holds it (one of them lies)."""
FRAME_CHANCE = 0.2
"""Games in which a wolf who speaks before any Seer claim fakes a Seer report on a non-wolf."""
UNSAFE_CLAIMS = frozenset({"tanner", "doppelganger", "mason"})
"""Claims a wolf avoids: they invite a vote or are easy to disprove."""
REPORT_KEYS = (
    "seer_report",
    "pi_report",
    "robber_report",
    "troublemaker_report",
    "insomniac_report",
    "mason_report",
    "little_girl_report",
    "doppel_report",
)


# -- what this seat knows -------------------------------------------------------------------


@dataclass(slots=True)
class Knowledge:
    """Everything the seat learned at night, read from its own records."""

    me: int
    start: str = "villager"
    card: str = "villager"
    copied: str | None = None
    copy_target: int | None = None
    converted: str | None = None
    seen: dict[int, str] = field(default_factory=dict)
    center: dict[int, str] = field(default_factory=dict)
    wolves: set[int] = field(default_factory=set)
    masons: set[int] = field(default_factory=set)
    robbed: int | None = None
    swapped: tuple[int, int] | None = None
    looked: list[int] = field(default_factory=list)
    my_speeches: int = 0

    @property
    def acting(self) -> str:
        """The role whose night action this seat performed."""
        return self.copied if self.start == "doppelganger" and self.copied else self.start

    @property
    def believed(self) -> str:
        """What this seat believes its card counts as now."""
        if self.converted:
            return self.converted
        if self.card == "doppelganger" and self.copied:
            return self.copied
        return self.card

    @property
    def side(self) -> str:
        role = self.believed
        if role in WOLF_SIDE:
            return "wolves"
        return "tanner" if role == "tanner" else "village"


def knowledge(view: SeatView) -> Knowledge:
    me = view.seat if view.seat is not None else -1
    k = Knowledge(me=me)
    tm_picks: list[int] = []
    for record in view.records:
        event = record.event if type(record) is SharedEventRecord else record  # a plain record is its event
        kind = type(event)  # exact types: no event class is subclassed, and a type test is cheaper
        if kind is RoleAssigned and isinstance(event, RoleAssigned) and event.seat == me:
            if event.reason == "deal":
                k.start = event.role
            k.card = event.role
        elif kind is Info and isinstance(event, Info):
            _learn(k, event)
        elif (
            kind is ChoiceMade
            and isinstance(event, ChoiceMade)
            and event.seat == me
            and event.option.startswith("seat:")
        ):
            target = int(event.option[5:])
            if event.decision == "robber_swap":
                k.robbed = target
            elif event.decision == "troublemaker_swap":
                tm_picks.append(target)
            elif event.decision in ("pi_look", "seer_look", "mystic_look"):
                k.looked.append(target)
        elif kind is Speech and isinstance(event, Speech) and event.seat == me:
            k.my_speeches += 1
    if len(tm_picks) == 2:
        k.swapped = (tm_picks[0], tm_picks[1])
    return k


def _learn(k: Knowledge, event: Info) -> None:
    if event.fact == "role" and event.subject is not None and event.value:
        if event.subject == k.me:
            k.card = event.value
        else:
            k.seen[event.subject] = event.value
    elif event.fact == "copied" and event.subject is not None and event.value:
        k.copied = event.value
        k.copy_target = event.subject
        k.seen[event.subject] = event.value
    elif event.fact == "center_role" and event.subject is not None and event.value:
        k.center[event.subject] = event.value
    elif event.fact == "converted" and event.value:
        k.converted = event.value
    elif event.fact == "team" and event.value == "wolves":
        k.wolves.update(s for s in event.seats if s != k.me)
    elif event.fact == "team" and event.value == "masons":
        k.masons.update(s for s in event.seats if s != k.me)
    elif event.fact == "wolves":
        k.wolves.update(s for s in event.seats if s != k.me)


# -- reading the table's reports ------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class Report:
    key: str
    speaker: int
    target: int | None = None
    role: str | None = None
    result: str | None = None


@lru_cache(maxsize=64)
def _patterns(language: str, names: tuple[str, ...]) -> tuple[tuple[str, re.Pattern[str]], ...]:
    data = optional_yaml("prompts", f"{language}/{VARIANT}/canned.yaml")
    if not isinstance(data, dict):
        return ()
    role_names = terms(language, VARIANT).get("roles", {})
    names_alt = "|".join(re.escape(n) for n in sorted(names, key=len, reverse=True))
    roles_alt = "|".join(re.escape(str(n)) for n in sorted(role_names.values(), key=len, reverse=True))
    compiled: list[tuple[str, re.Pattern[str]]] = []
    for key in REPORT_KEYS:
        for line in data.get(key) or ():
            compiled.append((key, re.compile(template_regex(str(line), names_alt, roles_alt))))
    return tuple(compiled)


@lru_cache(maxsize=4096)
def _parse(language: str, names: tuple[str, ...], speaker: int, text: str) -> Report | None:
    if not text:
        return None
    role_ids = {str(v): k for k, v in terms(language, VARIANT).get("roles", {}).items()}
    for key, pattern in _patterns(language, names):
        match = pattern.fullmatch(text.strip())
        if match is None:
            continue
        found = match.groupdict()
        target = names.index(found["target"]) if found.get("target") in names else None
        role = role_ids.get(found.get("role") or "")
        return Report(key=key, speaker=speaker, target=target, role=role, result=found.get("result"))
    return None


def _from_acts(event: Speech, view: SeatView) -> Report | None:
    """A report read from a speech's acts (llm_werewolf.speech.intent.heard_intent)."""
    intent = heard_intent(event.acts, VARIANT, view.names)
    if intent.key not in REPORT_KEYS:
        return None
    return Report(key=intent.key, speaker=event.seat, target=intent.target, role=intent.role, result=intent.result)


Reports = dict[int, tuple[Speech, Report | None]]
"""The report in each speech of a game read so far, by the speech's identity (kept with it)."""


def _reports_memo(view: SeatView) -> Reports:
    """The reports read from the speeches of ``view``'s game: one memo per game, shared by its seats and
    gone with the game (``speech.table_reading.game_memo``)."""
    return game_memo(view, "one_night_reports")


def _report(event: Speech, view: SeatView, memo: Reports) -> Report | None:
    """The report in one speech, read once a game: speeches are immutable records, so the reading is kept
    (keyed by the record's identity, which is checked, as in talk.heard)."""
    cached = memo.get(id(event))
    if cached is not None and cached[0] is event:
        return cached[1]
    report = _from_acts(event, view) if event.acts else _parse(view.language, view.names, event.seat, event.text)
    memo[id(event)] = (event, report)
    return report


def reports(view: SeatView, *, own: bool = False) -> list[Report]:
    found: list[Report] = []
    memo = _reports_memo(view)
    for record in view.records:
        event = record.event if type(record) is SharedEventRecord else record  # a plain record is its event
        if type(event) is Speech and (own or event.seat != view.seat):
            report = _report(event, view, memo)
            if report is not None:
                found.append(report)
    return found


class TableTalk(NamedTuple):
    """What a vote reads from the speeches, in one pass over the records (:func:`table_talk`)."""

    reports: list[Report]  # every speech's report, the seat's own included, oldest first (:func:`reports`)
    claims: dict[int, str | None]  # :func:`claims`
    seed: int  # the CRC of the public speeches' texts: a number every seat computes alike


def table_talk(view: SeatView) -> TableTalk:
    """:func:`reports` (``own=True``), :func:`claims` and the public seed of ``view``, read in one pass."""
    found: list[Report] = []
    latest: dict[int, str | None] = {}
    talk: list[str] = []
    memo = _reports_memo(view)
    for record in view.records:
        event = record.event if type(record) is SharedEventRecord else record  # a plain record is its event
        if type(event) is not Speech:
            continue
        report = _report(event, view, memo)
        if report is not None:
            found.append(report)
        if event.claim is not None or event.seat not in latest:
            latest[event.seat] = event.claim
        if event.to is None:
            talk.append(event.text)
    return TableTalk(found, latest, zlib.crc32("|".join(talk).encode()))


def claims(view: SeatView) -> dict[int, str | None]:
    """Each speaker's latest claim (``None`` for a seat that spoke without claiming)."""
    latest: dict[int, str | None] = {}
    for record in view.records:
        event = record.event if type(record) is SharedEventRecord else record  # a plain record is its event
        if type(event) is Speech and (event.claim is not None or event.seat not in latest):
            latest[event.seat] = event.claim
    return latest


# -- suspicion ----------------------------------------------------------------------------


def suspicion(view: SeatView, k: Knowledge, talk: TableTalk | None = None) -> dict[int, float]:
    """How much this seat suspects each other seat of holding a werewolf card now.

    Evidence about *cards* (what was seen at night, before the Robber and the
    Troublemaker) follows the swaps this seat made or heard reported; evidence
    about *players* (lies: impossible or duplicated claims) stays with the player.
    """
    players = len(view.names)
    card = [0.0] * players
    liar = [0.0] * players
    for j, seen in k.seen.items():
        card[j] += 10.0 if seen in WOLF_CARDS else -3.0
    for j in k.wolves:
        card[j] += 8.0
    honest_me = k.side == "village"
    moves: list[tuple[int, int, int]] = []
    if talk is None:
        talk = table_talk(view)
    said = talk.claims
    for report in talk.reports:
        if report.speaker != view.seat:  # what :func:`reports` gives: the others' reports
            _weigh(view, said, card, liar, moves, report, k, honest_me)
    if k.robbed is not None:
        moves.append((0, k.me, k.robbed))
    if k.swapped is not None:
        moves.append((1, *k.swapped))
    for _, a, b in sorted(moves, key=lambda move: move[0]):
        card[a], card[b] = card[b], card[a]
    _weigh_claims(view, said, liar, k, honest_me)
    return {j: card[j] + liar[j] for j in range(players) if j != k.me}


def _weigh_claims(
    view: SeatView, said: Mapping[int, str | None], liar: list[float], k: Knowledge, honest_me: bool
) -> None:
    """Count the claimed roles ``said`` (:func:`claims`; seed tip: two Seers means one lies)."""
    counts: dict[str, int] = {}
    for role in said.values():
        if role is not None:
            counts[role] = counts.get(role, 0) + 1
    copies = {role: view.deck.count(role) for role in set(view.deck)}
    silent = SILENT_WITH_TANNER if "tanner" in copies else SILENT
    if honest_me:
        counts[k.start] = counts.get(k.start, 0) + (0 if said.get(k.me) == k.start else 1)
    for j, role in said.items():
        if j == k.me:
            continue
        if role is None:
            liar[j] += silent
        elif role not in copies or (honest_me and role == k.start and copies[role] == 1):
            liar[j] += 6.0
        elif counts[role] > copies[role]:
            liar[j] += DUPLICATE


def _weigh(
    view: SeatView,
    said: Mapping[int, str | None],
    card: list[float],
    liar: list[float],
    moves: list[tuple[int, int, int]],
    report: Report,
    k: Knowledge,
    honest_me: bool,
) -> None:
    speaker, target = report.speaker, report.target
    if target is None:
        return
    me_lied_about = target == k.me and honest_me
    if report.key in ("seer_report", "pi_report", "doppel_report"):
        if me_lied_about:
            if report.role != k.start and k.start != "doppelganger":
                liar[speaker] += 6.0
        else:
            weight = 2.5 if _contested(said, view.deck, report.speaker) else 5.0
            card[target] += weight if report.role in WOLF_CARDS else -1.0
    elif report.key == "little_girl_report":
        if me_lied_about:
            liar[speaker] += 6.0
        else:
            card[target] += 4.0
    elif report.key == "robber_report":
        if report.role in WOLF_CARDS:
            liar[speaker] += 8.0
        elif me_lied_about and report.role != k.start:
            liar[speaker] += 6.0
        moves.append((0, speaker, target))
    elif report.key == "troublemaker_report" and report.result in view.names:
        moves.append((1, target, view.names.index(report.result)))
    elif report.key == "mason_report" and me_lied_about and k.start != "mason":
        liar[speaker] += 6.0


def _best(score: Mapping[int, float], options: list[Option], table: int) -> Option:
    """The most suspected option; ties go the same way for every player (a draw from the public
    talk, ``table``: :attr:`TableTalk.seed`), so village players who read the table alike vote together
    instead of scattering."""
    ranked = sorted(options, key=lambda o: (-score.get(o.target or 0, 0.0), lean(o.target or 0, table)))
    return ranked[0]


# -- decisions ------------------------------------------------------------------------------


def decide(view: SeatView, decision: Decision, rng: random.Random) -> Choice:
    if decision.kind == "speech":
        return _speech(view, decision, rng)
    if decision.kind == "vote":
        return _vote(view, decision, rng)
    return _night(view, decision, rng)


@dataclass(frozen=True, slots=True)
class NightReading:
    """What a role's tactic reads (:class:`llm_werewolf.rules.variants.one_night.unit.Reading`): this seat's
    night knowledge and this decision's draws."""

    wolves: frozenset[int]
    looked: tuple[int, ...]
    robbed: int | None
    draws: random.Random

    def pick_seat(self, decision: Decision, avoid: frozenset[int]) -> Option | None:
        return pick_seat(decision, self.draws, avoid=avoid)


def reading(view: SeatView, rng: random.Random) -> NightReading:
    """The seat's reading for the roles' tactics, drawing from ``rng``."""
    k = knowledge(view)
    return NightReading(frozenset(k.wolves), tuple(k.looked), k.robbed, rng)


def _night(view: SeatView, decision: Decision, rng: random.Random) -> Choice:
    """The role's tactic (``rules/variants/one_night``: ``actions/`` and ``units/``), else a random target."""
    read = reading(view, rng)
    tactic = TACTICS.get(decision.kind)
    chosen = tactic(read, decision) if tactic is not None else None
    if chosen is None or decision.option(chosen.option) is None:
        return any_target(read, decision)
    return chosen


def _vote(view: SeatView, decision: Decision, rng: random.Random) -> Choice:
    k = knowledge(view)
    options = seat_options(decision)
    if k.side == "tanner":
        return Choice(rng.choice(options).id)
    if k.side == "wolves":
        return Choice(_wolf_target(view, k, options).id)
    talk = table_talk(view)
    score = suspicion(view, k, talk)
    best = _best(score, options, talk.seed)
    if score.get(best.target or 0, 0.0) < EVIDENCE:
        unsuspected = [o for o in options if score.get(o.target or 0, 0.0) >= 0.0] or options
        return Choice(rng.choice(unsuspected).id)
    return Choice(best.id)


def _wolf_target(view: SeatView, k: Knowledge, options: list[Option]) -> Option:
    """All wolves name the same non-wolf: the one the table suspects most, then the lowest seat."""
    pool = [o for o in options if o.target not in k.wolves] or options
    table = {j: 0 for j in range(len(view.names))}
    for report in reports(view, own=True):
        if report.target is not None and report.role in WOLF_CARDS:
            table[report.target] += 1
    return min(pool, key=lambda o: (-table.get(o.target or 0, 0), o.target or 0))


def _speech(view: SeatView, decision: Decision, rng: random.Random) -> Choice:
    k = knowledge(view)
    whispers = [o for o in decision.options if o.kind == "whisper" and o.target in (k.wolves | k.masons)]
    if whispers and rng.random() < 0.3:
        return Choice(rng.choice(whispers).id, text=canned_speech(view, "whisper", rng))
    if k.my_speeches == 0:
        framed = _frame(view, k) if k.side == "wolves" else None
        if framed is not None:  # a fake Seer report: the claim and a made-up result
            return act_speech(
                view, decision, rng, "seer_report", option="speak", target=framed, role="werewolf", claim="seer"
            )
        text, claim = _opening(view, k, rng)
        if k.side == "tanner":
            return answered_line(view, decision, rng, text, option="speak")
        return act_speech(view, decision, rng, "report", option="speak", claim=claim)  # the claim and real results
    if k.start == "doppelganger" and k.my_speeches == 1 and k.side == "village":
        text, claim = _village_report(view, k, k.acting, rng)
        if text:
            return act_speech(view, decision, rng, "report", option="speak", claim=claim)
    if k.side == "tanner":
        return answered_line(view, decision, rng, canned_speech(view, "tanner_bait", rng), option="speak")
    if k.side == "wolves":
        others = (Option(f"seat:{j}", "seat", j) for j in range(len(view.names)) if j != k.me)
        options = [o for o in others if o.target not in k.wolves]
        if options:
            target = _wolf_target(view, k, options).target
            return act_speech(view, decision, rng, "accuse", option="speak", target=target)
    score = suspicion(view, k)
    if score:
        target, value = max(score.items(), key=lambda kv: (kv[1], -kv[0]))
        if value >= 4.0:
            return act_speech(view, decision, rng, "accuse", option="speak", target=target)
    return act_speech(view, decision, rng, "neutral", option="speak")


def _opening(view: SeatView, k: Knowledge, rng: random.Random) -> tuple[str, str | None]:
    if k.side == "tanner":
        return canned_speech(view, "tanner_bait", rng), None
    if k.side == "wolves":
        role = _safe_claim(view, k, rng)
        return canned_speech(view, "claim", rng, role=role), role
    if k.start == "doppelganger" and k.copied is not None:
        text = canned_speech(view, "doppel_report", rng, target=k.copy_target, role=k.copied)
        return text, "doppelganger"
    text, claim = _village_report(view, k, k.start, rng)
    return text or canned_speech(view, "claim", rng, role=k.start), claim or k.start


def _village_report(view: SeatView, k: Knowledge, role: str, rng: random.Random) -> tuple[str, str | None]:
    """The honest report of what ``role``'s night action showed this seat ("" if nothing)."""
    claim = "doppelganger" if k.start == "doppelganger" else role
    looked = [j for j in k.looked if j in k.seen]
    if role in ("seer", "paranormal_investigator") and looked:
        key = "seer_report" if role == "seer" else "pi_report"
        return canned_speech(view, key, rng, target=looked[0], role=k.seen[looked[0]]), claim
    if role == "seer" and len(k.center) >= 2:
        first, second = (k.center[s] for s in sorted(k.center)[:2])
        result = role_name(view.language, VARIANT, second)
        return canned_speech(view, "seer_center_report", rng, role=first, result=result), claim
    if role == "robber" and k.robbed is not None:
        return canned_speech(view, "robber_report", rng, target=k.robbed, role=k.card), claim
    if role == "troublemaker" and k.swapped is not None:
        a, b = k.swapped
        return canned_speech(view, "troublemaker_report", rng, target=a, result=view.names[b]), claim
    if role == "insomniac":
        return canned_speech(view, "insomniac_report", rng, role=k.card), claim
    if role == "mason":
        if k.masons:
            return canned_speech(view, "mason_report", rng, target=min(k.masons)), claim
        return canned_speech(view, "mason_alone", rng), claim
    if role == "little_girl" and any(i.fact == "wolves" for i in _infos(view)):
        if k.wolves:
            return canned_speech(view, "little_girl_report", rng, target=min(k.wolves)), claim
        return canned_speech(view, "little_girl_nobody", rng), claim
    if role == "drunk":
        return canned_speech(view, "drunk_claim", rng), claim
    return "", None


def _infos(view: SeatView) -> list[Info]:
    return [r.event for r in view.records if isinstance(r.event, Info)]


def _safe_claim(view: SeatView, k: Knowledge, rng: random.Random) -> str:
    """A role a wolf can claim: a village card seen in the center (nobody holds it), else a
    village role of the deck with a card nobody has claimed yet (Villager first)."""
    for card in k.center.values():
        if card not in WOLF_SIDE and card not in UNSAFE_CLAIMS:
            return card
    taken = Counter(role for role in claims(view).values() if role is not None)
    free = sorted(
        role
        for role in set(view.deck)
        if role not in WOLF_SIDE and role not in UNSAFE_CLAIMS and taken[role] < view.deck.count(role)
    )
    if "villager" in free:
        return "villager"
    return rng.choice(free) if free else "villager"


def _frame(view: SeatView, k: Knowledge) -> int | None:
    """A wolf's fake Seer report: in some games, while nobody has claimed Seer yet, the wolf
    claims it and names a non-wolf as a werewolf (the seat the whole team then votes)."""
    if "seer" not in view.deck or "seer" in claims(view).values():
        return None
    draw = team_draw(f"frame:{k.me}:{view.names}:{sorted(k.wolves)}")
    if draw.random() >= FRAME_CHANCE:
        return None
    pool = [j for j in range(len(view.names)) if j != k.me and j not in k.wolves]
    return draw.choice(pool) if pool else None


def _contested(said: Mapping[int, str | None], deck: tuple[str, ...], speaker: int) -> bool:
    """Whether the role ``speaker`` claims is claimed (``said``: :func:`claims`) more often than ``deck`` holds it."""
    role = said.get(speaker)
    if role is None:
        return False
    return sum(1 for r in said.values() if r == role) > deck.count(role)
