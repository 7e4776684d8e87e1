"""A game as a chronicle: prose in the game's language, scene by scene (``render GAME --format story``).

The plan is built from the transcript for one view: a prologue (the ruleset's ``prologue`` story line and
the players), one scene per night and day with the narrator's lines (the template narrator replays the
public records, so the story register and its memory are those of :mod:`llm_werewolf.narration`; host
cues such as wake and sleep calls are left out), the key speeches of the day quoted, the votes, and at
the end every card face up. The cards are shown in the ``god`` view, and in the ``public`` view once the
game has ended (nothing is secret any more); an unfinished game's public chronicle keeps them hidden.
Labels come from ``prompts/<lang>/common/chronicle.yaml``; player text is quoted, never a template.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field
from functools import cache
from typing import Any

from ..describe.story import load_story
from ..describe.vocabulary import fill_text
from ..narration import TemplateNarrator
from ..prompting.environment import string_template
from ..rules.events import GameEnded, PhaseStarted, RoleAssigned, RolesRevealed, Speech, VoteCast
from ..seeds import derive_seed
from ..texts import merge_mapping, optional_yaml
from ..transcript import Transcript
from .labels import Words

RTL_LANGUAGES = frozenset({"ar", "he", "fa", "ur"})
VIEWS = ("public", "god")
QUOTES_PER_SCENE = 3
QUOTE_CHARS = 280
LEFT_OUT = ("cue.", "phase.", "roles_revealed")
"""Pack keys a chronicle leaves out unless a story moment opens with them (One Night's dawn is its
``phase.day``): the host register's stage directions, and the end's reveal (the chronicle's own last
section shows every card)."""


@cache
def chronicle_labels(language: str) -> dict[str, Any]:
    """The chronicle labels of ``language`` over its base language's and English."""
    merged: dict[str, Any] = {}
    chain = ["en"]
    for lang in (language.split("-")[0], language):
        if lang not in chain:
            chain.append(lang)
    for lang in chain:
        relative = f"{lang}/common/chronicle.yaml"
        merge_mapping(merged, optional_yaml("prompts", relative), f"prompts/{relative}")
    return merged


@dataclass
class Quote:
    speaker: str
    text: str


@dataclass
class Votes:
    text: str


Item = str | Quote | Votes
"""A scene's piece: the narrator's line (prose), a quoted speech, or the votes of one ballot."""


@dataclass
class Scene:
    heading: str
    items: list[Item] = field(default_factory=list)
    until: int = -1
    """The sequence number of the scene's last public record (what was public when it ended)."""
    told_by: str = "template"
    """``template``, or ``llm`` when a model retold the scene's lines (:mod:`.chronicle_llm`)."""


@dataclass
class Chronicle:
    language: str
    title: str
    subtitle: str
    prologue: list[str]
    scenes: list[Scene]
    reveal_heading: str
    cards: list[str]
    closing: str = ""

    @property
    def rtl(self) -> bool:
        return self.language.split("-")[0] in RTL_LANGUAGES


class ChronicleError(ValueError):
    """A chronicle cannot be written for this view."""


