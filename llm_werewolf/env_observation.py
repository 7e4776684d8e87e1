"""What a seat observes in the standard RL interfaces (:mod:`.env_aec`, :mod:`.env_gym`).

One observation is a dict:

* ``observation``: a small integer vector (own seat, own card, phase, day, legal options,
  then one alive flag per seat), for learners that want numbers;
* ``text``: the seat's view as the humans' screens word it, in the table's language, with the
  pending question and its options numbered by action index;
* ``records``: every record visible to the seat as plain data (``seq``, ``phase``, ``kind`` and
  the event's fields, as in a transcript);
* ``action_mask``: 1 for each action index that is a legal option now.

Everything comes from the seat's own view (its information set), like
:class:`llm_werewolf.env.Observation`. Each call returns new objects: a learner may keep and
change what it got.
"""

from __future__ import annotations

import json
from dataclasses import dataclass, field
from typing import Any

import numpy as np
from gymnasium import spaces

from .describe.present import Presenter
from .describe.ui_text import fill
from .env import WerewolfEnv, event_dict
from .rules import Decision, get_ruleset

SPARE_ACTIONS = 16
"""Action indices beyond one per seat: center cards, skip, yes/no and the like."""

MAX_TEXT = 4_000_000
"""The longest ``text`` the space admits (characters)."""

VECTOR_HEAD = ("seat", "role", "phase", "day", "options")
"""The first entries of ``observation``; one alive flag per seat follows."""

_PHASES = {"setup": 0, "night": 1, "day": 2}
ENDED_PHASE = 3


class UnicodeText(spaces.Space[str]):
    """Any string up to ``max_length`` characters, in any script (Gymnasium's ``Text`` takes a fixed charset)."""

    def __init__(self, max_length: int = MAX_TEXT) -> None:
        super().__init__(shape=None, dtype=None)
        self.max_length = max_length

    @property
    def is_np_flattenable(self) -> bool:
        return False

    def sample(self, mask: Any = None, probability: Any = None) -> str:
        return ""

    def contains(self, x: Any) -> bool:
        return isinstance(x, str) and len(x) <= self.max_length

    def __repr__(self) -> str:
        return f"UnicodeText({self.max_length})"

    def __eq__(self, other: object) -> bool:
        return isinstance(other, UnicodeText) and other.max_length == self.max_length


class RecordList(spaces.Space[tuple[dict[str, Any], ...]]):
    """A tuple of records as plain dicts, each with at least ``seq``, ``phase`` and ``kind``."""

    def __init__(self) -> None:
        super().__init__(shape=None, dtype=None)

    @property
    def is_np_flattenable(self) -> bool:
        return False

    def sample(self, mask: Any = None, probability: Any = None) -> tuple[dict[str, Any], ...]:
        return ()

    def contains(self, x: Any) -> bool:
        return isinstance(x, tuple) and all(isinstance(r, dict) and {"seq", "phase", "kind"} <= r.keys() for r in x)

    def __repr__(self) -> str:
        return "RecordList()"

    def __eq__(self, other: object) -> bool:
        return isinstance(other, RecordList)


def action_count(players: int) -> int:
    """The size of the action space of a table of ``players`` seats."""
    return players + SPARE_ACTIONS


def observation_space(variant: str, players: int) -> spaces.Dict:
    """The space of one seat's observation at a table of ``players`` seats of ``variant``."""
    roles = len(get_ruleset(variant).roles)
    head = np.array([players, roles, ENDED_PHASE, 10_000, action_count(players)], dtype=np.int64)
    high = np.concatenate([head, np.ones(players, dtype=np.int64)])
    return spaces.Dict(
        {
            "observation": spaces.Box(low=0, high=high, dtype=np.int64),
            "text": UnicodeText(),
            "records": RecordList(),
            "action_mask": spaces.Box(low=0, high=1, shape=(action_count(players),), dtype=np.int8),
        }
    )


@dataclass
class _SeatText:
    lines: list[str] = field(default_factory=list)
    records: list[str] = field(default_factory=list)
    """Each visible record as JSON (decoded afresh for every observation)."""
    seen: int = 0


class Observer:
    """Builds observations for every seat of one :class:`~llm_werewolf.env.WerewolfEnv`, incrementally."""

    def __init__(self, env: WerewolfEnv) -> None:
        self.env = env
        self.presenter = Presenter(env.language, env.variant, env.names)
        self.roles = sorted(get_ruleset(env.variant).roles)
        self.actions = action_count(len(env.names))
        self._seats = [_SeatText() for _ in env.names]

    def decision(self, seat: int) -> Decision | None:
        return next((d for d in self.env.game.pending if d.seat == seat), None)

    def mask(self, seat: int) -> np.ndarray[Any, np.dtype[np.int8]]:
        mask = np.zeros(self.actions, dtype=np.int8)
        decision = self.decision(seat)
        if decision is not None:
            if len(decision.options) > self.actions:
                raise ValueError(f"{len(decision.options)} options exceed the {self.actions} actions of this table")
            mask[: len(decision.options)] = 1
        return mask

    def observe(self, seat: int) -> dict[str, Any]:
        view = self.env.view(seat)
        state = self._seats[seat]
        for position in range(state.seen, len(view.records)):
            record = view.records[position]
            state.records.append(json.dumps(event_dict(record), ensure_ascii=False))
            item = self.presenter.item(record, position)
            if item is not None:
                state.lines.append(item.text)
        state.seen = len(view.records)
        decision = self.decision(seat)
        kind, _, number = view.phase.partition(":")
        phase = ENDED_PHASE if view.ended else _PHASES.get(kind, 0)
        role = self.roles.index(view.role) + 1 if view.role in self.roles else 0
        alive = set(view.living())
        head = [seat + 1, role, phase, int(number) if number.isdigit() else 0, len(decision.options) if decision else 0]
        vector = np.array(head + [int(i in alive) for i in range(len(self.env.names))], dtype=np.int64)
        return {
            "observation": vector,
            "text": self._text(seat, decision),
            "records": tuple(json.loads("[" + ",".join(state.records) + "]")),
            "action_mask": self.mask(seat),
        }

    def _text(self, seat: int, decision: Decision | None) -> str:
        p = self.presenter
        card = p.card(seat, self.env.view(seat).role)
        head = [fill(p.ui("your_seat"), number=seat + 1, name=self.env.names[seat])]
        if card["role_name"]:
            head.append(f"{p.ui('card')}{p.words.word('frame', 'colon')}{card['role_name']}")
        lines = [*head, "", *self._seats[seat].lines]
        if decision is not None:
            lines += ["", f"» {p.decision_title(decision.kind)}"]
            lines += [f"  [{index}] {p.option(option, decision)}" for index, option in enumerate(decision.options)]
        return "\n".join(lines)
