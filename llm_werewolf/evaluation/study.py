"""A study: every transcript under a folder, which of them are scored, and all metrics at once."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from ..transcript import TranscriptError
from .adherence import rule_adherence
from .applicability import declaration, games_for
from .claims import ClaimSource, claim_honesty
from .cost import cost
from .deception import deception
from .facts import BadGame, GameFacts
from .language import language_fidelity, speech_validity
from .leakage import leakage
from .ledger import LEDGER_NAME, read_ledger
from .load import load_facts
from .outcomes import key_role_survival, margin_and_speed, win_rates
from .paired import paired_differences
from .probe_metrics import persuasion, suspicion_calibration
from .ratings import ratings
from .voting import voting_metrics


@dataclass
class Study:
    root: Path
    games: list[GameFacts] = field(default_factory=list)
    """Scored games only."""
    unscored: list[tuple[str, str]] = field(default_factory=list)
    """(path or key, reason) of every game left out."""
    wall_times: dict[str, float] = field(default_factory=dict)


def load_study(root: str | Path, max_fallback_share: float | None = None) -> Study:
    """Read every ``*.jsonl`` transcript under ``root`` (the ledger says which games failed); a model
    seat that fell back on more than ``max_fallback_share`` of its decisions is scored as the fallback."""
    root = Path(root)
    study = Study(root=root)
    ledgers: dict[Path, dict[str, Any]] = {}
    for folder in sorted({p.parent for p in root.rglob(LEDGER_NAME)} | ({root} if root.is_dir() else set())):
        for entry in read_ledger(folder).values():
            ledgers[(folder / entry.path).resolve()] = {"entry": entry}
            if entry.status != "done":
                study.unscored.append((entry.key, f"{entry.status}: {entry.reason}"))
    paths = [root] if root.is_file() else sorted(p for p in root.rglob("*.jsonl") if p.name != LEDGER_NAME)
    for path in paths:
        known = ledgers.get(path.resolve())
        if known is not None and known["entry"].status != "done":
            continue
        try:
            facts = load_facts(path, max_fallback_share)
        except TranscriptError as exc:
            study.unscored.append((str(path), f"unreadable: {_without_path(str(exc), path)}"))
            continue
        except BadGame as exc:
            study.unscored.append((str(path), f"cannot be scored: {exc}"))
            continue
        except Exception as exc:  # any other fault of one file: report it, score the rest
            study.unscored.append((str(path), f"cannot be scored: {type(exc).__name__}: {exc}"))
            continue
        if not facts.complete:
            study.unscored.append((str(path), "incomplete: the game did not end"))
            continue
        study.games.append(facts)
        if known is not None and known["entry"].wall_s:
            study.wall_times[facts.game_id] = known["entry"].wall_s
    return study


def _without_path(message: str, path: Path) -> str:
    """The reader's message names the file already; the report names it once."""
    prefix = f"{path}:"
    return message[len(prefix) :].lstrip() if message.startswith(prefix) else message


def evaluate(
    games: Sequence[GameFacts],
    *,
    wall_times: dict[str, float] | None = None,
    k: int = 1,
    claim_source: ClaimSource = "auto",
    bootstrap: int = 100,
    seed: int = 0,
) -> dict[str, Any]:
    """Every metric over ``games`` as one JSON-ready dict."""
    variants: dict[str, int] = {}
    for game in games:
        variants[game.variant] = variants.get(game.variant, 0) + 1
    return {
        "games": len(games),
        "variants": dict(sorted(variants.items())),
        "models": sorted({m for g in games for m in g.models}),
        "applicability": declaration(games),
        "win_rate": win_rates(games).as_dict(),
        "paired": paired_differences(games, seed=seed),
        "margin_speed": margin_and_speed(games_for("margin", games)),
        "key_role_survival": key_role_survival(games_for("key_role_survival", games)).as_dict(),
        "voting": voting_metrics(games).as_dict(),
        "claims": claim_honesty(games, k=k, source=claim_source).as_dict(),
        "deception": deception(games).as_dict(),
        "rule_adherence": rule_adherence(games),
        "speech_validity": speech_validity(games),
        "language_fidelity": language_fidelity(games),
        "leakage": leakage(games),
        "cost": cost(games, wall_times),
        "ratings": ratings(games, samples=bootstrap, seed=seed),
        "probes": {"persuasion": persuasion(games), "suspicion": suspicion_calibration(games)},
    }
