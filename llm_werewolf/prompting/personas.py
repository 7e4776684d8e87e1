"""Personas: who a model player is at the table (data in ``personas/<lang>.yaml``).

Persona text is data: it is cleaned (:func:`.sanitize.clean_line`) and passed to
templates as variables, never compiled as a template. See ``personas/README.md``.
"""

from __future__ import annotations

import random
from dataclasses import dataclass
from functools import cache
from pathlib import Path
from typing import Any, Literal

from ..strings.sanitize import clean_line, clean_name
from ..texts import TextDataError, data_root
from .packs import load_yaml

Level = Literal["low", "medium", "high"]
Verbosity = Literal["terse", "normal", "talkative"]
LEVELS: tuple[str, ...] = ("low", "medium", "high")
VERBOSITIES: tuple[str, ...] = ("terse", "normal", "talkative")


@dataclass(frozen=True, slots=True)
class Persona:
    id: str
    name: str
    language: str
    temperament: str
    style: str
    bluffing: Level = "medium"
    verbosity: Verbosity = "normal"
    background: str = ""
    gender: str | None = None

    def as_context(self) -> dict[str, str | None]:
        """The persona as template variables, every text cleaned."""
        return {
            "id": self.id,
            "name": clean_name(self.name),
            "temperament": clean_line(self.temperament, 200),
            "style": clean_line(self.style, 300),
            "bluffing": self.bluffing,
            "verbosity": self.verbosity,
            "background": clean_line(self.background, 300),
            "gender": self.gender,
        }


def _persona(raw: Any, language: str, where: str) -> Persona:
    if not isinstance(raw, dict):
        raise TextDataError(f"{where}: each persona must be a mapping")
    missing = [key for key in ("id", "name", "temperament", "style") if not raw.get(key)]
    if missing:
        raise TextDataError(f"{where}: persona {raw.get('id', '?')!r} lacks {', '.join(missing)}")
    bluffing = str(raw.get("bluffing", "medium"))
    verbosity = str(raw.get("verbosity", "normal"))
    if bluffing not in LEVELS:
        raise TextDataError(f"{where}: {raw['id']}: bluffing must be one of {', '.join(LEVELS)}")
    if verbosity not in VERBOSITIES:
        raise TextDataError(f"{where}: {raw['id']}: verbosity must be one of {', '.join(VERBOSITIES)}")
    gender = raw.get("gender")
    return Persona(
        id=str(raw["id"]),
        name=str(raw["name"]),
        language=language,
        temperament=str(raw["temperament"]),
        style=str(raw["style"]),
        bluffing=bluffing,  # type: ignore[arg-type]
        verbosity=verbosity,  # type: ignore[arg-type]
        background=str(raw.get("background", "")),
        gender=str(gender) if gender is not None else None,
    )


def load_personas_file(path: Path) -> tuple[Persona, ...]:
    data = load_yaml(path)
    if not isinstance(data, dict) or not isinstance(data.get("personas"), list):
        raise TextDataError(f"{path}: expected a mapping with a 'personas' list")
    language = str(data.get("language", path.stem))
    personas = tuple(_persona(raw, language, str(path)) for raw in data["personas"])
    ids = [p.id for p in personas]
    if len(set(ids)) != len(ids):
        raise TextDataError(f"{path}: persona ids must be unique")
    return personas


@cache
def personas_for(language: str) -> tuple[Persona, ...]:
    """Every persona of ``language`` (``personas/<language>.yaml``)."""
    path = data_root("personas") / f"{language}.yaml"
    if not path.is_file():
        raise TextDataError(f"missing data file personas/{language}.yaml")
    return load_personas_file(path)


def get_persona(language: str, persona_id: str) -> Persona:
    for persona in personas_for(language):
        if persona.id == persona_id:
            return persona
    known = ", ".join(p.id for p in personas_for(language))
    raise TextDataError(f"no persona {persona_id!r} in personas/{language}.yaml (known: {known})")


def pick_personas(language: str, count: int, seed: int = 0) -> list[Persona]:
    """``count`` personas for one table, distinct while there are enough (a seeded shuffle)."""
    pool = list(personas_for(language))
    random.Random(f"personas:{language}:{seed}").shuffle(pool)
    return [pool[i % len(pool)] for i in range(count)]
