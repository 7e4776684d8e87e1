"""The table's shared reading of the public record equals a fresh reading of each seat's own view."""

from __future__ import annotations

import dataclasses
from collections import Counter

from llm_werewolf.agents.heuristic import HeuristicAgent
from llm_werewolf.ladder import standard_boards
from llm_werewolf.rules import Choice, Decision, GameConfig, SeatView, all_rulesets
from llm_werewolf.rules.acts import Act
from llm_werewolf.rules.events import Speech, VoteCast
from llm_werewolf.sim import SyncAgent, play_with_agents
from llm_werewolf.speech import planner
from llm_werewolf.speech import table_reading as reading_module
from llm_werewolf.speech.grounding import reasons_about
from llm_werewolf.speech.intent import claim_of
from llm_werewolf.speech.planner import TIMES_STATED, owing, questions_to, rebuttal, stated_reasons
from llm_werewolf.speech.repeats import templates_worn
from llm_werewolf.speech.table_reading import TableReading, table_reading, worn_in


def _public_speeches(view: SeatView) -> list[tuple[int, str, Speech]]:
    return [
        (r.seq, r.phase, e)
        for r in view.records
        if type(e := r.event) is Speech and e.to is None and r.vis.scope == "public"
    ]


def reasons_read_afresh(view: SeatView, seat: int) -> list[Act]:
    """The reasons about ``seat``, read from every record of ``view`` at once (the definition in
    ``speech.grounding``'s docstring, without any shared reading)."""
    today = view.phase
    speeches = _public_speeches(view)
    found: list[Act] = []
    first = next(
        ((seq, s.seat, t) for seq, phase, s in speeches if phase == today for t in [_named(s)] if t is not None), None
    )
    if first is not None and first[1] == seat:
        found.append(Act("reason", target=seat, other=first[2], fact="named_first", refs=(first[0],)))
    own = [(seq, phase, s) for seq, phase, s in speeches if s.seat == seat]
    worded = [(seq, s) for seq, phase, s in own if phase == today and s.text.strip()]
    talking = [seq for seq, s in worded if (any(a.kind != "ask" for a in s.acts) if s.acts else True)]
    if worded and not talking:
        found.append(Act("reason", target=seat, fact="quiet", refs=tuple(seq for seq, _ in worded)))
    ballots = [
        (r.seq, e.target)
        for r in view.records
        if type(e := r.event) is VoteCast and r.vis.scope == "public"
        if e.seat == seat and e.target not in (None, seat)
    ]
    if ballots:
        found.append(Act("reason", target=seat, other=ballots[-1][1], fact="voted", refs=(ballots[-1][0],)))
    claims = [(seq, r) for seq, _, s in own if (r := _claimed(s)) is not None]
    if claims:
        found.append(Act("reason", target=seat, role=claims[-1][1], fact="claimed", refs=(claims[-1][0],)))
    named = [(seq, t) for seq, _, s in own if (t := _named(s)) is not None and t != view.seat]
    if named and not any(a.fact == "named_first" and a.other == named[-1][1] for a in found):
        found.append(Act("reason", target=seat, other=named[-1][1], fact="accused", refs=(named[-1][0],)))
    return found


def _claimed(speech: Speech) -> str | None:
    return next((role for a in speech.acts if (role := claim_of(a)) is not None), None)


def _named(speech: Speech) -> int | None:
    return next((a.target for a in speech.acts if a.kind in ("accuse", "vote")), None)


def worn_read_afresh(view: SeatView) -> dict[str, tuple[int, int, int]]:
    said = [(phase == view.phase, s.seat == view.seat, s.text) for _, phase, s in _public_speeches(view) if s.text]
    return templates_worn(view.language, view.variant, said)


def stated_by_phase_read_afresh(view: SeatView) -> dict[str, Counter[str | None]]:
    """The kinds of fact given as reasons in each phase, counted over the view's public speeches."""
    counts: dict[str, Counter[str | None]] = {}
    for record in view.records:
        event = record.event
        if isinstance(event, Speech) and event.to is None and record.vis.scope == "public":
            facts = [a.fact for a in event.acts if a.kind == "reason"]
            if facts:
                counts.setdefault(record.phase, Counter()).update(facts)
    return counts


def stated_read_afresh(view: SeatView) -> frozenset[tuple[str | None, int | None, int | None, str | None]]:
    counts = Counter(
        (a.fact, a.target, a.other, a.role) for _, _, s in _public_speeches(view) for a in s.acts if a.kind == "reason"
    )
    return frozenset(fact for fact, times in counts.items() if times >= TIMES_STATED)


