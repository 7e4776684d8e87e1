"""Console lines wrap by display width: CJK breaks between characters, a seat's label never splits."""

from __future__ import annotations

import io
import itertools
import re

import pytest
from rich.cells import cell_len
from rich.console import Console

from llm_werewolf.describe.wrap import wrap
from llm_werewolf.render.console import ConsoleSink

from .test_surfaces import heuristic_game

LINE = (
    "法官：第一輪放逐投票：1. 王雅婷 → 5. 吳佩珊、2. 陳志明 → 5. 吳佩珊、"
    "3. 林美玲 → 4. 張家豪、4. 張家豪 → 棄票。結果：5. 吳佩珊被放逐。"
)
LABELS = ["1. 王雅婷", "2. 陳志明", "3. 林美玲", "4. 張家豪", "5. 吳佩珊"]
ALONE = re.compile(r"(?<![\w.])\d+\.$")


@pytest.mark.parametrize("width", range(14, 70, 3))
def test_a_chinese_line_fills_its_width_and_keeps_every_seat_whole(width: int) -> None:
    lines = wrap(LINE, width, LABELS)
    assert "".join(lines).replace(" ", "") == LINE.replace(" ", "")
    for line in lines:
        assert cell_len(line) <= width, line
        assert not ALONE.search(line), f"a seat number alone at the end of {line!r}"
        assert line[0] not in "，。、：）", f"closing punctuation starts {line!r}"
    text = "\n".join(lines)
    for label in LABELS:
        assert text.count(label) == LINE.count(label), label


def test_chinese_breaks_between_characters_where_rich_would_move_the_whole_run() -> None:
    lines = wrap("投票結果：" + "很" * 30, 20)
    assert cell_len(lines[0]) >= 18  # the run of ideographs starts on the first line


def test_a_seat_number_stays_with_its_name_without_a_list_of_labels() -> None:
    for width in range(10, 40):
        for line in wrap("Moderator: exile votes: 1. Ann → 5. Bo, 2. Cy → 5. Bo, 3. Di → 4. Ed.", width):
            assert not ALONE.search(line), line


def test_a_word_wider_than_the_line_is_cut_by_cells() -> None:
    assert wrap("x" * 25, 10) == ["x" * 10, "x" * 10, "x" * 5]


@pytest.mark.parametrize("width", [32, 44, 60])
def test_the_chinese_console_never_leaves_a_seat_number_alone(width: int) -> None:
    game = heuristic_game("chinese_werewolf", "zh-Hant")
    names = tuple(game.config.names)
    for god in (False, True):
        buffer = io.StringIO()
        sink = ConsoleSink(
            Console(file=buffer, width=width, color_system=None),
            names,
            variant="chinese_werewolf",
            language="zh-Hant",
            god=god,
        )
        sink.write(game.records)
        lines = buffer.getvalue().splitlines()
        assert len(lines) > 50
        for before, line in itertools.pairwise(lines):
            assert cell_len(line) <= width, line
            assert not ALONE.search(line.rstrip()), f"{line!r} ends in a seat number"
            for name in names:
                assert not (line.startswith(name) and before.rstrip().endswith(".")), f"{name} cut from its number"
