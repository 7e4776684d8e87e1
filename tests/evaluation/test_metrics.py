"""Every metric against the hand-computed fixtures of fixtures.py."""

from __future__ import annotations

from pathlib import Path

import pytest

from llm_werewolf.evaluation.adherence import rule_adherence
from llm_werewolf.evaluation.claims import claim_honesty, claims_of
from llm_werewolf.evaluation.cost import cost
from llm_werewolf.evaluation.facts import GameFacts
from llm_werewolf.evaluation.language import language_fidelity
from llm_werewolf.evaluation.leakage import leakage
from llm_werewolf.evaluation.outcomes import key_role_survival, margin_and_speed, win_rates
from llm_werewolf.evaluation.voting import voting_metrics

from .fixtures import A, B, chinese_game, one_night_game


@pytest.fixture
def cw(tmp_path: Path) -> GameFacts:
    return chinese_game(tmp_path)


@pytest.fixture
def onw(tmp_path: Path) -> GameFacts:
    return one_night_game(tmp_path)


def test_final_ballot_is_the_pk_revote(cw: GameFacts) -> None:
    assert [(d.day, d.ballot, d.exiled) for d in cw.day_votes] == [(1, "exile_2", (0,)), (2, "exile_1", (1,))]
    assert cw.day_votes[0].top_targets() == frozenset({0})


def test_irp_wd_irp_vss_and_bus(cw: GameFacts) -> None:
    v = voting_metrics([cw])
    # V ballots on final ballots: day 1: 3→0, 4→0, 5→0 (hits); day 2: 3→1 hit, 4→5 miss, 5→1 hit.
    assert v.irp[A].hits == 1 and v.irp[A].n == 2  # seat 4
    assert v.irp[B].hits == 4 and v.irp[B].n == 4  # seats 3 and 5
    assert v.wd_irp[B].rate == 1.0  # the village won: WD-IRP = IRP
    # VSS-ballots: day 1 3/3 on the exiled wolf, day 2 2/3.
    assert (v.vss[A].hits, v.vss[A].n) == (1, 2)
    assert (v.vss[B].hits, v.vss[B].n) == (4, 4)
    assert (v.vss_days.hits, v.vss_days.n) == (2, 2)
    # Bus: seat 1 (B) votes its partner on day 1, not on day 2; seat 0 does not vote on a final ballot.
    assert (v.bus[B].hits, v.bus[B].n) == (1, 2)
    assert A not in v.bus.shares
    overall = v.as_dict()["overall"]
    assert overall["irp"]["rate"] == round(5 / 6, 4)


def test_wd_irp_is_zero_when_the_village_loses(tmp_path: Path) -> None:
    from .builders import FakeGame

    g = FakeGame("chinese_werewolf", ["werewolf", "seer", "villager", "villager"], [A] * 4)
    g.phase("day", 1)
    g.votes("exile_1", {1: 0, 2: 0, 3: 1, 0: 1})
    g.end((0,), ("wolves",), "village_dead")
    facts = g.save(tmp_path)
    v = voting_metrics([facts])
    assert (v.irp[A].hits, v.irp[A].n) == (2, 3)
    assert (v.wd_irp[A].hits, v.wd_irp[A].n) == (0, 3)
    assert v.vss_days.n == 0  # nobody was exiled


def test_win_rate_by_model_role_side(cw: GameFacts) -> None:
    w = win_rates([cw])
    assert (w.by_model[A].hits, w.by_model[A].n) == (2, 3)
    assert w.by_side["village"].rate == 1.0 and w.by_side["wolves"].rate == 0.0
    assert w.by_model_role_side[(A, "chinese_werewolf/werewolf", "wolves")].n == 1
    assert w.by_model_role_side[(B, "chinese_werewolf/witch", "village")].hits == 1
    low, high = w.by_model[A].interval() or (0.0, 0.0)
    assert low == pytest.approx(0.2077, abs=1e-3) and high == pytest.approx(0.9385, abs=1e-3)  # Wilson, 2 of 3


def test_ksr_margin_and_speed(cw: GameFacts) -> None:
    k = key_role_survival([cw])
    assert (k.ksr_by_model[A].hits, k.ksr_by_model[A].n) == (0, 1)  # the seer died
    assert (k.ksr_by_model[B].hits, k.ksr_by_model[B].n) == (1, 1)  # the witch lived
    assert k.wd_ksr_by_role["chinese_werewolf/witch"].rate == 1.0
    ms = margin_and_speed([cw])
    assert ms["margin_by_side"]["village"]["mean"] == 0.75  # 3 of 4 village seats alive
    assert ms["speed_by_side"]["village"]["mean"] == 0.5  # two days


