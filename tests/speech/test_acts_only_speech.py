"""``Profile.speech_text`` off (the ``local`` profile): a base model is asked for no words. It picks its
speech's acts after the decision's line that gives it the floor, and the phrase bank voices them; the check
records why."""

from __future__ import annotations

import random

import pytest

from llm_werewolf.agents.base import DecisionRequest
from llm_werewolf.agents.llm_agent import LLMAgent, LLMAgentSettings
from llm_werewolf.llm.base import CompletionRequest
from llm_werewolf.llm.fake import FakeBackend
from llm_werewolf.llm.profiles import get_profile
from llm_werewolf.rules import Game, GameConfig, get_ruleset
from llm_werewolf.rules.events import Speech
from llm_werewolf.speech.coherence import ACTS_ONLY, check_coherence
from llm_werewolf.speech.phrases import phrase_bank
from llm_werewolf.speech.picker import _line
from llm_werewolf.speech.voice import Speaker
from llm_werewolf.strings.script import in_language
from llm_werewolf.table import Table, TableSettings
from llm_werewolf.table_notes import ModelCall, SpeechCheck
from llm_werewolf.texts import default_names

from .helpers import PLAYERS, game_at_speech

PAIRS = [(variant, language) for variant in sorted(PLAYERS) for language in get_ruleset(variant).languages]


def picks_only(seed: int = 0) -> tuple[FakeBackend, list[CompletionRequest]]:
    """The ``local`` profile; a text request fails the test, picks answer at random."""
    rng = random.Random(seed)
    seen: list[CompletionRequest] = []

    def script(request: CompletionRequest) -> str:
        seen.append(request)
        assert request.mode == "pick", f"the acts-only profile asked for {request.mode} ({request.purpose})"
        return rng.choice(request.labels)

    return FakeBackend(script, profile=get_profile("local")), seen


def test_the_local_profile_asks_for_acts_only() -> None:
    assert not get_profile("local").speech_text
    assert all(get_profile(name).speech_text for name in ("openai", "llamacpp", "text", "fake"))
    assert get_profile("local").with_overrides(speech_text=True).speech_text


@pytest.mark.parametrize(("variant", "language"), PAIRS)
async def test_a_speech_is_the_model_s_picked_acts_voiced(variant: str, language: str) -> None:
    game, decision = game_at_speech(variant, language=language)
    view = game.view(decision.seat)
    backend, seen = picks_only(seed=len(variant))
    reply = await LLMAgent(backend, settings=LLMAgentSettings(seed=2)).decide(
        DecisionRequest(decision=decision, view=view)
    )
    assert reply.choice is not None and reply.choice.acts
    check = reply.notes[0]
    assert isinstance(check, SpeechCheck)
    assert check.source == "voiced" and check.reasons == (ACTS_ONLY,) and check.model_text == ""
    assert check_coherence(reply.choice.text, view).ok and in_language(reply.choice.text, language)
    assert "{" not in reply.choice.text and "|" not in reply.choice.text
    # The first pick opens with its slot's line, which names the speaker, right after the decision's line
    # (no empty quote of a speech that was never asked for, no floor line of its own: one call, few tokens).
    slots = [r for r in seen if r.purpose.startswith("slot_")]
    first = slots[0].cue if slots else ""
    assert first.startswith("\n") and first.count("\n") == 1 and view.names[decision.seat] in first, first
    assert [c.purpose for c in reply.calls if c.purpose in ("decision", "language_switch")] == []
    # The slots come in the plan's order.
    order = ["slot_answer", "slot_state", "slot_reason", "slot_accuse", "slot_propose", "slot_ask"]
    asked = [order.index(r.purpose) for r in slots]
    assert asked == sorted(asked)


