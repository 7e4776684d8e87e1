"""The narrator: voices the table in the game's language, from public records only (docs/narrator.md)."""

from .checker import NarrationChecker, Verdict
from .llm import LLMNarrator, LLMNarratorSettings
from .moments import Moment, moment_of
from .packs import NarrationPack, load_pack
from .public import PublicFacts
from .template import TemplateNarrator

__all__ = [
    "LLMNarrator",
    "LLMNarratorSettings",
    "Moment",
    "NarrationChecker",
    "NarrationPack",
    "PublicFacts",
    "TemplateNarrator",
    "Verdict",
    "load_pack",
    "moment_of",
]
