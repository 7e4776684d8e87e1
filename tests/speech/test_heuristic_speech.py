"""Heuristic players speak through acts from their actual strategy; listeners read the acts back."""

from __future__ import annotations

import pytest

from llm_werewolf.agents.heuristic import HeuristicAgent
from llm_werewolf.evaluation.speech_measure import Tally, measure_game
from llm_werewolf.rules import Act, Choice, Game, GameConfig, get_ruleset
from llm_werewolf.rules.act_vocabulary import DISCOURSE_KINDS, vocabulary
from llm_werewolf.rules.events import Info, RoleAssigned, Speech
from llm_werewolf.rules.views import build_view
from llm_werewolf.sim import play_with_agents
from llm_werewolf.speech.coherence import check_coherence
from llm_werewolf.speech.intent import heard_intent, intent_acts
from llm_werewolf.speech.knowledge import known_results
from llm_werewolf.speech.truth import consistent, is_true
from llm_werewolf.texts import default_names

from .helpers import PLAYERS, game_at_speech


def heuristic_game(variant: str, language: str, seed: int) -> Game:
    names = default_names(language, PLAYERS[variant])
    config = GameConfig(variant=variant, names=names, seed=seed, language=language)
    return play_with_agents(config, [HeuristicAgent(seed=seed * 1009 + i) for i in range(len(names))])


@pytest.mark.parametrize("variant", sorted(PLAYERS))
def test_heuristic_speech_is_acts_coherent_and_varied(variant: str) -> None:
    language = get_ruleset(variant).languages[0]
    tally = Tally()
    for seed in range(4):
        game = heuristic_game(variant, language, seed)
        measure_game(game.records, variant, language, tally)
    row = tally.row()
    assert row["coherent"] is not None and row["coherent"] >= 0.9, row
    assert row["distinct"] is not None and row["distinct"] >= 0.8, row
    assert row["acts_per_speech"] is not None and row["acts_per_speech"] >= 1.0, row
    assert row["consistent"] is not None and row["consistent"] >= 0.9, row


def test_a_heuristic_seer_reports_her_real_check_and_a_wolf_lies() -> None:
    honest = lies = 0
    for seed in range(12):
        game = heuristic_game("chinese_werewolf", "zh-Hant", seed)
        records = game.records
        roles = {r.event.seat: r.event.role for r in records if isinstance(r.event, RoleAssigned)}
        for index, record in enumerate(records):
            event = record.event
            if not isinstance(event, Speech):
                continue
            for act in event.acts:
                if act.kind == "result" and act.fact == "check":
                    truth = consistent(act, records[:index], event.seat, "chinese_werewolf")
                    if roles[event.seat] == "seer":
                        assert truth, (event.text, act)
                        honest += 1
                    elif roles[event.seat] == "werewolf":
                        assert not truth
                        lies += 1
                if act.kind == "claim" and roles[event.seat] == "werewolf":
                    assert is_true(act, records, event.seat, "chinese_werewolf", record.seq) is False
                    lies += 1
    assert honest > 0  # (issue-17's wolves rarely fake a seer now; any fake they make is checked above)


def test_intent_to_acts_and_back() -> None:
    game, decision = game_at_speech("chinese_werewolf", language="en")
    view = game.view(decision.seat)
    target = next(i for i in view.living() if i != decision.seat)
    acts = intent_acts(view, "seer_wolf", target=target, claim="seer")
    assert acts[0] == Act("claim", role="seer")
    assert Act("result", target=target, fact="check", value="bad") in acts
    assert Act("vote", target=target) in acts
    heard = heard_intent(acts, "chinese_werewolf", view.names)
    assert (heard.key, heard.target) == ("seer_wolf", target)
    assert heard_intent([Act("vote", target=target)], "chinese_werewolf", view.names).key == "vote_for"
    assert heard_intent([Act("accuse", target=target)], "lebanese_ghouls", view.names).key == "accuse"
    quiet = intent_acts(view, "neutral")
    assert len(quiet) == 1 and quiet[0].kind == "ask" and quiet[0].target != decision.seat


def test_known_results_come_from_the_seat_s_own_records() -> None:
    for seed in range(30):
        game = heuristic_game("city_mafia", "ru", seed)
        sheriff = next(
            r.event.seat for r in game.records if isinstance(r.event, RoleAssigned) and r.event.role == "sheriff"
        )
        view = build_view(game.records, sheriff)
        checks = [r.event for r in view.records if isinstance(r.event, Info) and r.event.fact == "mafia"]
        if not checks:
            continue
        results = known_results(view)
        assert {(a.target, a.value) for a in results if a.fact == "check"} == {
            (c.subject, "bad" if c.value == "yes" else "good") for c in checks
        }
        return
    raise AssertionError("no sheriff check in 30 games")


def test_every_heuristic_speech_is_legal_and_names_its_targets() -> None:
    from llm_werewolf.rules.act_legality import check_view_acts

    for variant in PLAYERS:
        language = get_ruleset(variant).languages[-1]
        game = heuristic_game(variant, language, 5)
        for index, record in enumerate(game.records):
            event = record.event
            if isinstance(event, Speech) and event.acts:
                view = build_view(game.records[:index], event.seat)
                check_view_acts(view, event.acts)
                assert check_coherence(event.text, view, earlier=[]).ok, event.text
                assert all(a.kind in vocabulary(variant).kinds + DISCOURSE_KINDS for a in event.acts)


def test_a_random_player_speaks_with_an_act_too() -> None:
    from llm_werewolf.agents.random_agent import RandomAgent

    game, decision = game_at_speech("online_mafia", language="he")
    choice = RandomAgent(seed=3).choose(game.view(decision.seat), decision)
    assert isinstance(choice, Choice) and choice.acts and choice.text
    records = game.submit(decision.id, choice)  # the rules accept the acts (no IllegalAct)
    assert any(isinstance(r.event, Speech) and r.event.acts == choice.acts for r in records)


def test_a_witch_saved_only_the_victim_of_the_night_she_used_the_antidote() -> None:
    """From the chinese_werewolf sample: a witch told of two victims on two nights, who saved the first,
    was offered «I saved» the second too."""
    from llm_werewolf.speech.knowledge import saved_seats
    from llm_werewolf.speech.truth import consistent

    for seed in range(60):
        game = heuristic_game("chinese_werewolf", "zh-Hant", seed)
        roles = {r.event.seat: r.event.role for r in game.records if isinstance(r.event, RoleAssigned)}
        witch = next((s for s, role in roles.items() if role == "witch"), None)
        if witch is None:
            continue
        view = build_view(game.records, witch)
        victims = {
            r.event.subject
            for r in view.records
            if isinstance(r.event, Info) and r.event.fact == "wolf_victim" and r.event.subject is not None
        }
        saved = saved_seats(view.records, witch)
        if len(saved) != 1 or len(victims - set(saved)) == 0:
            continue
        other = min(victims - set(saved))
        results = known_results(view)
        assert Act("result", target=saved[0], fact="saved") in results
        assert Act("result", target=other, fact="saved") not in results
        records = list(game.records)
        assert consistent(Act("result", target=saved[0], fact="saved"), records, witch, "chinese_werewolf") is True
        assert consistent(Act("result", target=other, fact="saved"), records, witch, "chinese_werewolf") is False
        return
    raise AssertionError("no witch who saved once and was told of another victim in 60 games")
