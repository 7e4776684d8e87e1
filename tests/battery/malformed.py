"""Battery item 3, malformed model output: a share of every answer is broken, and the game still ends legally.

Every seat is a model player on the fake backend. A seeded ``rate`` of the
model's answers is broken, in one of these ways: invalid JSON, an illegal or
dead seat as target, an option of another phase (``antidote``, ``poison``...),
100,000 characters (of JSON with a legal option, or of garbage), an empty
answer, a speech in the wrong language and script. Then:

* every game ends legally (one ``GameEnded``, every choice among the options offered);
* every answer the agent could not parse was refused and recorded (``Rejected``),
  and only those: no valid answer was refused;
* a decision whose every attempt was refused was answered by the fallback
  agent and recorded (``Fallback``);
* no agent raised (a refused answer is never an exception), no speech exceeds the cap.
"""

from __future__ import annotations

import json
import random
import re
from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any

from llm_werewolf.agents.base import Agent, DecisionRequest, Reply
from llm_werewolf.agents.llm_agent import LLMAgent, LLMAgentSettings
from llm_werewolf.llm.base import CompletionRequest
from llm_werewolf.llm.fake import FakeBackend, auto_answer
from llm_werewolf.llm.profiles import get_profile
from llm_werewolf.rules import Decision, Game, GameConfig
from llm_werewolf.rules.events import Speech
from llm_werewolf.rules.questions import questions
from llm_werewolf.table import Table, TableSettings
from llm_werewolf.table_notes import Fallback, ModelCall, Rejected

from .games import ended_legally, map_jobs, names_for, players_for, prompt_languages, run

FAULTS: tuple[str, ...] = (
    "invalid_json",
    "illegal_target",
    "dead_target",
    "out_of_phase",
    "huge_json",
    "huge_garbage",
    "empty",
    "wrong_language",
)
REJECTABLE = frozenset({"invalid_json", "illegal_target", "dead_target", "out_of_phase", "huge_garbage", "empty"})
"""Faults whose answer names no legal option: the agent must refuse them, every time."""
HUGE = 100_000
OTHER_PHASE = ("antidote", "poison", "guard", "heal", "check", "run", "withdraw", "shoot", "yes", "no", "skip")
EXCEPTION_RE = re.compile(r"^[A-Za-z_][\w.]*(Error|Exception|Exit|Interrupt)\b")
WRONG_SCRIPT = {
    "en": "Это не тот язык, на котором идёт игра.",
    "zh-Hant": "This is not the language of the game at all.",
    "ar-LB": "这不是游戏的语言。",
    "ar": "Это не тот язык.",
    "ru": "这不是游戏的语言。",
    "he": "This is not the language of the game.",
}


def _labels(request: CompletionRequest) -> list[str]:
    schema = request.schema or {}
    option = schema.get("properties", {}).get("option", {})
    values = option.get("enum") if isinstance(option, dict) else None
    return [str(v) for v in values] if isinstance(values, list) else list(request.labels)


