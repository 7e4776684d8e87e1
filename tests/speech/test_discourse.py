"""The discourse planner at a heuristic table: answers, grounded reasons, last words, no repeats."""

from __future__ import annotations

from functools import cache

import pytest

from llm_werewolf.agents.heuristic import FABRICATED, HeuristicAgent
from llm_werewolf.rules import Act, Game, GameConfig, get_ruleset
from llm_werewolf.rules.act_vocabulary import vocabulary
from llm_werewolf.rules.events import DeathsAnnounced, Record, Speech, VoteCast
from llm_werewolf.rules.views import build_view
from llm_werewolf.sim import SyncAgent, play_with_agents
from llm_werewolf.speech.grounding import by_seq, check_reason, reasons_about
from llm_werewolf.speech.phrases import phrase_bank
from llm_werewolf.speech.repeats import templates_in
from llm_werewolf.speech.truth import consistent

from .helpers import PLAYERS

PAIRS = [(variant, language) for variant in sorted(PLAYERS) for language in get_ruleset(variant).languages]
TALK = ("discussion", "defense", "campaign")


@cache
def played(variant: str, language: str, seed: int) -> Game:
    players = PLAYERS[variant]
    names = tuple(list(phrase_bank(language, variant).genders)[:players])
    agents: list[SyncAgent] = [HeuristicAgent(seed=seed * 1009 + i) for i in range(players)]
    return play_with_agents(GameConfig(variant=variant, names=names, seed=seed, language=language), agents)


def public_speeches(game: Game) -> list[tuple[int, Record, Speech]]:
    out = []
    for index, record in enumerate(game.records):
        event = record.event
        if isinstance(event, Speech) and event.to is None:
            out.append((index, record, event))
    return out


def announced_dead(records: list[Record], seat: int, seq: int) -> bool:
    return any(
        isinstance(r.event, DeathsAnnounced) and r.seq < seq and any(d.seat == seat for d in r.event.deaths)
        for r in records
    )


@pytest.mark.parametrize(("variant", "language"), PAIRS)
def test_a_question_is_answered_by_name_in_the_addressees_next_speech(variant: str, language: str) -> None:
    asked = 0
    for seed in (1, 2):
        game = played(variant, language, seed)
        records = list(game.records)
        speeches = public_speeches(game)
        for order, (_, _, speech) in enumerate(speeches):
            for act in speech.acts:
                if act.kind != "ask" or act.target is None:
                    continue
                later = [(r, s) for _, r, s in speeches[order + 1 :] if s.seat == act.target]
                if not later or later[0][1].stage not in TALK:
                    continue  # never spoke again, or only its last words
                record, reply = later[0]
                if announced_dead(records, speech.seat, record.seq):
                    continue
                asked += 1
                answers = [a for a in reply.acts if a.kind == "answer" and a.target == speech.seat]
                assert answers, (speech.text, reply.text)
                name = game.config.names[speech.seat]
                assert (name[:-1] if language == "ru" else name) in reply.text, reply.text  # Russian: any case
    assert asked >= 5


@pytest.mark.parametrize(("variant", "language"), PAIRS)
def test_every_reason_holds_against_the_records(variant: str, language: str) -> None:
    reasons = 0
    for seed in (1, 2):
        game = played(variant, language, seed)
        table = by_seq(game.records)
        for _, record, speech in public_speeches(game):
            for act in speech.acts:
                if act.kind == "reason":
                    reasons += 1
                    assert check_reason(act, table, record.seq), (act, speech.text)
    assert reasons >= 5


def test_the_checker_refuses_what_did_not_happen() -> None:
    game = played("chinese_werewolf", "en", 1)
    table = by_seq(game.records)
    speeches = public_speeches(game)
    _, first, speech = next((i, r, s) for i, r, s in speeches if any(a.kind in ("accuse", "vote") for a in s.acts))
    named = next(a.target for a in speech.acts if a.kind in ("accuse", "vote"))
    assert named is not None
    at = game.records[-1].seq + 1
    good = Act("reason", target=speech.seat, other=named, fact="named_first", refs=(first.seq,))
    assert check_reason(good, table, at)
    assert not check_reason(Act("reason", target=speech.seat, fact="quiet", refs=(first.seq,)), table, at)
    other = (named + 1) % len(game.config.names)
    assert not check_reason(
        Act("reason", target=speech.seat, other=other, fact="named_first", refs=(first.seq,)), table, at
    )
    assert not check_reason(good, table, first.seq)  # a reference said after the reason
    ballot = next(
        r
        for r in game.records
        if isinstance(r.event, VoteCast) and r.event.target is not None and r.vis.scope == "public"
    )
    assert isinstance(ballot.event, VoteCast)
    voted = Act("reason", target=ballot.event.seat, other=ballot.event.target, fact="voted", refs=(ballot.seq,))
    assert check_reason(voted, table, at)
    assert not check_reason(Act("reason", target=ballot.event.seat, other=ballot.event.target, fact="voted"), table, at)


def test_a_seat_that_has_not_spoken_is_never_called_quiet() -> None:
    game = played("chinese_werewolf", "zh-Hant", 1)
    for index, _, speech in public_speeches(game):
        view = build_view(game.records[:index], speech.seat)
        spoke_today = {r.event.seat for r in view.records if isinstance(r.event, Speech) and r.phase == view.phase}
        for seat in range(len(view.names)):
            quiet = [a for a in reasons_about(view, seat) if a.fact == "quiet"]
            assert not quiet or seat in spoke_today


