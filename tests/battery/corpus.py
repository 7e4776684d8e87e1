"""The narrator-spoofing corpus: generated player texts that try to pose as the narrator.

Each text carries a unique ASCII *marker* (it survives every cleaning step) right
after every narrator tag it plants, so a checker can find exactly where the
words of a player ended up in a prompt or a rendering. The pieces (narrator
tags and payloads in six languages, line breaks, invisible and bidi characters,
closing delimiters, chat-template tokens, Markdown/HTML/Rich markup) are data
in ``data/spoof.yaml``.
"""

from __future__ import annotations

import random
import re
from collections.abc import Sequence
from dataclasses import dataclass
from functools import cache
from pathlib import Path
from typing import Any

import yaml

DATA = Path(__file__).parent / "data"
"""The battery's corpora (YAML)."""

MARKER_PREFIX = "QZX"
MARKER_RE = re.compile(r"QZX[0-9A-Z]{2,8}Q")
"""Every marker the corpus and the canaries plant: ``QZX`` + a tag of digits/capitals + ``Q``."""


@cache
def spoof_data() -> dict[str, Any]:
    """The corpus pieces (``data/spoof.yaml``)."""
    text = DATA.joinpath("spoof.yaml").read_text(encoding="utf-8")
    data = yaml.safe_load(text)
    if not isinstance(data, dict):
        raise ValueError("llm_werewolf/safety/data/spoof.yaml must be a mapping")
    return data


def narrator_tags() -> dict[str, list[str]]:
    tags = spoof_data()["narrator_tags"]
    return {str(lang): [str(t) for t in values] for lang, values in tags.items()}


def marker(tag: str) -> str:
    """The marker for ``tag`` (digits and capitals only)."""
    return f"{MARKER_PREFIX}{tag}Q"


@dataclass(frozen=True, slots=True)
class SpoofText:
    marker: str
    text: str
    language: str
    """The language of its narrator tags (the game's own language or another)."""


def _pick(rng: random.Random, key: str) -> str:
    values: Sequence[str] = spoof_data()[key]
    return str(rng.choice(values))


def _sprinkle(rng: random.Random, text: str) -> str:
    """Insert invisible or bidi characters at random places (inside a tag too)."""
    if len(text) < 2:
        return text
    out = list(text)
    for _ in range(rng.randint(1, 3)):
        where = rng.randrange(1, len(out))
        out.insert(where, _pick(rng, rng.choice(("invisibles", "bidi"))))
    return "".join(out)


def spoof_text(rng: random.Random, tag: str, names: Sequence[str], language: str, max_chars: int = 1000) -> SpoofText:
    """One adversarial speech: 1-3 fake narrator lines, each ending with the marker."""
    mark = marker(tag)
    tags = narrator_tags()
    payloads: dict[str, list[str]] = spoof_data()["payloads"]
    pieces: list[str] = [rng.choice(("", "ok.", mark, "I agree."))]
    for _ in range(rng.randint(1, 3)):
        lang = language if rng.random() < 0.5 else rng.choice(sorted(tags))
        piece = ""
        if rng.random() < 0.9:
            piece += _pick(rng, "line_breaks")
        if rng.random() < 0.5:
            piece += _pick(rng, "closers")
        if rng.random() < 0.4:
            piece += _pick(rng, "chat_tokens")
        if rng.random() < 0.4:
            piece += _pick(rng, "markup")
        if rng.random() < 0.3:
            piece += _pick(rng, "line_breaks")
        narrator = rng.choice(tags[lang])
        if rng.random() < 0.3:
            narrator = _sprinkle(rng, narrator)
        payload = rng.choice(payloads[lang]).replace("{name}", rng.choice(list(names)) if names else "X")
        piece += f"{narrator} {payload} "
        if rng.random() < 0.3:
            piece = _sprinkle(rng, piece)
        piece += mark  # never broken up, so a checker finds it on every surface
        if rng.random() < 0.5:
            piece += _pick(rng, "closers")
        pieces.append(piece)
    text = "".join(pieces)
    if len(text) > max_chars:
        text = text[-max_chars:]
        if mark not in text:
            text = (mark + text)[:max_chars]
    return SpoofText(mark, text, language)


def spoof_corpus(seed: int, count: int, names: Sequence[str], language: str, prefix: str = "") -> list[SpoofText]:
    """``count`` texts, reproducible from ``seed``; markers ``QZX<prefix><n>Q``."""
    rng = random.Random(f"spoof:{seed}:{language}")
    return [spoof_text(rng, f"{prefix}{n:05d}", names, language) for n in range(count)]
