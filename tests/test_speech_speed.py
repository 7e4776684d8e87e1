"""The speed-ups of speech decisions (issue 17) give exactly what the plain code gives.

Each memo or shortcut is compared with a fresh computation over whole heuristic games of every
ruleset, at every decision of every seat; the byte-identical transcripts themselves are checked by
``bench/heuristic_digest.py``.
"""

from __future__ import annotations

import copy
import dataclasses
import random
import re
import zlib
from string import Template

import pytest

from llm_werewolf.agents.heuristic import HeuristicAgent, decision_rng
from llm_werewolf.agents.heuristics import record_scan, talk
from llm_werewolf.agents.heuristics.common import DeferredRandom, team_draw
from llm_werewolf.agents.heuristics.record_scan import ScanMemory
from llm_werewolf.ladder import standard_boards
from llm_werewolf.rules import Choice, Decision, GameConfig, SeatView, all_rulesets, get_ruleset
from llm_werewolf.rules.act_legality import SpeechChecker, act_can_follow, check_view_acts
from llm_werewolf.rules.act_vocabulary import vocabulary
from llm_werewolf.rules.acts import Act
from llm_werewolf.rules.errors import IllegalAct
from llm_werewolf.rules.events import (
    ChoiceMade,
    EventBody,
    Info,
    RoleAssigned,
    SharedEventRecord,
    Speech,
    Visibility,
    make_record,
)
from llm_werewolf.sim import SyncAgent, play_with_agents
from llm_werewolf.speech import knowledge
from llm_werewolf.speech.table_reading import game_memo
from llm_werewolf.texts import terms

VARIANTS = [r.id for r in all_rulesets()]


def _views(variant: str, seed: int = 4) -> list[SeatView]:
    """Every view a seat decided on in one all-heuristic game of ``variant``'s largest standard board."""
    players = max(standard_boards(variant))
    seen: list[SeatView] = []

    class Keeping(HeuristicAgent):
        def choose(self, view: SeatView, decision: Decision) -> Choice:
            seen.append(view)
            return super().choose(view, decision)

    names = tuple(f"P{i + 1}" for i in range(players))
    play_with_agents(GameConfig(variant=variant, names=names, seed=seed), [Keeping(i) for i in range(players)])
    return seen


def test_the_decision_generator_is_random_random_of_its_text() -> None:
    for seed in (0, 7, 1009 * 12 + 3, -5):
        for index, seat in ((0, 0), (17, 3), (403, 11)):
            decision = Decision(id=index, seat=seat, kind="vote", options=())
            fast = decision_rng(seed, decision)
            plain = random.Random(f"{seed}:{decision.id}:{decision.seat}")
            assert fast.getstate() == plain.getstate()
            assert [fast.random(), fast.randrange(12), fast.gauss(0, 1)] == [
                plain.random(),
                plain.randrange(12),
                plain.gauss(0, 1),
            ]
            items = list(range(20))
            other = list(items)
            fast.shuffle(items)
            plain.shuffle(other)
            assert items == other


@pytest.mark.parametrize("first", ["random", "choice", "randrange", "shuffle", "gauss", "getstate", "copy", "seed"])
@pytest.mark.parametrize(
    "seed", [int.from_bytes(b"1009:17:3" + bytes(range(64))), b"1009:17:3", zlib.crc32(b"exile:day:2:[1, 4]")]
)
def test_a_generator_seeded_at_its_first_draw_draws_as_random_random(first: str, seed: int | bytes) -> None:
    deferred: random.Random = DeferredRandom(seed)
    plain = random.Random(seed)
    for rng in (deferred, plain):  # the same first call on both
        if first == "choice":
            rng.choice(range(7))
        elif first == "randrange":
            rng.randrange(1000)
        elif first == "shuffle":
            rng.shuffle(list(range(9)))
        elif first == "gauss":
            rng.gauss(0, 1)
        elif first == "getstate":
            rng.getstate()
        elif first == "seed":
            rng.seed(5)
        elif first == "random":
            rng.random()
    if first == "copy":
        deferred = copy.deepcopy(deferred)
        assert type(deferred) is random.Random
    assert deferred.getstate() == plain.getstate()
    assert type(deferred) is random.Random  # a plain generator once seeded
    assert [deferred.random(), deferred.randrange(12), deferred.choice("abcdef"), deferred.getrandbits(40)] == [
        plain.random(),
        plain.randrange(12),
        plain.choice("abcdef"),
        plain.getrandbits(40),
    ]


def test_a_team_draw_draws_as_random_random_of_the_texts_crc() -> None:
    for text in ("exile:day:2:[1, 4]:('P1', 'P2', 'P3')", "bluff:[0, 5]", ""):
        drawn, plain = team_draw(text), random.Random(zlib.crc32(text.encode()))
        assert [drawn.random(), drawn.choice(range(9)), drawn.randrange(100)] == [
            plain.random(),
            plain.choice(range(9)),
            plain.randrange(100),
        ]
        assert drawn.getstate() == plain.getstate()


