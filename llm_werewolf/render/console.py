"""Printing a game as it happens (Rich): the public view, or everything with ``god=True``."""

from __future__ import annotations

from collections.abc import Callable, Sequence

from rich.console import Console
from rich.markup import escape
from rich.text import Text

from ..describe import Audience, Describer, SeatRef
from ..describe.vocabulary import fill_text
from ..describe.wrap import wrap_offsets
from ..narration.moments import moment_of
from ..rules.events import (
    Announcement,
    Cue,
    DeathsAnnounced,
    GameEnded,
    Info,
    PhaseStarted,
    Record,
    RolesRevealed,
    Speech,
    StatusChanged,
    VoteCast,
    VoteTally,
    WhisperNoticed,
)
from ..strings.sanitize import clean_output
from ..table_notes import Fallback, Narration


class ConsoleSink:
    """A sink that prints records for a spectator (``god=False``) or the game master."""

    def __init__(
        self,
        console: Console,
        names: Sequence[str],
        *,
        variant: str,
        language: str,
        god: bool = False,
        narrated: bool = False,
    ) -> None:
        self.console = console
        self.narrated = narrated
        """A narrator voices the table: its moments print only as narration (the narrator may
        deliberately stay silent on one because another record says the same)."""
        self.names = [clean_output(name) or "?" for name in names]  # one line each, never a line of their own
        self.variant = variant
        self.language = language
        self.god = god
        self.describer = Describer(language, variant, self.names)
        labels = [self.describer.seat_text(SeatRef(seat)) for seat in range(len(self.names))]
        self.keep = tuple(
            sorted({*labels, *narration_labels(language, variant, self.names), *self.names}, key=len, reverse=True)
        )
        """Never broken across lines: a seat's label («4. 王雅婷») and its name."""

    def write(self, records: Sequence[Record]) -> None:
        """Print records in order; a narration line goes right after the record it voices,
        replacing that record's plain line (kept for phase headers, for speech, and for everything with ``god``)."""
        voiced: dict[int, list[Narration]] = {}
        for record in records:
            event = record.event
            if isinstance(event, Narration) and event.about is not None:
                voiced.setdefault(event.about, []).append(event)
        for record in records:
            event = record.event
            if isinstance(event, Narration) and event.about is not None and event.about >= records[0].seq:
                continue  # printed with its source record below
            if record.vis.scope != "public" and not self.god:
                continue
            lines = voiced.get(record.seq, [])
            if isinstance(event, (PhaseStarted, Speech)) or self.god or not (lines or self._narratable(record)):
                self._print(record)
            for narration in lines:
                self.emit(f"[italic cyan]{escape(narration.text)}[/]")

    def emit(self, markup: str) -> None:
        """Print one line of markup wrapped by display width (CJK breaks between characters, a seat's
        label stays whole: :mod:`llm_werewolf.describe.wrap`), never re-wrapped by Rich."""
        width = self.console.width
        for part in Text.from_markup(markup).split("\n", allow_blank=True):
            offsets = wrap_offsets(part.plain, width, self.keep)
            cuts = [start for start, _ in offsets[1:]]
            pieces = part.divide(cuts) if cuts else [part]
            for (start, end), piece in zip(offsets, pieces, strict=True):
                line = piece[: end - start]  # the spaces a line broke at are dropped
                self.console.print(line, highlight=False, soft_wrap=True)

    def _narratable(self, record: Record) -> bool:
        return self.narrated and moment_of(record) is not None

    def _print(self, record: Record) -> None:
        line = self._line(record)
        if line:
            prefix = "" if record.vis.scope == "public" else f"[magenta]({escape(self._scope(record))})[/] "
            self.emit(prefix + line)

    def _scope(self, record: Record) -> str:
        return self.describer.words.frame(record.vis.scope if record.vis.scope in ("team", "god") else "private")

    def _line(self, record: Record) -> str | None:
        """The record as the describer says it, styled by what it is."""
        e = record.event
        audience: Audience = "god" if self.god else "public"
        if not isinstance(e, _PRINTED) or (isinstance(e, (Cue, Info)) and not self.god):
            return None
        if isinstance(e, Cue):  # the game master's marker; the moderator's line is the narration's
            words = self.describer.words
            name = words.cue_name(e.key)
            marker = fill_text(words.phrase("cue"), key=name, role=words.role(e.role)) if e.role else name
            return f"[dim]· {escape(marker)}[/]"  # «התעוררות: יצאנית», «просыпается Путана»
        description = self.describer.describe(record, audience)
        if description is None:
            return None
        if isinstance(e, PhaseStarted):
            icon = "🌙" if e.phase == "night" else "☀"
            return f"\n[bold]{icon}  {escape(self.describer.line(description))}[/]"
        if isinstance(e, Speech) and description.quote is not None:  # an empty speech reads as silence
            who = escape(self.describer.text(description.segments))
            return f"[bold]{who}[/]{escape(self.describer.words.frame('colon'))}{escape(clean_output(e.text))}"
        text = escape(self.describer.line(description))
        style = _STYLES.get(description.category, "")
        if isinstance(e, (VoteCast, VoteTally)):
            text = "  " + text
        if isinstance(e, GameEnded):
            return f"\n[bold green]{text}[/]"
        return f"[{style}]{text}[/]" if style else text


def health_line_printer(console: Console) -> Callable[[str], None]:
    """How the model-health sink (:mod:`.model_health`) prints its lines: dim, apart from the game's."""

    def show(line: str) -> None:
        console.print(f"[dim]⚕ {escape(line)}[/]", highlight=False, soft_wrap=True)

    return show


def narration_labels(language: str, variant: str, names: Sequence[str]) -> list[str]:
    """How the narration pack writes each seat («4號淑芬»), so a line never breaks inside one."""
    from ..narration.packs import load_pack
    from ..prompting.environment import string_template
    from ..prompting.packs import search_roots
    from ..texts import TextDataError

    try:
        template = string_template(search_roots(), load_pack(language, variant).seat_label)
    except TextDataError:
        return []
    return [template.render(name=name, number=seat + 1) for seat, name in enumerate(names)]


_PRINTED = (
    PhaseStarted,
    Narration,
    Cue,
    Speech,
    WhisperNoticed,
    VoteCast,
    VoteTally,
    DeathsAnnounced,
    StatusChanged,
    Announcement,
    GameEnded,
    RolesRevealed,
    Info,
    Fallback,
)
"""What the console prints (night actions and raw choices stay in the transcript and the renderings)."""

_STYLES = {
    "moderator": "yellow",
    "death": "red",
    "end": "dim",
    "info": "dim",
    "night": "dim",
    "decision": "dim",
    "table": "red dim",
    "narration": "italic cyan",
    "vote": "",
}
