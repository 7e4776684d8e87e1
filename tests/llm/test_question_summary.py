"""A question in the history's line of a speech: where the history leaves the speech's words out (the ``local``
profile), the line names what was asked (``問X投誰``), not only whom; where the words are shown, the line is
as before (the words say the question)."""

from __future__ import annotations

import pytest

from llm_werewolf.llm.profiles import get_profile
from llm_werewolf.prompting.render import SeatPrompter
from llm_werewolf.rules import Record, get_ruleset, make_record
from llm_werewolf.rules.acts import Act
from llm_werewolf.rules.events import PUBLIC, GameStarted, PhaseStarted, RoleAssigned, Speech, to_seats
from llm_werewolf.rules.views import build_view
from llm_werewolf.speech.phrases import phrase_bank
from llm_werewolf.speech.voice import Speaker, summarize
from llm_werewolf.texts import LANGUAGES

from .support import NAMES, sample_decision

QUESTIONS = ("vote", "trust", "role")
ZH_HANT = {"vote": "問{n}投誰", "trust": "問{n}信誰", "role": "問{n}的身分"}


def _records(fact: str) -> list[Record]:
    variant, language = "chinese_werewolf", "zh-Hant"
    deck = tuple(sorted(get_ruleset(variant).roles))
    bodies = [
        (GameStarted(variant=variant, language=language, names=NAMES, deck=deck), PUBLIC),
        (RoleAssigned(seat=0, role="seer"), to_seats(0)),
        (PhaseStarted(phase="day", number=1), PUBLIC),
        (Speech(seat=1, text="我有一個問題。", acts=(Act("ask", target=2, fact=fact),)), PUBLIC),
    ]
    return [make_record(i, "day:1", vis, body) for i, (body, vis) in enumerate(bodies)]


@pytest.mark.parametrize("language", sorted(LANGUAGES))
@pytest.mark.parametrize("fact", QUESTIONS)
def test_a_question_s_line_without_the_words_names_what_was_asked(language: str, fact: str) -> None:
    variant = "chinese_werewolf" if language in ("zh-Hant", "en") else "toy"
    speaker = Speaker(seat=1, names=NAMES, language=language, variant=variant)
    acts = (Act("ask", target=2, fact=fact),)
    bank = phrase_bank(language, variant)
    assert f"ask.{fact}" in bank.summary, f"prompts/{language}/common/phrases.yaml summary has no ask.{fact}"
    alone = summarize(acts, speaker, words_shown=False)
    assert NAMES[2] in alone
    assert alone != summarize(acts, speaker), (language, fact, alone)
    assert summarize(acts, speaker) == summarize((Act("ask", target=2),), speaker)  # with the words: as before


@pytest.mark.parametrize("fact", QUESTIONS)
def test_the_local_history_names_the_question_and_the_chat_history_keeps_its_line(fact: str) -> None:
    view = build_view(_records(fact), 0)
    asked = ZH_HANT[fact].format(n=NAMES[2])
    decision = sample_decision("exile_vote", speech=False)
    local = SeatPrompter(language="zh-Hant", variant="chinese_werewolf", seat=0, profile=get_profile("local"))
    chat = SeatPrompter(language="zh-Hant", variant="chinese_werewolf", seat=0, profile=get_profile("openai"))
    assert asked in local.prompt(view, decision).text()
    chat_text = chat.prompt(view, decision).text()
    assert f"問{NAMES[2]}" in chat_text and asked not in chat_text
