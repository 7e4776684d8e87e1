"""Speeches that announce what they do not say, over the games of ``bench/heuristic_digest.py``.

    PYTHONPATH=/path/to/checkout .venv/bin/python bench/opener_promises.py [--games 20] [--variant V ...]
                                                                          [--prompts DIR] [--show N]

The same games as ``heuristic_digest.py --games N --languages`` (seeds 1..N, every standard board,
seats ``P1..Pn`` in English and each source language with its default names, every seat a
``HeuristicAgent``). A phrasing that announces content is tagged in its phrase bank
(``promises:`` of ``<DIR>/<lang>/common/phrases.yaml``; DIR defaults to this checkout's ``prompts``,
so the tags of one checkout can be measured on the games of another). Each speech's text is read
for the tagged phrasings it says, and each promise is checked against the speech's recorded acts,
independently of ``llm_werewolf.speech.promises``:

* summary: two ``reason`` acts at least; facts: one; read: an act on another seat (accuse, defend,
  vote, agree, disagree, reason) or an answer naming a seat; suspicion: accuse, vote, reason or
  disagree on another seat; points: two acts; question: an ``ask``; question_next: the first act an
  ``ask`` and no ``lead.*`` line; proof: a ``result``; earlier: the speaker spoke (with words) before.

One row per language: speeches with words, speeches saying a tagged phrasing, and those of them
that break a promise (the target is 0); then the winning sides per board, to compare checkouts.
"""

from __future__ import annotations

import argparse
import re
from collections import Counter, defaultdict
from pathlib import Path

import yaml

from llm_werewolf.agents.heuristic import HeuristicAgent
from llm_werewolf.ladder import standard_boards
from llm_werewolf.rules import GameConfig, all_rulesets
from llm_werewolf.rules.events import Speech
from llm_werewolf.sim import SyncAgent, play_with_agents
from llm_werewolf.speech.phrases import phrase_bank

_SLOT = re.compile(r"\{([a-z_]+)(?::([^{}]*))?\}")
_READ = {"accuse", "defend", "vote", "agree", "disagree", "reason"}
_SUSPICION = {"accuse", "vote", "reason", "disagree"}


def _pattern(template: str) -> re.Pattern[str]:
    """A template as a regex: agreeing forms as alternatives, other placeholders as any words."""
    out: list[str] = []
    last = 0
    for match in _SLOT.finditer(template):
        out.append(re.escape(template[last : match.start()]))
        slot, arg = match.group(1), match.group(2)
        if slot in ("g", "t", "o") and arg is not None:
            out.append("(?:" + "|".join(re.escape(form) for form in arg.split("|")) + ")")
        else:
            out.append(".+?")
        last = match.end()
    out.append(re.escape(template[last:]))
    return re.compile("".join(out))


def _tags(prompts: Path, language: str) -> tuple[list[tuple[re.Pattern[str], str, str]], list[re.Pattern[str]]]:
    """(pattern, promise, template) of each tagged phrasing of ``language``, and the patterns of its lead lines."""
    data = yaml.safe_load((prompts / language / "common" / "phrases.yaml").read_text(encoding="utf-8"))
    tagged = [(_pattern(t), promise, t) for promise, lines in (data.get("promises") or {}).items() for t in lines]
    leads = [_pattern(t) for key, lines in data["acts"].items() if key.startswith("lead.") for t in lines]
    return tagged, leads


def _kept(promise: str, speech: Speech, led: bool, spoke: bool) -> bool:
    acts = speech.acts
    reasons = sum(1 for a in acts if a.kind == "reason")
    if promise == "summary":
        return reasons >= 2
    if promise == "facts":
        return reasons >= 1
    if promise == "read":
        return any(a.kind in _READ and a.target not in (None, speech.seat) for a in acts) or any(
            a.kind == "answer" and a.fact in ("vote", "trust") and a.other is not None for a in acts
        )
    if promise == "suspicion":
        return any(a.kind in _SUSPICION and a.target not in (None, speech.seat) for a in acts)
    if promise == "points":
        return len(acts) >= 2
    if promise == "question":
        return any(a.kind == "ask" for a in acts)
    if promise == "question_next":
        return not led and bool(acts) and acts[0].kind == "ask"
    if promise == "proof":
        return any(a.kind == "result" for a in acts)
    if promise == "earlier":
        return spoke
    raise ValueError(promise)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--games", type=int, default=20, help="Games per board and language (default 20).")
    parser.add_argument("--variant", action="append", help="Only these rulesets (repeatable).")
    parser.add_argument("--prompts", type=Path, default=Path(__file__).resolve().parent.parent / "prompts")
    parser.add_argument("--show", type=int, default=0, help="Print up to N speeches that break a promise.")
    args = parser.parse_args()
    speeches: Counter[str] = Counter()
    tagged_speeches: Counter[str] = Counter()
    broken: Counter[str] = Counter()
    by_promise: dict[str, Counter[str]] = defaultdict(Counter)
    winners: dict[str, Counter[str]] = defaultdict(Counter)
    shown = 0
    for ruleset in all_rulesets():
        if args.variant and ruleset.id not in args.variant:
            continue
        for players in standard_boards(ruleset.id):
            for language in (None, *ruleset.languages):
                lang = language or "en"
                if language is None:
                    names = tuple(f"P{i + 1}" for i in range(players))
                else:
                    names = tuple(list(phrase_bank(language, ruleset.id).genders)[:players])
                    if len(names) < players:
                        continue
                tagged, leads = _tags(args.prompts, lang)
                for seed in range(1, args.games + 1):
                    agents: list[SyncAgent] = [HeuristicAgent(seed=seed * 1009 + i) for i in range(players)]
                    config = GameConfig(variant=ruleset.id, names=names, seed=seed, language=language)
                    game = play_with_agents(config, agents)
                    outcome = game.outcome
                    board = f"{ruleset.id} {players} {language or '-'}"
                    winners[board]["+".join(outcome.sides) if outcome and outcome.sides else "nobody"] += 1
                    spoke: set[int] = set()
                    for record in game.records:
                        event = record.event
                        if not isinstance(event, Speech) or not event.text.strip():
                            continue
                        speeches[lang] += 1
                        said = [(promise, t) for pattern, promise, t in tagged if pattern.search(event.text)]
                        led = any(pattern.search(event.text) for pattern in leads)
                        if said:
                            tagged_speeches[lang] += 1
                            bad = [(p, t) for p, t in said if not _kept(p, event, led, event.seat in spoke)]
                            if bad:
                                broken[lang] += 1
                                for promise, _ in bad:
                                    by_promise[lang][promise] += 1
                                if shown < args.show:
                                    shown += 1
                                    kinds = " ".join(a.kind for a in event.acts)
                                    print(f"  [{board} seed {seed}] {bad[0][0]}: {event.text}  <acts: {kinds}>")
                        if event.to is None:
                            spoke.add(event.seat)
    print(f"{'language':<8} {'speeches':>8} {'tagged':>7} {'broken':>7}  broken by promise")
    for lang in sorted(speeches):
        detail = ", ".join(f"{p} {n}" for p, n in sorted(by_promise[lang].items()))
        print(f"{lang:<8} {speeches[lang]:>8} {tagged_speeches[lang]:>7} {broken[lang]:>7}  {detail}")
    print("winning sides per board (language '-': seats P1..Pn, English)")
    for board, sides in winners.items():
        print(f"  {board}: " + ", ".join(f"{side} {n}" for side, n in sorted(sides.items())))


if __name__ == "__main__":
    main()
