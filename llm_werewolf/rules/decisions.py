"""What a seat must decide, and what it may answer.

A :class:`Decision` is addressed to one seat and lists every legal
:class:`Option`. Agents answer with a :class:`Choice` naming one option id.
Decisions that share a ``group`` are open at the same time (a simultaneous
vote, independent night actions); a ``collective`` group is combined by the
rules into one result (the wolves' kill).
"""

from __future__ import annotations

from dataclasses import dataclass

from .acts import Act

SKIP = "skip"


@dataclass(slots=True, unsafe_hash=True)
class Option:
    """One legal answer.

    ``id`` is what an agent sends back (``"seat:3"``, ``"skip"``, ``"center:1"``,
    ``"antidote"``...). ``kind`` tells prompts and menus how to present it and
    ``target`` carries the seat index (or center slot) for seat-like options.
    """

    id: str
    kind: str
    target: int | None = None


_SEAT_OPTIONS = tuple(Option(id=f"seat:{i}", kind="seat", target=i) for i in range(64))
_CENTER_OPTIONS = tuple(Option(id=f"center:{i}", kind="center", target=i) for i in range(16))


def seat_option(index: int) -> Option:
    """The option naming seat ``index`` (shared immutable instances for the common sizes)."""
    if 0 <= index < len(_SEAT_OPTIONS):
        return _SEAT_OPTIONS[index]
    return Option(id=f"seat:{index}", kind="seat", target=index)


def center_option(slot: int) -> Option:
    if 0 <= slot < len(_CENTER_OPTIONS):
        return _CENTER_OPTIONS[slot]
    return Option(id=f"center:{slot}", kind="center", target=slot)


def plain_option(option_id: str) -> Option:
    return Option(id=option_id, kind=option_id)


SKIP_OPTION = Option(id=SKIP, kind=SKIP)


@dataclass(slots=True, unsafe_hash=True)
class Decision:
    """A question the rules put to one seat.

    Attributes:
        id: unique within a game, increasing.
        seat: index of the seat that must answer.
        kind: decision kind, e.g. ``"wolf_kill"``, ``"exile_vote"``, ``"speech"``
            (each ruleset documents its kinds in docs/scenarios.md).
        options: the legal answers, in a stable order.
        default: option id used when an agent cannot answer (timeout, broken
            output) and no better fallback exists; ``None`` means "no default".
        group: decisions sharing a group are asked at the same time.
        collective: the group's answers are combined into one result.
        speech: the answer may carry free text and a role claim.
    """

    id: int
    seat: int
    kind: str
    options: tuple[Option, ...]
    default: str | None = None
    group: str | None = None
    collective: bool = False
    speech: bool = False

    def option(self, option_id: str) -> Option | None:
        for option in self.options:
            if option.id == option_id:
                return option
        return None

    @property
    def option_ids(self) -> tuple[str, ...]:
        return tuple([option.id for option in self.options])


@dataclass(slots=True, unsafe_hash=True)
class Choice:
    """An agent's answer to one decision."""

    option: str
    text: str = ""
    claim: str | None = None
    acts: tuple[Act, ...] = ()
    """Speech acts (speech decisions only): what the text claims, reports, asks (see :mod:`.acts`)."""


def target_of(choice: Choice) -> int | None:
    """The seat index named by a ``seat:N`` choice, else ``None``."""
    if choice.option.startswith("seat:"):
        return int(choice.option[5:])
    return None