def owing_read_afresh(view: SeatView) -> frozenset[int]:
    """Seats asked a question in a public speech after their own last public speech."""
    speeches = [s for _, _, s in _public_speeches(view)]
    last_spoke = {s.seat: index for index, s in enumerate(speeches)}
    return frozenset(
        a.target
        for index, s in enumerate(speeches)
        for a in s.acts
        if a.kind == "ask" and a.target is not None and last_spoke.get(a.target, -1) <= index
    )


def sides_read_afresh(view: SeatView) -> tuple[dict[str, int], dict[str, list[int]], dict[str, int]]:
    """Per phase: the first speaker to accuse or vote, the claimers in order, the speeches that agree."""
    first: dict[str, int] = {}
    claimers: dict[str, list[int]] = {}
    agreeing: dict[str, int] = {}
    for _, phase, speech in _public_speeches(view):
        if any(a.kind in ("accuse", "vote") for a in speech.acts):
            first.setdefault(phase, speech.seat)
        if _claimed(speech) is not None:
            claimers.setdefault(phase, []).append(speech.seat)
        if any(a.kind == "agree" for a in speech.acts):
            agreeing[phase] = agreeing.get(phase, 0) + 1
    return first, claimers, agreeing


def since_last_speech_read_afresh(view: SeatView) -> tuple[list[tuple[int, str]], list[Act]]:
    """``questions_to`` and ``rebuttal`` (attacking nobody) of the seat, read from the public speeches
    of others since the seat's own last public speech."""
    speeches = [s for _, _, s in _public_speeches(view)]
    own = [i for i, s in enumerate(speeches) if s.seat == view.seat]
    since = speeches[own[-1] + 1 :] if own else speeches
    asked: dict[int, str] = {}
    accuser: int | None = None
    reporter: tuple[int, bool] | None = None
    for speech in since:
        for act in speech.acts:
            if act.target != view.seat:
                continue
            if act.kind == "ask":
                asked.pop(speech.seat, None)
                asked[speech.seat] = act.fact if act.fact in ("role", "vote", "trust") else "vote"
            elif act.kind in ("accuse", "vote"):
                accuser = speech.seat
            elif act.kind == "result" and act.value in ("bad", "good"):
                reporter = (speech.seat, act.value == "bad")
    out: list[Act] = []
    if reporter is not None:
        if reporter[1]:
            accuser = reporter[0]
        else:
            out.append(Act("agree", target=reporter[0]))
    if accuser is not None and view.alive[accuser]:
        out += [Act("disagree", target=accuser), Act("defend", target=view.seat)]
    return list(asked.items()), out


def speeches_read_afresh(view: SeatView) -> list[tuple[object, ...]]:
    """Each public speech as the table reads it (``PublicSpeech`` but its phrasings), one field at a time."""
    return [
        (
            seq,
            phase,
            s,
            _named(s),
            any(a.kind in ("accuse", "vote") for a in s.acts),
            _claimed(s),
            any(a.kind != "ask" for a in s.acts) if s.acts else bool(s.text.strip()),
            bool(s.text.strip()),
            tuple((a.fact, a.target, a.other, a.role) for a in s.acts if a.kind == "reason"),
        )
        for seq, phase, s in _public_speeches(view)
    ]


def accusers_read_afresh(view: SeatView) -> list[tuple[int, int]]:
    """(seat, seq) of every public speech by another seat that accused or meant to vote for the viewer."""
    return [
        (s.seat, seq)
        for seq, _, s in _public_speeches(view)
        if s.seat != view.seat and any(a.kind in ("accuse", "vote") and a.target == view.seat for a in s.acts)
    ]


