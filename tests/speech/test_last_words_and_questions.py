"""Last words that fit how the seat died and carry content; questions that assert only what the records hold."""

from __future__ import annotations

import random

import pytest

from llm_werewolf.rules import Act, get_ruleset
from llm_werewolf.rules.act_vocabulary import vocabulary
from llm_werewolf.rules.events import Speech
from llm_werewolf.rules.views import SeatView, build_view
from llm_werewolf.speech.grounding import NAMING, by_seq, check_reason
from llm_werewolf.speech.phrases import MIN_PHRASINGS, phrase_bank
from llm_werewolf.speech.planner import death_of, last_words_plan
from llm_werewolf.speech.repeats import template_pattern
from llm_werewolf.speech.voice import Speaker, voice

from .test_discourse import PAIRS, played, public_speeches

LAST_WORDS_VARIANTS = ("chinese_werewolf", "city_mafia")
SITUATION_KEYS = ("lead.parting", "lead.advice", "ask.vote.unnamed")
SEEDS = tuple(range(1, 9))


def _last_words(variant: str, language: str) -> list[tuple[SeatView, Speech, bool]]:
    """(the speaker's view before it, speech, speaker on the bad side) of every last words in the test games."""
    bad = vocabulary(variant).bad_roles
    out = []
    for seed in SEEDS:
        game = played(variant, language, seed)
        for index, _, speech in public_speeches(game):
            if speech.stage == "last_words":
                view = build_view(game.records[:index], speech.seat)
                out.append((view, speech, game.state.seats[speech.seat].role in bad))
    return out


@pytest.mark.parametrize("variant", LAST_WORDS_VARIANTS)
def test_a_testament_never_ends_at_its_opening_line(variant: str) -> None:
    """A village-side seat's last words carry what it knew, whom it suspects, or what the town should do,
    even with no intent and no target of its own (the least a heuristic hands the planner)."""
    testaments = 0
    for view, speech, bad in _last_words(variant, get_ruleset(variant).languages[0]):
        if bad:
            continue
        testaments += 1
        plan = last_words_plan(view, (), None)
        assert plan.lead in ("testament", "night")
        assert plan.acts or plan.close is not None, speech.text
        if plan.close == "check":
            assert plan.close_target is not None and any(a.kind == "accuse" for a in plan.acts)
    assert testaments >= 5


@pytest.mark.parametrize("variant", LAST_WORDS_VARIANTS)
def test_last_words_speak_of_a_vote_only_after_one(variant: str) -> None:
    """A bad seat concedes only a card shown by day and doubts a vote only when the table voted it out;
    a night kill or a shot gets the parting lines, which never speak of a vote."""
    language = get_ruleset(variant).languages[0]
    night = 0
    for view, speech, bad in _last_words(variant, language):
        death = death_of(view)
        lead = last_words_plan(view, (), None).lead
        if not death.by_day:
            night += 1
            assert lead == ("parting" if bad else "night"), speech.text
        if lead == "doubt":
            assert death.voted, speech.text
        if lead == "concede":
            assert death.by_day and death.shown, speech.text
    assert night >= 2


@pytest.mark.parametrize(("variant", "language"), PAIRS)
def test_the_situation_lines_exist_and_no_neutral_vote_question_presupposes(variant: str, language: str) -> None:
    bank = phrase_bank(language, variant)
    for key in SITUATION_KEYS:
        assert len(set(bank.acts.get(key, []))) >= MIN_PHRASINGS, (language, key)
    assert not set(bank.acts["ask.vote"]) & set(bank.acts["ask.vote.unnamed"])


@pytest.mark.parametrize(("variant", "language"), PAIRS)
def test_a_vote_question_goes_only_to_a_seat_that_named_nobody_today(variant: str, language: str) -> None:
    """Nobody is asked for a vote it already gave; a wording that says so rests on a quiet reason that holds."""
    patterns = [template_pattern(t) for t in phrase_bank(language, variant).acts["ask.vote.unnamed"]]
    for seed in (1, 2):
        game = played(variant, language, seed)
        table = by_seq(game.records)
        for _, record, speech in public_speeches(game):
            for act in speech.acts:
                if act.kind != "ask" or act.fact != "vote" or act.target is None:
                    continue
                named_today = any(
                    isinstance(r.event, Speech)
                    and r.event.seat == act.target
                    and r.event.to is None
                    and r.phase == record.phase
                    and r.seq < record.seq
                    and any(a.kind in NAMING for a in r.event.acts)
                    for r in game.records
                )
                assert not named_today, speech.text
                name = game.config.names[act.target]
                if any((m := p.search(speech.text)) and name[:3] in m.group(0) for p in patterns):
                    quiet = [
                        a for a in speech.acts if a.kind == "reason" and a.fact == "quiet" and a.target == act.target
                    ]
                    assert quiet and all(check_reason(a, table, record.seq) for a in quiet), speech.text


@pytest.mark.parametrize("language", ["zh-Hant", "ru", "he", "ar-LB", "ar", "en"])
def test_a_vote_question_says_named_nobody_only_beside_a_quiet_reason(language: str) -> None:
    variant = next(v for v, lang in PAIRS if lang == language)
    names = tuple(list(phrase_bank(language, variant).genders)[:4])
    speaker = Speaker(seat=0, names=names, language=language, variant=variant)
    patterns = [template_pattern(t) for t in phrase_bank(language, variant).acts["ask.vote.unnamed"]]
    ask = Act("ask", target=1, fact="vote")
    quiet = Act("reason", target=1, fact="quiet", refs=(3,))

    def pointed(acts: tuple[Act, ...], seed: int) -> bool:
        text = voice(acts, speaker, random.Random(seed))
        return any(p.search(text) for p in patterns)

    assert not any(pointed((ask,), seed) for seed in range(60))
    assert any(pointed((quiet, ask), seed) for seed in range(60))
