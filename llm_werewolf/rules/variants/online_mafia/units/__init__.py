"""Role units of online_mafia: one module per added role, found here automatically (:mod:`..unit`)."""

from llm_werewolf.rules.units import discover

from ..unit import OMUnit

UNITS: tuple[OMUnit, ...] = discover(__name__, OMUnit)
