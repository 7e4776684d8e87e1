"""Speech acts: the typed, checkable content of every speech (see docs/speech-acts.md).

* the act kinds, each ruleset's results and their legality are rules data:
  :mod:`llm_werewolf.rules.act_vocabulary` and :mod:`llm_werewolf.rules.act_legality`;
* :mod:`.truth`: whether an act matches the speaker's knowledge and the god view;
* :mod:`.phrases`, :mod:`.grammar`, :mod:`.voice`: acts -> text in the game's language;
* :mod:`.coherence`: whether a model's free text is a usable speech, and whether it
  contradicts its own acts.
"""

from ..rules.acts import Act
from ..rules.errors import IllegalAct

__all__ = [
    "Act",
    "IllegalAct",
]
