"""The standard RL interfaces: PettingZoo's own ``api_test`` and Gymnasium's own ``check_env`` on every
ruleset, observations built from the seat's view only, rewards from the outcome."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import numpy as np
import pytest
from gymnasium.utils.env_checker import check_env
from pettingzoo.test import api_test

from llm_werewolf.env import IllegalAction
from llm_werewolf.env_aec import WerewolfAEC, random_action, seat_of
from llm_werewolf.env_gym import WerewolfGym

ROOT = Path(__file__).resolve().parents[2]
RULESETS = [("one_night", 5), ("chinese_werewolf", 9), ("lebanese_ghouls", 8), ("city_mafia", 10), ("online_mafia", 9)]


@pytest.mark.parametrize(("variant", "players"), RULESETS)
def test_pettingzoo_api_test_passes_on_every_ruleset(variant: str, players: int) -> None:
    api_test(WerewolfAEC(variant, players=players), num_cycles=300)


@pytest.mark.parametrize(("variant", "players"), RULESETS)
@pytest.mark.parametrize("others", ["heuristic", "random"])
def test_gymnasium_check_env_passes_on_every_ruleset(variant: str, players: int, others: str) -> None:
    check_env(WerewolfGym(variant, players=players, seat=2, others=others), skip_render_check=True)


def _play_aec(env: WerewolfAEC, seed: int) -> dict[str, float]:
    rng = np.random.default_rng(seed)
    env.reset(seed=seed)
    totals = dict.fromkeys(env.possible_agents, 0.0)
    for agent in env.agent_iter():
        observation, reward, terminated, truncated, _ = env.last()
        totals[agent] += reward
        if not (terminated or truncated):
            seat = seat_of(agent)
            view = env.game.view(seat)
            # the records observed are exactly the seat's information set, the mask its options
            assert [r["seq"] for r in observation["records"]] == [r.seq for r in view.records]
            assert all(r.vis.visible_to(seat) for r in view.records)
            decision = next(d for d in env.game.game.pending if d.seat == seat)
            assert int(observation["action_mask"].sum()) == len(decision.options)
            assert observation["observation"][0] == seat + 1
        env.step(None if terminated or truncated else random_action(observation, rng))
    return totals


@pytest.mark.parametrize(("variant", "players"), RULESETS)
def test_a_whole_aec_game_ends_with_the_outcome_as_rewards(variant: str, players: int) -> None:
    env = WerewolfAEC(variant, players=players)
    totals = _play_aec(env, seed=3)
    result = env.game.result()
    assert result is not None and not env.agents
    for agent, total in totals.items():
        expected = 0.0 if not result.winners else (1.0 if seat_of(agent) in result.winners else -1.0)
        assert total == expected, agent


def test_the_text_is_the_seats_view_in_the_tables_language() -> None:
    env = WerewolfAEC("one_night", players=5)  # played in Arabic by default
    env.reset(seed=1)
    seat = seat_of(env.agent_selection)
    text = env.observe(env.agent_selection)["text"]
    assert any("\u0600" <= ch <= "\u06ff" for ch in text)
    assert env.observer.presenter.role(env.game.view(seat).role, seat) in text  # its own card
    other_cards = {env.game.view(s).role for s in range(5)} - {env.game.view(seat).role}
    secrets = [r for r in env.game.records if not r.vis.visible_to(seat)]
    assert secrets and other_cards  # the game holds secrets this seat must not see
    for record in secrets:
        item = env.observer.presenter.item(record, 0)
        if item is not None and item.text:
            assert item.text not in text


def test_an_illegal_index_changes_nothing() -> None:
    env = WerewolfAEC("city_mafia", players=10)
    env.reset(seed=2)
    before = len(env.game.records)
    agent = env.agent_selection
    mask = env.observe(agent)["action_mask"]
    with pytest.raises(IllegalAction):
        env.step(int(np.flatnonzero(mask == 0)[0]))
    assert len(env.game.records) == before and env.agent_selection == agent

    gym = WerewolfGym("city_mafia", players=10, seat=1)
    observation, _ = gym.reset(seed=2)
    before = len(gym.game.records)
    illegal = int(np.flatnonzero(observation["action_mask"] == 0)[0])
    again, reward, terminated, _, info = gym.step(illegal)
    assert info["illegal"] and reward == gym.illegal_reward and not terminated
    assert len(gym.game.records) == before and again["text"] == observation["text"]


def test_the_standard_interfaces_are_reachable_from_llm_werewolf_env() -> None:
    import llm_werewolf.env as env_module

    assert env_module.WerewolfAEC is WerewolfAEC and env_module.WerewolfGym is WerewolfGym
    with pytest.raises(AttributeError):
        _ = env_module.NoSuchThing


def test_the_example_plays_games_through_both_interfaces() -> None:
    env = {**os.environ, "PYTHONPATH": str(ROOT)}
    result = subprocess.run(
        [sys.executable, str(ROOT / "examples" / "rl_interfaces.py"), "all", "0", "2"],
        capture_output=True,
        text=True,
        env=env,
        cwd=ROOT,
        timeout=600,
        check=True,
    )
    for variant, _ in RULESETS:
        assert f"{variant}: 2 AEC games" in result.stdout and f"{variant}: 2 Gymnasium games" in result.stdout
