"""A model seat's public speech on the terminal while it is generated (the console's speech preview).

:class:`ConsolePreview` is the table's ``on_preview`` (see :mod:`llm_werewolf.llm.streaming`)
and a sink placed before the :class:`~.console.ConsoleSink`: the speech so far is drawn in
place under the game (a Rich ``Live`` region, dim, with a caret), and erased as soon as the
table writes the records of the answered decision, so the line the console then prints is
the speech the table recorded (which may differ from the preview: a refused answer, a retry,
the stand-in's speech). Nothing is drawn on a console that is not a terminal (a pipe or a
file gets only what was said).
"""

from __future__ import annotations

from collections.abc import Sequence

from rich.console import Console
from rich.live import Live
from rich.text import Text

from ..describe.present import Presenter
from ..llm.streaming import shown
from ..rules.events import Record

CARET = "▍"


class ConsolePreview:
    """Speech previews on a terminal console: ``__call__`` is the table's ``on_preview``, ``write`` a sink."""

    def __init__(self, console: Console, *, language: str, variant: str, names: Sequence[str]) -> None:
        self.console = console
        self.presenter = Presenter(language, variant, tuple(names))
        self.texts: dict[int, str] = {}
        self._answered: set[int] = set()
        self._live: Live | None = None

    @property
    def active(self) -> bool:
        return self.console.is_terminal

    def __call__(self, seat: int, text: str | None) -> None:
        if not self.active:
            return
        if text is None:  # answered: erased when its records are written (just below)
            self._answered.add(seat)
            return
        self._answered.discard(seat)
        text = shown(text)  # cleaned by the backend already; never an escape sequence on this terminal
        if text:
            self.texts[seat] = text
        else:
            self.texts.pop(seat, None)
        self._draw()

    def write(self, records: Sequence[Record]) -> None:
        for seat in self._answered:
            self.texts.pop(seat, None)
        self._answered.clear()
        self._draw()

    def close(self) -> None:
        self.texts.clear()
        self._draw()

    def _draw(self) -> None:
        if not self.texts:
            if self._live is not None:
                self._live.stop()  # transient: the region is erased
                self._live = None
            return
        view = Text(style="dim italic")
        for i, (seat, text) in enumerate(sorted(self.texts.items())):
            if i:
                view.append("\n")
            view.append(self.presenter.seat(seat), style="bold")
            view.append(f" {text}{CARET}")
        if self._live is None:
            self._live = Live(
                view,
                console=self.console,
                transient=True,
                auto_refresh=False,
                redirect_stdout=False,
                redirect_stderr=False,
            )
            self._live.start(refresh=True)
        else:
            self._live.update(view, refresh=True)
