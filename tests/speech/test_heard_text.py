"""The table's heard texts (speech/heard_text.py): a fixed text it lacks is in no seat's speeches."""

from __future__ import annotations

import random

from llm_werewolf.agents.heuristic import HeuristicAgent
from llm_werewolf.ladder import standard_boards
from llm_werewolf.rules import GameConfig
from llm_werewolf.rules.events import Speech
from llm_werewolf.sim import play_with_agents
from llm_werewolf.speech.heard_text import heard_text
from llm_werewolf.speech.phrases import phrase_bank
from llm_werewolf.speech.repeats import fixed_text_of

NUL = "\x00"


def _game_texts(variant: str, language: str, seed: int) -> list[str]:
    players = standard_boards(variant)[0]
    names = tuple(list(phrase_bank(language, variant).genders)[:players])
    game = play_with_agents(
        GameConfig(variant=variant, names=names, seed=seed, language=language),
        [HeuristicAgent(seed * 1009 + i) for i in range(players)],
    )
    return [e.text for r in game.records if type(e := r.event) is Speech and e.text]


def test_seats_hearing_a_game_find_every_fixed_text_of_their_speeches() -> None:
    """Seats of a table hear a game's speeches in turns, some of them private to one seat, and pass
    what they heard out of order: every fixed text a seat's speeches hold is held by the table."""
    for variant, language in (("chinese_werewolf", "zh-Hant"), ("online_mafia", "he"), ("city_mafia", "ru")):
        every = frozenset(fixed_text_of(language, variant).values())
        texts = _game_texts(variant, language, 3)
        assert len(texts) > 10
        draw = random.Random(5)
        heard: dict[int, list[str]] = {seat: [] for seat in range(6)}
        table = (("A", "B", "C", "D", "E", "F"), language, variant)
        found = 0
        for text in texts:
            private = draw.random() < 0.2
            for seat in heard if not private else [draw.randrange(6)]:
                heard[seat].append(text)
            seat = draw.randrange(6)
            joined = NUL.join(heard[seat])
            held = {f for f in every if f in joined}
            assert held <= heard_text(table, seat, joined).fixed
            found += len(held)
        assert found > 100


def test_a_text_that_only_extends_the_last_one_in_characters_is_read_again() -> None:
    """A seat that passed the start of a speech and then the whole speech (one speech grown, not one
    more speech) has the fixed text of the whole found."""
    language, variant = "en", "online_mafia"
    fixed = next(f for f in fixed_text_of(language, variant).values() if len(f) >= 8)
    table = (("P1", "P2", "P3"), language, variant)
    assert fixed not in heard_text(table, 0, fixed[:4]).fixed
    assert fixed in heard_text(table, 0, fixed).fixed


def test_a_seat_that_goes_on_after_its_table_started_afresh_passes_all_it_heard() -> None:
    """Seat 0 heard a fixed text; seat 1 starts the table afresh (another game); seat 0, going on
    with its speeches, still has the fixed text it heard found."""
    language, variant = "en", "online_mafia"
    fixed = next(f for f in fixed_text_of(language, variant).values() if len(f) >= 8)
    table = (("P1", "P2", "P3", "P4"), language, variant)
    heard = f"one {fixed}"
    assert fixed in heard_text(table, 0, heard).fixed
    assert fixed not in heard_text(table, 1, "another game").fixed
    assert fixed in heard_text(table, 0, f"{heard}{NUL}two").fixed


def test_another_game_at_the_same_table_starts_afresh() -> None:
    """Seats of a new game (same names) that heard none of the old game's speeches get a table without
    them: nothing said in the old game only is found, and the old texts are not kept."""
    language, variant = "en", "online_mafia"
    fixed = sorted(f for f in fixed_text_of(language, variant).values() if len(f) >= 8)
    old, new = fixed[0], fixed[1]
    table = (("P1", "P2", "P3"), language, variant)
    assert old in heard_text(table, 0, f"one {old}").fixed
    assert old in heard_text(table, 1, f"one {old}{NUL}two").fixed
    fresh = heard_text(table, 1, f"three {new}")
    assert new in fresh.fixed and old not in fresh.fixed
    assert old not in heard_text(table, 0, f"three {new}{NUL}four").fixed
