"""Printing a game as it happens (Rich): the public view, or everything with ``god=True``."""

from __future__ import annotations

from collections.abc import Sequence

from rich.console import Console
from rich.markup import escape

from ..narration.moments import moment_of
from ..prompting.sanitize import clean_output
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
from ..texts import role_name, terms
from .events import Fallback, Narration


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

    def _name(self, seat: int | None) -> str:
        if seat is None:
            return "-"
        return f"{seat + 1}. {self.names[seat]}"

    def _role(self, role: str | None) -> str:
        return role_name(self.language, self.variant, role) if role else "?"

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
                self.console.print(f"[italic cyan]{escape(narration.text)}[/]", highlight=False)

    def _narratable(self, record: Record) -> bool:
        return self.narrated and moment_of(record) is not None

    def _print(self, record: Record) -> None:
        line = self._line(record)
        if line:
            prefix = "" if record.vis.scope == "public" else f"[magenta]({record.vis.scope})[/] "
            self.console.print(prefix + line, highlight=False)

    def _line(self, record: Record) -> str | None:
        e = record.event
        if isinstance(e, PhaseStarted):
            return f"\n[bold]{'🌙' if e.phase == 'night' else '☀'}  {e.phase.upper()} {e.number}[/]"
        if isinstance(e, Narration):
            return f"[italic cyan]{escape(e.text)}[/]"
        if isinstance(e, Cue):
            if not self.god:
                return None
            return f"[dim]· {e.key} {self._role(e.role) if e.role else ''}[/]"
        if isinstance(e, Speech):
            stage = "" if e.stage == "discussion" else f" [dim]({e.stage})[/]"
            claim = f" [yellow]\\[claims {escape(self._role(e.claim))}][/]" if e.claim else ""
            to = f" → {escape(self._name(e.to))}" if e.to is not None else ""
            return f"[bold]{escape(self._name(e.seat))}[/]{to}{stage}{claim}: {escape(clean_output(e.text))}"
        if isinstance(e, WhisperNoticed):
            return f"[dim]{escape(self._name(e.seat))} whispers to {escape(self._name(e.to))}[/]"
        if isinstance(e, VoteCast):
            target = self._name(e.target) if e.target is not None else e.option
            weight = f" x{e.weight:g}" if e.weight != 1 else ""
            return f"  [dim]{e.ballot}:[/] {escape(self._name(e.seat))} → {escape(target)}{weight}"
        if isinstance(e, VoteTally):
            counts = ", ".join(f"{self._label(k)}={v:g}" for k, v in e.counts)
            return f"  [bold]{e.ballot} result:[/] {e.result} ({escape(counts)})"
        if isinstance(e, DeathsAnnounced):
            if not e.deaths:
                return "[green]Nobody died.[/]"
            parts = []
            for d in e.deaths:
                extra = []
                if d.cause:
                    extra.append(self._cause(d.cause))
                if d.role:
                    extra.append(self._role(d.role))
                suffix = f" ({', '.join(extra)})" if extra else ""
                parts.append(f"{self._name(d.seat)}{suffix}")
            return f"[red]✝ {escape('; '.join(parts))}[/]"
        if isinstance(e, StatusChanged):
            return f"[yellow]{escape(self._name(e.seat))}: {e.status} {e.value or ''}[/]"
        if isinstance(e, Announcement):
            seats = ", ".join(self._name(s) for s in e.seats)
            return f"[yellow]» {e.key}[/] {escape(seats)} {escape(clean_output(e.value or ''))}"
        if isinstance(e, GameEnded):
            winners = ", ".join(self._name(s) for s in e.winners) or "nobody"
            sides = ", ".join(e.sides) or "-"
            return f"\n[bold green]Game over ({e.reason}). Winning side: {sides}; winners: {escape(winners)}[/]"
        if isinstance(e, RolesRevealed):
            cards = ", ".join(f"{self._name(i)}={self._role(r)}" for i, r in enumerate(e.roles))
            return f"[dim]Cards: {escape(cards)}[/]"
        if isinstance(e, Info) and self.god:
            return f"[dim]info {e.fact}: {escape(self._name(e.subject))} {escape(e.value or '')}[/]"
        if isinstance(e, Fallback):
            return f"[red dim]fallback for {escape(self._name(e.seat))} ({e.decision}): {escape(e.reason[:120])}[/]"
        return None

    def _label(self, key: str) -> str:
        return self._name(int(key[5:])) if key.startswith("seat:") else key

    def _cause(self, cause: str) -> str:
        causes = terms(self.language, self.variant).get("causes", {})
        value = causes.get(cause) if isinstance(causes, dict) else None
        return value if isinstance(value, str) else cause
