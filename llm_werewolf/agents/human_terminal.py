"""A human at the terminal: role card, private results, the table's speech, a numbered menu.

Several humans can share one terminal (hot seat): before a seat's turn the
screen is cleared and the device is passed, and the card shows only once the
seat's own number is typed at the gate; after the turn the screen is hidden
again, so nobody reads another player's card. Keys typed before a question is
asked (while AI seats think) are discarded, so they cannot pass a gate or answer
a menu. In a menu each option has one number: a seat's own number for a seat.
Everything shown comes from the seat's view (records visible to it), through
:class:`llm_werewolf.describe.present.Presenter`.
"""

from __future__ import annotations

import asyncio
import sys
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from dataclasses import dataclass, field
from typing import Protocol

from rich.console import Console

from ..controls import strip_controls
from ..describe.feed_order import reading_order
from ..describe.present import FeedItem, Presenter, deck_of
from ..describe.ui_text import fill
from ..rules import Choice, Decision, Option, SeatView
from .base import DecisionRequest, Reply

DEFAULT_SPEECH_LIMIT = 1200
CLEAR_ALL = "\x1b[H\x1b[2J\x1b[3J"
"""Cursor home, clear the screen, and clear the scrollback (``3J``): scrolling up shows nothing."""


class TerminalIO(Protocol):
    """Where a terminal human reads and types (a real console, or a script in tests)."""

    def show(self, text: str) -> None: ...

    def read(self, prompt: str) -> str: ...

    def clear(self) -> None: ...


class ConsoleIO:
    """The real terminal: Rich for output (markup off: names and speeches are shown as typed)."""

    def __init__(self, console: Console | None = None, reader: Callable[[str], str] = input) -> None:
        self.console = console or Console()
        self.reader = reader

    def show(self, text: str) -> None:
        self.console.print(text, markup=False, highlight=False)

    def read(self, prompt: str) -> str:
        """One typed line; whatever was typed before the prompt appeared is discarded first."""
        discard_typeahead()
        with visible_controls():
            return self.reader(f"{prompt} ")

    def clear(self) -> None:
        """Clear the screen and its scrollback (Rich's own clear keeps the scrollback)."""
        self.console.file.write(CLEAR_ALL)
        self.console.file.flush()


def _terminal_fd() -> int | None:
    if sys.stdin is None or not sys.stdin.isatty():
        return None
    return sys.stdin.fileno()


def discard_typeahead() -> None:
    """Drop the keys typed but not yet read (``tcflush``): a stray ``1⏎`` typed while the AI seats
    think must not answer the next human's gate or menu."""
    try:
        import termios
    except ImportError:  # pragma: no cover - not a POSIX system
        return
    fd = _terminal_fd()
    if fd is None:
        return
    try:
        termios.tcflush(fd, termios.TCIFLUSH)
    except termios.error:
        return


@contextmanager
def visible_controls() -> Iterator[None]:
    """While a line is typed, the terminal echoes control keys as ``^[`` (``ECHOCTL``), never raw:
    an escape sequence typed by one player cannot act on the screen (or window title) the next one sees."""
    try:
        import termios
    except ImportError:  # pragma: no cover - not a POSIX system
        yield
        return
    fd = _terminal_fd()
    if fd is None:
        yield
        return
    try:
        old = termios.tcgetattr(fd)
    except termios.error:
        yield
        return
    new = list(old)
    new[3] = old[3] | termios.ECHOCTL
    termios.tcsetattr(fd, termios.TCSANOW, new)
    try:
        yield
    finally:
        termios.tcsetattr(fd, termios.TCSANOW, old)


@dataclass
class HotSeat:
    """Shared by every human at one terminal: one of them at the keyboard at a time."""

    hide: bool = False
    """Clear the screen and pass the device before and after each human turn."""
    lock: asyncio.Lock = field(default_factory=asyncio.Lock)


