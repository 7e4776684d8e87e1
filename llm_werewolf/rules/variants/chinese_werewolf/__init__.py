"""狼人殺 (chinese_werewolf): the ruleset registers itself on import."""

from .options import ChineseWerewolfOptions
from .ruleset import CHINESE_WEREWOLF, ChineseWerewolf

__all__ = ["CHINESE_WEREWOLF", "ChineseWerewolf", "ChineseWerewolfOptions"]
