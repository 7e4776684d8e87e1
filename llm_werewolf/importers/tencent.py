"""Tencent 9-player 狼人殺 records (people playing online) as chinese_werewolf games.

The format (one JSON object per game; see docs/evaluation.md): ``game_state``
holds ``roles`` (seat number → Villager/Werewolf/Seer/Witch/Hunter), one
entry per night (``"Day N Night"``: ``Seer``, ``Werewolf``, ``Witch antidote``,
``Witch poison``, ``Witch``: -1 for no potion) and per day (``"Day N Daytime"``:
``Voting Pattern`` voter → target, ``-1`` for an abstention, and ``Voting
Pattern (Round 2)`` after a tie), and ``Game Result``. Speeches are under
``audio``, keyed ``"Day N Daytime - [k] is speaking"`` (``(round 2)`` for the
PK speech after a tie, ``gives the last words`` for last words), with the
transcribed ``text``.

The platform's rules (its ``processor/env9_en.py``) are chinese_werewolf's
``tencent`` preset: no sheriff, side-wipe win, the witch saves herself on night 1
only and sees the victim only while she holds the antidote, a tie goes to one PK
revote among the tied (a second tie exiles nobody), self-votes and abstentions
allowed, wolves may self-destruct (a day entry whose key names a self-destruct,
holding the wolf's seat), the game ends before a dead hunter's shot when it is
already decided; last words for night-1 victims and every day death. A hunter
shot the record does not show is imported as declined. What a record cannot
answer is refused with a clear message (a night where the seer checked nobody:
ours must check).

The people's text is Simplified Chinese; it is stored converted to
Traditional characters (OpenCC s2t, script only) because the ruleset is
played in zh-Hant, and the header's ``table.imported`` says so.
"""

from __future__ import annotations

import hashlib
import json
import re
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from ..rules import Choice, Decision, Game, GameConfig, get_ruleset
from ..transcript import SeatInfo
from .driver import RecordError, play_record, where, write_game

VARIANT = "chinese_werewolf"
LANGUAGE = "zh-Hant"
AGENT = "human:tencent"
ROLES = {"villager": "villager", "werewolf": "werewolf", "seer": "seer", "witch": "witch", "hunter": "hunter"}
RESULTS = {"werewolves win": ("wolves",), "the good side wins": ("village",)}
PRESET = "tencent"
EXTRA_OPTIONS: dict[str, Any] = {"with_guard": False, "max_speech_chars": 100_000}
DESTRUCT_WORDS = ("suicide", "self-destruct", "self destruct", "自爆")

_SPEECH_KEY = re.compile(
    r"^Day (\d+) Daytime - \[(\d+)\] (is speaking|gives the last words)\s*(\(round 2\))?\s*$", re.I
)
_NIGHT_KEY = re.compile(r"^Day (\d+) Night$")
_DAY_KEY = re.compile(r"^Day (\d+) Daytime$")


@dataclass
class TencentRecord:
    record_id: str
    roles: tuple[str, ...]
    nights: dict[int, dict[str, Any]] = field(default_factory=dict)
    days: dict[int, dict[str, Any]] = field(default_factory=dict)
    result: tuple[str, ...] = ()
    speeches: dict[tuple[int, int, str], str] = field(default_factory=dict)
    """(day, seat index, "speak" | "pk" | "last") -> text."""
    last_words: dict[int, str] = field(default_factory=dict)
    """seat index -> last words (a player speaks them once)."""


def parse(raw: Any, record_id: str) -> TencentRecord:
    """The parts of one record the import needs (:class:`RecordError` on anything unexpected)."""
    if not isinstance(raw, dict) or not isinstance(raw.get("game_state"), dict):
        raise RecordError("not a Tencent record (no game_state object)")
    state = raw["game_state"]
    roles_raw = state.get("roles")
    if not isinstance(roles_raw, dict) or sorted(roles_raw, key=str) != [str(i) for i in range(1, 10)]:
        raise RecordError("game_state.roles must name seats 1-9")
    roles = []
    for seat in range(1, 10):
        name = str(roles_raw[str(seat)]).strip().lower()
        if name not in ROLES:
            raise RecordError(f"seat {seat}: unknown role {roles_raw[str(seat)]!r}")
        roles.append(ROLES[name])
    result_raw = str(state.get("Game Result", "")).strip().lower()
    if result_raw not in RESULTS:
        raise RecordError(f"unknown Game Result {state.get('Game Result')!r}")
    record = TencentRecord(record_id=record_id, roles=tuple(roles), result=RESULTS[result_raw])
    for key, value in state.items():
        if any(word in key.lower() for word in DESTRUCT_WORDS):
            raise RecordError(f"{key!r}: a self-destruct outside a day's entry, which this importer cannot place")
        if (m := _NIGHT_KEY.match(key)) and isinstance(value, dict):
            record.nights[int(m.group(1))] = value
        elif (m := _DAY_KEY.match(key)) and isinstance(value, dict):
            record.days[int(m.group(1))] = value
    audio = raw.get("audio") or {}
    if not isinstance(audio, dict):
        raise RecordError("audio must be an object of speeches")
    for key, value in audio.items():
        m = _SPEECH_KEY.match(key)
        if m is None or not isinstance(value, dict):
            continue
        day, seat = int(m.group(1)), int(m.group(2)) - 1
        text = str(value.get("text") or "")
        if m.group(3).lower().startswith("gives"):
            record.last_words[seat] = text
        else:
            record.speeches[(day, seat, "pk" if m.group(4) else "speak")] = text
    return record


