"""The embedded model's prompts (``local`` profile) leave llama.cpp little to evaluate per call.

A transcript prompt is system → shared history → the seat's private part → decision. llama.cpp reuses the
longest prefix it holds or has saved (llm/kv_states.py), so the shared part should only grow at its end,
and the private part, evaluated again on every call, should be short. Checked on whole games of the
``make play`` table (6 seats, chinese_werewolf in zh-Hant; heuristic choices) with the real prompt builder:

* the shared part of every prompt extends the one before it (no day's compaction rewrites it);
* a speech whose acts are known shows its speaker and acts, not its words;
* the private part states the seat's card once, its lines without an "only you know" each, an earlier
  night's team ballot by its count only, and no choice of the seat by day (each is public).
"""

from __future__ import annotations

from llm_werewolf.agents.heuristic import HeuristicAgent
from llm_werewolf.llm.profiles import get_profile
from llm_werewolf.prompting.render import Prompt, SeatPrompter
from llm_werewolf.rules import Choice, Decision, GameConfig, SeatView
from llm_werewolf.rules.events import Speech
from llm_werewolf.sim import SyncAgent, play_with_agents

SEEDS = range(4)


def make_play_prompts(seed: int) -> list[tuple[SeatView, Prompt]]:
    """Every decision of one heuristic game at the ``make play`` table, with the prompt a ``local`` seat gets."""
    prompts: list[tuple[SeatView, Prompt]] = []
    local = get_profile("local")

    class Prompted(HeuristicAgent):
        def __init__(self, seat: int) -> None:
            super().__init__(seed)
            self.prompter = SeatPrompter(language="zh-Hant", variant="chinese_werewolf", seat=seat, profile=local)

        def choose(self, view: SeatView, decision: Decision) -> Choice:
            prompts.append((view, self.prompter.prompt(view, decision)))
            return super().choose(view, decision)

    names = tuple(f"P{i + 1}" for i in range(6))
    agents: list[SyncAgent] = [Prompted(i) for i in range(6)]
    play_with_agents(GameConfig(variant="chinese_werewolf", names=names, seed=seed, language="zh-Hant"), agents)
    return prompts


def split(prompt: Prompt) -> tuple[str, str]:
    """The shared part (system and history) and the private part (from the seat's note to the decision)."""
    history, _, private = prompt.user.partition("\n\n")
    return f"{prompt.system}\n\n{history}", private.partition("\n\n")[0]


def test_the_shared_part_only_grows_at_its_end() -> None:
    for seed in SEEDS:
        previous = ""
        days: set[str] = set()
        for view, prompt in make_play_prompts(seed):
            shared, _ = split(prompt)
            assert shared.startswith(previous), f"seed {seed}, {view.phase}: the shared history was rewritten"
            previous = shared
            if view.phase.startswith("day:"):
                days.add(view.phase)
        assert len(days) >= 2, f"seed {seed}: a one-day game tests no compaction"


def test_speeches_show_their_speaker_and_acts_not_their_words() -> None:
    speeches = 0
    for seed in SEEDS:
        for view, prompt in make_play_prompts(seed):
            text = prompt.text()
            for record in view.records:
                event = record.event
                if isinstance(event, Speech) and event.acts and len(event.text) > 12:
                    speeches += 1
                    assert event.text[:12] not in text, f"seed {seed}, {view.phase}: a speech's words are shown"
            if any(isinstance(r.event, Speech) for r in view.records):
                assert "「…」〔" in text, f"seed {seed}, {view.phase}: no speech shown by its acts"
    assert speeches > 100


def test_the_private_part_is_terse() -> None:
    team_ballots = day_prompts = 0
    for seed in SEEDS:
        for view, prompt in make_play_prompts(seed):
            _, private = split(prompt)
            assert "法官私下告訴你" not in private, f"seed {seed}, {view.phase}: the card is stated twice"
            assert "只有你知道" not in private, f"seed {seed}, {view.phase}: 'only you know' in the private part"
            if view.phase.startswith("day:"):
                day_prompts += 1
                assert "你選擇了" not in private, f"seed {seed}, {view.phase}: a choice by day in the private part"
                assert "狼人刀口投票" not in private, f"seed {seed}, {view.phase}: an earlier team ballot in full"
                team_ballots += "狼人刀口計票" in private
    assert day_prompts > 50 and team_ballots > 10
