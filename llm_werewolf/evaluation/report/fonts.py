"""Fonts for plots that show Arabic, Hebrew and Chinese names.

Matplotlib (≥ 3.11) shapes and orders complex scripts itself; it only needs
fonts that hold the glyphs. We use Debian's Noto fonts (``fonts-noto-core``,
``fonts-noto-cjk``, installed by ``make fonts``) as a fallback chain, and
register their files with matplotlib when its font cache predates them.
"""

from __future__ import annotations

from functools import cache
from pathlib import Path

FAMILIES = ("Noto Sans", "Noto Sans Arabic", "Noto Sans Hebrew", "Noto Sans CJK TC", "DejaVu Sans")
FONT_DIRS = (Path("/usr/share/fonts"), Path("/usr/local/share/fonts"), Path.home() / ".local/share/fonts")
FILE_PATTERNS = (
    "NotoSans-Regular.ttf",
    "NotoSansArabic-Regular.ttf",
    "NotoSansHebrew-Regular.ttf",
    "NotoSansCJK-Regular.ttc",
)


@cache
def setup_fonts() -> tuple[str, ...]:
    """Configure matplotlib's font fallback chain; returns the families that were found."""
    import matplotlib

    matplotlib.use("Agg")
    from matplotlib import font_manager, rcParams

    known = {f.name for f in font_manager.fontManager.ttflist}
    if not all(f in known for f in FAMILIES[:4]):
        for folder in FONT_DIRS:
            if not folder.is_dir():
                continue
            for pattern in FILE_PATTERNS:
                for path in folder.rglob(pattern):
                    font_manager.fontManager.addfont(str(path))
        known = {f.name for f in font_manager.fontManager.ttflist}
    found = tuple(f for f in FAMILIES if f in known)
    rcParams["font.family"] = list(found) or ["sans-serif"]
    rcParams["axes.unicode_minus"] = False
    return found


def missing_glyphs(text: str) -> list[str]:
    """Characters of ``text`` that no font of the fallback chain can draw."""
    from matplotlib import font_manager

    setup_fonts()
    cmaps: list[set[int]] = []
    for family in FAMILIES:
        try:
            path = font_manager.findfont(font_manager.FontProperties(family=family), fallback_to_default=False)
        except ValueError:
            continue
        cmaps.append(_cmap(path))
    return [c for c in dict.fromkeys(text) if not c.isspace() and not any(ord(c) in m for m in cmaps)]


@cache
def _cmap(path: str) -> set[int]:
    from fontTools.ttLib import TTCollection, TTFont  # type: ignore[import-untyped]

    fonts = TTCollection(path).fonts if path.lower().endswith(".ttc") else [TTFont(path, lazy=True)]
    codes: set[int] = set()
    for font in fonts:
        table = font.getBestCmap()
        if table:
            codes.update(table)
    return codes
