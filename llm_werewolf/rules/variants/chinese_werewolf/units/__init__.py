"""Role units of chinese_werewolf: one module per added role, found here automatically (:mod:`..unit`)."""

from llm_werewolf.rules.units import discover

from ..unit import CWUnit

UNITS: tuple[CWUnit, ...] = discover(__name__, CWUnit)
