"""The heuristic play of city Mafia's roles, registered from this folder: decision kind -> tactic.

A seed role's tactics are the ``TACTICS`` of its module here (``tactics/<role>.py``); an added
role's are its unit's ``tactics`` (``units/``). Both are found here, so a new role's play needs no
other file; the heuristic player (``agents/heuristics/city_mafia.py``) asks the tactic of each
night decision with its reading of the seat's view (:class:`..unit.Reading`).
"""

from __future__ import annotations

import sys
from collections.abc import Mapping

from llm_werewolf.rules.tactic_table import gather_tactics

from ..unit import Tactic
from ..units import UNITS

TACTICS: Mapping[str, Tactic] = gather_tactics(sys.modules[__name__], UNITS)
"""The heuristic player's answer to each night decision kind of the ruleset."""
