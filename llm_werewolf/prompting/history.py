"""The game history a seat reads, split so that prompts stay short and prompt caches hit.

Built from the seat's visible records only, deterministically, with no model call:

* **Shared** (records every seat sees): identical for every seat of the game. It grows at its end
  only, so the prompt prefix of the previous call (of this seat or another) is reused, until its part
  in full passes :attr:`HistoryBook.full_chars` (0: until a new day begins); then, at once, every
  phase before the latest day is *compacted* to its facts: deaths, every ballot with its count and
  result, statuses and announcements, and every speech that claims a role, in full (what the claimant
  said he found matters as much as the claim). Other speeches and the moderator's cues of earlier
  phases are left out.
* **Private** (records only this seat, or its team, sees): its card, every result it learned,
  its team's ballots, whispers, and in the recent phases its own choices and thoughts. It goes
  last in the prompt, after everything shared.

Runs of moderator cues ("the seer wakes up", "the seer closes her eyes", ...) collapse to one
line; the ballots of one vote and its count become one line. Each group is rendered once (by
``history.j2`` macros ``line``, ``brief``, ``ballot`` and ``cues``) and cached.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any

from jinja2 import TemplateError

from ..rules.events import Record
from .budgets import GIST
from .errors import PromptError
from .items import to_item

PRIVATE_RECENT_ONLY = frozenset({"choice", "thought"})
"""Private records left out once their phase is compacted (the results they led to stay)."""


class HistoryError(PromptError):
    """``history.j2`` failed on an item (names the template and the item's kind)."""


@dataclass(frozen=True, slots=True)
class Entry:
    """One history line's source: a single record's item, or a group (a ballot, a run of cues)."""

    key: tuple[int, int]
    """Sequence numbers of the first and last record it covers."""
    phase: str
    item: dict[str, Any]
    speech: bool = False


@dataclass(frozen=True, slots=True)
class HistoryParts:
    shared: list[str]
    """Shared history lines, compacted earlier phases first, then the recent phases in full."""
    compacted: int
    """How many of ``shared`` are compacted lines (they come first)."""
    private: list[str]
    """This seat's private lines, oldest first."""
    omitted: int
    """Shared lines left out to fit the character budget."""
    sizes: tuple[int, int, int] = (0, 0, 0)
    """Characters (lines and line breaks) of the earlier days, the current day and the private lines kept."""


Pair = tuple[Record, dict[str, Any]]


def items(records: Sequence[Record], *, quote_chars: int, hide_thoughts: bool) -> list[Pair]:
    """The template items of ``records`` (those a prompt shows), each with its record."""
    pairs: list[Pair] = []
    for record in records:
        if hide_thoughts and getattr(record.event, "kind", "") == "thought":
            continue
        item = to_item(record, quote_chars=quote_chars)
        if item is not None:
            pairs.append((record, item))
    return pairs


def group(records: Sequence[Record], *, quote_chars: int, hide_thoughts: bool) -> list[Entry]:
    """Entries of ``records`` (one visibility stream, in order), with ballots and cue runs grouped."""
    return group_items(items(records, quote_chars=quote_chars, hide_thoughts=hide_thoughts))


def group_items(pending: Sequence[Pair]) -> list[Entry]:
    """Entries of items (one visibility stream, in order): a vote's ballots and count, a run of cues, one each."""
    entries: list[Entry] = []
    i = 0
    while i < len(pending):
        record, item = pending[i]
        kind = item["kind"]
        j = i + 1
        if kind == "vote":
            while j < len(pending) and _same_ballot(pending[j], item, "vote"):
                j += 1
            votes = [it for _, it in pending[i:j]]
            tally = None
            if j < len(pending) and _same_ballot(pending[j], item, "tally"):
                tally = pending[j][1]
                j += 1
            grouped = {"kind": "ballot", "ballot": item["ballot"], "votes": votes, "tally": tally, "at": item["at"]}
            entries.append(Entry((record.seq, pending[j - 1][0].seq), record.phase, grouped))
        elif kind == "cue":
            while j < len(pending) and pending[j][1]["kind"] == "cue" and pending[j][0].phase == record.phase:
                j += 1
            grouped = {"kind": "cues", "cues": [it for _, it in pending[i:j]], "at": item["at"]}
            entries.append(Entry((record.seq, pending[j - 1][0].seq), record.phase, grouped))
        else:
            entries.append(Entry((record.seq, record.seq), record.phase, item, speech=kind == "speech"))
        i = j
    return entries


def _same_ballot(candidate: tuple[Record, dict[str, Any]], first: dict[str, Any], kind: str) -> bool:
    item = candidate[1]
    return bool(item["kind"] == kind and item["ballot"] == first["ballot"] and item["at"] == first["at"])


def recent_phases(records: Sequence[Record]) -> set[str]:
    """The phases shown in full: the latest day and everything after it (the night that follows it).

    So the shared history changes its earlier part only once per game day, when a new day begins
    (the day before is compacted then); in between it only grows at its end. Before the first day,
    everything is recent.
    """
    phases: list[str] = []
    for record in records:
        if record.phase not in phases:
            phases.append(record.phase)
    return recent_of(phases)


def recent_of(phases: Sequence[str]) -> set[str]:
    """The recent phases among ``phases`` (in order of appearance): the last day and what follows it."""
    days = [i for i, phase in enumerate(phases) if phase.startswith("day:")]
    return set(phases[days[-1] :] if days else phases)


Line = tuple[tuple[str, tuple[int, int]], str, bool]
"""A shared history line: (mode, records covered), its text, whether it is a speech in full."""


def _size(lines: list[Line]) -> int:
    return sum(len(text) + 1 for _, text, _ in lines)


def _private_within(lines: list[tuple[str, bool]], budget: int) -> list[tuple[str, bool]]:
    """Private lines (text, is a heading) within ``budget``: the oldest go first, the first line (the
    seat's card) stays, and a heading goes when its phase has no line left."""
    size = sum(len(text) + 1 for text, _ in lines)
    dropped: set[int] = set()
    for i, (text, heading) in enumerate(lines):
        if size <= budget:
            break
        if i == 0 or heading:
            continue
        dropped.add(i)
        size -= len(text) + 1
    kept: list[tuple[str, bool]] = []
    for i, line in enumerate(lines):
        if i in dropped:
            continue
        if kept and kept[-1][1] and line[1]:
            kept.pop()
        kept.append(line)
    if kept and kept[-1][1] and len(kept) < len(lines):
        kept.pop()
    return kept


def _is_card(item: dict[str, Any], card: tuple[int, str]) -> bool:
    """Whether ``item`` deals ``card`` (seat, role): the seat's card as dealt, the role it still has."""
    return bool(
        item["kind"] == "role_assigned"
        and item.get("reason") == "deal"
        and (item.get("seat"), item.get("role")) == card
    )


def _is_speech(entry: Entry | None) -> bool:
    return entry is not None and entry.item["kind"] == "speech"


def _is_heading(entry: Entry | None) -> bool:
    return entry is not None and entry.item["kind"] == "phase_started"


Render = Callable[[str, dict[str, Any]], str]
"""Renders one history.j2 macro (``line``, ``brief``, ``ballot``, ``cues``) on an item."""


class HistoryBook:
    """A seat's history lines, rendered once per entry and mode, with the budget's cuts remembered."""

    def __init__(self, render: Render, *, budget: int, cut_to: float, where: str, full_chars: int = 0) -> None:
        self.render = render
        self.budget = budget
        self.full_chars = full_chars
        """The most characters of history in full before the earlier days are compacted (:meth:`_recent`; 0:
        at every new day)."""
        self.cut_to = cut_to
        self.where = where
        self._cache: dict[tuple[str, tuple[int, int]], str] = {}
        self._dropped: set[tuple[str, tuple[int, int]]] = set()
        self._first: Record | None = None
        self._read = 0
        self._public: list[Pair] = []
        self._private: list[Pair] = []
        self._phases: list[str] = []
        self._grouped: dict[str, tuple[list[Entry], int]] = {}

    def _text(self, mode: str, entry: Entry) -> str:
        key = (mode, entry.key)
        text = self._cache.get(key)
        if text is None:
            item = entry.item
            if mode == "count" and item.get("tally"):  # a vote by its count alone
                item = item["tally"]
            macro = item["kind"] if item["kind"] in ("ballot", "cues") else "line"
            if mode == "brief" and macro == "line":
                macro = "brief"
            if mode == "brief" and macro == "cues":
                text = ""
            else:
                try:
                    text = self.render(macro, item).strip()
                except TemplateError as exc:
                    raise HistoryError(f"{self.where} on a {item['kind']} item: {type(exc).__name__}: {exc}") from None
            self._cache[key] = text
        return text

    def _take(
        self,
        records: Sequence[Record],
        quote_chars: int,
        hide_thoughts: bool,
        speech_acts: Callable[[Any], str] | None,
        speech_words: bool = True,
    ) -> None:
        """Read the records not read yet (a view's records only grow; a new game starts over). Without
        ``speech_words``, a speech whose acts are known keeps its speaker and acts only (its words become
        :data:`.budgets.GIST`)."""
        if records and (self._first is not records[0] or self._read > len(records)):
            self._cache.clear()
            self._dropped.clear()
            self._public, self._private, self._phases = [], [], []
            self._grouped = {}
            self._first, self._read = records[0], 0
        new = records[self._read :]
        self._read = len(records)
        for record in new:
            if record.phase not in self._phases:
                self._phases.append(record.phase)
        for pair in items(new, quote_chars=quote_chars, hide_thoughts=hide_thoughts):
            if speech_acts is not None and pair[1]["kind"] == "speech":
                pair[1]["acts_text"] = speech_acts(pair[0].event)  # the speech's acts (docs/speech-acts.md)
                if not speech_words and pair[1]["acts_text"] and pair[1].get("text"):
                    pair[1]["text"] = GIST
            (self._public if pair[0].vis.scope == "public" else self._private).append(pair)

    def parts(
        self,
        records: Sequence[Record],
        *,
        quote_chars: int,
        hide_thoughts: bool,
        speech_acts: Callable[[Any], str] | None = None,
        speech_words: bool = True,
        stated_card: tuple[int, str] | None = None,
        terse_private: bool = False,
        earlier_chars: int | None = None,
        current_chars: int | None = None,
        private_chars: int | None = None,
    ) -> HistoryParts:
        """The seat's history; ``earlier_chars`` and ``current_chars`` bound the earlier days and the part in
        full (:mod:`.budgets`: shortened speeches first, then the oldest lines; the part in full grows until
        :attr:`full_chars`, see :meth:`_recent`), ``private_chars`` the seat's private
        lines (the oldest go first, its first line, the card, stays). ``speech_words``: see :meth:`_take`.
        ``stated_card``: (seat, role) when the prompt states the seat's card itself; the private line of that
        card as dealt is then left out (it would say it twice). ``terse_private``: the private lines as short as
        their facts allow: a team's night ballot of an earlier phase shows its count and result only, and the
        seat's own choices by day (votes, running for sheriff, the speaking order: each is public) are left out."""
        self._take(records, quote_chars, hide_thoughts, speech_acts, speech_words)
        public = self._entries("public", self._public)
        recent = self._recent(public, self.full_chars)
        shared: list[Line] = []
        compacted = 0
        header: Line | None = None
        entries: dict[tuple[int, int], Entry] = {}
        for entry in public:
            entries[entry.key] = entry
            mode = "full" if entry.phase in recent else "brief"
            text = self._text(mode, entry)
            if not text:
                continue
            line = ((mode, entry.key), text, entry.speech and mode == "full")
            if mode == "brief" and entry.item["kind"] == "phase_started":
                header = line  # a compacted phase's heading, printed only if the phase has facts to tell
                continue
            if mode == "brief" and header is not None:
                shared.append(header)
                compacted += 1
            header = None
            shared.append(line)
            compacted += mode == "brief"
        earlier = [line for line in shared if line[0][0] == "brief"]
        current = [line for line in shared if line[0][0] != "brief"]
        cut = 0
        if earlier_chars is not None:
            earlier, dropped = self._fit(earlier, entries, earlier_chars, keep_last=False)
            cut += dropped
            compacted = min(compacted, len(earlier))
        if current_chars is not None:
            current, dropped = self._fit(current, entries, current_chars, keep_last=True)
            cut += dropped
        kept, omitted, compacted = self._budgeted(earlier + current, compacted)
        omitted += cut
        latest = recent_of(self._phases)  # the private lines follow the shared ones: no prefix to keep there
        own: list[tuple[str, bool]] = []  # (text, is a phase heading)
        last_phase = ""
        for entry in self._entries("private", self._private):
            if entry.phase not in latest and entry.item["kind"] in PRIVATE_RECENT_ONLY:
                continue
            if stated_card is not None and _is_card(entry.item, stated_card):
                continue
            if terse_private and entry.item["kind"] == "choice" and entry.phase.startswith("day:"):
                continue
            counted = terse_private and entry.phase not in latest and entry.item["kind"] == "ballot"
            text = self._text("count" if counted else "full", entry)
            if not text:
                continue
            if entry.phase != last_phase:
                last_phase = entry.phase
                heading = self._phase_header(entry.phase)
                if heading:
                    own.append((heading, True))
            own.append((text, False))
        if private_chars is not None:
            own = _private_within(own, private_chars)
        sizes = (_size(earlier), _size(current), sum(len(text) + 1 for text, _ in own))
        return HistoryParts(kept, compacted, [text for text, _ in own], omitted, sizes)

    def _recent(self, public: list[Entry], full_chars: int) -> set[str]:
        """The phases shown in full: every phase from the last compaction on.

        The history grows at its end only, until the part in full passes ``full_chars``: then every phase
        before the latest day is compacted, in one step (:func:`recent_of`). So a prompt's prefix stays the
        same for days at a time, not only within one day. Only the public lines count, so every seat
        compacts at the same record. ``full_chars`` 0: the latest day and what follows it.
        """
        if full_chars <= 0:
            return recent_of(self._phases)
        index = {phase: i for i, phase in enumerate(self._phases)}
        sizes: list[int] = []
        days: list[tuple[int, int]] = []  # each day begun so far: its phase's index, its first entry's
        start, first = 0, 0  # the first phase in full, its first entry
        size = 0  # characters of the entries from ``first`` on
        for position, entry in enumerate(public):
            at = index.get(entry.phase, 0)
            if entry.phase.startswith("day:") and (not days or days[-1][0] != at):
                days.append((at, position))
            sizes.append(len(self._text("full", entry)) + 1)
            size += sizes[-1]
            if size > full_chars and days and days[-1][0] > start:
                start, begins = days[-1]
                size -= sum(sizes[first:begins])
                first = begins
        return set(self._phases[start:])

    def _gist(self, entry: Entry) -> str:
        """A speech shortened to its speaker, acts and claim (its words become :data:`.budgets.GIST`)."""
        key = ("gist", entry.key)
        text = self._cache.get(key)
        if text is None:
            try:
                text = self.render("line", {**entry.item, "text": GIST}).strip()
            except TemplateError as exc:
                raise HistoryError(f"{self.where} on a speech item: {type(exc).__name__}: {exc}") from None
            self._cache[key] = text
        return text

    def _fit(
        self, lines: list[Line], entries: dict[tuple[int, int], Entry], budget: int, *, keep_last: bool
    ) -> tuple[list[Line], int]:
        """``lines`` (one section) within ``budget`` characters, and how many lines were left out.

        Speeches are shortened to their gist first, oldest first (the newest one stays whole when
        ``keep_last``); then the oldest lines go, phase headings last (a heading goes with its last line).
        """
        size = sum(len(text) + 1 for _, text, _ in lines)
        if size <= budget:
            return lines, 0
        speeches = [i for i, (key, _, _) in enumerate(lines) if _is_speech(entries.get(key[1]))]
        newest = speeches[-1] if keep_last and speeches else None
        if newest is not None:
            speeches = speeches[:-1]
        lines = list(lines)
        for i in speeches:
            if size <= budget:
                break
            key, text, _ = lines[i]
            gist = self._gist(entries[key[1]])
            if len(gist) < len(text):
                lines[i] = (("gist", key[1]), gist, False)
                size -= len(text) - len(gist)
        dropped: set[int] = set()
        for i, (key, text, _) in enumerate(lines):
            if size <= budget:
                break
            if i == newest or _is_heading(entries.get(key[1])):
                continue
            dropped.add(i)
            size -= len(text) + 1
        kept: list[Line] = []
        for i, line in enumerate(lines):
            if i in dropped:
                continue
            if kept and _is_heading(entries.get(kept[-1][0][1])) and _is_heading(entries.get(line[0][1])):
                kept.pop()  # a heading whose phase has no line left
            kept.append(line)
        if kept and _is_heading(entries.get(kept[-1][0][1])) and not keep_last:
            kept.pop()
        return kept, len(lines) - len(kept)

    def _entries(self, stream: str, pairs: list[Pair]) -> list[Entry]:
        """``group_items(pairs)``, regrouping only from the last entry on (only it can still grow)."""
        entries, start = self._grouped.get(stream, ([], 0))
        entries = entries[:-1] + group_items(pairs[start:])
        if entries:
            first = entries[-1].key[0]
            start = next(i for i in range(len(pairs) - 1, -1, -1) if pairs[i][0].seq == first)
        self._grouped[stream] = (entries, start)
        return entries

    def _phase_header(self, phase: str) -> str:
        """The history's own phase line (``— Night 2 —``) heading a phase's private lines."""
        kind, _, number = phase.partition(":")
        if kind not in ("night", "day") or not number.isdigit():
            return ""
        key = ("phase", (-1, int(number) * 2 + (kind == "day")))
        text = self._cache.get(key)
        if text is None:
            text = self.render("line", {"kind": "phase_started", "phase": kind, "number": int(number), "at": phase})
            self._cache[key] = text.strip()
        return self._cache[key]

    def _budgeted(self, lines: list[Line], compacted: int) -> tuple[list[str], int, int]:
        """Shared lines within the budget: once over it, cut down to ``cut_to`` of it.

        Lines once left out stay out, so the kept history keeps growing at its end only. Full
        speeches go first, oldest first; then the oldest lines.
        """
        dropped = self._dropped
        total = sum(len(text) + 1 for key, text, _ in lines if key not in dropped)
        if total > self.budget:
            target = int(self.budget * self.cut_to)
            for speech_pass in (True, False):
                for key, text, speech in lines:
                    if total <= target:
                        break
                    if key in dropped or (speech_pass and not speech):
                        continue
                    dropped.add(key)
                    total -= len(text) + 1
        kept = [text for key, text, _ in lines if key not in dropped]
        kept_compacted = sum(1 for key, _, _ in lines if key not in dropped and key[0] == "brief")
        return kept, len(lines) - len(kept), min(compacted, kept_compacted)
