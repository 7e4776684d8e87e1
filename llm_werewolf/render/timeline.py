"""A transcript as a document: sections (setup, nights, days, end) of items, built for one view.

The view decides which records exist at all: ``god`` sees every record,
``public`` what a spectator saw, ``seat:N`` what that player knew
(:func:`llm_werewolf.rules.build_view`). Nothing else is read, so a rendering
for a seat cannot contain a record that seat never saw. The Markdown and HTML
writers only lay this document out.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any, Literal

from ..describe import Describer, fill, join
from ..describe.segments import Quote as Quote
from ..describe.segments import SeatRef as SeatRef
from ..describe.segments import Segment as Segment
from ..rules import Record, Ruleset, build_view, get_ruleset, make_record
from ..rules.errors import UnknownVariant
from ..rules.events import (
    Announcement,
    Cue,
    DeathsAnnounced,
    Died,
    GameEnded,
    GameStarted,
    PhaseStarted,
    RolesRevealed,
    VoteCast,
    VoteTally,
)
from ..table_notes import Fallback, ModelCall, Narration, Rejected
from ..transcript.schema import Header
from .labels import Words

ViewKind = Literal["public", "god", "seat"]
CATEGORIES: tuple[str, ...] = (
    "narration",
    "moderator",
    "speech",
    "vote",
    "death",
    "night",
    "info",
    "decision",
    "thought",
    "table",
    "end",
)
HIDDEN_BY_DEFAULT = frozenset({"decision", "table"})


class ViewError(ValueError):
    """A ``--view`` value that cannot be understood."""


@dataclass(frozen=True, slots=True)
class ViewSpec:
    """Whose knowledge a rendering shows. ``seat`` is 0-based; people write ``seat:N`` from 1."""

    kind: ViewKind
    seat: int | None = None

    @staticmethod
    def parse(text: str, players: int) -> ViewSpec:
        value = text.strip().lower()
        if value in ("public", "god"):
            return ViewSpec(value)  # type: ignore[arg-type]
        prefix, sep, number = value.partition(":")
        if prefix == "seat" and sep and number.isdigit() and 1 <= int(number) <= players:
            return ViewSpec("seat", int(number) - 1)
        raise ViewError(f"bad view {text!r}: use public, god or seat:N with N from 1 to {players}")

    @property
    def name(self) -> str:
        return f"seat:{(self.seat or 0) + 1}" if self.kind == "seat" else self.kind

    def select(self, records: Sequence[Record]) -> list[Record]:
        """The records this view may show, in order."""
        if self.kind == "god":
            return list(records)
        return list(build_view(records, self.seat if self.kind == "seat" else None).records)


# -- document parts ---------------------------------------------------------------------


@dataclass
class Item:
    """One line of the timeline."""

    category: str
    seq: int
    scope: str
    seats: tuple[int, ...]
    segments: list[Segment]
    quote: Quote | None = None
    detail: str | None = None
    """Long untrusted text shown folded (a model's raw output)."""


@dataclass
class VoteBlock:
    """The ballots of one vote and its count."""

    category: str
    seq: int
    scope: str
    seats: tuple[int, ...]
    ballot: str
    rows: list[tuple[int, list[Segment], float]] = field(default_factory=list)
    counts: list[tuple[list[Segment], float]] = field(default_factory=list)
    result: list[Segment] | None = None


@dataclass
class RevealRow:
    seat: int
    dealt: str
    final: str
    side: str
    alive: bool
    winner: bool


@dataclass
class RevealBlock:
    category: str
    seq: int
    scope: str
    seats: tuple[int, ...]
    rows: list[RevealRow]
    extra: list[str]


Entry = Item | VoteBlock | RevealBlock


@dataclass
class Section:
    key: str
    """``setup``, ``night:N``, ``day:N`` or ``end``."""
    kind: str
    title: str
    entries: list[Entry] = field(default_factory=list)


@dataclass
class SeatLine:
    seat: int
    name: str
    persona: str | None
    player: str


@dataclass
class Document:
    words: Words
    view: ViewSpec
    title: str
    view_title: str
    game_id: str
    variant: str
    language: str
    seed: int
    seats: list[SeatLine]
    sections: list[Section]
    complete: bool
    describer: Describer | None = None
    ruleset_name: str = ""
    """The ruleset as the page's language names it (its game title), for the header."""
    language_name: str = ""
    """The game's language in the page's language («ערבית לבנונית»), for the header."""

    @property
    def rtl(self) -> bool:
        return self.words.rtl

    def seat_name(self, index: int, case: str = "nom") -> str:
        """A seat's name, declined when a phrase asks for a case (Russian)."""
        name = self.seats[index].name
        if case == "nom" or self.language != "ru":
            return name
        from ..speech.grammar import decline_ru

        gender = self.describer.gender(index) if self.describer is not None else None
        return decline_ru(name, case, "female" if gender == "female" else "male")


# -- building ---------------------------------------------------------------------------


def _join(parts: Sequence[list[Segment]], separator: str) -> list[Segment]:
    return join(parts, separator)


class Builder:
    """Turns the records of one view into a :class:`Document`."""

    def __init__(self, header: Header, view: ViewSpec) -> None:
        self.header = header
        self.view = view
        self.words = Words(header.language, header.variant)
        self.describer = Describer(header.language, header.variant, header.names)
        self.sep = self.words.typography.list_separator
        self.players = len(header.names)
        self.sections: list[Section] = []
        self.open_votes: dict[str, VoteBlock] = {}
        self.dead: set[int] = set()
        self.complete = False
        self.winners: set[int] = set()
        self.ruleset: Ruleset[Any, Any] | None
        try:
            self.ruleset = get_ruleset(header.variant)
        except UnknownVariant:
            self.ruleset = None

    # -- words ------------------------------------------------------------------------
    def seat(self, index: int | None) -> list[Segment]:
        if index is None or not 0 <= index < self.players:
            return [self.words.label("nobody")]
        return [SeatRef(index)]

    def option(self, option: str) -> list[Segment]:
        return self.describer.option(option)

    def value(self, value: str | None) -> list[Segment]:
        """A fact's value: a role, a side, a seat option or a plain word."""
        return self.describer.value(value)

    # -- sections ---------------------------------------------------------------------
    def section(self, key: str) -> Section:
        if self.sections and self.sections[-1].key == key:
            return self.sections[-1]
        kind, _, number = key.partition(":")
        if kind in ("night", "day"):
            title = self.words.label(kind).replace("$n", number)
        else:
            title = self.words.label(kind if kind in ("setup", "end") else "setup")
        section = Section(key=key, kind=kind, title=title)
        self.sections.append(section)
        self.open_votes.clear()
        return section

    def add(self, record: Record, category: str, segments: list[Segment], **extra: object) -> None:
        item = Item(category, record.seq, record.vis.scope, record.vis.seats, segments)
        for key, value in extra.items():
            setattr(item, key, value)
        self.section(record.phase).entries.append(item)

    # -- records ------------------------------------------------------------------------
    def build(self, records: Sequence[Record]) -> Document:
        selected = self.view.select(records)
        # A narration line goes right after the record it voices (``about``), in that record's phase.
        shown = {record.seq: record for record in selected}
        voices: dict[int, list[Record]] = {}
        for record in selected:
            about = record.event.about if isinstance(record.event, Narration) else None
            if about is not None and about in shown and about < record.seq:
                voices.setdefault(about, []).append(make_record(record.seq, shown[about].phase, record.vis, record))
        placed = {line.seq for lines in voices.values() for line in lines}
        for record in selected:
            if record.seq in placed:
                continue
            # A voiced moderator line (cue, announcement) is shown as its narration only.
            if not (isinstance(record.event, (Cue, Announcement)) and record.seq in voices):
                self.record(record)
            for line in voices.get(record.seq, ()):
                self.record(line)
        seats = []
        for index, name in enumerate(self.header.names):
            info = self.header.seats[index] if index < len(self.header.seats) else None
            persona = info.persona_name or info.persona if info is not None else None
            if persona == name:
                persona = None  # a model seat called by its persona's name: say it once
            player = self.player(info.agent, info.model) if info is not None else ""
            seats.append(SeatLine(index, name, persona, player))
        view_title = {
            "public": self.words.label("view_public"),
            "god": self.words.label("view_god"),
        }.get(self.view.kind)
        if view_title is None:
            view_title = self.words.label("view_seat").replace("$name", self.header.names[self.view.seat or 0])
        title = self.words.label("title").replace("$game", self.words.game_title())
        return Document(
            words=self.words,
            view=self.view,
            title=title,
            view_title=view_title,
            game_id=self.header.game_id,
            variant=self.header.variant,
            language=self.header.language,
            seed=self.header.seed,
            seats=seats,
            ruleset_name=self.words.game_title(),
            language_name=self.words.sublabel("language_names", self.header.language, self.header.language),
            sections=self.sections,
            complete=self.complete,
            describer=self.describer,
        )

    def record(self, record: Record) -> None:
        """One record into the document: votes and the reveal as tables, everything else as the describer's line."""
        w = self.words
        e = record.event
        if isinstance(e, PhaseStarted):
            self.section(record.phase)
        elif isinstance(e, GameStarted):
            self.add(record, "moderator", [w.join(w.role(card) for card in e.deck)])
        elif isinstance(e, Cue):
            line = w.cue(e.key, e.role)
            if line is not None:
                self.add(record, "moderator", [line])
            elif e.role is None:
                labels = w.labels.get("cues")
                if (isinstance(labels, dict) and e.key in labels) or w.has("cue_lines", e.key):
                    self.add(record, "moderator", [w.sublabel("cues", e.key, w.word("cue_lines", e.key))])
                # else: a ruleset's own cue with no line; the section heading marks the moment
            else:
                template = w.sublabel("cues", e.key, "$key: $role")
                self.add(record, "moderator", fill(template, key=[w.cue_name(e.key)], role=[w.role(e.role)]))
        elif isinstance(e, VoteCast):
            self.section(record.phase)
            block = self.open_votes.get(e.ballot)
            if block is None or any(row[0] == e.seat for row in block.rows):
                block = VoteBlock("vote", record.seq, record.vis.scope, record.vis.seats, e.ballot)
                self.open_votes[e.ballot] = block
                self.section(record.phase).entries.append(block)
            block.rows.append((e.seat, self.describer.ballot_option(e.option, self.describer.gender(e.seat)), e.weight))
        elif isinstance(e, VoteTally):
            self.section(record.phase)
            block = self.open_votes.pop(e.ballot, None)
            if block is None:
                block = VoteBlock("vote", record.seq, record.vis.scope, record.vis.seats, e.ballot)
                self.section(record.phase).entries.append(block)
            block.counts = [(self.describer.ballot_option(option, "neutral"), count) for option, count in e.counts]
            block.result = fill(w.label("result"), result=self.describer.result(e))
        elif isinstance(e, Died):
            self.dead.add(e.seat)
            self.described(record)
        elif isinstance(e, DeathsAnnounced):
            self.dead.update(death.seat for death in e.deaths)
            self.described(record)
        elif isinstance(e, Announcement):
            self.add(record, "moderator", self.announcement(e))
        elif isinstance(e, GameEnded):
            self.complete = True
            reason = w.reason(e.reason)
            if e.sides:
                segments = fill(
                    w.label("game_ended"), sides=[w.join(w.side(side) for side in e.sides)], reason=[reason]
                )
            else:
                segments = fill(w.label("draw"), reason=[reason])
            self.add(record, "end", segments)
            self.add(record, "end", fill(w.label("winners"), names=self.describer.seats(e.winners)))
            self.winners = set(e.winners)
        elif isinstance(e, RolesRevealed):
            rows = [
                RevealRow(
                    seat=i,
                    dealt=w.role(e.start_roles[i], self.describer.gender(i)) if i < len(e.start_roles) else "",
                    final=w.role(role, self.describer.gender(i)),  # the card agrees with its holder («תמר: חוקרת»)
                    side=self.side_of(role),
                    alive=i not in self.dead,
                    winner=i in self.winners,
                )
                for i, role in enumerate(e.roles)
            ]
            extra = [w.role(card) for card in e.extra]
            reveal = RevealBlock("end", record.seq, record.vis.scope, record.vis.seats, rows, extra)
            self.section(record.phase).entries.append(reveal)
        elif isinstance(e, ModelCall):
            tokens = (
                w.label("tokens")
                .replace("$prompt", str(e.prompt_tokens))
                .replace("$completion", str(e.completion_tokens))
                .replace("$ms", f"{e.latency_ms:.0f}")
            )
            segments = fill(
                w.label("model_call"),
                name=self.seat(e.seat),
                purpose=[e.purpose],
                model=[e.model],
                parsed=[Quote(e.parsed or e.error or "")],
            )
            self.add(record, "table", [*segments, f" · {tokens}"], detail=e.raw_output)
        elif isinstance(e, Rejected):
            self.add(record, "table", fill(w.label("rejected"), name=self.seat(e.seat), error=[Quote(e.error)]))
        elif isinstance(e, Fallback):
            segments = fill(
                w.label("fallback"), name=self.seat(e.seat), option=self.option(e.option), reason=[Quote(e.reason)]
            )
            self.add(record, "table", segments)
        else:
            self.described(record)

    def described(self, record: Record) -> None:
        """A record as the one describer tells it (the rendering already chose what this view sees)."""
        description = self.describer.describe(record, "god")
        if description is not None:
            self.add(record, description.category, description.segments, quote=description.quote)

    def announcement(self, e: Announcement) -> list[Segment]:
        seats = _join([self.seat(s) for s in e.seats], self.sep)
        value = self.value(e.value) if e.value is not None else []
        line = self.words.announcement(e.key)
        if line is not None:
            return fill(line, seats=seats, value=value)
        segments: list[Segment] = [self.words.announcement_name(e.key)]
        if seats:
            segments += [": ", *seats]
        if value:
            segments += [" ", *value]
        return segments

    def player(self, agent: str | None, model: str | None) -> str:
        """Who played a seat, in the page's language («שחקן לפי כללי אצבע»), with the model's own name."""
        kind = (agent or "").partition(":")[0]
        word = self.words.sublabel("player_kinds", kind, agent or "") if kind else ""
        return f"{word} ({model})" if model and word else (model or word)

    def side_of(self, role: str) -> str:
        if self.ruleset is None or role not in self.ruleset.roles:
            return ""
        return self.words.side(self.ruleset.side_of_role(role))


def build_document(header: Header, records: Sequence[Record], view: ViewSpec) -> Document:
    return Builder(header, view).build(records)
