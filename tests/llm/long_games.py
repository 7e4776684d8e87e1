"""Long games for prompt-size checks: heuristic play where every vote, kill and night action that may be
skipped is skipped, so that games run ten rounds or more, with the prompt a model seat would get built
at every decision by the real prompt builder (:class:`SeatPrompter`)."""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass

from llm_werewolf.agents.heuristic import HeuristicAgent
from llm_werewolf.llm.profiles import get_profile
from llm_werewolf.prompting.budgets import BUDGETS, PromptBudgets
from llm_werewolf.prompting.render import Prompt, SeatPrompter
from llm_werewolf.rules import Choice, Decision, Game, GameConfig, SeatView, ViewBuilder

PASSIVE = ("skip", "abstain", "none", "no", "innocent", "sleep", "stay")
"""Option ids that let a night pass without a death or a day without an exile, taken where legal."""

LANGUAGES = {
    "chinese_werewolf": ("zh-Hant", "en"),
    "city_mafia": ("ru", "en"),
    "lebanese_ghouls": ("ar-LB", "en"),
    "one_night": ("ar", "en"),
    "online_mafia": ("he", "en"),
}
"""Every ruleset with each language it has prompts in."""

DECKS: dict[str, tuple[str, ...]] = {
    "chinese_werewolf": ("werewolf", "werewolf", "werewolf", "seer", "witch", "hunter", "guard", *("villager",) * 5),
    "city_mafia": ("don", "sheriff", *("citizen",) * 10),
    "lebanese_ghouls": ("ghoul", "jara", "sayyad", *("farmer",) * 9),
    "one_night": ("werewolf", "werewolf", "minion", "seer", "robber", "troublemaker", "drunk", "insomniac",
                  "mason", "mason", "tanner", "hunter", "villager", "villager", "villager"),
    "online_mafia": ("mafioso", "doctor", "escort", *("citizen",) * 9),
}  # fmt: skip
"""Twelve seats (one_night: its largest board, 12 players and the 3 center cards) with one killer where a
killer must kill every night, so that a game lasts ten rounds or more."""
CENTER = {"one_night": 3}
"""Cards of the deck dealt to the center, not to a seat."""
QUIET_NIGHTS = frozenset({"chinese_werewolf", "one_night"})
"""Rulesets whose nights may pass without a kill for as long as the game goes (the others end on quiet nights
or have no skip for the kill)."""


@dataclass(frozen=True, slots=True)
class Turn:
    view: SeatView
    decision: Decision
    prompt: Prompt


def passive_choice(heuristic: HeuristicAgent, view: SeatView, decision: Decision, *, nights: bool) -> Choice:
    """A passive option where the decision has one (``skip``, ``abstain``...), else the heuristic's choice;
    at night only when ``nights`` (a ruleset that ends a game after quiet nights needs its kills)."""
    if view.phase.startswith("night") and not nights:
        return heuristic.choose(view, decision)
    ids = [option.id for option in decision.options]
    for wanted in PASSIVE:
        if wanted in ids:
            return Choice(wanted)
    return heuristic.choose(view, decision)


def long_game(
    variant: str,
    language: str,
    *,
    seed: int = 0,
    profile: str = "openai",
    days: int = 11,
    budgets: PromptBudgets = BUDGETS,
) -> Iterator[Turn]:
    """Every decision of one passive game up to the end of day ``days``, with the prompt that seat's model
    would receive."""
    deck = DECKS[variant]
    players = len(deck) - CENTER.get(variant, 0)
    names = tuple(f"P{i + 1}" for i in range(players))
    game = Game(GameConfig(variant=variant, names=names, seed=seed, language=language, deck=deck))
    builders = [ViewBuilder(i) for i in range(players)]
    prompters = [
        SeatPrompter(language=language, variant=variant, seat=i, profile=get_profile(profile), budgets=budgets)
        for i in range(players)
    ]
    heuristic = HeuristicAgent(seed)
    published = 0
    while not game.over:
        for builder in builders:
            builder.extend(game.records[published:])
        published = len(game.records)
        if game.state.days_played > days:
            return
        for decision in game.pending:
            view = builders[decision.seat].view()
            yield Turn(view, decision, prompters[decision.seat].prompt(view, decision))
            game.submit(decision.id, passive_choice(heuristic, view, decision, nights=variant in QUIET_NIGHTS))


def rounds(turns: list[Turn]) -> int:
    """Rounds reached (the highest night or day number a decision was asked in)."""
    return max((int(t.view.phase.partition(":")[2] or 0) for t in turns), default=0)
