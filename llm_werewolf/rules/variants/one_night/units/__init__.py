"""Role units of one_night: one module per added role, found here automatically (:mod:`..unit`)."""

from llm_werewolf.rules.units import discover

from ..unit import OneNightUnit

UNITS: tuple[OneNightUnit, ...] = discover(__name__, OneNightUnit)
