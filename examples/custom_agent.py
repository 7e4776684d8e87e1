"""A custom Python agent plays one seat of a Werewolf game against the built-in players.

Run it from anywhere llm-werewolf is installed:

    python examples/custom_agent.py            # one_night, English, seat 1 is the custom agent
    python examples/custom_agent.py city_mafia 10 ru

The agent only ever sees its own :class:`~llm_werewolf.env.Observation` (what its seat
knows and the legal options) and answers with an option id, plus words for speeches.
"""

from __future__ import annotations

import random
import sys
from collections import Counter
from pathlib import Path

from llm_werewolf.env import Act, Action, Observation, WerewolfEnv, play


class AccuseTheLoudest:
    """Votes for (and accuses) whoever has spoken the most; otherwise picks at random."""

    def __init__(self, seed: int = 0) -> None:
        self.rng = random.Random(seed)

    def act(self, observation: Observation) -> Action:
        decision = observation.decision
        assert decision is not None, "act is only called for a seat that must answer"
        talk = Counter(e["seat"] for e in observation.events if e["kind"] == "speech" and e["seat"] != observation.seat)
        seats = [o for o in decision.options if o.kind == "seat" and o.target != observation.seat]
        loudest = max(seats, key=lambda o: (talk[o.target], -int(o.target or 0)), default=None)
        option = loudest if loudest is not None else self.rng.choice(decision.options)
        if decision.speech:
            if loudest is None:
                return Action(option.id, text="I have nothing to add.")
            # the words for the table, and the same thing as a speech act the rules check and datasets keep
            return Action(
                option.id, text=f"I am watching {loudest.label}.", acts=(Act("accuse", target=loudest.target),)
            )
        return Action(option.id)


def main(variant: str = "one_night", players: int = 5, language: str = "en", out: Path = Path("transcripts")) -> Path:
    env = WerewolfEnv(variant, players=players, seed=7, language=language, controlled=[0], bots="heuristic")
    result = play(env, {0: AccuseTheLoudest(seed=1)})
    winners = ", ".join(env.names[i] for i in result.winners)
    print(f"{variant}: {result.reason}; winners: {winners} ({', '.join(result.winning_sides)})")
    print(f"the custom agent ({env.names[0]}) was {result.roles[0]} and {'won' if 0 in result.winners else 'lost'}")
    path = env.save_transcript(out / f"custom-agent-{variant}.jsonl", agent="custom:AccuseTheLoudest")
    print(f"transcript: {path}  (llm-werewolf render {path})")
    return path


if __name__ == "__main__":
    arguments = sys.argv[1:]
    main(
        arguments[0] if len(arguments) > 0 else "one_night",
        int(arguments[1]) if len(arguments) > 1 else 5,
        arguments[2] if len(arguments) > 2 else "en",
    )