def test_claim_honesty_and_detection(cw: GameFacts) -> None:
    claims = claims_of(cw)
    assert [(c.seat, c.claimed, c.false) for c in claims] == [
        (2, "seer", False),
        (0, "seer", True),
        (1, "witch", True),
        (3, "witch", False),
    ]
    h = claim_honesty([cw], k=1)
    assert h.false_rate_by_side["wolves"].rate == 1.0
    assert h.false_rate_by_side["village"].rate == 0.0
    assert (h.false_rate_by_model[A].hits, h.false_rate_by_model[A].n) == (1, 2)
    # Both false claimants top the final ballot the same day; no truthful claimant does.
    assert (h.precision.hits, h.precision.n) == (2, 2)
    assert (h.recall.hits, h.recall.n) == (2, 2)
    assert h.survival_by_side["wolves"].rate == 0.0


def test_detection_window(tmp_path: Path) -> None:
    from .builders import FakeGame

    g = FakeGame("chinese_werewolf", ["werewolf", "seer", "villager", "villager", "werewolf"], [A] * 5)
    g.phase("day", 1)
    g.say(0, "I am the seer", "seer")
    g.votes("exile_1", {0: 2, 1: 2, 2: 3, 3: 2, 4: 2})  # 2 is exiled, not the liar
    g.die(2, "exile")
    g.phase("day", 2)
    g.votes("exile_1", {0: 3, 1: 0, 3: 0, 4: 3})  # a tie: the liar is among the top
    g.end((), (), "day_limit")
    facts = g.save(tmp_path)
    assert (claim_honesty([facts], k=1).recall.hits, claim_honesty([facts], k=1).recall.n) == (0, 1)
    assert claim_honesty([facts], k=2).recall.hits == 1
    assert claim_honesty([facts], k=2).survival_by_model[A].rate == 1.0


def test_one_night_claims_use_dealt_cards_and_votes_final_cards(onw: GameFacts) -> None:
    claims = claims_of(onw)
    assert [(c.seat, c.claimed, c.false, c.source) for c in claims] == [
        (0, "robber", False, "structured"),
        (1, "villager", True, "structured"),
        (2, "seer", False, "text"),
    ]
    v = voting_metrics([onw])
    # During the day seat 1 holds the robber card (village) and seat 0 the werewolf.
    assert (v.irp[B].hits, v.irp[B].n) == (1, 1)
    assert (v.irp["human"].hits, v.irp["human"].n) == (1, 1)
    assert (v.bus[A].hits, v.bus[A].n) == (0, 1)
    assert win_rates([onw]).by_model_role_side[(B, "one_night/werewolf", "village")].rate == 1.0


def test_structured_only_ignores_human_text(onw: GameFacts) -> None:
    assert [c.seat for c in claims_of(onw, "structured")] == [0, 1]
    assert [c.claimed for c in claims_of(onw, "text")] == ["robber", "villager", "seer"]


def test_rule_adherence(cw: GameFacts) -> None:
    a = rule_adherence([cw])
    # A's seats 0, 2, 4 were asked 1+1+1 (exile_1) + 1 (seat 4, exile_2) + 1 (seat 4, day 2) = 5 decisions.
    assert a[A]["decisions"] == 5
    assert a[A]["invalid"] == 1 and a[A]["fallbacks"] == 1
    assert a[A]["invalid_per_100"] == 20.0
    assert a[B]["invalid"] == 0 and a[B]["fallbacks_per_100"] == 0.0


def test_language_fidelity(cw: GameFacts) -> None:
    f = language_fidelity([cw])["by_model"]
    assert f[B] == {"hits": 2.0, "n": 3, "rate": 0.6667, "low": 0.2077, "high": 0.9385}
    assert f[A]["rate"] == 1.0 and f[A]["n"] == 4


def test_leakage(cw: GameFacts) -> None:
    report = leakage([cw])
    assert report["prompts_scanned"] == 1  # only B's call kept its prompt
    assert report["prompt_leaks"] == 1  # B's prompt holds A's private thought
    assert report["reasoning_leaks"] == 1  # A said its own canary in public
    assert report["by_model"][B]["prompt_leaks"] == 1


def test_cost(cw: GameFacts) -> None:
    c = cost([cw], {cw.game_id: 12.0})
    assert c["by_model"][A]["calls"] == 1 and c["by_model"][A]["prompt_tokens"] == 100
    assert c["by_model"][A]["tokens_per_decision"] == round(120 / 5, 4)
    assert c["by_model"][B]["latency_s_per_game"] == 0.25
    assert c["wall_s_per_game"] == 12.0
