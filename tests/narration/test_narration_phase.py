"""A narration line carries the phase it voices (its source record's, ``Narration.about``), and never moves
a seat's view to that phase. (A replayed game keeps each line in its phase: ``tests/transcript/test_replay``.)"""

from __future__ import annotations

from pathlib import Path

import pytest

from llm_werewolf.rules import Game, GameConfig
from llm_werewolf.rules.events import PUBLIC, Cue, PhaseStarted, make_record
from llm_werewolf.rules.views import build_view
from llm_werewolf.table_notes import Narration
from llm_werewolf.texts import default_names
from llm_werewolf.transcript import read_transcript

from ..transcript.support import play_to_file

GAMES = [("one_night", 5, 1), ("one_night", 9, 2), ("city_mafia", 7, 3), ("chinese_werewolf", 9, 1)]


@pytest.mark.parametrize(("variant", "players", "seed"), GAMES)
def test_a_transcripts_narration_lines_carry_the_phase_they_voice(
    variant: str, players: int, seed: int, tmp_path: Path
) -> None:
    path = tmp_path / "game.jsonl"
    play_to_file(path, variant, seed, players=players, narrator=True)
    records = read_transcript(path).records
    lines = [(r.phase, r.event) for r in records if isinstance(r.event, Narration)]
    assert all(line.about is not None for _, line in lines)
    night = [(phase, line.key) for phase, line in lines if records[line.about or 0].phase.startswith("night")]
    assert night and all(phase.startswith("night") for phase, _ in night), night
    for phase, line in lines:
        assert phase == records[line.about or 0].phase, (phase, line.key)


def test_a_narration_line_of_the_night_does_not_take_a_view_back_to_the_night() -> None:
    game = Game(GameConfig("one_night", default_names("en", 5), seed=1))
    records = list(game.records)
    records.append(make_record(len(records), "night:1", PUBLIC, PhaseStarted(phase="night", number=1)))
    records.append(make_record(len(records), "day:1", PUBLIC, PhaseStarted(phase="day", number=1)))
    records.append(make_record(len(records), "day:1", PUBLIC, Cue(key="discussion")))
    records.append(make_record(len(records), "night:1", PUBLIC, Narration(key="cue.sleep.seer", text="…", about=1)))
    assert build_view(records, 0).phase == "day:1"
