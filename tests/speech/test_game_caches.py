"""What the heuristic players keep while they play lives exactly as long as the game.

The readings of the public speeches (``agents.heuristics.talk``), the one-night reports, the results
a seat knows, the texts said before and the cards shown to the table are memos of the game
(``speech.table_reading.game_memo``), held by the game's seats: once a game is over and its seats
are gone, nothing in the package still holds one of its speeches. At every decision each memo gives
what a fresh reading of the view gives.
"""

from __future__ import annotations

import gc
from collections import Counter
from collections.abc import Callable

from llm_werewolf.agents import speech as agent_speech
from llm_werewolf.agents.heuristic import HeuristicAgent
from llm_werewolf.agents.heuristics import one_night, talk
from llm_werewolf.ladder import standard_boards
from llm_werewolf.rules import Choice, Decision, GameConfig, SeatView, all_rulesets
from llm_werewolf.rules.events import Announcement, Info, SharedEventRecord, Speech
from llm_werewolf.rules.variant import get_ruleset
from llm_werewolf.sim import SyncAgent, play_with_agents
from llm_werewolf.speech import answered, knowledge
from llm_werewolf.speech.table_reading import TableReading


def _play(variant: str, players: int, seed: int, agent: Callable[[int], SyncAgent] = HeuristicAgent) -> None:
    names = tuple(f"P{i + 1}" for i in range(players))
    agents: list[SyncAgent] = [agent(seed * 1009 + i) for i in range(players)]
    play_with_agents(GameConfig(variant=variant, names=names, seed=seed), agents)


def _live(kind: type) -> list[object]:
    gc.collect()
    return [obj for obj in gc.get_objects() if type(obj) is kind]


def test_no_speech_view_or_reading_of_a_finished_game_is_kept() -> None:
    before = {kind: _live(kind) for kind in (Speech, SeatView, TableReading)}  # held here: their ids stay theirs
    for ruleset in all_rulesets():
        for players in standard_boards(ruleset.id):
            for seed in (1, 2):
                _play(ruleset.id, players, seed)
    for kind, earlier in before.items():
        known = {id(obj) for obj in earlier}
        kept = [obj for obj in _live(kind) if id(obj) not in known]
        assert kept == [], f"{len(kept)} {kind.__name__} objects of finished games are still referenced"


def test_the_seats_of_a_game_share_one_reading_and_hold_it_until_they_are_gone() -> None:
    names = tuple(f"P{i + 1}" for i in range(9))
    agents = [HeuristicAgent(seed=1009 + i) for i in range(9)]
    game = play_with_agents(GameConfig(variant="chinese_werewolf", names=names, seed=1), list(agents))
    readings = {id(agent.hold.reading) for agent in agents if agent.hold is not None}
    assert len(readings) == 1 and all(agent.hold is not None for agent in agents)  # one reading, every seat
    reading = next(agent.hold.reading for agent in agents if agent.hold is not None)
    assert reading.first is game.records[0] and reading.holds == len(agents)
    before = len(_live(TableReading))
    del agents, reading
    assert len(_live(TableReading)) == before - 1  # the records are still here; the reading is not


def _read_afresh(event: Speech, view: SeatView) -> talk.Reading:
    return talk._read_uncached(event, view.language, view.variant, view.names)


def _public_speeches(view: SeatView) -> list[tuple[int, str, Speech]]:
    found = []
    for index, record in enumerate(view.records):
        event = record.event
        if type(event) is Speech and event.to is None:
            found.append((index, record.phase, event))
    return found


def _reports_afresh(view: SeatView, *, own: bool) -> list[one_night.Report]:
    found = []
    for record in view.records:
        event = record.event
        if type(event) is Speech and (own or event.seat != view.seat):
            report = (
                one_night._from_acts(event, view)
                if event.acts
                else one_night._parse(view.language, view.names, event.seat, event.text)
            )
            if report is not None:
                found.append(report)
    return found


def _shown_afresh(view: SeatView, seat: int) -> bool:
    """Whether a public record of the view shows ``seat``'s card to the table (every record read)."""
    roles = get_ruleset(view.variant).roles
    for record in view.records:
        if record.vis.scope != "public":
            continue
        event = record.event if type(record) is SharedEventRecord else record
        if isinstance(event, Info) and event.fact == "role" and event.subject == seat:
            return True
        if isinstance(event, Announcement) and event.value in roles and event.seats[:1] == (seat,):
            return True
    return False


class Checking(HeuristicAgent):
    """At each of its decisions, every memo of the game gives what a fresh reading of the view gives."""

    def __init__(self, seed: int, checked: Counter[str]) -> None:
        super().__init__(seed)
        self.checked = checked

    def choose(self, view: SeatView, decision: Decision) -> Choice:
        if view.records and view.seat is not None:
            heard = talk.heard(view, self.memory)
            assert [s[1:4] for s in heard] == [_read_afresh(e, view) for _, _, e in _public_speeches(view)]
            assert [(s.order, s.phase) for s in heard] == [(i, p) for i, p, _ in _public_speeches(view)]
            if view.variant == "one_night":
                assert one_night.reports(view) == _reports_afresh(view, own=False)
                assert one_night.table_talk(view).reports == _reports_afresh(view, own=True)
            assert knowledge.known_results(view) == knowledge._known_results(view)
            texts = tuple(e.text for r in view.records if type(e := r.event) is Speech and e.text)
            assert agent_speech._earlier(view) == (texts, "\x00".join(texts))
            for seat in range(len(view.names)):
                shown = answered._shown(view, seat)
                assert shown is _shown_afresh(view, seat), (seat, len(view.records))
                self.checked["shown" if shown else "not shown"] += 1
            self.checked[view.variant] += 1
        return super().choose(view, decision)


def test_every_memo_of_the_game_gives_what_a_fresh_reading_gives_at_every_decision() -> None:
    checked: Counter[str] = Counter()
    for ruleset in all_rulesets():
        players = standard_boards(ruleset.id)[-1]
        for seed in (1, 2):
            _play(ruleset.id, players, seed, lambda s: Checking(s, checked))
    assert {r.id for r in all_rulesets()} <= set(checked)
    assert checked["shown"] > 0 and checked["not shown"] > 0  # both answers are compared