class _Builder:
    def __init__(self, transcript: Transcript, view: str) -> None:
        if view not in VIEWS:
            raise ChronicleError(f"bad view {view!r} for a chronicle: use public or god")
        header = transcript.header
        self.view = view
        self.records = transcript.records
        self.header = header
        self.language = header.language
        self.words = Words(header.language, header.variant)
        self.labels = chronicle_labels(header.language)
        self.narrator = TemplateNarrator(
            header.variant, header.language, header.names, seed=derive_seed(header.seed, "narrator")
        )
        self.story = load_story(header.language, header.variant)

    def label(self, key: str, **slots: object) -> str:
        value = self.labels.get(key)
        return fill_text(value if isinstance(value, str) else key, **slots)

    def name(self, seat: int | None) -> str:
        if seat is None or not 0 <= seat < len(self.header.names):
            return "?"
        return self.narrator.seat_label(seat)

    def build(self) -> Chronicle:
        title = self.label("title", game=self.words.game_title())
        subtitle = self.label(f"view_{self.view}")
        scenes: list[Scene] = []
        placed: list[tuple[int, Item]] = []
        speeches: list[tuple[int, Speech]] = []
        ballot: tuple[str, list[str]] | None = None
        ended = False
        for record in self.records:
            event = record.event
            if record.vis.scope != "public":
                continue
            if isinstance(event, PhaseStarted):
                self._close(scenes, placed, speeches)
                scenes.append(Scene(self.label(event.phase, n=event.number)))
            if scenes:
                scenes[-1].until = record.seq
            ended = ended or isinstance(event, GameEnded)
            if isinstance(event, VoteCast):
                if ballot is None or ballot[0] != event.ballot:
                    ballot = (event.ballot, [])
                    placed.append((record.seq, Votes("")))
                ballot[1].append(self._vote(event))
                placed[-1] = (placed[-1][0], Votes(self.label("votes", votes=self.words.typography.join(ballot[1]))))
                continue
            ballot = None
            line = self.narrator.line_for(record)
            if line is not None and (self.story.moment_of(line.key) or not line.key.startswith(LEFT_OUT)):
                placed.append((record.seq, line.text))
            if isinstance(event, Speech) and event.to is None and event.text.strip():
                speeches.append((record.seq, event))
        self._close(scenes, placed, speeches)
        shown = self.view == "god" or ended
        return Chronicle(
            language=self.language,
            title=title,
            subtitle=subtitle,
            prologue=self._prologue(),
            scenes=[s for s in scenes if s.items],
            reveal_heading=self.label("reveal"),
            cards=self._cards() if shown else [],
            closing="" if shown else self.label("unfinished"),
        )

    def _prologue(self) -> list[str]:
        out: list[str] = []
        lines = self.story.pool("prologue")
        if lines:
            index = derive_seed(self.header.seed, "chronicle") % len(lines)
            out.append(string_template(self.narrator.roots, lines[index]).render(seats=len(self.header.names)).strip())
        names = self.words.typography.join_and([self.name(i) for i in range(len(self.header.names))])
        out.append(self.label("prologue_players", names=names))
        if self.view == "god":
            dealt = self._dealt()
            if dealt:
                cards = self.words.typography.join(
                    [self.label("card", name=self.name(s), role=self.narrator.role(r, s)) for s, r in enumerate(dealt)]
                )
                out.append(self.label("cards_dealt", cards=cards))
        return out

    def _vote(self, event: VoteCast) -> str:
        voter = self.name(event.seat)
        if event.target is None:
            return self.label("abstain", voter=voter)
        return self.label("vote", voter=voter, target=self.name(event.target))

    def _close(self, scenes: list[Scene], placed: list[tuple[int, Item]], speeches: list[tuple[int, Speech]]) -> None:
        """Ends the current scene: its lines and votes with its key speeches, in the order they came."""
        if scenes:
            quotes: list[tuple[int, Item]] = [
                (seq, Quote(self.name(s.seat), _trim(s.text))) for seq, s in key_speeches(speeches)
            ]
            # a speech before the narrator's line about it (last words, then their closing line)
            ordered = sorted(
                [(seq, 1, item) for seq, item in placed] + [(seq, 0, item) for seq, item in quotes], key=_order
            )
            scenes[-1].items = [item for _, _, item in ordered]
        placed.clear()
        speeches.clear()

    def _dealt(self) -> list[str]:
        seats = len(self.header.names)
        dealt: list[str | None] = [None] * seats
        for record in self.records:
            event = record.event
            if isinstance(event, RoleAssigned) and 0 <= event.seat < seats and dealt[event.seat] is None:
                dealt[event.seat] = event.role
        if self.header.roles and all(r is None for r in dealt):
            return list(self.header.roles)
        return [r or "" for r in dealt]

    def _cards(self) -> list[str]:
        """Every card face up: the end's own reveal when the rules turn the cards over, else the deal and
        each later change, from the transcript's full record (the game is over or the view is god's)."""
        for record in self.records:
            if isinstance(record.event, RolesRevealed):
                return self._revealed(record.event)
        seats = len(self.header.names)
        start = self._dealt()
        final = list(start)
        for record in self.records:
            event = record.event
            if isinstance(event, RoleAssigned) and 0 <= event.seat < seats:
                final[event.seat] = event.role
        return [self._card(s, start[s], final[s]) for s in range(seats) if final[s]]

    def _revealed(self, event: RolesRevealed) -> list[str]:
        starts = list(event.start_roles) or list(event.roles)
        out = [self._card(s, starts[s] if s < len(starts) else r, r) for s, r in enumerate(event.roles)]
        if event.extra:
            center = self.words.typography.join([self.narrator.role(r) for r in event.extra])
            out.append(self.label("center", cards=center))
        return out

    def _card(self, seat: int, start: str, role: str) -> str:
        if start and start != role:
            return self.label(
                "card_changed",
                name=self.name(seat),
                start=self.narrator.role(start, seat),
                role=self.narrator.role(role, seat),
            )
        return self.label("card", name=self.name(seat), role=self.narrator.role(role, seat))


def key_speeches(speeches: Sequence[tuple[int, Speech]]) -> list[tuple[int, Speech]]:
    """The speeches a scene quotes, in the order they were said: last words and role claims first, then
    the longest, at most :data:`QUOTES_PER_SCENE`."""

    def weight(item: tuple[int, Speech]) -> tuple[int, int, int]:
        speech = item[1]
        return (speech.stage == "last_words", speech.claim is not None, len(speech.text))

    chosen = sorted(speeches, key=weight, reverse=True)[:QUOTES_PER_SCENE]
    return sorted(chosen, key=lambda item: item[0])


def _order(entry: tuple[int, int, Item]) -> tuple[int, int]:
    return entry[0], entry[1]


def _trim(text: str) -> str:
    flat = " ".join(text.split())
    return flat if len(flat) <= QUOTE_CHARS else flat[: QUOTE_CHARS - 1].rstrip() + "…"


def build_chronicle(transcript: Transcript, view: str = "public") -> Chronicle:
    """The chronicle of ``transcript`` for ``view`` (``public`` or ``god``)."""
    return _Builder(transcript, view).build()
