"""Role units of chinese_werewolf: one module per added role, found here automatically (:mod:`..unit`)."""

from llm_werewolf.rules.units import discover

from ..unit import CWUnit

UNITS: tuple[CWUnit, ...] = discover(__name__, CWUnit)
VOTE_RULING_UNITS: tuple[CWUnit, ...] = tuple(u for u in UNITS if type(u).may_vote is not CWUnit.may_vote)
"""The units that may take a living seat's exile vote away (the others let everyone vote)."""
SPEECH_ACTION_UNITS: tuple[CWUnit, ...] = tuple(u for u in UNITS if type(u).before_speech is not CWUnit.before_speech)
"""The units that may add a day action before a speech (the others never do)."""
