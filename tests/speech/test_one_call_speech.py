"""A base model's speech in one model call: the backend walks the plan's slots inside the call
(``sequence`` mode), each slot's options built from what the earlier slots took, so the speech is
the one the slot-by-slot path builds from the same picks, and every consistency rule still holds."""

from __future__ import annotations

import hashlib
import random
from collections import Counter
from collections.abc import Callable

import pytest

from llm_werewolf.agents.base import DecisionRequest, Reply
from llm_werewolf.agents.llm_agent import LLMAgent, LLMAgentSettings
from llm_werewolf.llm.base import Completion, CompletionRequest
from llm_werewolf.llm.fake import FakeBackend
from llm_werewolf.llm.profiles import get_profile
from llm_werewolf.rules import Decision, Game, GameConfig, SeatView
from llm_werewolf.rules.act_legality import check_view_acts
from llm_werewolf.rules.act_vocabulary import vocabulary
from llm_werewolf.rules.events import Speech
from llm_werewolf.speech.grounding import by_seq, check_reason
from llm_werewolf.speech.model_speech import speaker_of
from llm_werewolf.speech.phrases import phrase_bank
from llm_werewolf.speech.picker import PickContext
from llm_werewolf.speech.slot_picker import pick_plan, pick_plan_at_once
from llm_werewolf.table import Table, TableSettings
from llm_werewolf.table_notes import ModelCall, SpeechCheck
from llm_werewolf.texts import LANGUAGES, default_names

from .helpers import slots_chosen

TABLES = [("city_mafia", "ru", 10, 4), ("chinese_werewolf", "zh-Hant", 9, 2), ("lebanese_ghouls", "ar-LB", 8, 3)]


class Recording(LLMAgent):
    """An LLM agent that keeps the view of each speech decision it was asked."""

    def __init__(self, backend: FakeBackend, seed: int, seen: list[tuple[SeatView, Decision]]) -> None:
        super().__init__(backend, settings=LLMAgentSettings(seed=seed))
        self.seen = seen

    async def decide(self, request: DecisionRequest) -> Reply:
        if request.decision.speech:
            self.seen.append((request.view, request.decision))
        return await super().decide(request)


async def _played(
    variant: str, language: str, seats: int, seed: int
) -> tuple[Game, FakeBackend, list[tuple[SeatView, Decision]]]:
    rng = random.Random(seed)

    def script(request: CompletionRequest) -> str:
        assert request.mode == "pick", request.mode
        return rng.choice(request.labels)

    backend = FakeBackend(script, profile=get_profile("local"))
    names = default_names(language, seats)
    game = Game(GameConfig(variant=variant, names=names, seed=seed, language=language, options={"max_days": 2}))
    seen: list[tuple[SeatView, Decision]] = []
    agents = [Recording(backend, i, seen) for i in range(seats)]
    await Table(game, agents, settings=TableSettings(max_attempts=2)).play()
    return game, backend, seen


@pytest.mark.parametrize(("variant", "language", "seats", "seed"), TABLES)
async def test_a_speech_decision_makes_one_call_and_keeps_the_plan_s_rules(
    variant: str, language: str, seats: int, seed: int
) -> None:
    game, _, seen = await _played(variant, language, seats, seed)
    records = list(game.records)
    speeches = {r.event.decision_id for r in records if isinstance(r.event, SpeechCheck)}
    calls = [r.event for r in records if isinstance(r.event, ModelCall) and r.event.decision_id in speeches]
    slot_calls = [c for c in calls if c.purpose.startswith("slot_")]
    # One call builds a speech: no speech decision (nor attempt) asks the model per slot.
    assert slot_calls and {c.purpose for c in slot_calls} == {"slot_plan"}
    per_decision = Counter((c.decision_id, c.attempt) for c in calls)
    assert max(per_decision.values()) == 1  # the speech's option, where it has several, is in that call too
    # The picks stay visible in the call's record, each slot once at most (answers: one per asker).
    chosen = [slots_chosen(c.raw_output) for c in slot_calls]
    assert all(chosen) and max(Counter(s for s in c if s != "answer")[k] for c in chosen for k in c) == 1
    assert {"state", "reason", "propose", "ask"} <= {s for c in chosen for s in c}
    # The consistency rules hold in every speech a model seat made.
    seq = by_seq(records)
    bad = vocabulary(variant).bad_roles
    roles = {view.seat: view.role for view, _ in seen}
    said = [r for r in records if type(r.event) is Speech and r.event.to is None and r.event.acts]
    assert said
    for record in said:
        speech = record.event
        assert isinstance(speech, Speech)
        trusted = {a.other for a in speech.acts if a.kind == "answer" and a.fact == "trust"}
        trusted |= {a.target for a in speech.acts if a.kind == "defend"}
        voted = {a.target for a in speech.acts if a.kind == "vote"}
        assert not trusted & voted, speech
        claims = [a for a in speech.acts if a.kind == "claim" or (a.kind == "answer" and a.role)]
        assert len(claims) <= 1, speech
        if roles[speech.seat] not in bad:  # a truthful seat gives only reasons that hold
            reasons = [a for a in speech.acts if a.kind == "reason"]
            assert all(check_reason(a, seq, record.seq) for a in reasons), speech


