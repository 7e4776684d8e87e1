"""One sha256 per ruleset × language over every prompt the real prompt builders render in heuristic games.

    PYTHONPATH=/path/to/checkout .venv/bin/python bench/prompt_digest.py [--games 2] [--variant V ...]
                                                                           [--dump FOLDER]

For each ruleset, each of its languages and seeds 1..N, an all-heuristic game is played on the ruleset's
first standard board (llm_werewolf/ladder.py). At every decision, the seat's :class:`SeatPrompter` renders
its prompt (system, user, cue, pick cue) under five profiles: ``openai`` (chat, JSON, speech acts),
``local`` (transcript), ``local`` with speech text and personas in picks, a chat profile without thoughts,
reasons or acts, and a chat profile with a short history budget (older lines left out). Every third
decision is also rendered with a refused answer and with a switch of language. Every public moment is also
rendered by the LLM narrator's prompt builder (chat and transcript, every third with refusal codes). Equal
digests mean byte-identical prompts: run it on both checkouts and compare; ``--dump`` writes every prompt
to ``FOLDER/<variant>.<language>.txt`` for a line diff.
"""

from __future__ import annotations

import argparse
import hashlib
from dataclasses import replace
from pathlib import Path
from typing import Any

from llm_werewolf.agents.heuristic import HeuristicAgent
from llm_werewolf.ladder import standard_boards
from llm_werewolf.llm.fake import FakeBackend
from llm_werewolf.llm.profiles import Profile, get_profile
from llm_werewolf.narration.checker import Verdict
from llm_werewolf.narration.llm import LLMNarrator, Told
from llm_werewolf.narration.moments import moment_of
from llm_werewolf.prompting.personas import pick_personas
from llm_werewolf.prompting.render import SeatPrompter
from llm_werewolf.rules import Game, GameConfig, ViewBuilder, all_rulesets
from llm_werewolf.speech.phrases import phrase_bank

REFUSALS = ("wrong_language", "unknown_seat", "adds_fact", "no_such_code")


def profiles() -> dict[str, Profile]:
    local = get_profile("local")
    openai = get_profile("openai")
    return {
        "openai": openai,
        "local": local,
        "local-speech": replace(local, speech_text=True, persona_in_picks=True),
        "chat-bare": replace(openai, speech_acts=0, thought_chars=0, reason_chars=0, persona_in_picks=False),
        "chat-short": replace(openai, history_chars=700),
    }


def seat_prompts(variant: str, language: str, players: int, seed: int) -> list[str]:
    names = tuple(list(phrase_bank(language, variant).genders)[:players])
    game = Game(GameConfig(variant=variant, names=names, seed=seed, language=language))
    personas = pick_personas(language, players, seed)
    prompters = {
        (name, seat): SeatPrompter(
            language=language, variant=variant, seat=seat, profile=profile, persona=personas[seat] if seat % 3 else None
        )
        for name, profile in profiles().items()
        for seat in range(players)
    }
    builders = [ViewBuilder(i) for i in range(players)]
    agent = HeuristicAgent(seed)
    out: list[str] = []
    published = count = 0
    while not game.over:
        for builder in builders:
            builder.extend(game.records[published:])
        published = len(game.records)
        for decision in game.pending:
            view = builders[decision.seat].view()
            for (name, seat), prompter in prompters.items():
                if seat != decision.seat:
                    continue
                tries: list[dict[str, Any]] = [{}]
                if count % 3 == 0:
                    tries += [{"error": "not one of the options", "attempt": 1}, {"switch_language": True}]
                for extra in tries:
                    prompt = prompter.prompt(view, decision, **extra)
                    out.append(f"== seat {seat} {name} {decision.kind} {sorted(extra)}")
                    out += [prompt.system, "--", prompt.user, "--", prompt.cue, "--", prompt.pick_cue]
            count += 1
            game.submit(decision.id, agent.choose(view, decision))
    return out + narrator_prompts(variant, language, names, game)


def narrator_prompts(variant: str, language: str, names: tuple[str, ...], game: Game) -> list[str]:
    out: list[str] = []
    for name in ("openai", "local"):
        narrator = LLMNarrator(variant, language, names, FakeBackend(profile=get_profile(name)))
        for index, record in enumerate(game.records):
            if record.vis.scope != "public":
                continue
            narrator.facts.add(record)
            narrator.template.memory.add(record)
            moment = moment_of(record)
            rendered = narrator.template.render(moment) if moment is not None else None
            if moment is None or rendered is None:
                continue
            key, fact = rendered
            narrator.spoken.append(fact)
            problem = Verdict(problems=tuple(f"{code}: x" for code in REFUSALS)) if index % 3 == 0 else None
            request = narrator.request(moment, fact, 1 if problem else 0, problem)
            out.append(f"== narrator {name} {key}")
            out += [request.system, "--", request.user, "--", request.cue]
            narrator.told.append(Told(fact, f"{fact} ({index})"))
    return out


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--games", type=int, default=2, help="Games per ruleset × language (default 2).")
    parser.add_argument("--variant", action="append", help="Only these rulesets (repeatable).")
    parser.add_argument("--dump", type=Path, help="Write every prompt to FOLDER/<variant>.<language>.txt.")
    args = parser.parse_args()
    for ruleset in all_rulesets():
        if args.variant and ruleset.id not in args.variant:
            continue
        players = standard_boards(ruleset.id)[0]
        for language in ruleset.languages:
            texts: list[str] = []
            for seed in range(1, args.games + 1):
                texts += seat_prompts(ruleset.id, language, players, seed)
            body = "\n".join(texts) + "\n"
            if args.dump:
                args.dump.mkdir(parents=True, exist_ok=True)
                (args.dump / f"{ruleset.id}.{language}.txt").write_text(body, encoding="utf-8")
            prompts = sum(1 for line in texts if line.startswith("== "))
            digest = hashlib.sha256(body.encode()).hexdigest()
            print(f"{ruleset.id} {players} {language} prompts={prompts} {digest}", flush=True)


if __name__ == "__main__":
    main()
