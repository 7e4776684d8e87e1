"""Speech measures over finished games (docs/speech-acts.md, "Measures").

Per ruleset × language:

* ``coherent``: share of said speeches that pass the coherence check (:mod:`llm_werewolf.speech.coherence`,
  without the prompt-copy rule: the prompt is not in the transcript);
* ``model_text_ok``: model seats only, share of their *free texts* that passed (``SpeechCheck``; ``—``
  when no text was asked for: ``Profile.speech_text`` off, counted in ``acts_only``);
* ``acts_only``: model seats only, share of speeches asked for acts alone (no words);
* ``voiced``: model seats only, share of speeches whose acts were voiced instead;
* ``distinct``: distinct speeches / speeches, per game, averaged;
* ``consistent``: share of village-side acts (claims, results, accusations, votes,
  vouches) that agree with the speaker's own knowledge (:func:`llm_werewolf.speech.truth.consistent`);
* ``words``: mean and median words per speech (Chinese: characters);
* ``fallbacks``: decisions (speeches or not) a seat did not make itself (``Fallback`` records: an
  error or timeout handed them to the heuristic player), so that such games can be told apart.

Usage::

    python -m llm_werewolf.evaluation.speech_measure --play heuristic --games 20      # every ruleset, both languages
    python -m llm_werewolf.evaluation.speech_measure transcripts/*.jsonl              # any recorded games
"""

from __future__ import annotations

import argparse
import statistics
import unicodedata
from collections import defaultdict
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field
from pathlib import Path

from ..rules import GameConfig, get_ruleset
from ..rules.events import Record, RoleAssigned, Speech
from ..rules.views import build_view
from ..speech.coherence import ACTS_ONLY, check_coherence
from ..speech.truth import consistent
from ..table_notes import Fallback, SpeechCheck

VILLAGE_SIDES = frozenset({"village", "farmers", "town"})


@dataclass
class Tally:
    games: int = 0
    speeches: int = 0
    coherent: int = 0
    distinct: list[float] = field(default_factory=list)
    acts: int = 0
    village_acts: int = 0
    village_consistent: int = 0
    words: list[int] = field(default_factory=list)
    checks: int = 0
    texts: int = 0
    """Checks of a free text the model was asked for (``checks`` less the acts-only ones)."""
    model_ok: int = 0
    voiced: int = 0
    fallbacks: int = 0

    def row(self) -> dict[str, float | int | None]:
        def share(a: int, b: int) -> float | None:
            return round(a / b, 3) if b else None

        return {
            "games": self.games,
            "speeches": self.speeches,
            "coherent": share(self.coherent, self.speeches),
            "distinct": round(statistics.mean(self.distinct), 3) if self.distinct else None,
            "acts_per_speech": round(self.acts / self.speeches, 2) if self.speeches else None,
            "consistent": share(self.village_consistent, self.village_acts),
            "village_acts": self.village_acts,
            "words_mean": round(statistics.mean(self.words), 1) if self.words else None,
            "words_median": statistics.median(self.words) if self.words else None,
            "model_text_ok": share(self.model_ok, self.texts),
            "acts_only": share(self.checks - self.texts, self.checks),
            "voiced": share(self.voiced, self.checks),
            "fallbacks": self.fallbacks,
        }


def word_count(text: str, language: str) -> int:
    if language == "zh-Hant":
        return sum(1 for c in text if unicodedata.name(c, "").startswith("CJK"))
    return len(text.split())


def _side(variant: str, role: str | None) -> str | None:
    if role is None:
        return None
    info = get_ruleset(variant).roles.get(role)
    return info.side if info is not None else None


def measure_game(records: Sequence[Record], variant: str, language: str, tally: Tally) -> None:
    """Add one game's speeches to ``tally``."""
    tally.games += 1
    texts: list[str] = []
    roles: dict[int, str] = {}
    for index, record in enumerate(records):
        event = record.event
        if isinstance(event, RoleAssigned):
            roles.setdefault(event.seat, event.role)
        elif isinstance(event, Fallback):
            tally.fallbacks += 1
        elif isinstance(event, SpeechCheck):
            tally.checks += 1
            if ACTS_ONLY not in event.reasons:
                tally.texts += 1
                tally.model_ok += event.coherent
            tally.voiced += event.source == "voiced"
        elif isinstance(event, Speech):
            view = build_view(records[:index], event.seat)
            tally.speeches += 1
            tally.coherent += check_coherence(event.text, view, earlier=texts).ok
            texts.append(event.text)
            tally.words.append(word_count(event.text, language))
            tally.acts += len(event.acts)
            if _side(variant, roles.get(event.seat)) in VILLAGE_SIDES:
                for act in event.acts:
                    verdict = consistent(act, records[:index], event.seat, variant)
                    if verdict is not None:
                        tally.village_acts += 1
                        tally.village_consistent += verdict
    if texts:
        tally.distinct.append(len(set(texts)) / len(texts))


def play_heuristic(variant: str, language: str, seed: int) -> list[Record]:
    from ..agents.heuristic import HeuristicAgent
    from ..sim import play_with_agents
    from ..texts import default_names

    ruleset = get_ruleset(variant)
    players = {"chinese_werewolf": 9, "lebanese_ghouls": 8, "one_night": 6, "city_mafia": 10, "online_mafia": 12}.get(
        variant, ruleset.min_players
    )
    names = default_names(language, players)
    config = GameConfig(variant=variant, names=names, seed=seed, language=language)
    game = play_with_agents(config, [HeuristicAgent(seed=seed * 1009 + i) for i in range(players)])
    return list(game.records)


def _transcripts(paths: Iterable[Path]) -> Iterable[tuple[str, str, list[Record]]]:
    from ..transcript import read_transcript

    for path in paths:
        transcript = read_transcript(path)
        yield transcript.header.variant, transcript.header.language, list(transcript.records)


def main(argv: Sequence[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0] if __doc__ else None)
    parser.add_argument("transcripts", nargs="*", type=Path)
    parser.add_argument("--play", choices=["heuristic"], help="play new games instead of reading transcripts")
    parser.add_argument("--games", type=int, default=20)
    parser.add_argument("--variant", action="append", help="ruleset id (repeat; default: all five)")
    parser.add_argument("--lang", action="append", help="language (repeat; default: source language and en)")
    args = parser.parse_args(argv)
    tallies: dict[tuple[str, str], Tally] = defaultdict(Tally)
    if args.play:
        variants = args.variant or ["chinese_werewolf", "lebanese_ghouls", "one_night", "city_mafia", "online_mafia"]
        for variant in variants:
            for language in args.lang or get_ruleset(variant).languages:
                for seed in range(args.games):
                    records = play_heuristic(variant, language, seed)
                    measure_game(records, variant, language, tallies[(variant, language)])
    for variant, language, records in _transcripts(args.transcripts):
        measure_game(records, variant, language, tallies[(variant, language)])
    columns = [
        "games",
        "speeches",
        "coherent",
        "distinct",
        "acts_per_speech",
        "consistent",
        "village_acts",
        "words_mean",
        "words_median",
        "model_text_ok",
        "acts_only",
        "voiced",
        "fallbacks",
    ]
    print("| ruleset | lang | " + " | ".join(columns) + " |")
    print("|---|---|" + "---|" * len(columns))
    for (variant, language), tally in sorted(tallies.items()):
        row = tally.row()
        cells = ["—" if row[c] is None else str(row[c]) for c in columns]
        print(f"| {variant} | {language} | " + " | ".join(cells) + " |")


if __name__ == "__main__":
    main()