@pytest.mark.parametrize("variant", ["chinese_werewolf", "city_mafia"])
def test_last_words_never_plead_against_a_vote_that_happened(variant: str) -> None:
    language = get_ruleset(variant).languages[0]
    bad = vocabulary(variant).bad_roles
    said = 0
    for seed in (1, 2, 3):
        game = played(variant, language, seed)
        for index, _, speech in public_speeches(game):
            if speech.stage != "last_words":
                continue
            said += 1
            assert not any(a.kind == "defend" and a.target == speech.seat for a in speech.acts), speech.text
            if game.state.seats[speech.seat].role not in bad:  # a villager's testament says what it knew
                known = game.records[:index]
                for act in speech.acts:
                    if act.kind in ("claim", "result"):
                        assert consistent(act, known, speech.seat, variant) is not False, speech.text
    assert said >= 3


@pytest.mark.parametrize(("variant", "language"), PAIRS)
def test_no_sentence_twice_and_no_phrasing_twice_a_day(variant: str, language: str) -> None:
    for seed in (1, 2):
        game = played(variant, language, seed)
        seen: set[str] = set()
        repeats = total = 0
        by_day: dict[str, dict[str, set[str]]] = {}
        again = 0
        for _, record, speech in public_speeches(game):
            for sentence in _sentences(speech.text):
                if (len(sentence) < 24 and language != "zh-Hant") or len(sentence) < 10:
                    continue  # interjections and tics
                total += 1
                repeats += sentence in seen
                seen.add(sentence)
                today = by_day.setdefault(record.phase, {})
                found = templates_in(language, variant, sentence)
                again += any(today.get(t, set()) - {sentence} for t in found)
                for template in found:
                    today.setdefault(template, set()).add(sentence)
        assert repeats <= 0.02 * total, (seed, repeats, total)
        assert again <= 0.10 * total, (seed, again, total)


def test_a_liar_s_fake_result_is_marked_in_its_private_note() -> None:
    players = PLAYERS["chinese_werewolf"]
    marked = 0
    for seed in range(1, 6):
        names = tuple(list(phrase_bank("en", "chinese_werewolf").genders)[:players])
        game = Game(GameConfig(variant="chinese_werewolf", names=names, seed=seed, language="en"))
        agents = [HeuristicAgent(seed=seed * 1009 + i) for i in range(players)]
        while not game.over:
            decision = game.pending[0]
            view = game.view(decision.seat)
            choice, note = agents[decision.seat].choose_noted(view, decision)
            bad = game.state.seats[decision.seat].role in vocabulary("chinese_werewolf").bad_roles
            fake = decision.speech and any(a.kind == "result" for a in choice.acts) and bad
            if fake:
                assert note.startswith(FABRICATED) or f"\n{FABRICATED}" in note, (choice.text, note)
                marked += 1
            if not bad and decision.speech:
                assert FABRICATED not in note, (choice.text, note)
            game.submit(decision.id, choice)
    assert marked >= 1


def _sentences(text: str) -> list[str]:
    import re

    return [s.strip() for s in re.split(r"(?<=[.!?。！？؟])\s*", text) if s.strip()]


def test_the_picker_never_offers_a_model_seat_a_contradiction_of_itself() -> None:
    from llm_werewolf.rules.events import Info
    from llm_werewolf.speech.picker import claim_roles, result_options, seat_options

    game = played("chinese_werewolf", "en", 1)
    bad = vocabulary("chinese_werewolf").bad_roles
    claimed_checked = wolves_checked = 0
    for index, _, speech in public_speeches(game):
        view = build_view(game.records[: index + 1], speech.seat)
        if not view.alive[speech.seat]:
            continue
        claim = next((a.role for a in speech.acts if a.kind == "claim"), None)
        if claim is not None:
            assert claim_roles(view) == [claim]
            claimed_checked += 1
        for act in result_options(view):
            assert act.target is None or view.alive[act.target], act
        if view.role in bad:
            team = {
                s for r in view.records if isinstance(r.event, Info) and r.event.fact == "team" for s in r.event.seats
            }
            team.discard(speech.seat)
            assert team
            for kind in ("accuse", "vote", "disagree"):
                assert not set(seat_options(view, kind)) & team
            wolves_checked += 1
    assert claimed_checked and wolves_checked


@pytest.mark.parametrize(("variant", "language"), PAIRS)
def test_every_common_act_question_answer_reason_and_lead_has_ten_phrasings(variant: str, language: str) -> None:
    from llm_werewolf.speech.phrases import COMMON_KEYS, MIN_COMMON_PHRASINGS

    bank = phrase_bank(language, variant)
    for key in COMMON_KEYS:
        assert len(set(bank.acts.get(key, []))) >= MIN_COMMON_PHRASINGS, (language, key)


@pytest.mark.parametrize(("variant", "language"), PAIRS)
def test_every_act_of_every_bank_has_ten_phrasings(variant: str, language: str) -> None:
    from llm_werewolf.speech.phrases import MIN_COMMON_PHRASINGS

    bank = phrase_bank(language, variant)
    short = {key: len(set(lines)) for key, lines in bank.acts.items() if len(set(lines)) < MIN_COMMON_PHRASINGS}
    assert not short, (language, variant, short)