def _by_content(salt: int) -> Callable[[CompletionRequest], str]:
    """A picker that chooses by the labels' text alone (the same pick whatever order or cue they come in)."""

    def pick(request: CompletionRequest) -> str:
        return min(request.labels, key=lambda label: hashlib.sha256(f"{salt}:{label}".encode()).digest())

    return pick


@pytest.mark.parametrize(("variant", "language", "seats", "seed"), TABLES)
async def test_one_call_builds_the_speech_the_slot_by_slot_path_builds(
    variant: str, language: str, seats: int, seed: int
) -> None:
    """The same picks give the same acts, legal ones, in one call instead of one per slot."""
    _, _, seen = await _played(variant, language, seats, seed)
    assert len(seen) > 10
    several = 0
    for index, (view, decision) in enumerate(seen[::3]):
        salt = index % 4
        speaker = speaker_of(view, None)
        last_words = decision.kind == "last_words"
        ctx = PickContext(system="rules", user="history", cue="", seed=index)
        per_slot = FakeBackend(_by_content(salt), profile=get_profile("local"))
        at_once = FakeBackend(_by_content(salt), profile=get_profile("local"))

        async def slot_call(request: CompletionRequest, purpose: str, backend: FakeBackend = per_slot) -> Completion:
            return await backend.complete(request)

        async def one_call(request: CompletionRequest, purpose: str, backend: FakeBackend = at_once) -> Completion:
            return await backend.complete(request)

        expected, expected_picks = await pick_plan(view, ctx, slot_call, speaker=speaker, last_words=last_words)
        plan, picks = await pick_plan_at_once(view, ctx, one_call, speaker=speaker, last_words=last_words)
        assert plan == expected and picks == expected_picks
        assert len(at_once.requests) == (1 if per_slot.requests else 0)
        assert [r.mode for r in at_once.requests] == ["sequence"] * len(at_once.requests)
        check_view_acts(view, plan.acts)  # every act legal, in order
        several += len(per_slot.requests) > 1
    assert several > 3  # speeches that took several calls slot by slot took one


async def test_an_answer_s_slot_line_names_the_question() -> None:
    """The line before an answer's options says what was asked (``回答X投誰：``), as the history's line of
    the question does where a speech's words are left out."""
    rng = random.Random(2)
    cues: list[str] = []

    def script(request: CompletionRequest) -> str:
        if request.purpose == "slot_answer":
            cues.append(request.cue.rstrip().split("\n")[-1])  # the answer slot's own line
        return rng.choice(request.labels)

    backend = FakeBackend(script, profile=get_profile("local"))
    names = default_names("zh-Hant", 9)
    game = Game(
        GameConfig(variant="chinese_werewolf", names=names, seed=2, language="zh-Hant", options={"max_days": 2})
    )
    agents = [LLMAgent(backend, settings=LLMAgentSettings(seed=i)) for i in range(9)]
    await Table(game, agents, settings=TableSettings(max_attempts=2)).play()
    assert cues, "no answer slot in these games"
    assert all(line.endswith(("投誰：", "最信誰：", "自己的身分：")) for line in cues), cues


@pytest.mark.parametrize("language", sorted(LANGUAGES))
def test_every_language_has_an_answer_line_per_question(language: str) -> None:
    slots = phrase_bank(language, "toy").picker["slots"]
    assert all(slots.get(f"answer.{question}") for question in ("vote", "trust", "role")), language
