"""The heuristic speech path's memos give what a fresh computation gives (issue 17: speech speed)."""

from __future__ import annotations

import dataclasses
import random

from llm_werewolf.agents import speech as agent_speech
from llm_werewolf.agents.heuristic import HeuristicAgent
from llm_werewolf.rules import Choice, Decision, GameConfig, SeatView, all_rulesets
from llm_werewolf.rules.acts import Act
from llm_werewolf.sim import play_with_agents
from llm_werewolf.speech import voice as voicing
from llm_werewolf.speech.coherence import earlier_speeches
from llm_werewolf.speech.phrases import phrase_bank


class Comparing(HeuristicAgent):
    """Before each speech, the incremental read of earlier speeches equals a full read."""

    def __init__(self, seed: int, checked: list[int]) -> None:
        super().__init__(seed)
        self.checked = checked

    def choose(self, view: SeatView, decision: Decision) -> Choice:
        if decision.speech:
            texts, joined = agent_speech._earlier(view)
            assert list(texts) == earlier_speeches(view)
            assert joined == voicing._joined(earlier_speeches(view))
            self.checked.append(len(view.records))
        return super().choose(view, decision)


def test_earlier_speeches_read_incrementally_equal_a_full_read() -> None:
    checked: list[int] = []
    for variant, players in (("city_mafia", 9), ("online_mafia", 15)):
        names = tuple(f"P{i + 1}" for i in range(players))
        play_with_agents(
            GameConfig(variant=variant, names=names, seed=3), [Comparing(i, checked) for i in range(players)]
        )
    assert len(checked) > 50


def test_a_view_of_another_game_is_read_from_the_start() -> None:
    seen: dict[int, SeatView] = {}

    class Keeping(HeuristicAgent):
        def choose(self, view: SeatView, decision: Decision) -> Choice:
            if decision.speech and view.seat is not None:
                seen[view.seat] = view
            return super().choose(view, decision)

    names = tuple(f"P{i + 1}" for i in range(9))
    for seed in (1, 2):
        play_with_agents(GameConfig(variant="city_mafia", names=names, seed=seed), [Keeping(i) for i in range(9)])
        view = seen[0]
        assert list(agent_speech._earlier_speeches(view)) == earlier_speeches(view)
    shorter = dataclasses.replace(seen[0], records=seen[0].records[: len(seen[0].records) // 2])
    assert list(agent_speech._earlier_speeches(shorter)) == earlier_speeches(shorter)


def test_remembered_phrasings_equal_phrasings_filled_afresh() -> None:
    speaker = voicing.Speaker(seat=1, names=("Anna", "Boris", "Clara"), language="ru", variant="city_mafia")
    bank = phrase_bank("ru", "city_mafia")
    act = Act("accuse", target=0)
    templates = bank.acts["accuse"]
    fresh = [voicing.fill(t, act, speaker, bank) for t in templates]
    assert voicing._filled_all(templates, act, speaker, bank) == fresh
    assert voicing._filled_all(templates, act, speaker, bank) == fresh  # from the memo
    other = voicing.Speaker(
        seat=1, names=("Anna", "Boris", "Clara"), language="ru", variant="city_mafia", gender="female"
    )
    assert voicing._filled_all(templates, Act("accuse", target=2), other, bank) == [
        voicing.fill(t, Act("accuse", target=2), other, bank) for t in templates
    ]


def test_a_sentence_said_before_is_avoided_as_before() -> None:
    speaker = voicing.Speaker(seat=0, names=("P1", "P2", "P3"), language="en", variant="online_mafia")
    act = Act("accuse", target=1)
    bank = phrase_bank("en", "online_mafia")
    said = [voicing.fill(t, act, speaker, bank) for t in bank.acts["accuse"]]
    used = ["Earlier: " + s for s in said[1:]]  # every phrasing but the first was said inside a longer speech
    for seed in range(5):
        assert voicing.voice_act(act, speaker, random.Random(seed), bank, used) == said[0]


def test_a_phrasing_read_into_pieces_is_the_phrasing() -> None:
    """``fill`` reads each phrasing's placeholders once (``_pieces``); the pieces give back every
    phrasing of every bank exactly, so filling them left to right is the regular expression's work."""
    read = 0
    for language in ("en", "ar", "ar-LB", "he", "ru", "zh-Hant"):
        for ruleset in all_rulesets():
            bank = phrase_bank(language, ruleset.id)
            templates = [t for phrasings in bank.acts.values() for t in phrasings]
            for opens_closes in bank.tics.values():
                templates += [t for lines in opens_closes.values() for t in lines]
            for template in templates:
                rebuilt = "".join(
                    literal + ("" if slot is None else "{" + slot + ("" if arg is None else ":" + arg) + "}")
                    for literal, slot, arg in voicing._pieces(template)
                )
                assert rebuilt == template
                read += 1
    assert read > 1000
