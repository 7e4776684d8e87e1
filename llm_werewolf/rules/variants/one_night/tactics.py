"""The heuristic play of One Night's roles, registered from this folder: decision kind -> tactic.

A seed role's tactics are the ``TACTICS`` of its ``actions/`` module; an added role's are its
unit's ``tactics`` (``units/``). Both are found here, so a new role's play needs no other file;
the heuristic player (``agents/heuristics/one_night.py``) asks the tactic of each night decision
with its reading of the seat's view (:class:`.unit.Reading`).
"""

from __future__ import annotations

from collections.abc import Mapping

from llm_werewolf.rules.tactic_table import gather_tactics

from . import actions
from .unit import Tactic
from .units import UNITS

TACTICS: Mapping[str, Tactic] = gather_tactics(actions, UNITS)
"""The heuristic player's answer to each night decision kind of the ruleset."""
