"""The deterministic rules core: pure functions over immutable state.

No I/O, no language models, no asyncio, no wall clock; all randomness comes
from the seeded :class:`Rng` inside the state.
"""

from .acts import Act
from .decisions import (
    SKIP,
    SKIP_OPTION,
    Choice,
    Decision,
    Option,
    center_option,
    plain_option,
    seat_option,
    target_of,
)
from .engine import Answers, Ctx, Step, advance, submit, validate_choice
from .errors import (
    AlreadyAnswered,
    GameOver,
    IllegalAct,
    IllegalChoice,
    NoSuchDecision,
    OptionNotOffered,
    OptionsError,
    RulesError,
    SetupError,
    SpeechTooLong,
    TextNotAllowed,
    UnknownClaim,
    UnknownVariant,
)
from .events import (
    GOD,
    PUBLIC,
    Record,
    SharedEventRecord,
    Visibility,
    make_record,
    record_key,
    same_records,
    to_seats,
    to_team,
)
from .game import Game
from .model import GameConfig, GameState, Outcome, Phase, Seat
from .rng import Rng
from .variant import BaseOptions, Preset, RoleInfo, Ruleset, all_rulesets, get_ruleset, register
from .versions import DefaultChange, RulesVersion
from .views import SeatView, ViewBuilder, build_view

__all__ = [
    "GOD",
    "PUBLIC",
    "SKIP",
    "SKIP_OPTION",
    "Act",
    "AlreadyAnswered",
    "Answers",
    "BaseOptions",
    "Choice",
    "Ctx",
    "Decision",
    "DefaultChange",
    "Game",
    "GameConfig",
    "GameOver",
    "GameState",
    "IllegalAct",
    "IllegalChoice",
    "NoSuchDecision",
    "Option",
    "OptionNotOffered",
    "OptionsError",
    "Outcome",
    "Phase",
    "Preset",
    "Record",
    "Rng",
    "RoleInfo",
    "RulesError",
    "RulesVersion",
    "Ruleset",
    "Seat",
    "SeatView",
    "SetupError",
    "SharedEventRecord",
    "SpeechTooLong",
    "Step",
    "TextNotAllowed",
    "UnknownClaim",
    "UnknownVariant",
    "ViewBuilder",
    "Visibility",
    "advance",
    "all_rulesets",
    "build_view",
    "center_option",
    "get_ruleset",
    "make_record",
    "plain_option",
    "record_key",
    "register",
    "same_records",
    "seat_option",
    "submit",
    "target_of",
    "to_seats",
    "to_team",
    "validate_choice",
]
