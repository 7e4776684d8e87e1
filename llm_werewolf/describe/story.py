"""Story packs: the narrator's own voice for one ruleset in one language, as data.

``prompts/<lang>/<ruleset>/story.yaml`` holds the *story* register (what a storyteller says
around the facts: the mood of a dawn, an exile, the end) apart from the *host* register of
``narration.yaml`` (the moderator's cues and announcements). Keys:

* ``attach``: which pack keys open which story moment (``dawn``, ``exile``, ``end``), by prefix;
* ``dawn``, ``dawn.late``, ``exile``, ``exile.late``, ``end``: lines said with that moment (the
  ``.late`` pools once the table has shrunk to a third, or three seats);
* ``recall.exile``: a dawn's look back at the last exile (``name``, ``female``, ``role``);
* ``recall.claim_true`` / ``recall.claim_false``: a departed seat's public claim checked against
  the card shown as it left (``name``, ``female``, ``role``);
* ``count.thinning`` / ``count.last`` / ``count.two``: how many are left (``alive``; ``pair`` for
  the last two standing);
* ``prologue``: the opening of the game's chronicle (``seats``: how many sat down);
* ``joiner``: what goes between sentences (" "; "" in Chinese).

Every line is a Jinja template (the same sandboxed, strict environment as the pack lines).
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache
from typing import Any

from ..texts import TextDataError, optional_yaml

MOMENTS = ("dawn", "exile", "end")
POOLS = (
    "dawn",
    "dawn.late",
    "exile",
    "exile.late",
    "end",
    "recall.exile",
    "recall.claim_true",
    "recall.claim_false",
    "count.thinning",
    "count.last",
    "count.two",
    "prologue",
)


@dataclass(frozen=True)
class StoryPack:
    language: str
    variant: str
    attach: dict[str, tuple[str, ...]]
    pools: dict[str, tuple[str, ...]]
    joiner: str

    def moment_of(self, key: str) -> str | None:
        """The story moment a pack key opens (``dawn``, ``exile``, ``end``), or ``None`` (host register)."""
        for moment, prefixes in self.attach.items():
            if any(key == p or key.startswith(p + ".") for p in prefixes):
                return moment
        return None

    def pool(self, name: str) -> tuple[str, ...]:
        return self.pools.get(name, ())


EMPTY = StoryPack("", "", {}, {}, " ")


def _strings(value: Any, where: str) -> tuple[str, ...]:
    if not isinstance(value, list) or not all(isinstance(v, str) and v for v in value):
        raise TextDataError(f"{where} must be a list of non-empty strings")
    return tuple(value)


@lru_cache(maxsize=64)
def load_story(language: str, variant: str) -> StoryPack:
    """The story pack of (language, variant); an empty pack (host register only) when there is none."""
    where = f"prompts/{language}/{variant}/story.yaml"
    data = optional_yaml("prompts", f"{language}/{variant}/story.yaml")
    if data is None:
        return EMPTY
    if not isinstance(data, dict):
        raise TextDataError(f"{where} must be a mapping")
    attach_raw = data.get("attach", {})
    if not isinstance(attach_raw, dict) or set(attach_raw) - set(MOMENTS):
        raise TextDataError(f"{where}: attach maps {', '.join(MOMENTS)} to lists of pack keys")
    attach = {str(k): _strings(v, f"{where}: attach.{k}") for k, v in attach_raw.items()}
    unknown = set(data) - {"attach", "joiner", *POOLS}
    if unknown:
        raise TextDataError(f"{where}: unknown keys {sorted(unknown)}")
    pools = {name: _strings(data[name], f"{where}: {name}") for name in POOLS if name in data}
    return StoryPack(language, variant, attach, pools, str(data.get("joiner", " ")))
