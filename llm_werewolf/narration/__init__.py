"""The narrator: voices the table in the game's language, from public records only."""

from .moments import Moment, moment_of
from .packs import NarrationPack, load_pack
from .template import TemplateNarrator

__all__ = ["Moment", "NarrationPack", "TemplateNarrator", "load_pack", "moment_of"]
