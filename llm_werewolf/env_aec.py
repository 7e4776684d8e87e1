"""A PettingZoo AEC environment: every seat of one ruleset is an agent (needs the ``rl`` extra).

::

    from llm_werewolf.env_aec import WerewolfAEC

    env = WerewolfAEC("city_mafia", players=10)
    env.reset(seed=7)
    for agent in env.agent_iter():
        observation, reward, terminated, truncated, info = env.last()
        action = None if terminated or truncated else env.action_space(agent).sample(observation["action_mask"])
        env.step(action)

Agents are ``seat_1`` ... ``seat_N`` (seats numbered from 1). The rules decide who acts next:
the seat with a pending question (the lowest seat first when several answer together, as in a
simultaneous vote; the group resolves once all have answered). An action is an index into the
legal options of that question; the observation's ``action_mask`` marks them. An index that is
not legal raises :class:`~llm_werewolf.env.IllegalAction` and changes nothing (mask, or wrap
the environment, to choose another policy). At the end every seat of the winning sides gets
+1, every other seat -1 (0 for all when nobody wins). A speech carries no words unless
:meth:`WerewolfAEC.say` set them for the acting seat before its step.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any, ClassVar

import numpy as np
from gymnasium import spaces
from pettingzoo import AECEnv

from .env import Action, IllegalAction, WerewolfEnv
from .env_observation import Observer, action_count, observation_space

ENV_NAME = "llm_werewolf_v0"


def agent_name(seat: int) -> str:
    """The agent of a 0-based seat index: ``seat_1`` for the first seat."""
    return f"seat_{seat + 1}"


def seat_of(agent: str) -> int:
    """The 0-based seat index of an agent name."""
    return int(agent.rpartition("_")[2]) - 1


class WerewolfAEC(AECEnv):  # type: ignore[misc]  # pettingzoo ships no type information
    """One ruleset's table as a PettingZoo AEC environment (all seats are agents)."""

    metadata: ClassVar[dict[str, Any]] = {"name": ENV_NAME, "render_modes": ["ansi"], "is_parallelizable": False}

    def __init__(
        self,
        variant: str = "one_night",
        *,
        players: int | None = None,
        language: str | None = None,
        options: Mapping[str, Any] | None = None,
        render_mode: str | None = None,
    ) -> None:
        super().__init__()
        self.variant = variant
        self.language = language
        self.options = dict(options or {})
        self.render_mode = render_mode
        self.game = WerewolfEnv(variant, players=players, language=language, options=self.options)
        self.players = len(self.game.names)
        self.possible_agents = [agent_name(seat) for seat in range(self.players)]
        space = observation_space(variant, self.players)
        self.observation_spaces = {agent: space for agent in self.possible_agents}
        self.action_spaces = {agent: spaces.Discrete(action_count(self.players)) for agent in self.possible_agents}
        self._seed: int | None = None
        self._words: dict[int, Action] = {}
        self.agents: list[str] = []
        self.observer = Observer(self.game)

    def observation_space(self, agent: str) -> spaces.Space[Any]:
        return self.observation_spaces[agent]

    def action_space(self, agent: str) -> spaces.Space[Any]:
        return self.action_spaces[agent]

    # -- life cycle ------------------------------------------------------------------------------
    def reset(self, seed: int | None = None, options: dict[str, Any] | None = None) -> None:
        """Deal a new game: ``seed`` decides it (without one, the next seed of the previous one)."""
        if seed is not None:
            self._seed = seed
        else:
            self._seed = 0 if self._seed is None else self._seed + 1
        self.game.reset(self._seed)
        self.observer = Observer(self.game)
        self._words = {}
        self.agents = self.possible_agents[:]
        self.rewards = {agent: 0.0 for agent in self.agents}
        self._cumulative_rewards = {agent: 0.0 for agent in self.agents}
        self.terminations = {agent: False for agent in self.agents}
        self.truncations = {agent: False for agent in self.agents}
        self.infos: dict[str, dict[str, Any]] = {agent: {} for agent in self.agents}
        self._next()

    def observe(self, agent: str) -> dict[str, Any]:
        return self.observer.observe(seat_of(agent))

    def say(self, text: str, claim: str | None = None) -> None:
        """Words (and a role claim) for the acting seat's next answer, when that answer is a speech."""
        self._words[seat_of(self.agent_selection)] = Action("", text=text, claim=claim)

    def step(self, action: int | None) -> None:
        agent = self.agent_selection
        if self.terminations[agent] or self.truncations[agent]:
            self._was_dead_step(action)
            return
        seat = seat_of(agent)
        decision = self.observer.decision(seat)
        if decision is None or action is None or not 0 <= int(action) < len(decision.options):
            raise IllegalAction(f"{agent} has no legal option {action!r} now")
        option = decision.options[int(action)].id
        words = self._words.pop(seat, None)
        answer = Action(option, text=words.text, claim=words.claim) if words and decision.speech else Action(option)
        self.game.submit(seat, answer)
        self.game.advance()
        self._cumulative_rewards[agent] = 0.0
        for name in self.agents:
            self.rewards[name] = 0.0
        if self.game.done:
            self._finish()
        else:
            self._next()
        self._accumulate_rewards()

    def _next(self) -> None:
        waiting = self.game.waiting()
        if waiting:
            self.agent_selection = agent_name(waiting[0])

    def _finish(self) -> None:
        result = self.game.result()
        assert result is not None
        winners = set(result.winners)
        for name in self.agents:
            self.rewards[name] = 0.0 if not winners else (1.0 if seat_of(name) in winners else -1.0)
            self.terminations[name] = True
            self.infos[name] = {"winners": [seat + 1 for seat in sorted(winners)], "reason": result.reason}
        self.agent_selection = self.agents[0]

    def render(self) -> str | None:
        """``ansi``: the public record of the game so far, in the table's language."""
        if self.render_mode != "ansi":
            return None
        from .describe.present import Presenter

        presenter = Presenter(self.game.language, self.variant, self.game.names)
        public = [r for r in self.game.records if r.vis.scope == "public"]
        items = (presenter.item(record, position) for position, record in enumerate(public))
        return "\n".join(item.text for item in items if item is not None)

    def close(self) -> None:
        """Nothing to release (the game lives in memory)."""


def random_action(observation: dict[str, Any], rng: np.random.Generator) -> int:
    """A uniformly random legal action index (what the example and tests play)."""
    legal = np.flatnonzero(observation["action_mask"])
    return int(rng.choice(legal))