class FaultyModel:
    """One seat's fake model: a legal answer, except for a seeded share of broken ones (logged by prompt)."""

    def __init__(self, seed: int, rate: float, names: Sequence[str], injected: dict[str, list[str]]) -> None:
        self.rng = random.Random(f"malformed:{seed}")
        self.rate = rate
        self.names = list(names)
        self.injected = injected
        """prompt hash -> the fault injected into each call with that prompt ("" = none)."""
        self.decision: Decision | None = None
        """The decision the seat is answering (set by :class:`_Seat`)."""

    def __call__(self, request: CompletionRequest) -> str:
        rng = self.rng
        fault = rng.choice(FAULTS) if rng.random() < self.rate else ""
        self.injected.setdefault(request.prompt_hash(), []).append(fault)
        legal = auto_answer(request, rng)
        labels = _labels(request)
        if not fault:
            return legal
        if fault == "invalid_json":
            return rng.choice(['{"option": ', '{"option": "x"', "[1, 2", "{'option': nope}", "option: maybe"])
        offered = self.decision.options if self.decision is not None else ()
        if fault == "illegal_target":
            return json.dumps({"option": rng.choice(["seat:99", "Player 42", "nobody at all", "Zed Zedson"])})
        if fault == "dead_target":
            targets = {o.target for o in offered if o.kind == "seat"}
            outside = [n for i, n in enumerate(self.names) if i not in targets and n not in labels] or ["seat:77"]
            return json.dumps({"option": rng.choice(outside)}, ensure_ascii=False)
        if fault == "out_of_phase":
            taken = {label.casefold() for label in labels} | {o.id.casefold() for o in offered}
            wrong = [o for o in OTHER_PHASE if o not in taken] or ["antidote-and-poison"]
            return json.dumps({"option": rng.choice(wrong)})
        if fault == "huge_json":
            data: dict[str, Any] = json.loads(legal)
            for key in ("speech", "thought", "reason"):
                if key in data:
                    data[key] = "x" * HUGE
            return json.dumps(data)
        if fault == "huge_garbage":
            return "garbage " * (HUGE // 8)
        if fault == "empty":
            return rng.choice(["", " ", "\n\n", "{}"]) if len(labels) > 1 else ""
        data = json.loads(legal)  # wrong_language
        if "speech" in data:
            data["speech"] = WRONG_SCRIPT.get(request.language, WRONG_SCRIPT["en"])
        return json.dumps(data, ensure_ascii=False)


@dataclass
class MalformedStats:
    games: int = 0
    decisions: int = 0
    calls: int = 0
    injected: Counter[str] = field(default_factory=Counter)
    """Faults injected into every model call (language-switch calls included)."""
    on_decisions: Counter[str] = field(default_factory=Counter)
    """Faults injected into the calls that answer a decision (what the table judges)."""
    refused_by_fault: Counter[str] = field(default_factory=Counter)
    rejected: int = 0
    fallbacks: int = 0
    expected_fallbacks: int = 0
    problems: list[str] = field(default_factory=list)

    def add(self, other: MalformedStats) -> None:
        self.games += other.games
        self.decisions += other.decisions
        self.calls += other.calls
        self.injected += other.injected
        self.on_decisions += other.on_decisions
        self.refused_by_fault += other.refused_by_fault
        self.rejected += other.rejected
        self.fallbacks += other.fallbacks
        self.expected_fallbacks += other.expected_fallbacks
        self.problems.extend(other.problems)

    def as_dict(self) -> dict[str, Any]:
        faulty = sum(self.injected[f] for f in FAULTS)
        return {
            "games": self.games,
            "decisions": self.decisions,
            "model_calls": self.calls,
            "broken_answers": faulty,
            "broken_share": round(faulty / self.calls, 4) if self.calls else 0.0,
            "by_fault": {f: self.injected[f] for f in FAULTS},
            "on_decision_calls": {f: self.on_decisions[f] for f in FAULTS},
            "refused_by_fault": {f: self.refused_by_fault[f] for f in FAULTS},
            "rejected_records": self.rejected,
            "fallback_records": self.fallbacks,
            "decisions_all_attempts_broken": self.expected_fallbacks,
            "problems": len(self.problems),
        }


class _Seat:
    """A model player that tells its fake model which decision it is answering."""

    kind = "llm"

    def __init__(self, inner: LLMAgent, model: FaultyModel) -> None:
        self.inner = inner
        self.model = model

    async def decide(self, request: DecisionRequest) -> Reply:
        self.model.decision = request.decision
        return await self.inner.decide(request)


def play_malformed_game(variant: str, language: str, seed: int, rate: float, max_attempts: int = 2) -> MalformedStats:
    """One game with ``rate`` of the model's answers broken; the stats and every problem found."""
    players = players_for(variant)
    names = names_for(language, players)
    game = Game(GameConfig(variant=variant, names=names, seed=seed, language=language))
    injected: dict[str, list[str]] = {}
    agents: list[Agent] = []
    for i in range(players):
        model = FaultyModel(seed * 1009 + i, rate, names, injected)
        backend = FakeBackend(model, profile=get_profile("fake"), seed=seed)
        agents.append(_Seat(LLMAgent(backend, settings=LLMAgentSettings(seed=seed * 1009 + i)), model))
    table = Table(game, agents, settings=TableSettings(max_attempts=max_attempts))
    where = f"{variant}/{language}/seed {seed}"
    stats = MalformedStats(games=1)
    try:
        run(table.play())
    except Exception as exc:  # the battery counts it: an exception here is a failure of the table
        stats.problems.append(f"{where}: the game raised {type(exc).__name__}: {exc}")
        return stats
    stats.problems.extend(f"{where}: {p}" for p in ended_legally(game.records))
    _account(game, injected, stats, where, max_attempts)
    return stats


def _account(game: Game, injected: dict[str, list[str]], stats: MalformedStats, where: str, max_attempts: int) -> None:
    records = game.records
    calls = [r.event for r in records if isinstance(r.event, ModelCall)]
    rejected = [r.event for r in records if isinstance(r.event, Rejected)]
    fallbacks = [r.event for r in records if isinstance(r.event, Fallback)]
    stats.calls += len(calls)
    stats.rejected += len(rejected)
    stats.fallbacks += len(fallbacks)
    stats.decisions += len(questions(records))
    refused = {(r.decision_id, r.attempt) for r in rejected}
    used: dict[str, int] = {}
    faulty_attempts: dict[int, set[int]] = {}
    for call in calls:
        index = used.get(call.prompt_hash, 0)
        used[call.prompt_hash] = index + 1
        faults = injected.get(call.prompt_hash, [])
        fault = faults[index] if index < len(faults) else ""
        stats.injected[fault or "none"] += 1
        if not call.purpose.startswith("decision") or call.decision_id is None:
            continue  # a language-switch call: its answer replaces the first only when it is good
        key = (call.decision_id, call.attempt)
        stats.on_decisions[fault or "none"] += 1
        if call.parsed is None:
            faulty_attempts.setdefault(call.decision_id, set()).add(call.attempt)
            if fault:
                stats.refused_by_fault[fault] += 1
            if key not in refused:
                stats.problems.append(f"{where}: an unparsable answer to decision {key} was not refused")
            if not fault:
                stats.problems.append(f"{where}: a valid answer to decision {key} did not parse: {call.error}")
        elif fault in REJECTABLE:
            stats.problems.append(f"{where}: a broken answer ({fault}) to decision {key} was accepted")
    for item in rejected:
        if item.attempt not in faulty_attempts.get(item.decision_id, set()):
            stats.problems.append(f"{where}: decision {item.decision_id} attempt {item.attempt} refused: {item.error}")
        if EXCEPTION_RE.match(item.error):
            stats.problems.append(f"{where}: an agent raised: {item.error[:200]}")
    expected = {d for d, attempts in faulty_attempts.items() if len(attempts) >= max_attempts}
    stats.expected_fallbacks += len(expected)
    if {f.decision_id for f in fallbacks} != expected:
        stats.problems.append(f"{where}: fallbacks {sorted(f.decision_id for f in fallbacks)} != {sorted(expected)}")
    for fallback in fallbacks:
        if not fallback.reason:
            stats.problems.append(f"{where}: a fallback without a reason (decision {fallback.decision_id})")
    limit = int(getattr(game.state.options, "max_speech_chars", 1200))
    for record in records:
        if isinstance(record.event, Speech) and len(record.event.text) > limit:
            stats.problems.append(f"{where}: a speech of {len(record.event.text)} characters")


def malformed_battery(variant: str, games: int, rate: float = 0.2, seed: int = 0, workers: int = 1) -> MalformedStats:
    """``games`` games of ``variant`` (its prompt languages in turn)."""
    languages = prompt_languages(variant)
    jobs = [(variant, languages[n % len(languages)], seed * 100_000 + n, rate) for n in range(games)]
    total = MalformedStats()
    for stats in map_jobs(play_malformed_game, jobs, workers):
        total.add(stats)
    return total
