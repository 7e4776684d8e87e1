"""Role units of lebanese_ghouls: one module per added role, found here automatically (:mod:`..unit`)."""

from llm_werewolf.rules.units import discover

from ..unit import LGUnit

UNITS: tuple[LGUnit, ...] = discover(__name__, LGUnit)
