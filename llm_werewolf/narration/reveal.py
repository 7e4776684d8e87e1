"""The reveal check: does the public narration of a finished game name or imply a hidden card?

Two readings of each line, against the game's true cards (dealt or held):

* sentence by sentence (a sentence naming no seat is read with the seats of the sentence before):
  a seat named with a role word that is its card gives the card away;
* the whole line of a death announcement, for the roles a single seat holds (the Putana, the
  Don, the seer...): such a role's word in the line points at the seats that line sends away.
  «Первый выстрел — мафии: Анна. Вместе с Путаной игру покидает Дмитрий.» tells the table that
  Анна held the Putana. The announced cause of another seat's death that names its killer
  ("poisoned by the witch") points at the killer, not at the dead, and is read past; a cause
  that names a companion in death (:data:`COMPANION_CAUSES`) is not.

Either is no reveal when a public record showed that card for that seat before the line (a
flipped card, a role-valued announcement). The check knows the truth (it is a test of the
narrator, run on finished games); the narrator never does. Lines said after the end of the game
(every card may be turned over) are not checked.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable, Sequence
from dataclasses import dataclass

from ..describe import vocabulary
from ..rules import Game
from ..rules.events import DeathsAnnounced, GameEnded, Record
from ..rules.variant import get_ruleset
from .checker import common_words
from .packs import load_pack
from .public import PublicFacts
from .template import TemplateNarrator
from .vocabulary import Lexicon, SeatFinder, Term, sentences

COMPANION_CAUSES = frozenset({"putana_client"})
"""Causes that name the card of another seat leaving with this one (city_mafia, seed 002: «вместе с
Путаной игру покидает игрок, с которым она была в эту ночь»)."""


@dataclass(frozen=True, slots=True)
class Reveal:
    """One line that gives a card away: which seat, which role, and the line."""

    seq: int
    key: str
    seat: int
    role: str
    text: str

    def __str__(self) -> str:
        return f"#{self.seq} {self.key}: seat {self.seat + 1} ~ {self.role}: {self.text!r}"


class RevealCheck:
    """Reads the narration of one game in one language against the game's true cards."""

    def __init__(self, variant: str, language: str, names: Sequence[str]) -> None:
        self.variant = variant
        self.language = language
        ruleset = get_ruleset(variant)
        self.roles_known = frozenset(ruleset.roles)
        words = vocabulary(language, variant)
        _, plain_role = common_words(variant)
        entries = [
            Term(role, text, exact=role == plain_role) for role in ruleset.roles for text in words.forms("roles", role)
        ]
        self.lexicon = Lexicon(language, entries)
        self.ruleset = ruleset
        self.labeller = labeller = TemplateNarrator(variant, language, names)
        labels = [labeller.seat_label(i) for i in range(len(names))]
        patterns = load_pack(language, variant).checker.get("seat_patterns", ())
        self.finder = SeatFinder(language, labels, patterns)

    def lines(self, game: Game, lines: Iterable[tuple[Record, str, str]]) -> list[Reveal]:
        """The reveals among ``lines`` (record voiced, pack key, text, in the game's order)."""
        truth = [{seat.role, seat.start_role} for seat in game.state.seats]
        holders = Counter(role for cards in truth for role in cards)
        unique = {role for role, count in holders.items() if count == 1}
        facts = PublicFacts(roles_known=self.roles_known)
        found: list[Reveal] = []
        for record, key, text in lines:
            facts.add(record)
            if facts.ended or isinstance(record.event, GameEnded):
                break
            pairs: set[tuple[int, str]] = set()
            previous: set[int] = set()
            for sentence in sentences(text):
                seats = self.finder.seats(sentence) or previous
                pairs |= {(seat, role) for seat in seats for role in self.lexicon.find(sentence)}
                previous = seats
            pairs |= self._departing(record, text, unique)
            for seat, role in sorted(pairs):
                if role in truth[seat] and role not in facts.roles.get(seat, set()):
                    found.append(Reveal(record.seq, key, seat, role, text))
        return found

    def _departing(self, record: Record, text: str, unique: set[str]) -> set[tuple[int, str]]:
        """(seat, role) for each seat a death announcement sends away and each single-holder role the line
        names outside the killers' causes."""
        event = record.event
        if not isinstance(event, DeathsAnnounced) or not event.deaths:
            return set()
        rest = text
        for death in event.deaths:
            if death.cause and death.cause not in COMPANION_CAUSES:
                phrase = self.labeller.cause(death.cause, death.seat)
                if phrase:
                    rest = rest.replace(phrase, " ")
        singles = self.lexicon.find(rest) & unique
        return {(death.seat, role) for death in event.deaths for role in singles}


def narrated(game: Game, language: str, seed: int = 0) -> list[tuple[Record, str, str]]:
    """The template narration of a finished game: (record, pack key, text) for every voiced record."""
    narrator = TemplateNarrator(game.config.variant, language, game.config.names, seed=seed)
    out: list[tuple[Record, str, str]] = []
    for record in game.records:
        line = narrator.line_for(record)
        if line is not None:
            out.append((record, line.key, line.text))
    return out


def reveals(game: Game, language: str, seed: int = 0) -> list[Reveal]:
    """Every line of the game's template narration in ``language`` that gives a hidden card away."""
    check = RevealCheck(game.config.variant, language, game.config.names)
    return check.lines(game, narrated(game, language, seed))
