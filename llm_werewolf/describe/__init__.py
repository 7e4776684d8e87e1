"""One description layer: the vocabulary of every language and the one describer every surface uses.

* :mod:`.vocabulary` — terms, phrases with named slots, gender forms and typography per language;
* :mod:`.segments` — a description as words, seats and quotes;
* :mod:`.describer` — ``describe(record, audience, language, ...)``.
"""

from .describer import Audience, Describer, Description, describe, seat_genders
from .segments import Quote, SeatRef, Segment, fill, join
from .vocabulary import Gender, Typography, Vocabulary, vocabulary

__all__ = [
    "Audience",
    "Describer",
    "Description",
    "Gender",
    "Quote",
    "SeatRef",
    "Segment",
    "Typography",
    "Vocabulary",
    "describe",
    "fill",
    "join",
    "seat_genders",
    "vocabulary",
]
