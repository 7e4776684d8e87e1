"""Russian city Mafia (seed 002_c8c37f06b119911f): see docs/rules/city_mafia.md."""

from .ruleset import CITY_MAFIA, CityMafiaRuleset

__all__ = ["CITY_MAFIA", "CityMafiaRuleset"]
