"""A rule-of-thumb player's private notes, worded in the game's language (``prompts/<lang>/common/thoughts.yaml``).

A note («bussing: voting out my exposed partner Nadine») is shown to the game master next to the
seat's choice: in a Hebrew game it reads in Hebrew, agreeing with the partner named
(``<key>_female`` for a woman). English fills a language's gaps.
"""

from __future__ import annotations

from functools import cache
from typing import Any

from ..describe.describer import seat_genders
from ..rules import SeatView
from ..texts import TextDataError, optional_yaml

FALLBACK_LANGUAGE = "en"


@cache
def _notes(language: str) -> dict[str, Any]:
    merged: dict[str, Any] = {}
    for lang in dict.fromkeys((FALLBACK_LANGUAGE, language.split("-")[0], language)):
        data = optional_yaml("prompts", f"{lang}/common/thoughts.yaml")
        if data is None:
            continue
        if not isinstance(data, dict):
            raise TextDataError(f"prompts/{lang}/common/thoughts.yaml must be a mapping")
        merged.update(data)
    return merged


def thought(view: SeatView, key: str, about: int) -> str:
    """The note ``key`` about seat ``about`` (its name fills ``{name}``), in the view's language."""
    notes = _notes(view.language)
    female = seat_genders(view.language, view.variant, view.names)[about] == "female"
    template = notes.get(f"{key}_female") if female else None
    template = template or notes.get(key)
    if not isinstance(template, str):
        raise TextDataError(f"prompts/{FALLBACK_LANGUAGE}/common/thoughts.yaml lacks {key!r}")
    return template.replace("{name}", view.names[about])
