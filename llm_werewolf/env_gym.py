"""A Gymnasium single-agent environment: one seat is yours, built-in players take the rest
(needs the ``rl`` extra).

::

    from llm_werewolf.env_gym import WerewolfGym

    env = WerewolfGym("one_night", players=5, seat=1, others="heuristic")
    observation, info = env.reset(seed=7)
    terminated = False
    while not terminated:
        action = env.action_space.sample(observation["action_mask"])
        observation, reward, terminated, truncated, info = env.step(action)

The observation is the seat's (:mod:`llm_werewolf.env_observation`); an action is an index
into the legal options of the seat's pending question. After each action the other seats
(``heuristic`` or ``random`` players) answer until the seat must answer again or the game
ends. The reward is +1 when the seat's side wins, -1 when it loses, 0 for a game nobody wins
and during the game. An index that is not legal now changes nothing: the same question is
asked again, with ``illegal_reward`` (default -0.1) and ``info["illegal"] = True``.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

import gymnasium
from gymnasium import spaces

from .env import WerewolfEnv
from .env_observation import Observer, action_count, observation_space

ENV_ID = "llm_werewolf/Werewolf-v0"


class WerewolfGym(gymnasium.Env[dict[str, Any], int]):
    """One seat of a ruleset's table as a Gymnasium environment."""

    metadata: dict[str, Any] = {"render_modes": ["ansi"]}  # noqa: RUF012 (Gymnasium declares it so)

    def __init__(
        self,
        variant: str = "one_night",
        *,
        players: int | None = None,
        seat: int = 1,
        others: str = "heuristic",
        language: str | None = None,
        options: Mapping[str, Any] | None = None,
        illegal_reward: float = -0.1,
        render_mode: str | None = None,
    ) -> None:
        if others not in ("heuristic", "random"):
            raise ValueError(f"others must be heuristic or random, not {others!r}")
        self.variant = variant
        self.seat = seat
        """Your seat, numbered from 1."""
        self.others = others
        self.illegal_reward = illegal_reward
        self.render_mode = render_mode
        self.game = WerewolfEnv(
            variant, players=players, language=language, options=options, controlled=[seat - 1], bots=others
        )
        self.players = len(self.game.names)
        if not 1 <= seat <= self.players:
            raise ValueError(f"seat must be 1 to {self.players}")
        self.observation_space = observation_space(variant, self.players)
        self.action_space: spaces.Space[Any] = spaces.Discrete(action_count(self.players))
        self.observer = Observer(self.game)

    def reset(
        self, *, seed: int | None = None, options: dict[str, Any] | None = None
    ) -> tuple[dict[str, Any], dict[str, Any]]:
        """Deal a new game; its seed is drawn from the environment's generator (seeded by ``seed``).

        A deal in which the seat would never be asked anything (it dies before its first question
        and the others finish the game) is skipped for the next draw, so every episode has a step."""
        super().reset(seed=seed)
        while True:
            game_seed = int(self.np_random.integers(2**62))
            self.game.reset(game_seed)
            if not self.game.done:
                break
        self.observer = Observer(self.game)
        return self.observer.observe(self.seat - 1), {"game_seed": game_seed}

    def step(self, action: int) -> tuple[dict[str, Any], float, bool, bool, dict[str, Any]]:
        index = self.seat - 1
        decision = self.observer.decision(index)
        if decision is None or not 0 <= int(action) < len(decision.options):
            return self.observer.observe(index), self.illegal_reward, self.game.done, False, {"illegal": True}
        self.game.submit(index, decision.options[int(action)].id)
        self.game.advance()
        reward, info = 0.0, dict[str, Any](illegal=False)
        if self.game.done:
            result = self.game.result()
            assert result is not None
            reward = 0.0 if not result.winners else (1.0 if index in result.winners else -1.0)
            info = {"illegal": False, "winners": [s + 1 for s in result.winners], "reason": result.reason}
        return self.observer.observe(index), reward, self.game.done, False, info

    def render(self) -> str | None:
        """``ansi``: the seat's view as text."""
        if self.render_mode != "ansi":
            return None
        text: str = self.observer.observe(self.seat - 1)["text"]
        return text


def register() -> None:
    """Register :data:`ENV_ID` with Gymnasium (``gymnasium.make("llm_werewolf/Werewolf-v0", variant=...)``)."""
    if ENV_ID not in gymnasium.registry:
        gymnasium.register(id=ENV_ID, entry_point="llm_werewolf.env_gym:WerewolfGym")