def _seat(value: Any, what: str) -> int | None:
    """A record's seat number (1-9) as an index; -1 or absent: nobody."""
    if value is None:
        return None
    try:
        number = int(value)
    except (TypeError, ValueError):
        raise RecordError(f"{what}: {value!r} is not a seat number") from None
    if number == -1:
        return None
    if not 1 <= number <= 9:
        raise RecordError(f"{what}: seat {number} does not exist")
    return number - 1


def _seat_choice(seat: int | None) -> Choice:
    return Choice("skip") if seat is None else Choice(f"seat:{seat}")


class Answers:
    """Answers the engine's decisions from one record."""

    def __init__(self, record: TencentRecord, convert: Any) -> None:
        self.record = record
        self.convert = convert
        self.last_day = max([*record.days, *record.nights, 1])

    def __call__(self, game: Game, decision: Decision) -> Choice:
        phase = game.state.phase
        n = phase.number
        if n > self.last_day:
            raise RecordError(f"the record ends on day {self.last_day}, but our rules go on to {phase.label}")
        kind = decision.kind
        night = self.record.nights.get(n, {})
        day = self.record.days.get(n, {})
        if kind == "seer_check":
            target = _seat(night.get("Seer"), f"night {n} Seer")
            if target is None:
                raise RecordError(f"night {n}: the seer checked nobody, and our seer must check someone")
            return Choice(f"seat:{target}")
        if kind == "wolf_kill":
            return _seat_choice(_seat(night.get("Werewolf"), f"night {n} Werewolf"))
        if kind == "witch_antidote":
            return Choice("antidote") if "Witch antidote" in night else Choice("skip")
        if kind == "witch_poison":
            return _seat_choice(_seat(night.get("Witch poison"), f"night {n} Witch poison"))
        if kind == "speech":
            return Choice("speak", self._text(self.record.speeches.get((n, decision.seat, "speak"), "")))
        if kind == "defense":
            return Choice("speak", self._text(self.record.speeches.get((n, decision.seat, "pk"), "")))
        if kind == "last_words":
            return Choice("speak", self._text(self.record.last_words.get(decision.seat, "")))
        if kind == "exile_vote":
            second = decision.group == "exile_2"
            pattern = day.get("Voting Pattern (Round 2)" if second else "Voting Pattern") or {}
            what = f"day {n} {'PK ' if second else ''}vote of seat {decision.seat + 1}"
            return _seat_choice(_seat(pattern.get(str(decision.seat + 1)), what))
        if kind == "self_destruct":
            destructs = [v for k, v in day.items() if any(w in k.lower() for w in DESTRUCT_WORDS)]
            seats = {_seat(v, f"day {n} self-destruct") for v in destructs}
            return Choice("self_destruct") if decision.seat in seats else Choice("skip")
        if kind == "hunter_shot":
            shot = day.get("Hunter") if phase.kind == "day" else night.get("Hunter")
            return _seat_choice(_seat(shot, f"{phase.label} Hunter"))
        raise RecordError(f"{where(game)} the rules ask {kind!r}, which a Tencent record cannot answer")

    def _text(self, text: str) -> str:
        return str(self.convert(text)) if text else ""


def options() -> dict[str, Any]:
    """The ``tencent`` preset of chinese_werewolf (the platform's rules) plus the import's own switches."""
    return get_ruleset(VARIANT).options_with_preset(PRESET, EXTRA_OPTIONS)


def _seed(record_id: str) -> int:
    return int(hashlib.sha256(record_id.encode()).hexdigest()[:12], 16)


def names() -> tuple[str, ...]:
    return tuple(f"{i}號" for i in range(1, 10))


def convert_text() -> Any:
    from ..strings.chinese import to_traditional

    return to_traditional


def import_record(raw: Any, record_id: str, out: Path) -> Path:
    """Import one parsed JSON record into ``out``; returns the transcript path."""
    record = parse(raw, record_id)
    config = GameConfig(
        variant=VARIANT,
        names=names(),
        seed=_seed(record_id),
        language=LANGUAGE,
        roles=record.roles,
        options=options(),
    )
    game = play_record(config, Answers(record, convert_text()), expected_sides=record.result)
    seats = [SeatInfo(name=name, agent=AGENT) for name in config.names]
    source = {
        "format": "tencent",
        "record": record_id,
        "text": "Simplified Chinese converted to Traditional (OpenCC s2t)",
    }
    return write_game(game, LANGUAGE, seats, out, source)


def records_in(path: Path) -> list[tuple[str, Any]]:
    """(record id, raw JSON) for a file: one game per ``.json`` file."""
    try:
        raw = json.loads(path.read_text(encoding="utf-8"))
    except (OSError, UnicodeDecodeError, json.JSONDecodeError) as exc:
        raise RecordError(f"cannot read JSON ({exc})") from None
    return [(path.stem, raw)]


SOURCE_GLOB = "*.json"