def _acts(view: SeatView, rng: random.Random) -> list[Act]:
    """Acts of every kind, legal and not, about this table's seats and roles."""
    seats = [*range(len(view.names) + 1), None]  # one seat past the table, and none
    roles = [*sorted(set(view.deck)), "no_such_role", None]
    facts = ["check", "saw_role", "saw_wolf", "saved", "investigated", "visited", "swapped", "nonsense", None]
    values = ["bad", "good", "yes", *sorted(set(view.deck)), None]
    kinds = ["claim", "result", "accuse", "vote", "ask", "defend", "disagree", "agree", "sing"]
    out: list[Act] = []
    for _ in range(8):
        kind = rng.choice(kinds)
        if kind == "claim":
            out.append(Act("claim", role=rng.choice(roles)))
        elif kind == "result":
            other = rng.choice(seats) if rng.random() < 0.2 else None
            out.append(
                Act("result", target=rng.choice(seats), other=other, fact=rng.choice(facts), value=rng.choice(values))
            )
        else:
            out.append(Act(kind, target=rng.choice(seats)))
    return out


@pytest.mark.parametrize("variant", VARIANTS)
def test_checking_the_new_act_agrees_with_checking_the_whole_speech(variant: str) -> None:
    rng = random.Random(variant)
    views = [v for v in _views(variant) if v.seat is not None]
    compared = kept = 0
    for view in rng.sample(views, min(40, len(views))):
        for _ in range(12):
            speech: list[Act] = []
            checker = SpeechChecker(view)  # the same check, with the table and the speech's claim kept
            for act in _acts(view, rng):
                try:
                    check_view_acts(view, [*speech, act])
                    whole = True
                except IllegalAct:
                    whole = False
                assert act_can_follow(view, speech, act) is whole, (speech, act)
                assert checker.can_follow(speech, act) is whole, (speech, act)
                compared += 1
                if whole:
                    speech.append(act)
                    checker.take(act)
                    kept += 1
    assert compared > 1000 and kept > 100  # both answers were tested, many times


class _Comparing(HeuristicAgent):
    """At every decision, the remembered results equal a reading of the whole view."""

    def __init__(self, seed: int, counts: dict[str, int]) -> None:
        super().__init__(seed)
        self.counts = counts

    def choose(self, view: SeatView, decision: Decision) -> Choice:
        if view.seat is not None:
            memo = game_memo(view, knowledge.KNOWN_RESULTS)  # the game's: each seat's results after its last view
            before = memo.get(view.seat)
            kept = knowledge.known_results(view)
            assert kept == knowledge._known_results(view)
            if before is not None and memo[view.seat].acts is before.acts:
                self.counts["kept"] += 1
            self.counts["compared"] += 1 if kept else 0
        return super().choose(view, decision)


@pytest.mark.parametrize("variant", VARIANTS)
def test_known_results_kept_between_decisions_equal_a_fresh_reading(variant: str) -> None:
    counts = {"kept": 0, "compared": 0}
    for players in standard_boards(variant):
        names = tuple(f"P{i + 1}" for i in range(players))
        for seed in (1, 2, 3):
            agents: list[SyncAgent] = [_Comparing(seed * 1009 + i, counts) for i in range(players)]
            play_with_agents(GameConfig(variant=variant, names=names, seed=seed), agents)
    assert counts["kept"] > 20  # the memo was used
    if vocabulary(variant).facts:
        assert counts["compared"] > 5  # and seats had results to compare


@pytest.mark.parametrize("variant", ["one_night", "chinese_werewolf", "online_mafia", "lebanese_ghouls", "city_mafia"])
def test_known_results_read_on_record_by_record_equal_a_fresh_reading(variant: str) -> None:
    """Each seat's view grown one record at a time (every night's results, saves and cards dealt in
    between): the results read on from the last view equal a reading of the whole view."""
    last: dict[int, SeatView] = {}
    for view in _views(variant, seed=2):
        if view.seat is not None:
            last[view.seat] = view
    read_on = 0
    for view in last.values():
        game_memo(view, knowledge.KNOWN_RESULTS).clear()
        for size in range(1, len(view.records) + 1):
            grown = dataclasses.replace(view, records=view.records[:size])
            assert knowledge.known_results(grown) == knowledge._known_results(grown), (view.seat, size)
        read_on += bool(knowledge._known_results(view))
    assert read_on > 0  # some seat had results


def test_a_card_dealt_later_changes_the_results_read_on() -> None:
    """A seat dealt a new card (a swap) reports that card's results too: results are read afresh, not on."""
    view = next(v for v in _views("chinese_werewolf", seed=2) if v.seat is not None and v.role == "villager")
    me, other = view.seat, next(i for i in range(len(view.names)) if i != view.seat)
    assert me is not None
    assert knowledge.known_results(view) == []  # a villager's records report nothing (kept)
    last, private = view.records[-1], Visibility("seats", (me,))
    dealt = make_record(last.seq + 1, last.phase, private, RoleAssigned(seat=me, role="seer", reason="swap"))
    told = make_record(last.seq + 2, last.phase, private, Info(fact="role", subject=other, value="werewolf"))
    grown = dataclasses.replace(view, records=(*view.records, dealt, told))
    assert knowledge.known_results(grown) == knowledge._known_results(grown) != []