class Checking(HeuristicAgent):
    """At each of its decisions, the shared reading (and what is read from it) equals a fresh reading."""

    def __init__(self, seed: int, checked: list[str]) -> None:
        super().__init__(seed)
        self.checked = checked

    def choose(self, view: SeatView, decision: Decision) -> Choice:
        if view.records:
            shared = table_reading(view)
            fresh = TableReading(view.records[0], view.language, view.variant)
            assert fresh.advance(view)
            assert len(shared.records) == len(fresh.records)
            assert all(a is b for a, b in zip(shared.records, fresh.records, strict=True))  # the same objects
            assert all(r.vis.scope == "public" for r in shared.records)
            assert shared.speeches == fresh.speeches and shared.votes == fresh.votes
            assert shared.stated == fresh.stated and shared.worn_table == fresh.worn_table
            assert [tuple(s)[:-1] for s in shared.speeches] == speeches_read_afresh(view)
            assert shared.stated_by_phase == stated_by_phase_read_afresh(view)
            assert [s.naming for s in shared.speeches] == [
                any(a.kind in ("accuse", "vote") for a in s.speech.acts) for s in shared.speeches
            ]
            assert worn_in(view) == worn_read_afresh(view)
            assert stated_reasons(view) == stated_read_afresh(view)
            assert owing(view) == owing_read_afresh(view)
            assert (questions_to(view), rebuttal(view, None)) == since_last_speech_read_afresh(view)
            assert (shared.first_naming, shared.claimers, shared.agreeing) == sides_read_afresh(view)
            assert planner._accusers(view) == accusers_read_afresh(view)
            for seat in range(len(view.names)):
                assert reasons_about(view, seat) == reasons_read_afresh(view, seat), (seat, len(view.records))
                assert reasons_about(view, seat) == reasons_read_afresh(view, seat)  # kept, as read now
                fresh_claimed = any(a.fact == "claimed" for a in reasons_read_afresh(view, seat))
                assert planner._claimed(view, seat) is fresh_claimed  # the reading's index of claims
            self.checked.append(view.variant)
        return super().choose(view, decision)


def test_shared_reading_equals_a_fresh_reading_at_every_decision_of_every_ruleset() -> None:
    checked: list[str] = []
    for ruleset in all_rulesets():
        players = standard_boards(ruleset.id)[0]
        names = tuple(f"P{i + 1}" for i in range(players))
        for seed in (1, 2):
            agents: list[SyncAgent] = [Checking(seed * 1009 + i, checked) for i in range(players)]
            play_with_agents(GameConfig(variant=ruleset.id, names=names, seed=seed), agents)
    assert set(checked) == {r.id for r in all_rulesets()}
    assert len(checked) > 500


def _game_views(variant: str, players: int, seed: int) -> list[SeatView]:
    views: list[SeatView] = []

    class Keeping(HeuristicAgent):
        def choose(self, view: SeatView, decision: Decision) -> Choice:
            views.append(view)
            return super().choose(view, decision)

    names = tuple(f"P{i + 1}" for i in range(players))
    agents: list[SyncAgent] = [Keeping(i) for i in range(players)]
    play_with_agents(GameConfig(variant=variant, names=names, seed=seed), agents)
    return views


def test_reading_follows_new_records_and_is_not_reused_for_other_records() -> None:
    views = _game_views("city_mafia", 9, 4)
    late = views[-1]
    early = next(v for v in views if v.seat == late.seat and sum(isinstance(r.event, Speech) for r in v.records) > 2)
    reading_module._READINGS.clear()  # the game's reading was read to its end while it was played
    at_early = table_reading(early)
    count = len(at_early.speeches)
    assert table_reading(late) is at_early  # the same game's reading, read on
    assert len(at_early.speeches) > count
    # A view that lags behind the reading gets a reading of its own, as of that view.
    behind = table_reading(early)
    assert behind is not at_early and len(behind.speeches) == count
    # The same game replayed (new record objects) is read afresh, not from the first game's reading.
    replayed = _game_views("city_mafia", 9, 4)[-1]
    assert [r.seq for r in replayed.records] == [r.seq for r in late.records]
    assert table_reading(replayed) is not table_reading(late)
    # A view whose records differ from the ones read (a changed record) is not given the shared reading.
    index = next(i for i, r in enumerate(late.records) if type(r.event) is Speech and r.vis.scope == "public")
    changed = dataclasses.replace(late.records[index], text="changed")  # type: ignore[type-var]
    original = late.records[index]
    changed.seq, changed.phase, changed.vis = original.seq, original.phase, original.vis
    other_seat = next(i for i in range(9) if i != late.seat)
    edited = dataclasses.replace(
        late, seat=other_seat, records=(*late.records[:index], changed, *late.records[index + 1 :])
    )
    own = table_reading(edited)
    assert own is not table_reading(late)
    assert any(s.speech.text == "changed" for s in own.speeches)


def test_readings_kept_are_bounded() -> None:
    for seed in range(reading_module._READINGS_MAX + 2):
        _game_views("one_night", 6, 100 + seed)
    assert len(reading_module._READINGS) <= reading_module._READINGS_MAX
