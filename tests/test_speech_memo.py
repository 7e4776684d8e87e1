"""The heuristic speech path's memos give what a fresh computation gives (issue 17: speech speed)."""

from __future__ import annotations

import dataclasses
import random

from llm_werewolf.agents import speech as agent_speech
from llm_werewolf.agents.heuristic import HeuristicAgent
from llm_werewolf.ladder import standard_boards
from llm_werewolf.rules import Choice, Decision, GameConfig, SeatView, all_rulesets
from llm_werewolf.rules.acts import Act
from llm_werewolf.rules.events import SharedEventRecord, Speech, make_record
from llm_werewolf.sim import play_with_agents
from llm_werewolf.speech import intent
from llm_werewolf.speech import voice as voicing
from llm_werewolf.speech.coherence import earlier_speeches
from llm_werewolf.speech.intent import last_accuser, last_speaker
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


def test_speech_texts_are_picked_out_also_from_a_shared_record_and_a_whisper() -> None:
    seen: list[SeatView] = []

    class Keeping(HeuristicAgent):
        def choose(self, view: SeatView, decision: Decision) -> Choice:
            seen.append(view)
            return super().choose(view, decision)

    names = tuple(f"P{i + 1}" for i in range(9))
    play_with_agents(GameConfig(variant="one_night", names=names, seed=2), [Keeping(i) for i in range(9)])
    longest = max(seen, key=lambda v: len(v.records))
    records = list(longest.records)
    assert agent_speech._texts(records) == tuple(earlier_speeches(longest))
    private = next(r.vis for r in records if r.vis.scope != "public")
    records.append(make_record(records[-1].seq + 1, records[-1].phase, private, Speech(seat=0, text="psst", to=1)))
    said = next(r for r in records if type(r) is Speech and r.text)
    records.append(make_record(records[-1].seq + 1, said.phase, said.vis, said))  # a shared record holding it
    assert type(records[-1]) is SharedEventRecord
    texts = agent_speech._texts(records)
    assert texts[-2:] == ("psst", said.text)
    assert texts == tuple(t for r in records if type(e := r.event) is Speech and (t := e.text))


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


def _latest_speaker_read_afresh(view: SeatView, claimed_only: bool) -> int | None:
    for record in reversed(view.records):
        event = record.event
        spoke = type(event) is Speech and event.to is None and event.seat != view.seat and view.alive[event.seat]
        if spoke and (not claimed_only or event.claim):
            return event.seat
    return None


def _latest_accuser_read_afresh(view: SeatView) -> int | None:
    for record in reversed(view.records):
        event = record.event
        named = type(event) is Speech and any(
            a.kind in ("accuse", "vote") and a.target == view.seat for a in event.acts
        )
        if named and event.seat != view.seat:
            return event.seat
    return None


def test_latest_speaker_and_accuser_equal_a_reading_of_every_record() -> None:
    checked = 0

    class Checking(HeuristicAgent):
        def choose(self, view: SeatView, decision: Decision) -> Choice:
            nonlocal checked
            if view.seat is not None:
                assert last_speaker(view) == _latest_speaker_read_afresh(view, False)
                assert last_speaker(view, claimed_only=True) == _latest_speaker_read_afresh(view, True)
                assert last_accuser(view) == _latest_accuser_read_afresh(view)
                checked += last_accuser(view) is not None
            return super().choose(view, decision)

    for ruleset in all_rulesets():
        players = max(standard_boards(ruleset.id))
        names = tuple(f"P{i + 1}" for i in range(players))
        play_with_agents(GameConfig(variant=ruleset.id, names=names, seed=2), [Checking(i) for i in range(players)])
    assert checked > 50
    # a shared record holding a speech (an event recorded again) is read as that speech
    view = _a_view_with_speeches()
    said = next(r for r in reversed(view.records) if type(r) is Speech and r.seat != view.seat and view.alive[r.seat])
    held = make_record(view.records[-1].seq + 1, said.phase, said.vis, said)
    grown = dataclasses.replace(view, records=(*view.records, held))
    assert next(intent._speeches_back(grown.records)) is said
    assert last_speaker(grown) == said.seat == _latest_speaker_read_afresh(grown, False)
    private = next(r.vis for r in view.records if r.vis.scope != "public")
    other = next(s for s in grown.living() if s not in (said.seat, view.seat))
    whisper = make_record(held.seq + 1, said.phase, private, Speech(seat=other, text="psst", to=view.seat))
    assert last_speaker(dataclasses.replace(grown, records=(*grown.records, whisper))) == said.seat  # not in public
    voiced = Speech(seat=other, text="hm", acts=(Act("accuse", target=view.seat),))
    accused = dataclasses.replace(
        grown, records=(*grown.records, make_record(held.seq + 1, said.phase, said.vis, voiced))
    )
    assert last_speaker(accused) == other == last_accuser(accused) == _latest_accuser_read_afresh(accused)


def _a_view_with_speeches() -> SeatView:
    seen: list[SeatView] = []

    class Keeping(HeuristicAgent):
        def choose(self, view: SeatView, decision: Decision) -> Choice:
            seen.append(view)
            return super().choose(view, decision)

    names = tuple(f"P{i + 1}" for i in range(9))
    play_with_agents(GameConfig(variant="city_mafia", names=names, seed=1), [Keeping(i) for i in range(9)])
    return next(v for v in reversed(seen) if v.seat is not None and v.alive[v.seat])