async def test_a_whole_game_of_acts_only_speeches() -> None:
    names = default_names("ru", 10)
    game = Game(GameConfig(variant="city_mafia", names=names, seed=4, language="ru", options={"max_days": 2}))
    backend, _ = picks_only()
    agents = [LLMAgent(backend, settings=LLMAgentSettings(seed=i)) for i in range(10)]
    await Table(game, agents, settings=TableSettings(max_attempts=2)).play()
    checks = [r.event for r in game.records if isinstance(r.event, SpeechCheck)]
    speeches = [r.event for r in game.records if isinstance(r.event, Speech)]
    calls = [r.event for r in game.records if isinstance(r.event, ModelCall)]
    assert checks and len(checks) == len(speeches)
    assert all(c.source == "voiced" and ACTS_ONLY in c.reasons for c in checks)
    assert all(in_language(s.text, "ru") for s in speeches)
    assert len({s.text for s in speeches}) > len(speeches) * 0.7
    assert not [
        c
        for c in calls
        if c.purpose in ("decision", "language_switch") and c.decision_id in {s.decision_id for s in checks}
    ]


@pytest.mark.parametrize("language", ["ar", "ar-LB", "he", "ru"])
@pytest.mark.parametrize("key", ["cue", "floor", "kind"])
def test_the_picker_lines_agree_with_the_speaker(language: str, key: str) -> None:
    """The picker's lines were shown to the model with ``{g:…|…}`` unfilled; they now agree with the seat."""
    variant = next(v for v in sorted(PLAYERS) if language in get_ruleset(v).languages)
    bank = phrase_bank(language, variant)
    names = default_names(language, 4)
    lines = {
        gender: _line(
            str(bank.picker[key]),
            Speaker(seat=0, names=names, language=language, variant=variant, gender=gender, persona=None),
            bank,
        )
        for gender in ("male", "female")
    }
    for line in lines.values():
        assert names[0] in line and "{" not in line and "|" not in line
    if "{g:" in str(bank.picker[key]):
        assert lines["male"] != lines["female"]


async def test_the_measure_counts_acts_only_speeches_apart_from_free_texts() -> None:
    """An acts-only speech asked for no words: it is not a free text that failed the check."""
    from llm_werewolf.evaluation.speech_measure import Tally, measure_game

    names = default_names("en", 6)
    game = Game(GameConfig(variant="one_night", names=names, seed=1, language="en"))
    backend, _ = picks_only()
    agents = [LLMAgent(backend, settings=LLMAgentSettings(seed=i)) for i in range(6)]
    await Table(game, agents, settings=TableSettings(max_attempts=2)).play()
    tally = Tally()
    measure_game(game.records, "one_night", "en", tally)
    row = tally.row()
    assert tally.checks > 0
    assert row["model_text_ok"] is None and row["acts_only"] == 1.0 and row["voiced"] == 1.0


def test_a_claim_is_true_by_the_card_held_then_even_when_it_moved_in_secret() -> None:
    """From the regenerated one_night sample: a minion whose card the troublemaker swapped for the
    villager's said «أنا القروي» — true, though no record told anyone of the swap."""
    from llm_werewolf.rules import Act as RuleAct
    from llm_werewolf.rules.events import PUBLIC, RoleAssigned, make_record
    from llm_werewolf.speech.truth import is_true

    records = [
        make_record(seq=0, phase="night:1", vis=PUBLIC, event=RoleAssigned(seat=0, role="minion")),
        make_record(seq=1, phase="night:1", vis=PUBLIC, event=RoleAssigned(seat=1, role="villager")),
    ]
    claim = RuleAct("claim", role="villager")
    assert is_true(claim, records, 0, "one_night", 5) is False  # the records alone: still the minion
    assert is_true(claim, records, 0, "one_night", 5, ("villager", "minion")) is True
    assert is_true(RuleAct("claim", role="minion"), records, 0, "one_night", 5, ("villager", "minion")) is True
    accuse = RuleAct("accuse", target=1)  # seat 1 was dealt the villager and now holds a werewolf
    assert is_true(accuse, records, 0, "one_night", 5) is False
    assert is_true(accuse, records, 0, "one_night", 5, ("villager", "werewolf")) is True
