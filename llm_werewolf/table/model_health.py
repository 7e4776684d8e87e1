"""How the model seats and the model narrator are doing, while the game runs: a sink over the records.

Per model seat: the calls it made, the decisions it was asked, how many of them a fallback answered
and why (the main reason: :func:`main_reason`), and the median latency of its calls. The narrator:
its calls and the moments a template line replaced its answer. :meth:`ModelHealth.write` reports a
line per changed seat at each new phase; :meth:`ModelHealth.report_summary`, a table at the end;
with ``strict`` set it raises :class:`UnhealthySeat` as soon as a seat's fallback share passes it
(once the seat has been asked :data:`STRICT_MIN_DECISIONS` decisions).
"""

from __future__ import annotations

import re
import statistics
from collections import Counter
from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass, field

from ..rules.events import GameEnded, PhaseStarted, Record
from ..rules.questions import question_of
from ..table_notes import Fallback, ModelCall, Narration
from .seating import MODEL_KINDS, AgentSpec

STRICT_MIN_DECISIONS = 3
"""``--strict`` judges a seat once it has been asked this many decisions (one early fallback is not a trend)."""
NARRATOR = -1


class UnhealthySeat(RuntimeError):
    """A model seat fell back on more of its decisions than ``--strict`` allows."""


_KEYWORD = re.compile(r"^([a-z_]+):")


def main_reason(reason: str) -> str:
    """The kind of a fallback's reason: ``transport``, ``deadline``, ``illegal option``, the answer
    check's keyword (``control_token``, ``empty``, ``placeholder``, ``parse``...), else its head."""
    if reason.startswith("TransportError"):
        return "transport"
    if "no answer within" in reason:
        return "deadline"
    keyword = _KEYWORD.match(reason)
    if keyword is not None:
        return keyword.group(1)
    if "not one of the options" in reason or "not a legal option" in reason:
        return "illegal option"
    head = reason.split(":", 1)[0].strip()
    return head[:40] if head else "unknown"


def _seconds(ms: float) -> str:
    return f"{ms:.0f} ms" if ms < 1000 else f"{ms / 1000:.1f} s"


@dataclass
class Health:
    """One model seat's (or the narrator's) counts so far."""

    label: str
    calls: int = 0
    asked: int = 0
    """Decisions (the narrator: model-narrated moments)."""
    fallbacks: int = 0
    reasons: Counter[str] = field(default_factory=Counter)
    latencies_ms: list[float] = field(default_factory=list)

    @property
    def share(self) -> float:
        return self.fallbacks / self.asked if self.asked else 0.0

    @property
    def median_ms(self) -> float | None:
        return statistics.median(self.latencies_ms) if self.latencies_ms else None

    def line(self) -> str:
        median = self.median_ms
        latency = f"median {_seconds(median)}" if median is not None else "no latency yet"
        fell = f"{self.fallbacks}/{self.asked} fell back"
        if self.reasons:
            reason, count = self.reasons.most_common(1)[0]
            fell += f" (mostly {reason} ×{count})"
        return f"{self.label}: {self.calls} calls · {fell} · {latency}"


class ModelHealth:
    """A sink: counts per model seat and for the model narrator; reports through ``report``."""

    def __init__(
        self,
        labels: Mapping[int, str],
        *,
        narrator: str | None = None,
        report: Callable[[str], None] | None = None,
        strict: float | None = None,
        live: bool = True,
    ) -> None:
        self.live = live
        """Report per phase; without it only :meth:`report_summary` reports (people at the table would
        learn from a seat's calls or fallbacks in the night that it acts at night)."""
        self.seats: dict[int, Health] = {seat: Health(label) for seat, label in labels.items()}
        if narrator is not None:
            self.seats[NARRATOR] = Health(narrator)
        self.report = report
        self.strict = strict
        self._changed: set[int] = set()

    @property
    def active(self) -> bool:
        return bool(self.seats)

    def write(self, records: Sequence[Record]) -> None:
        for record in records:
            self._count(record)
            event = record.event
            if isinstance(event, (PhaseStarted, GameEnded)):
                self._report_changed()
        self._check_strict()

    def _count(self, record: Record) -> None:
        event = record.event
        if isinstance(event, ModelCall):
            who = NARRATOR if event.purpose == "narration" else event.seat
            health = self.seats.get(who if who is not None else NARRATOR)
            if health is not None:
                health.calls += 1
                if event.latency_ms > 0:
                    health.latencies_ms.append(event.latency_ms)
                self._changed.add(who if who is not None else NARRATOR)
        elif isinstance(event, Fallback) and event.seat in self.seats:
            health = self.seats[event.seat]
            health.fallbacks += 1
            health.reasons[main_reason(event.reason)] += 1
            self._changed.add(event.seat)
        elif isinstance(event, Narration) and event.mode == "llm" and NARRATOR in self.seats:
            health = self.seats[NARRATOR]
            health.asked += 1
            if event.fallback:
                health.fallbacks += 1
                health.reasons["template line"] += 1
            self._changed.add(NARRATOR)
        else:
            question = question_of(event)
            if question is not None and question.seat in self.seats:
                self.seats[question.seat].asked += 1

    def _report_changed(self) -> None:
        if self.report is not None and self.live:
            for who in sorted(self._changed, key=lambda s: (s == NARRATOR, s)):
                self.report(self.seats[who].line())
        self._changed.clear()

    def report_summary(self) -> None:
        """The end-of-game table (called once the game's last lines are printed)."""
        if self.report is None:
            return
        for line in summary_table(self.seats.values()):
            self.report(line)

    def _check_strict(self) -> None:
        if self.strict is None:
            return
        for who, health in self.seats.items():
            if who != NARRATOR and health.asked >= STRICT_MIN_DECISIONS and health.share > self.strict:
                raise UnhealthySeat(
                    f"--strict: {health.label} fell back on {health.fallbacks} of {health.asked} decisions "
                    f"({health.share:.0%} > {self.strict:.0%}); mostly {main_reason_of(health)}"
                )


def main_reason_of(health: Health) -> str:
    return health.reasons.most_common(1)[0][0] if health.reasons else "unknown"


def summary_table(rows: Iterable[Health]) -> list[str]:
    """The end-of-game table: one line per model seat and the narrator."""
    healths = list(rows)
    if not healths:
        return []
    width = max(len(h.label) for h in healths)
    out = [f"{'model health':<{width}}  calls  asked  fallbacks  share  median  main reason"]
    for h in healths:
        median = h.median_ms
        shown = f"{_seconds(median):>7}" if median is not None else f"{'–':>7}"
        out.append(
            f"{h.label:<{width}}  {h.calls:5d}  {h.asked:5d}  {h.fallbacks:9d}  {h.share:5.0%}  {shown}  "
            f"{main_reason_of(h) if h.fallbacks else '–'}"
        )
    return out


def model_health(
    specs: Sequence[AgentSpec],
    *,
    narrator: str | None = None,
    report: Callable[[str], None] | None = None,
    strict: float | None = None,
    live: bool = True,
) -> ModelHealth:
    """The health sink of a table: its model seats (by spec) and the model narrator (its label, if any)."""
    labels = {i: f"seat {i + 1} {spec.label}" for i, spec in enumerate(specs) if spec.kind in MODEL_KINDS}
    voice = f"narrator {narrator}" if narrator is not None and narrator.startswith("llm") else None
    return ModelHealth(labels, narrator=voice, report=report, strict=strict, live=live)
