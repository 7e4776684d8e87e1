"""Traditional and Simplified Chinese characters, through OpenCC when it is installed (the ``eval`` extra)."""

from __future__ import annotations

from functools import cache
from typing import Literal


@cache
def _converters() -> tuple[object, object] | None:
    try:
        import opencc
    except ImportError:
        return None
    return opencc.OpenCC("s2t.json"), opencc.OpenCC("t2s.json")


def to_traditional(text: str) -> str:
    """``text`` in Traditional characters (OpenCC s2t; unchanged without OpenCC)."""
    converters = _converters()
    return text if converters is None else str(converters[0].convert(text))  # type: ignore[attr-defined]


def chinese_script(text: str) -> Literal["traditional", "simplified", "neutral"]:
    """Which Chinese script ``text`` is written in: more characters that only Simplified has, or only Traditional."""
    converters = _converters()
    if converters is None:
        return "neutral"
    s2t, t2s = converters
    as_traditional = s2t.convert(text)  # type: ignore[attr-defined]
    as_simplified = t2s.convert(text)  # type: ignore[attr-defined]
    simplified_only = sum(a != b for a, b in zip(text, as_traditional, strict=False))
    traditional_only = sum(a != b for a, b in zip(text, as_simplified, strict=False))
    if simplified_only > traditional_only:
        return "simplified"
    if traditional_only > simplified_only:
        return "traditional"
    return "neutral"
