"""Wrapping a line by display width, the way each script breaks: at spaces, and between two CJK characters.

A terminal cell is not a character: a CJK ideograph takes two. Rich wraps only at spaces, so a Chinese
line (no spaces) moves whole to the next line and leaves what stood before its one space alone: the seat
number «4.» of «4. 王雅婷». Here:

* a line may break at a space, or between two wide characters (CJK);
* never inside a seat label («4. 王雅婷»: the space after a seat number does not break);
* never before closing punctuation («，。、：」）» stay at the end of their line) nor after opening
  punctuation («「（»), the CJK line-breaking rule (kinsoku);
* a word longer than the width is cut by cells, as a last resort.
"""

from __future__ import annotations

import re
from collections.abc import Iterable

from rich.cells import cell_len

NO_LINE_START = frozenset("，。、：；！？）」』〕】》〉…—,.;:!?)]】·・×")
NO_LINE_END = frozenset("（「『〔【《〈([")
_SEAT_NUMBER = re.compile(r"(?<![\w.])\d+\.$")


def _wide(char: str) -> bool:
    return cell_len(char) == 2


def _kept(text: str, keep: Iterable[str]) -> set[int]:
    """Offsets strictly inside an occurrence of a kept string (a seat's label): no break there."""
    inside: set[int] = set()
    for word in keep:
        if not word:
            continue
        start = text.find(word)
        while start >= 0:
            inside.update(range(start + 1, start + len(word)))
            start = text.find(word, start + 1)
    return inside


def break_points(text: str, keep: Iterable[str] = ()) -> list[tuple[int, int]]:
    """Where ``text`` may break: (end of the line before, start of the line after), in order."""
    points: list[tuple[int, int]] = []
    inside = _kept(text, keep)
    for i in range(1, len(text)):
        if i in inside:
            continue
        before, char = text[i - 1], text[i]
        if char == " ":
            continue
        if before == " ":
            end = i - 1
            while end > 0 and text[end - 1] == " ":
                end -= 1
            if end == 0 or _SEAT_NUMBER.search(text[:end]):
                continue
            points.append((end, i))
        elif (_wide(before) or _wide(char)) and char not in NO_LINE_START and before not in NO_LINE_END:
            if before.isspace() or char.isspace():
                continue
            points.append((i, i))
    return points


def wrap_offsets(text: str, width: int, keep: Iterable[str] = ()) -> list[tuple[int, int]]:
    """The (start, end) of each line of ``text`` wrapped to ``width`` cells, never inside a ``keep`` string."""
    if width <= 0 or cell_len(text) <= width:
        return [(0, len(text))]
    lines: list[tuple[int, int]] = []
    start = 0
    points = break_points(text, keep)
    while cell_len(text[start:]) > width:
        fits = [(end, after) for end, after in points if end > start and cell_len(text[start:end]) <= width]
        if fits:
            end, after = fits[-1]
        else:  # one word wider than the line: cut it by cells
            end = start + 1
            while end < len(text) and cell_len(text[start : end + 1]) <= width:
                end += 1
            after = end
        lines.append((start, end))
        start = after
    lines.append((start, len(text)))
    return lines


def wrap(text: str, width: int, keep: Iterable[str] = ()) -> list[str]:
    """``text`` as lines of at most ``width`` cells (see the module docstring)."""
    return [text[a:b] for a, b in wrap_offsets(text, width, keep)]
