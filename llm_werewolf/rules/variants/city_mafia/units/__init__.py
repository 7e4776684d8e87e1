"""Role units of city_mafia: one module per added role, found here automatically (:mod:`..unit`)."""

from llm_werewolf.rules.units import discover

from ..unit import CityUnit

UNITS: tuple[CityUnit, ...] = discover(__name__, CityUnit)
