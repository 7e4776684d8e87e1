"""Grammar for voiced acts: a seat's gender and Russian noun cases for names.

* Gender: a persona's ``gender`` wins; otherwise the seat name's gender from
  the ``genders`` table of ``prompts/<lang>/common/phrases.yaml`` (every name of
  ``names.yaml`` is listed there); otherwise ``male``.
* Russian cases: names are declined with ``pytrovich`` (a port of the petrovich
  rules for Russian first names) when it is installed, else with the small rule
  table below (documented in docs/speech-acts.md). Names not written in Cyrillic
  are left as they are.
"""

from __future__ import annotations

import re
from functools import cache, lru_cache
from typing import Any, Literal

Gender = Literal["male", "female"]
CASES: tuple[str, ...] = ("nom", "gen", "dat", "acc", "ins", "pre")

_CYRILLIC = re.compile(r"^[А-ЯЁа-яё-]+$")
_HUSHING = "гкхжшчщ"
_FLEETING = {"Павел": "Павл", "Лев": "Льв", "Пётр": "Петр"}
"""Male names whose last vowel drops before an ending."""


def gender_or_default(value: Any) -> Gender:
    return "female" if value == "female" else "male"


@cache
def _petrovich() -> Any:
    try:
        from pytrovich.maker import PetrovichDeclinationMaker  # type: ignore[import-not-found,unused-ignore]
    except ImportError:
        return None
    return PetrovichDeclinationMaker()


@lru_cache(maxsize=4096)
def decline_ru(name: str, case: str, gender: Gender) -> str:
    """``name`` in Russian case ``case`` (nom, gen, dat, acc, ins, pre); "Вера Павловна" word by word.
    Remembered: a game says the same few names in the same cases again and again."""
    words = name.split()
    if len(words) > 1:
        return " ".join(_decline_word(w, case, gender, middle=i > 0) for i, w in enumerate(words))
    return _decline_word(name, case, gender, middle=False)


def _decline_word(name: str, case: str, gender: Gender, *, middle: bool) -> str:
    if case == "nom" or not _CYRILLIC.match(name):
        return name
    maker = _petrovich()
    if maker is not None:
        try:
            from pytrovich.enums import Case, NamePart  # type: ignore[import-not-found,unused-ignore]
            from pytrovich.enums import Gender as PGender  # type: ignore[import-not-found,unused-ignore]

            cases = {
                "gen": Case.GENITIVE,
                "dat": Case.DATIVE,
                "acc": Case.ACCUSATIVE,
                "ins": Case.INSTRUMENTAL,
                "pre": Case.PREPOSITIONAL,
            }
            pg = PGender.FEMALE if gender == "female" else PGender.MALE
            part = NamePart.MIDDLENAME if middle else NamePart.FIRSTNAME
            return str(maker.make(part, pg, cases[case], name))
        except (ImportError, KeyError, ValueError):
            pass
    return _decline_by_rules(name, case, gender)


def _decline_by_rules(name: str, case: str, gender: Gender) -> str:
    """The fallback table: the regular first-name declensions (see docs/speech-acts.md)."""
    low = name.lower()
    if low.endswith("ия"):
        ends = {"gen": "ии", "dat": "ии", "acc": "ию", "ins": "ией", "pre": "ии"}
        return name[:-2] + ends[case]
    if low.endswith("я"):
        ends = {"gen": "и", "dat": "е", "acc": "ю", "ins": "ей", "pre": "е"}
        return name[:-1] + ends[case]
    if low.endswith("а"):
        gen = "и" if len(low) > 1 and low[-2] in _HUSHING else "ы"
        ins = "ей" if len(low) > 1 and low[-2] in "жшчщц" else "ой"
        ends = {"gen": gen, "dat": "е", "acc": "у", "ins": ins, "pre": "е"}
        return name[:-1] + ends[case]
    if gender == "female":
        if low.endswith("ь"):  # Любовь-type names stay regular enough: gen/dat/pre -и
            ends = {"gen": "и", "dat": "и", "acc": "ь", "ins": "ью", "pre": "и"}
            return name[:-1] + ends[case]
        return name
    if low.endswith(("й", "ь")):
        ends = {"gen": "я", "dat": "ю", "acc": "я", "ins": "ем", "pre": "и" if low.endswith("ий") else "е"}
        return name[:-1] + ends[case]
    if low[-1] in "бвгджзклмнпрстфхцчшщ":
        ins = "ем" if low[-1] in "жшчщц" else "ом"
        ends = {"gen": "а", "dat": "у", "acc": "а", "ins": ins, "pre": "е"}
        return _FLEETING.get(name, name) + ends[case]
    return name
