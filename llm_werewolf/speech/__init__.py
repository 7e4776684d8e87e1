"""Speech acts: the typed, checkable content of every speech (see docs/speech-acts.md).

* :mod:`.vocabulary`: the act kinds and each ruleset's results (pure data);
* :mod:`.legality`: refuses acts that cannot exist at this table (``IllegalAct``);
* :mod:`.truth`: whether an act matches the speaker's knowledge and the god view;
* :mod:`.phrases`, :mod:`.grammar`, :mod:`.voice`: acts -> text in the game's language;
* :mod:`.coherence`: whether a model's free text is a usable speech, and whether it
  contradicts its own acts.
"""

from ..rules.acts import Act
from ..rules.errors import IllegalAct
from .legality import check_acts, check_state_acts, check_view_acts
from .vocabulary import ACT_KINDS, Fact, Vocabulary, vocabulary

__all__ = [
    "ACT_KINDS",
    "Act",
    "Fact",
    "IllegalAct",
    "Vocabulary",
    "check_acts",
    "check_state_acts",
    "check_view_acts",
    "vocabulary",
]
