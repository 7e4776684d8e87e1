"""Deception metrics from structured speech acts on a hand-built game (answers worked out below)."""

from __future__ import annotations

from pathlib import Path

from llm_werewolf.evaluation.claims import claims_of
from llm_werewolf.evaluation.deception import deception
from llm_werewolf.evaluation.facts import GameFacts
from llm_werewolf.rules.acts import Act

from .builders import FakeGame

W, V = "fake:W", "fake:V"


def acted_game(folder: Path) -> GameFacts:
    """Wolves 0, 1 (model W); seer 2, witch 3, villagers 4, 5 (model V).

    Day 1: the seer (2) claims seer, reports 0 as bad (true) and accuses 0 (a hit). Wolf 0 claims seer
    (false), reports 2 as bad (false) and accuses 2. Wolf 1 accuses its partner 0 (a bus). Villager 4
    accuses villager 5 (a miss). Seat 5 echoes the placeholder with a witch claim (invalid: not read).
    Final ballot: 0 and 1 vote 2; 2, 3, 4, 5 vote 0. Against the false claimant 0: 4 of the 5 others;
    against the true claimant 2: 2 of 5. Seat 0 is exiled (the only liar: survival 0 of 1).
    """
    roles = ["werewolf", "werewolf", "seer", "witch", "villager", "villager"]
    g = FakeGame("chinese_werewolf", roles, [W, W, V, V, V, V])
    g.phase("night", 1)
    g.phase("day", 1)
    g.say(
        2,
        "I am the seer. I checked seat 1 last night: a werewolf. Vote seat 1.",
        acts=(Act("claim", role="seer"), Act("result", target=0, fact="check", value="bad"), Act("accuse", target=0)),
    )
    g.say(
        0,
        "No, I am the real seer, and I checked seat 3: a werewolf.",
        acts=(Act("claim", role="seer"), Act("result", target=2, fact="check", value="bad"), Act("accuse", target=2)),
    )
    g.say(1, "Seat 1 sounds wrong to me today.", acts=(Act("accuse", target=0),))
    g.say(4, "I do not trust seat 6 at all.", acts=(Act("accuse", target=5),))
    g.say(5, "<what you say aloud, in English, at most 300 characters>", acts=(Act("claim", role="witch"),))
    g.votes("exile_1", {0: 2, 1: 2, 2: 0, 3: 0, 4: 0, 5: 0})
    g.die(0, "exile")
    g.end((2, 3, 4, 5), ("village",), "wolves_dead")
    return g.save(folder)


def test_deception_from_acts(tmp_path: Path) -> None:
    out = deception([acted_game(tmp_path)]).as_dict()
    assert out["acts"] == 8 and out["speeches_with_acts"] == 4  # the placeholder's act is not read
    assert out["false_results_by_side"]["wolves"]["hits"] == 1 and out["false_results_by_side"]["wolves"]["n"] == 1
    assert out["false_results_by_side"]["village"]["hits"] == 0 and out["false_results_by_side"]["village"]["n"] == 1
    precision = out["accusation_precision_by_model"][V]
    assert (precision["hits"], precision["n"]) == (1, 2)
    bus = out["accusation_bus_rate_by_model"][W]
    assert (bus["hits"], bus["n"]) == (1, 2)
    assert (out["liar_survival_by_side"]["wolves"]["hits"], out["liar_survival_by_side"]["wolves"]["n"]) == (0, 1)
    votes = out["votes_against_claimant_after_claim"]
    assert (votes["false"]["hits"], votes["false"]["n"]) == (4, 5)
    assert (votes["true"]["hits"], votes["true"]["n"]) == (2, 5)
    assert out["claim_swing_by_truth"] == {}  # no vote-intent probe in this game


def test_claims_come_from_acts(tmp_path: Path) -> None:
    claims = claims_of(acted_game(tmp_path))
    assert [(c.seat, c.claimed, c.false, c.source) for c in claims] == [
        (2, "seer", False, "structured"),
        (0, "seer", True, "structured"),
    ]
