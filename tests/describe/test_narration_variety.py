"""Narration variety: the recurring lines of a pack have at least three alternatives, the seed's own
wording first; which one is said is drawn from the game's seed and the record (the same on resume)."""

from __future__ import annotations

import pytest

from llm_werewolf.narration.packs import load_pack
from llm_werewolf.narration.template import TemplateNarrator, choose
from llm_werewolf.rules import GameConfig
from llm_werewolf.sim import play_random

RECURRING = (
    "cue.night_falls",
    "cue.wake.bassara",
    "cue.sleep.bassara",
    "cue.wake.ghoul",
    "cue.sleep.ghoul",
    "cue.wake.sahra",
    "cue.sleep.sahra",
    "cue.dawn",
    "cue.discussion",
    "cue.vote",
    "deaths.morning.none",
    "deaths.morning.one",
    "tally.executed",
    "tally.revote",
    "tally.tie",
)
VARIED = [("ar-LB", "lebanese_ghouls"), ("en", "lebanese_ghouls")]
SEED_LINES = {
    "ar-LB": ("cue.dawn", "طلع الضو عَ كفارغيلان! فيقوا يا فلّاحين، فتحوا عيونكم كلّكم."),
    "en": ("cue.dawn", "Dawn breaks over Kfarghilan! Wake up, farmers, open your eyes, all of you."),
}


@pytest.mark.parametrize(("language", "variant"), VARIED)
def test_recurring_lines_have_three_alternatives_with_the_seed_first(language: str, variant: str) -> None:
    pack = load_pack(language, variant)
    for key in RECURRING:
        found = pack.find(key)
        assert found is not None and found[0] == key, key
        assert len(found[1]) >= 3 and len(set(found[1])) == len(found[1]), key
    key, line = SEED_LINES[language]
    found = pack.find(key)
    assert found is not None and found[1][0] == line


def test_the_choice_depends_on_the_seed_and_the_record_only() -> None:
    assert choose(7, "cue.dawn", 40, 3) == choose(7, "cue.dawn", 40, 3)
    assert {choose(7, "cue.dawn", seq, 3) for seq in range(3)} == {0, 1, 2}
    assert {choose(seed, "cue.dawn", 40, 3) for seed in range(20)} == {0, 1, 2}
    assert choose(7, "cue.dawn", 40, 1) == 0


def repeated_share(language: str, seed: int) -> float:
    """The share of narration characters that repeat a line already said in the same game."""
    game = play_random("lebanese_ghouls", 9, seed)
    config: GameConfig = game.config
    narrator = TemplateNarrator("lebanese_ghouls", language, config.names, seed=seed)
    said: set[str] = set()
    total = repeated = 0
    for record in game.records:
        line = narrator.line_for(record)
        if line is None:
            continue
        total += len(line.text)
        if line.text in said:
            repeated += len(line.text)
        said.add(line.text)
    return repeated / total if total else 0.0


@pytest.mark.parametrize("language", ["ar-LB", "en"])
def test_fewer_lines_repeat_verbatim(language: str) -> None:
    shares = [repeated_share(language, seed) for seed in range(6)]
    assert sum(shares) / len(shares) < 0.35, shares
