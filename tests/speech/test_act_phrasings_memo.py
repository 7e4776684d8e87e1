"""The phrasings that voice an act are found once per bank and act shape (``voice._templates_for``):
the memo gives what the act's keys give when read afresh."""

from __future__ import annotations

import random

from llm_werewolf.rules import all_rulesets
from llm_werewolf.rules.acts import Act
from llm_werewolf.speech import voice as voicing
from llm_werewolf.speech.phrases import phrase_bank


def test_the_phrasings_found_once_per_act_shape_are_those_of_the_act_s_first_key() -> None:
    """``voice._templates_for`` (kept per bank and act shape) is the first of the act's keys that the
    bank voices, as read afresh from ``voice._act_keys``."""
    kinds = ("claim", "result", "accuse", "defend", "agree", "disagree", "vote", "ask", "answer", "reason", "lead")
    draw = random.Random(29)
    checked = 0
    for ruleset in all_rulesets():
        for language in ruleset.languages:
            bank = phrase_bank(language, ruleset.id)
            facts = sorted({key.split(".")[1] for key in bank.acts if "." in key} | {"vote"})
            values = sorted({key.split(".")[2] for key in bank.acts if key.count(".") >= 2})
            speaker = voicing.Speaker(seat=1, names=("A", "B", "C"), language=language, variant=ruleset.id)
            for _ in range(400):
                kind = draw.choice(kinds)
                act = Act(
                    kind,
                    target=draw.choice((None, 0, 1, 2)),
                    other=draw.choice((None, 2)),
                    role=draw.choice((None, "x")),
                    fact=draw.choice((None, *facts)),
                    value=draw.choice((None, *values)),
                )
                grounded = draw.random() < 0.5
                fresh = next(
                    (found for found in map(bank.acts.get, voicing._act_keys(act, speaker, grounded)) if found), None
                )
                for _ in range(2):  # afresh, then from the memo
                    got = voicing._templates_for(
                        bank,
                        kind,
                        act.fact,
                        act.value,
                        kind == "answer" and (act.other is not None or act.role is not None),
                        kind == "defend" and act.target == speaker.seat,
                        grounded and kind == "ask" and act.fact == "vote",
                    )
                    assert got is fresh
                checked += fresh is not None
    assert checked > 1000