class TerminalHumanAgent:
    """Answers a seat's decisions by asking the person at the terminal."""

    kind = "human"
    label = "human"

    def __init__(
        self,
        seat: int,
        *,
        io: TerminalIO,
        hot_seat: HotSeat | None = None,
        speech_limit: int = DEFAULT_SPEECH_LIMIT,
    ) -> None:
        self.seat = seat
        self.io = io
        self.hot_seat = hot_seat or HotSeat()
        self.speech_limit = speech_limit
        self._shown_seq = -1

    async def decide(self, request: DecisionRequest) -> Reply:
        async with self.hot_seat.lock:
            return await asyncio.to_thread(self.turn, request)

    # -- one turn (blocking: runs in a worker thread) ----------------------------------
    def turn(self, request: DecisionRequest) -> Reply:
        view, decision = request.view, request.decision
        p = Presenter.for_view(view)
        me = p.seat(self.seat)
        if self.hot_seat.hide:
            self.io.clear()
            self.io.show(fill(p.ui("terminal", "pass_device"), label=me))
            self._gate(p, me)
        self._show_card(view, p)
        self._show_news(view, p)
        if request.error:
            self.io.show(fill(p.ui("terminal", "retry"), error=request.error))
        choice = self._ask(decision, p, deck_of(view))
        if self.hot_seat.hide:
            self.io.read(p.ui("terminal", "press_enter_hide"))
            self.io.clear()
        return Reply(choice)

    def _gate(self, p: Presenter, me: str) -> None:
        """Wait for the seat's own number: Enter alone (or a key meant for someone else) opens nothing."""
        number = self.seat + 1
        while True:
            answer = self.io.read(fill(p.ui_about(self.seat, "terminal", "gate"), label=me, number=number))
            if _number(answer) == number:
                return

    def _show_card(self, view: SeatView, p: Presenter) -> None:
        card = p.card(view.seat, view.role)
        self.io.show("")
        self.io.show(fill(p.ui("your_seat"), number=self.seat + 1, name=view.me or ""))
        colon = p.words.word("frame", "colon")  # «你的身分牌：», "Your card: "
        line = f"{p.ui('card')}{colon}{card['role_name']}"
        if card["side_name"]:
            line += " · " + fill(p.ui("side"), side=card["side_name"])
        self.io.show(line)
        secrets = [item for item in p.feed(view) if item.private and item.cls in ("info", "card")]
        self.io.show(p.ui("private") + colon.rstrip())
        for item in secrets or [FeedItem(-1, "info", p.ui("no_private"))]:
            self.io.show(f"  🔒 {item.text}")

    def _show_news(self, view: SeatView, p: Presenter) -> None:
        start = self._shown_seq + 1
        fresh = reading_order(view.records[start:], drop_voiced_cues=True)
        position = {record.seq: start + i for i, record in enumerate(view.records[start:])}
        items = (p.item(record, position[record.seq]) for record in fresh)
        news = [item for item in items if item is not None]
        self._shown_seq = len(view.records) - 1  # feed items are numbered by position in this view
        if not news:
            return
        self.io.show(p.ui("terminal", "since_last"))
        for item in news:
            self.io.show(("  🔒 " if item.private else "  ") + item.text)

    def _ask(self, decision: Decision, p: Presenter, deck: tuple[str, ...] | None) -> Choice:
        self.io.show("")
        self.io.show(f"» {p.decision_title(decision.kind)}")
        if len(decision.options) == 1:
            option = decision.options[0]
        else:
            menu = menu_numbers(decision, len(p.names))
            for option in decision.options:
                self.io.show(f"  {p.words.number(menu[option.id])}) {menu_label(p, option, decision)}")
            by_number = {number: option_id for option_id, number in menu.items()}
            chosen = self._number(by_number, p)
            option = next(o for o in decision.options if o.id == chosen)
        if not decision.speech:
            return Choice(option.id)
        text = self._speech(p)
        return Choice(option.id, text=text, claim=self._claim(p, deck))

    def _number(self, by_number: dict[int, str], p: Presenter) -> str:
        while True:
            number = _number(self.io.read(p.ui("terminal", "choose")))
            if number in by_number:
                return by_number[number]
            self.io.show(p.ui("terminal", "bad_choice"))

    def _speech(self, p: Presenter) -> str:
        while True:
            said = self.io.read(fill(p.ui("terminal", "speech_prompt"), limit=self.speech_limit))
            text = " ".join(strip_controls(said).split())
            if len(text) <= self.speech_limit:
                return text
            self.io.show(fill(p.ui("too_long"), length=len(text), limit=self.speech_limit))

    def _claim(self, p: Presenter, deck: tuple[str, ...] | None) -> str | None:
        """A structured role claim (a speech act) among the cards in play, or ``None``: Enter alone claims nothing."""
        claims = p.claims(deck)
        if not claims:
            return None
        self.io.show(p.ui("claim") + p.words.word("frame", "colon").rstrip())
        for number, claim in enumerate(claims, start=1):
            self.io.show(f"  {p.words.number(number)}) {claim['label']}")
        while True:
            answer = self.io.read(p.ui("terminal", "claim_prompt")).strip()
            if not answer:
                return None
            typed = _number(answer)
            if typed is not None and 1 <= typed <= len(claims):
                return claims[typed - 1]["id"]
            self.io.show(fill(p.ui("terminal", "bad_number"), count=p.words.number(len(claims))))


SEAT_KINDS = ("seat", "whisper")
"""Option kinds that name a seat (a one_night speech may be whispered to one)."""


def _number(answer: str) -> int | None:
    """A typed number (ASCII or the script's own digits, ``٣``), or ``None``."""
    text = answer.strip()
    return int(text) if text.isdecimal() else None


def menu_numbers(decision: Decision, seats: int) -> dict[str, int]:
    """One number per option: a seat option carries the seat's own number; the other options
    (skip, center cards, yes/no) follow the last seat, or count from 1 where no seat is offered."""
    numbers: dict[str, int] = {}
    after = seats if any(o.kind in SEAT_KINDS and o.target is not None for o in decision.options) else 0
    for option in decision.options:
        if option.kind in SEAT_KINDS and option.target is not None:
            numbers[option.id] = option.target + 1
        else:
            after += 1
            numbers[option.id] = after
    return numbers


def menu_label(p: Presenter, option: Option, decision: Decision) -> str:
    """An option's words beside its menu number, with no second number: a seat by name
    (``فاطمة``, not ``2. فاطمة``), a center card by place (left, middle, right)."""
    if option.kind in SEAT_KINDS and option.target is not None:
        template = p.ui("options", "seat")
        if decision.speech:  # «whisper to Clara»
            template = p.ui("speech_seat_option", p.variant, default=template)
        return fill(template, label=p.names[option.target])
    if option.kind == "center" and option.target is not None:
        return p.ui("terminal", f"center_{option.target}", default=p.option(option, decision))
    return p.option(option, decision)


def terminal_humans(
    seats: list[int], *, console: Console | None = None, speech_limit: int = DEFAULT_SPEECH_LIMIT
) -> dict[int, TerminalHumanAgent]:
    """One agent per human seat sharing this terminal; with two or more, hot-seat hiding is on."""
    io = ConsoleIO(console)
    hot_seat = HotSeat(hide=len(seats) > 1)
    return {seat: TerminalHumanAgent(seat, io=io, hot_seat=hot_seat, speech_limit=speech_limit) for seat in seats}
