"""The table remembers the whole game: phrasings worn per speaker and table, questions not piled up,
the seer's next check, a defence's ballot, and the Jester's answers."""

from __future__ import annotations

import random

import pytest

from llm_werewolf.rules import Act, get_ruleset
from llm_werewolf.rules.events import Speech, VoteCast
from llm_werewolf.speech.phrases import phrase_bank
from llm_werewolf.speech.repeats import templates_in, templates_worn
from llm_werewolf.speech.voice import Speaker, voice_act

from .test_discourse import PAIRS, _sentences, played, public_speeches


@pytest.mark.parametrize(("variant", "language"), PAIRS)
def test_a_phrasing_comes_back_with_another_name_in_at_most_a_tenth_of_a_game(variant: str, language: str) -> None:
    again = total = 0
    for seed in (1, 2):
        game = played(variant, language, seed)
        heard: dict[str, set[str]] = {}
        for _, _, speech in public_speeches(game):
            for sentence in _sentences(speech.text):
                if (len(sentence) < 24 and language != "zh-Hant") or len(sentence) < 10:
                    continue  # interjections and tics
                total += 1
                found = templates_in(language, variant, sentence)
                again += any(heard.get(t, set()) - {sentence} for t in found)
                for template in found:
                    heard.setdefault(template, set()).add(sentence)
    assert again <= 0.10 * total, (again, total)  # over both games (one game alone may go a little over)


def test_a_phrasing_inside_a_more_specific_one_is_not_counted_as_said() -> None:
    bank = phrase_bank("he", "online_mafia")
    inner, outer = "ל{target}: אני {role}.", "{target}, אני אגיד לך: אני {role}."
    assert inner in bank.acts["answer.role"] and outer in bank.acts["answer.role"]
    assert templates_in("he", "online_mafia", "איתי, אני אגיד לך: אני אזרח.") == frozenset({outer})
    assert inner in templates_in("he", "online_mafia", "לאיתי: אני אזרח.")


def _speaker() -> Speaker:
    return Speaker(seat=0, names=("Alice", "Bob", "Carol"), language="en", variant="chinese_werewolf")


def test_the_least_worn_phrasing_is_said_today_then_own_then_table() -> None:
    templates = phrase_bank("en", "chinese_werewolf").acts["accuse"]
    fresh = templates[3]
    worn = {t: (0, 0, 1) for t in templates if t != fresh}  # the table heard every other phrasing once
    worn[templates[0]] = (1, 0, 1)
    for seed in range(20):
        said = voice_act(Act("accuse", target=1), _speaker(), random.Random(seed), worn=worn)
        assert fresh in templates_in("en", "chinese_werewolf", said), said
        assert "Bob" in said
    mine = {t: (0, 0, 5) for t in templates}
    mine[templates[1]] = (0, 1, 1)  # said by the speaker itself: avoided before what only others said
    for seed in range(20):
        said = voice_act(Act("accuse", target=1), _speaker(), random.Random(seed), worn=mine)
        assert templates_in("en", "chinese_werewolf", said) - {templates[1]}


def test_a_lead_line_the_game_heard_in_every_phrasing_is_left_out() -> None:
    templates = phrase_bank("en", "chinese_werewolf").acts["lead.check"]
    heard = {t: (0, 0, 1) for t in templates}
    assert voice_act(Act("lead", fact="check", target=1), _speaker(), random.Random(1), worn=heard) == ""
    left = dict(heard)
    del left[templates[4]]
    said = voice_act(Act("lead", fact="check", target=1), _speaker(), random.Random(1), worn=left)
    assert templates_in("en", "chinese_werewolf", said) == frozenset({templates[4]})


def test_templates_worn_counts_today_the_speaker_and_the_table() -> None:
    said = [(False, True, "Remember, Bob voted for Carol."), (True, False, "Remember, Carol voted for Bob.")]
    worn = templates_worn("en", "chinese_werewolf", said)
    assert worn == {"Remember, {target} voted for {other}.": (1, 1, 2)}


@pytest.mark.parametrize(("variant", "language"), PAIRS)
def test_a_seat_is_not_asked_again_before_it_answers(variant: str, language: str) -> None:
    asked_twice = 0
    for seed in (1, 2):
        owing: set[int] = set()
        for _, _, speech in public_speeches(played(variant, language, seed)):
            owing.discard(speech.seat)
            for act in speech.acts:
                if act.kind == "ask" and act.target is not None:
                    asked_twice += act.target in owing
                    owing.add(act.target)
    assert asked_twice <= 2  # only an intent's own question (a quiet seat asking the floor) may pile up


@pytest.mark.parametrize("language", get_ruleset("chinese_werewolf").languages)
def test_a_seer_reporting_a_check_names_the_next_one(language: str) -> None:
    plans = phrase_bank(language, "chinese_werewolf").acts["lead.plan"]
    named = 0
    for seed in (1, 2, 3):
        game = played("chinese_werewolf", language, seed)
        reported: dict[int, set[int | None]] = {}
        for _, _, speech in public_speeches(game):
            results = {a.target for a in speech.acts if a.kind == "result" and a.fact == "check"}
            mine = reported.setdefault(speech.seat, set())
            mine.update(results)
            if not results:
                continue
            for sentence in _sentences(speech.text):
                if any(t in plans for t in templates_in(language, "chinese_werewolf", sentence)):
                    named += 1
                    checked = [i for i, name in enumerate(game.config.names) if name in sentence]
                    assert checked and not set(checked) & mine, speech.text
    assert named >= 3


def test_a_defence_after_the_vote_answers_a_vote_question_with_the_ballot() -> None:
    answered = 0
    for seed in range(1, 13):
        game = played("city_mafia", "ru", seed)
        records = list(game.records)
        for index, record in enumerate(records):
            speech = record.event
            if not isinstance(speech, Speech) or speech.stage != "defense":
                continue
            for act in speech.acts:
                if act.kind != "answer" or act.fact != "vote" or any(a.kind in ("vote", "accuse") for a in speech.acts):
                    continue
                ballots = [
                    r.event.target
                    for r in records[:index]
                    if r.phase == record.phase and isinstance(r.event, VoteCast) and r.event.seat == speech.seat
                ]
                if ballots and ballots[-1] is not None and ballots[-1] != speech.seat:
                    answered += 1
                    assert act.other == ballots[-1], speech.text
    assert answered >= 1


def test_the_jester_answers_what_he_is_asked_and_the_town_reads_it_as_silence() -> None:
    from llm_werewolf.agents.heuristics.online_mafia import _silent
    from llm_werewolf.rules.events import RoleAssigned

    dodges = 0
    for seed in range(1, 7):
        game = played("online_mafia", "en", seed)
        jesters = {r.event.seat for r in game.records if isinstance(r.event, RoleAssigned) and r.event.role == "jester"}
        for _, _, speech in public_speeches(game):
            if speech.seat not in jesters or speech.stage != "discussion" or not speech.acts:
                continue
            assert all(a.kind == "answer" and a.other is None and a.role is None for a in speech.acts), speech.text
            assert _silent(speech)
            dodges += 1
    assert dodges >= 1