def test_a_seat_is_never_given_another_seat_s_known_results() -> None:
    """Two seats' views over the very same records: each gets the results of its own seat.

    A memo keyed without the seat would hand the second seat the first one's results (the records
    continue the remembered ones exactly), and this test would fail.
    """
    checked = 0
    for view in _views("chinese_werewolf", seed=2):
        first = knowledge.known_results(view)
        checks = [a.target for a in first if a.target is not None and a.target != view.seat]
        if not checks:
            continue
        other = dataclasses.replace(view, seat=checks[0])
        fresh = knowledge._known_results(other)
        assert fresh != first  # a seat reports no check on itself
        assert knowledge.known_results(other) == fresh
        assert knowledge.known_results(view) == first
        checked += 1
    assert checked > 0


@pytest.mark.parametrize("variant", VARIANTS)
def test_statements_heard_incrementally_equal_a_fresh_hearing(variant: str) -> None:
    memories: dict[int | None, ScanMemory] = {}  # one per seat, as each agent holds its own
    resumed = 0
    for view in _views(variant):
        memory = memories.setdefault(view.seat, ScanMemory())
        resumed += memory.recall(view.seat, talk.HEARD, view.records)[0] > 0
        kept = talk.heard(view, memory)
        assert kept == talk.heard(view)
        assert memory.recall(view.seat, talk.HEARD, view.records) == (len(view.records), kept)
    assert resumed > 10  # most hearings read only the records added since


def test_classes_tested_exactly_have_no_subclasses_and_only_a_shared_record_holds_its_event() -> None:
    """Readers test ``type(record) is Speech`` (and Info, RoleAssigned, ChoiceMade) before calling
    ``record.event``: right only while no event class is subclassed and only a shared record's
    ``event`` is another object."""
    for cls in (Speech, Info, RoleAssigned, ChoiceMade):
        assert cls.__subclasses__() == []

    def subclasses(cls: type) -> list[type]:
        found: list[type] = []
        subs: list[type] = cls.__subclasses__()
        for sub in subs:
            found += [sub, *subclasses(sub)]
        return found

    overriding = [c for c in subclasses(EventBody) if "event" in vars(c)]
    assert overriding == [SharedEventRecord]


def test_the_memo_keys_hold_every_field_of_an_act() -> None:
    """``voice._FILLED`` keys an act by these fields: a new field must join them."""
    assert [f.name for f in dataclasses.fields(Act)] == ["kind", "target", "other", "role", "fact", "value", "refs"]


def test_the_compiled_setter_sets_every_field_and_takes_only_names() -> None:
    @dataclasses.dataclass
    class Facts:
        a: int = 0
        b: list[int] = dataclasses.field(default_factory=list)

    facts = Facts()
    kept = [1, 2]
    record_scan._setter(("a", "b"))(facts, (7, kept))
    assert facts.a == 7 and facts.b is kept
    record_scan._setter(("b",))(facts, ([3],))
    assert facts.b == [3]
    with pytest.raises(ValueError):
        record_scan._setter(("a", "b = 1; import os; x"))


def _parsed_by_every_line(
    language: str, variant: str, names: tuple[str, ...], text: str
) -> tuple[str, int | None, str | None] | None:
    """``talk.parse`` as every canned line's regex reads ``text``, without looking at the line's pieces first."""
    stripped = text.strip()
    role_ids = {str(v): k for k, v in terms(language, variant).get("roles", {}).items()}
    for line in talk._patterns(language, variant, names):
        match = re.compile(line.source).fullmatch(stripped)
        if match is not None:
            found = match.groupdict()
            target = names.index(found["target"]) if found.get("target") in names else None
            return line.key, target, role_ids.get(found.get("role") or "")
    return None


@pytest.mark.parametrize("variant", VARIANTS)
def test_canned_lines_read_back_as_every_lines_regex_reads_them(variant: str) -> None:
    names = ("Ana", "Bo", "Cy", "Dee")
    checked = 0
    for language in get_ruleset(variant).languages:
        roles = [str(r) for r in terms(language, variant).get("roles", {}).values()] or ["x"]
        for index, line in enumerate(talk._patterns(language, variant, names)):
            for text in (
                Template(line.source.replace("\\", "")).safe_substitute(),  # a regex is no line: read as no line
                *(
                    Template(template).safe_substitute(target=names[1], role=roles[index % len(roles)], me=names[0])
                    for template in _canned_templates(language, variant, line.key)
                ),
                "a speech in a player's own words",
            ):
                assert talk.parse.__wrapped__(language, variant, names, text) == _parsed_by_every_line(
                    language, variant, names, text
                )
                checked += 1
    assert checked > 0


def _canned_templates(language: str, variant: str, key: str) -> list[str]:
    return talk._canned(language, variant).get(key, [])
