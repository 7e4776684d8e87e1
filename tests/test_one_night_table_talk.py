"""One Night's one-pass reading of the table's speeches (``agents/heuristics/one_night.table_talk``).

A vote reads the reports, the claims and the public seed in one pass; each must be what its own
reading gives, at every decision of whole games (whispers, own speeches and model text included).
"""

from __future__ import annotations

import dataclasses
import zlib

import pytest

from llm_werewolf.agents.heuristic import HeuristicAgent
from llm_werewolf.agents.heuristics import one_night
from llm_werewolf.rules import Choice, Decision, GameConfig, SeatView
from llm_werewolf.rules.events import PUBLIC, SharedEventRecord, Speech, make_record
from llm_werewolf.sim import SyncAgent, play_with_agents


def _public_seed(view: SeatView) -> int:
    texts = []
    for record in view.records:
        event = record.event if type(record) is SharedEventRecord else record
        if isinstance(event, Speech) and event.to is None:
            texts.append(event.text)
    return zlib.crc32("|".join(texts).encode())


class CheckingAgent(HeuristicAgent):
    """Checks the one-pass reading against each separate reading before every answer."""

    def __init__(self, seed: int, checked: list[tuple[int, int]], free_text: bool) -> None:
        super().__init__(seed)
        self.checked = checked
        self.free_text = free_text

    def choose(self, view: SeatView, decision: Decision) -> Choice:
        talk = one_night.table_talk(view)
        assert talk.reports == one_night.reports(view, own=True)
        assert talk.claims == one_night.claims(view)
        assert talk.seed == _public_seed(view)
        self.checked.append((len(talk.reports), len(talk.claims)))
        choice = super().choose(view, decision)
        if self.free_text and decision.speech and choice.text:  # a seat speaking its own words, no acts
            return Choice(choice.option, text=f"{choice.text} (as I said)")
        return choice


@pytest.mark.parametrize(("players", "free_text"), [(9, False), (12, False), (9, True)])
def test_table_talk_is_each_reading_of_the_speeches(players: int, free_text: bool) -> None:
    checked: list[tuple[int, int]] = []
    names = tuple(f"P{i + 1}" for i in range(players))
    for seed in range(1, 5):
        agents: list[SyncAgent] = [CheckingAgent(seed * 1009 + i, checked, free_text) for i in range(players)]
        play_with_agents(GameConfig(variant="one_night", names=names, seed=seed), agents)
    assert len(checked) > 50 and any(claims for _, claims in checked)  # checked at many decisions, claims heard
    assert free_text or any(reports for reports, _ in checked)  # a model's own words make no canned report


def test_a_whisper_counts_for_reports_and_claims_but_not_for_the_public_seed() -> None:
    names = tuple(f"P{i + 1}" for i in range(9))
    agents: list[SyncAgent] = [HeuristicAgent(1009 + i) for i in range(9)]
    game = play_with_agents(GameConfig(variant="one_night", names=names, seed=1), agents)
    view = game.view(2)
    whisper = Speech(seat=4, text="psst", to=2, claim="seer")
    record = make_record(len(game.records), view.phase, PUBLIC, whisper)
    grown = dataclasses.replace(view, records=(*view.records, record))
    talk, before = one_night.table_talk(grown), one_night.table_talk(view)
    assert talk.claims == one_night.claims(grown) and talk.claims[4] == "seer"
    assert talk.seed == before.seed == _public_seed(grown)
