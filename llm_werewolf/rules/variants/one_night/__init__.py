"""One Night Ultimate Werewolf, as played on "Loup-Garou Sans Carte" (Arabic seed).

See docs/rules/one_night.md for every rule with the seed passage it comes from.
"""

from . import ruleset as ruleset

__all__ = ["ruleset"]
