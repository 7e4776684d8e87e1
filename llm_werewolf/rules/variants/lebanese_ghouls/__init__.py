"""lebanese_ghouls: the Lebanese card game "Min El Ghoul?" (مين الغول؟), village كفارغيلان.

See docs/rules/lebanese_ghouls.md for every rule with the seed passage it comes from.
"""

from .ruleset import LEBANESE_GHOULS, LebaneseGhouls

__all__ = ["LEBANESE_GHOULS", "LebaneseGhouls"]
