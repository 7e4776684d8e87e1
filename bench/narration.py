"""Narration: repeats on later nights, story lines said twice, and the reveal check (docs/narrator.md).

    PYTHONPATH=. .venv/bin/python bench/narration.py [--games 20] [--reveal-games 200] [--variant V ...]

Variety: ``--games`` all-heuristic games per ruleset and language (the source language and English) on
the ruleset's first standard board (llm_werewolf/ladder.py), seeds 1..N, seats named from the phrase
bank (so gender agreement is exercised), each seat a ``HeuristicAgent`` (seed ``seed * 1009 + i``), the
template narrator seeded as ``play`` seeds it. The narration is cut into rounds at each night's
``PhaseStarted`` (a round: the night and the day after it). *Repeated* is the share of the narrator's
characters in rounds 2+ that belong to a line said word for word in an earlier round of the same game
(pooled over every game); *sentences* is the same share counted sentence by sentence (a host cue
that keeps the seed's ritual words, «Просыпается Путана.», counts as a repeat there even when its frame
changes). *Story twice* counts story lines (:mod:`llm_werewolf.describe.story`) said
word for word twice in one game.

Reveal: ``--reveal-games`` seeded random games per ruleset and language, every rule switch drawn at
random and a random legal deck half of the time (tests/narration/support.py), checked with
:mod:`llm_werewolf.narration.reveal` (a line naming a seat with its hidden card).
"""

from __future__ import annotations

import argparse
import json
from collections.abc import Sequence
from dataclasses import dataclass

from llm_werewolf.agents.heuristic import HeuristicAgent
from llm_werewolf.describe.story import load_story
from llm_werewolf.ladder import standard_boards
from llm_werewolf.narration import TemplateNarrator
from llm_werewolf.narration.reveal import reveals
from llm_werewolf.narration.vocabulary import sentences
from llm_werewolf.rules import GameConfig, all_rulesets, get_ruleset
from llm_werewolf.rules.events import PhaseStarted, Record
from llm_werewolf.seeds import derive_seed
from llm_werewolf.sim import SyncAgent, play_with_agents
from llm_werewolf.speech.phrases import phrase_bank
from tests.narration.support import random_game


@dataclass
class Variety:
    later_chars: int = 0
    repeated_chars: int = 0
    sentence_chars: int = 0
    repeated_sentence_chars: int = 0
    story_lines: int = 0
    story_twice: int = 0
    games: int = 0
    rounds: int = 0

    @property
    def share(self) -> float | None:
        return self.repeated_chars / self.later_chars if self.later_chars else None

    @property
    def sentence_share(self) -> float | None:
        return self.repeated_sentence_chars / self.sentence_chars if self.sentence_chars else None


def narration(records: Sequence[Record], narrator: TemplateNarrator) -> list[tuple[int, str, str]]:
    """(round, key, text) of every narrated record; round 0 is before the first night."""
    out: list[tuple[int, str, str]] = []
    round_ = 0
    for record in records:
        if isinstance(record.event, PhaseStarted) and record.event.phase == "night":
            round_ += 1
        line = narrator.line_for(record)
        if line is not None:
            out.append((round_, line.key, line.text))
    return out


def variety(variant: str, language: str, games: int) -> Variety:
    players = standard_boards(variant)[0]
    names = tuple(list(phrase_bank(language, variant).genders)[:players])
    if len(names) < players:
        names = tuple(f"P{i + 1}" for i in range(players))
    story = load_story(language, variant)
    out = Variety()
    for seed in range(1, games + 1):
        agents: list[SyncAgent] = [HeuristicAgent(seed=seed * 1009 + i) for i in range(players)]
        game = play_with_agents(GameConfig(variant=variant, names=names, seed=seed, language=language), agents)
        narrator = TemplateNarrator(variant, language, names, seed=derive_seed(seed, "narrator"))
        lines = narration(game.records, narrator)
        earlier: dict[str, int] = {}
        earlier_sentences: dict[str, int] = {}
        told: set[str] = set()
        for round_, key, text in lines:
            if round_ >= 2:
                out.later_chars += len(text)
                if text in earlier and earlier[text] < round_:
                    out.repeated_chars += len(text)
            earlier.setdefault(text, round_)
            for sentence in sentences(text):
                if round_ >= 2:
                    out.sentence_chars += len(sentence)
                    if earlier_sentences.get(sentence, round_) < round_:
                        out.repeated_sentence_chars += len(sentence)
                earlier_sentences.setdefault(sentence, round_)
            if story.moment_of(key) is not None:
                out.story_lines += 1
                if text in told:
                    out.story_twice += 1
                told.add(text)
        out.games += 1
        out.rounds += max((r for r, _, _ in lines), default=0)
    return out


def reveal_count(variant: str, language: str, games: int) -> tuple[int, list[str]]:
    found: list[str] = []
    for seed in range(games):
        game = random_game(variant, seed, language)
        found += [f"seed {seed}: {r}" for r in reveals(game, language, seed=derive_seed(seed, "narrator"))]
    return games, found


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--games", type=int, default=20)
    parser.add_argument("--reveal-games", type=int, default=200)
    parser.add_argument("--variant", action="append")
    parser.add_argument("--json", action="store_true")
    args = parser.parse_args()
    variants = args.variant or sorted(r.id for r in all_rulesets())
    rows = []
    for variant in variants:
        source = get_ruleset(variant).source_language
        for language in (source, "en"):
            v = variety(variant, language, args.games) if args.games else Variety()
            checked, found = reveal_count(variant, language, args.reveal_games)
            share = v.share
            rows.append(
                {
                    "variant": variant,
                    "language": language,
                    "games": v.games,
                    "rounds": v.rounds,
                    "repeated_later_rounds": None if share is None else round(share, 4),
                    "repeated_sentences_later_rounds": None if v.sentence_share is None else round(v.sentence_share, 4),
                    "story_lines": v.story_lines,
                    "story_twice": v.story_twice,
                    "reveal_games": checked,
                    "reveals": len(found),
                }
            )
            if not args.json:
                shown = "n/a" if share is None else f"{share:6.1%}"
                by_sentence = "n/a" if v.sentence_share is None else f"{v.sentence_share:6.1%}"
                print(
                    f"{variant:17} {language:7} games {v.games:3} rounds {v.rounds:4}  repeated {shown:>7}  "
                    f"(sentences {by_sentence:>7})  "
                    f"story lines {v.story_lines:4} said twice {v.story_twice}  "
                    f"reveal: {len(found)} in {checked} games",
                    flush=True,
                )
                for line in found[:5]:
                    print("    ", line)
    if args.json:
        print(json.dumps(rows, ensure_ascii=False, indent=1))


if __name__ == "__main__":
    main()
