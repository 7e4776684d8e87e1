"""online_mafia: the ruleset registers itself on import."""

from .options import OnlineMafiaOptions
from .ruleset import ONLINE_MAFIA, OnlineMafia

__all__ = ["ONLINE_MAFIA", "OnlineMafia", "OnlineMafiaOptions"]
