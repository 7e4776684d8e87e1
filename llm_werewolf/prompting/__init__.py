"""Prompts as views: Jinja templates rendered from a seat's view, its persona and the game's language."""

from ..strings.sanitize import clean_line, clean_name, clean_output
from ..strings.script import in_language, script_share
from .answers import Parsed, match_option, parse_answer
from .packs import MissingPromptFile, has_pack, pack_hash, require_pack, search_roots
from .personas import Persona, get_persona, personas_for, pick_personas
from .render import Prompt, PromptError, SeatPrompter, answer_schema

__all__ = [
    "MissingPromptFile",
    "Parsed",
    "Persona",
    "Prompt",
    "PromptError",
    "SeatPrompter",
    "answer_schema",
    "clean_line",
    "clean_name",
    "clean_output",
    "get_persona",
    "has_pack",
    "in_language",
    "match_option",
    "pack_hash",
    "parse_answer",
    "personas_for",
    "pick_personas",
    "require_pack",
    "script_share",
    "search_roots",
]
