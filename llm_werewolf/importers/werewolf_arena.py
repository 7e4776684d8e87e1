"""Werewolf Arena session logs (google/werewolf_arena) as chinese_werewolf games.

A session folder holds ``game_complete.json`` (the ``State``: ``villagers``,
``werewolves``, ``seer``, ``doctor`` — players with ``name``, ``role``,
``model`` —, ``rounds`` and ``winner``) and ``game_logs.json`` (the model calls,
not needed here); an unfinished game is ``game_partial.json`` and is refused.
Each round is a night then a day: ``eliminated`` (the wolves' choice),
``protected`` (the doctor's), ``unmasked`` (the seer's), ``debate`` ([speaker,
text] turns won by bidding), ``votes`` (voter → target, after every debate turn;
the last is the real vote) and ``exiled``.

The Arena's rules map to chinese_werewolf switches: no sheriff, no last words,
``victory_mode=parity`` (wolves win when they are at least as many as the
others), ``exile_needs_majority`` (more than half of the living must vote for
the same player), and the doctor as a guard who may protect the same player
twice running (``guard_same_twice``); no witch, no hunter. Seats are the
players' names in alphabetical order. Our table gives each living player one
speech per day: a player's debate turns of that day are joined, in order, into
that speech (the bidding order itself is not kept). Each seat's model is
recorded as ``werewolf-arena:<model>``.
"""

from __future__ import annotations

import hashlib
import json
from pathlib import Path
from typing import Any

from ..rules import Choice, Decision, Game, GameConfig
from ..transcript import SeatInfo
from .driver import RecordError, play_record, where, write_game

VARIANT = "chinese_werewolf"
LANGUAGE = "en"
ROLES = {"villager": "villager", "werewolf": "werewolf", "seer": "seer", "doctor": "guard"}
WINNERS = {"villagers": ("village",), "werewolves": ("wolves",)}
OPTIONS: dict[str, Any] = {
    "sheriff": False,
    "last_words": "none",
    "victory_mode": "parity",
    "exile_needs_majority": True,
    "guard_same_twice": True,
    "with_guard": True,
    "require_villager": False,
    "max_speech_chars": 100_000,
}
SOURCE_GLOB = "game_*.json"


def _players(state: dict[str, Any]) -> list[dict[str, Any]]:
    out: list[dict[str, Any]] = []
    for key in ("villagers", "werewolves"):
        group = state.get(key) or []
        if not isinstance(group, list):
            raise RecordError(f"{key} must be a list of players")
        out.extend(group)
    for key in ("seer", "doctor"):
        if isinstance(state.get(key), dict):
            out.append(state[key])
    for player in out:
        if not isinstance(player, dict) or not isinstance(player.get("name"), str):
            raise RecordError("a player without a name")
    return out


class Answers:
    def __init__(self, rounds: list[dict[str, Any]], seats: dict[str, int]) -> None:
        self.rounds = rounds
        self.seats = seats

    def _seat(self, name: Any, what: str) -> int | None:
        if name is None:
            return None
        if name not in self.seats:
            raise RecordError(f"{what}: {name!r} is not a player of this game")
        return self.seats[name]

    def __call__(self, game: Game, decision: Decision) -> Choice:
        phase = game.state.phase
        index = phase.number - 1
        if index >= len(self.rounds):
            raise RecordError(f"the log has {len(self.rounds)} rounds, but our rules go on to {phase.label}")
        rnd = self.rounds[index]
        kind = decision.kind
        if kind == "wolf_kill":
            target = self._seat(rnd.get("eliminated"), f"round {index} eliminated")
            return Choice("skip") if target is None else Choice(f"seat:{target}")
        if kind == "guard":
            target = self._seat(rnd.get("protected"), f"round {index} protected")
            return Choice("skip") if target is None else Choice(f"seat:{target}")
        if kind == "seer_check":
            target = self._seat(rnd.get("unmasked"), f"round {index} unmasked")
            if target is None:
                raise RecordError(f"round {index}: the seer unmasked nobody")
            return Choice(f"seat:{target}")
        if kind == "speech":
            turns = [str(t[1]) for t in rnd.get("debate") or [] if isinstance(t, list | tuple) and len(t) == 2]
            names = [t[0] for t in rnd.get("debate") or [] if isinstance(t, list | tuple) and len(t) == 2]
            said = [text for name, text in zip(names, turns, strict=True) if self.seats.get(name) == decision.seat]
            return Choice("speak", " ".join(said))
        if kind == "exile_vote":
            votes = rnd.get("votes") or []
            final = votes[-1] if votes else {}
            if not isinstance(final, dict):
                raise RecordError(f"round {index}: votes must be objects of voter -> target")
            name = next((n for n, s in self.seats.items() if s == decision.seat), None)
            target = self._seat(final.get(name), f"round {index} vote of {name}")
            return Choice("skip") if target is None else Choice(f"seat:{target}")
        raise RecordError(f"{where(game)} the rules ask {kind!r}, which a Werewolf Arena log cannot answer")


def import_record(raw: Any, record_id: str, out: Path) -> Path:
    if not isinstance(raw, dict):
        raise RecordError("not a Werewolf Arena game state (a JSON object)")
    if raw.get("error_message"):
        raise RecordError(f"the game did not finish: {str(raw['error_message'])[:200]}")
    winner = str(raw.get("winner") or "").strip().lower()
    if winner not in WINNERS:
        raise RecordError(f"unknown winner {raw.get('winner')!r} (an unfinished game?)")
    players = _players(raw)
    names = sorted(str(p["name"]) for p in players)
    if len(set(names)) != len(names):
        raise RecordError("two players share a name")
    by_name = {str(p["name"]): p for p in players}
    roles = []
    for name in names:
        role = str(by_name[name].get("role", "")).strip().lower()
        if role not in ROLES:
            raise RecordError(f"{name}: unknown role {by_name[name].get('role')!r}")
        roles.append(ROLES[role])
    rounds = raw.get("rounds")
    if not isinstance(rounds, list) or not all(isinstance(r, dict) for r in rounds):
        raise RecordError("rounds must be a list of objects")
    seats = {name: i for i, name in enumerate(names)}
    config = GameConfig(
        variant=VARIANT,
        names=tuple(names),
        seed=int(hashlib.sha256(record_id.encode()).hexdigest()[:12], 16),
        language=LANGUAGE,
        roles=tuple(roles),
        options=dict(OPTIONS),
    )
    game = play_record(config, Answers(rounds, seats), expected_sides=WINNERS[winner])
    seat_infos = [
        SeatInfo(name=name, agent=f"werewolf-arena:{by_name[name].get('model') or 'unknown'}") for name in names
    ]
    source = {"format": "werewolf-arena", "record": record_id, "speech": "a player's debate turns of a day, joined"}
    return write_game(game, LANGUAGE, seat_infos, out, source)


def records_in(path: Path) -> list[tuple[str, Any]]:
    """One game per session folder: ``game_complete.json`` (``game_partial.json``: refused, named)."""
    if path.name == "game_logs.json":
        return []
    try:
        raw = json.loads(path.read_text(encoding="utf-8"))
    except (OSError, UnicodeDecodeError, json.JSONDecodeError) as exc:
        raise RecordError(f"cannot read JSON ({exc})") from None
    if path.name == "game_partial.json" and not raw.get("error_message"):
        raw = {**raw, "error_message": "game_partial.json (the session stopped)"}
    record_id = str(raw.get("session_id") or path.parent.name) if isinstance(raw, dict) else path.parent.name
    return [(record_id, raw)]
