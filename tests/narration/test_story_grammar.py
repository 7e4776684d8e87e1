"""The grammar audit of the story packs (like the phrase banks' audit in tests/speech): every line about a
player is rendered for a woman and for a man, and the verbs that agree with the player are pinned — the
right form said, the other never."""

from __future__ import annotations

import re

import pytest

from llm_werewolf.describe.story import load_story
from llm_werewolf.prompting.environment import string_template
from llm_werewolf.prompting.packs import search_roots

VARIANT = {"ru": "city_mafia", "he": "online_mafia", "ar-LB": "lebanese_ghouls", "ar": "one_night"}
# (language, pool, the woman's form, the man's form)
PINNED = [
    ("ru", "recall.exile", "сидела", "сидел"),
    ("ru", "recall.claim_true", "говорила", "говорил"),
    ("ru", "recall.claim_true", "заявляла", "заявлял"),
    ("ru", "recall.claim_false", "называла", "называл"),
    ("he", "recall.exile", "שהוצאה", "שהוצא"),
    ("he", "recall.claim_true", "אמרה", "אמר"),
    ("he", "recall.claim_true", "שטענה", "שטען"),
    ("he", "recall.claim_false", "טענה", "טען"),
    ("ar-LB", "recall.exile", "وراحت", "وراح"),
    ("ar-LB", "recall.exile", "انحكمت", "انحكم"),
    ("ar-LB", "recall.claim_true", "قالتها", "قالها"),
    ("ar-LB", "recall.claim_true", "كذبت", "كذب"),
    ("ar-LB", "recall.claim_false", "ادّعت", "ادّعى"),
    ("ar", "recall.claim_true", "قالت", "قال"),
    ("ar", "recall.claim_true", "أعلنت", "أعلن"),
    ("ar", "recall.claim_false", "ادّعت", "ادّعى"),
]


def rendered(language: str, pool: str, female: bool) -> list[str]:
    story = load_story(language, VARIANT[language])
    roots = search_roots()
    cases = {"gen": "N", "dat": "N", "acc": "N", "ins": "N", "pre": "N", "nom": "N"}
    return [
        string_template(roots, line).render(name="N", female=female, role="R", cases=cases, alive=5, seats=9, pair="")
        for line in story.pool(pool)
    ]


def said(word: str, lines: list[str]) -> bool:
    return any(re.search(rf"(?<!\w){re.escape(word)}(?!\w)", line) for line in lines)


@pytest.mark.parametrize(("language", "pool", "woman", "man"), PINNED)
def test_verbs_about_a_player_agree_with_the_player(language: str, pool: str, woman: str, man: str) -> None:
    for_woman, for_man = rendered(language, pool, True), rendered(language, pool, False)
    assert said(woman, for_woman) and not said(man, for_woman), for_woman
    assert said(man, for_man) and not said(woman, for_man), for_man
