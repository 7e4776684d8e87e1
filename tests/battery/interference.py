"""Battery item 2b, non-interference: a hidden fact of other seats does not reach a seat's view.

Two games with the same seed differ in one hidden fact: the cards of two seats
``j`` and ``k`` (neither of them the observer ``i``) are swapped, or one seat's
card is swapped with a center card. Every seat plays a *role-blind* script: its
n-th decision of a kind is a seeded pick among the offered options (a function of
what the seat itself was asked, never of its card), and it speaks a fixed line.

Seat ``i``'s views of the two games must then be identical until the rules
legitimately reveal something that depends on the hidden fact: the first record
at which they differ (ignoring sequence numbers and decision ids, which count
records the seat does not see) must be a *revealing* one (a death announced, a
private result to ``i``, an announcement or status, the end of the game...).
A difference that first shows in a cue, a phase, a question put to ``i``, a
speech or a public ballot is a leak. The prompts rendered for ``i`` at each of
its decisions before that point must be byte-identical too.
"""

from __future__ import annotations

import random
from dataclasses import dataclass, field
from typing import Any

from llm_werewolf.llm.profiles import get_profile
from llm_werewolf.prompting.render import SeatPrompter
from llm_werewolf.rules import Choice, Decision, Game, GameConfig, Record, build_view, get_ruleset
from llm_werewolf.rules.events import VoteCast, VoteTally, field_names

from .games import names_for, players_for, prompt_languages

NEVER_FIRST = frozenset(
    {
        "phase_started",
        "cue",
        "asked",
        "choice",
        "speech",
        "whisper_noticed",
        "game_started",
        "public_vote",
        "public_tally",
    }
)
"""Kinds that cannot explain a difference: the rules reveal nothing through them (a public ballot of
role-blind voters, a cue, a phase, a question put to the seat, a speech)."""

SPOKEN = "…"


@dataclass(frozen=True, slots=True)
class Swap:
    """The hidden fact changed: the cards of ``a`` and ``b`` (``b`` may be a center slot)."""

    a: int
    b: int
    center: bool = False


@dataclass
class Divergence:
    """Where seat ``observer``'s two views first differ (``index`` into its view; ``None``: never)."""

    observer: int
    swap: Swap
    index: int | None
    first: tuple[str, str] | None
    """The kinds of the two records at ``index`` (``"-"`` where one view has ended)."""
    prompts_compared: int = 0
    prompt_differences: list[str] = field(default_factory=list)
    seq_channel: bool = False
    """Whether the sequence numbers of the seat's records differed before ``index`` (not shown in prompts)."""

    @property
    def leak(self) -> str | None:
        """Why the divergence is a leak (``None``: legitimate or no divergence)."""
        if self.prompt_differences:
            return f"prompts differ before the reveal: {self.prompt_differences[0]}"
        if self.first is None:
            return None
        if all(kind in NEVER_FIRST or kind == "-" for kind in self.first):
            return f"seat {self.observer + 1}'s view first differs at a {'/'.join(self.first)} record"
        return None


class RoleBlind:
    """The script: the seat's n-th decision of a kind picks a seeded option; speeches are one fixed line."""

    def __init__(self, seed: int) -> None:
        self.seed = seed
        self.counts: dict[tuple[int, str], int] = {}

    def choose(self, decision: Decision) -> Choice:
        key = (decision.seat, decision.kind)
        n = self.counts.get(key, 0)
        self.counts[key] = n + 1
        rng = random.Random(f"{self.seed}:{decision.seat}:{decision.kind}:{n}")
        option = rng.choice(decision.option_ids)
        return Choice(option, text=SPOKEN) if decision.speech else Choice(option)


def play_scripted(config: GameConfig, seed: int, observer: int) -> tuple[Game, list[tuple[int, Decision]]]:
    """Play ``config`` with the role-blind script.

    Returns the game and the observer's decisions, each with the log length when it was asked.
    """
    game = Game(config)
    script = RoleBlind(seed)
    asked: list[tuple[int, Decision]] = []
    while not game.over:
        for decision in game.pending:
            if decision.seat == observer:
                asked.append((len(game.records), decision))
            game.submit(decision.id, script.choose(decision))
    return game, asked


def _normal(record: Record) -> tuple[Any, ...]:
    event = record.event
    names = field_names(event)
    fields = tuple((name, getattr(event, name)) for name in names if name != "decision_id")
    return (record.phase, record.vis.scope, record.vis.seats, fields)


def _kind(record: Record | None) -> str:
    if record is None:
        return "-"
    kind = str(getattr(record.event, "kind", "?"))
    if isinstance(record.event, (VoteCast, VoteTally)) and record.vis.scope == "public":
        return f"public_{kind}"
    return kind


def swapped_deal(config: GameConfig, swap: Swap) -> GameConfig:
    roles = list(config.roles or ())
    extra = list(config.extra)
    if swap.center:
        roles[swap.a], extra[swap.b] = extra[swap.b], roles[swap.a]
    else:
        roles[swap.a], roles[swap.b] = roles[swap.b], roles[swap.a]
    return GameConfig(
        variant=config.variant,
        names=config.names,
        seed=config.seed,
        language=config.language,
        roles=tuple(roles),
        extra=tuple(extra),
        options=config.options,
    )


def dealt(variant: str, seed: int, language: str | None = None) -> GameConfig:
    """The standard deal of ``seed``, fixed seat by seat."""
    players = players_for(variant)
    lang = language or get_ruleset(variant).source_language
    names = names_for(lang, players)
    game = Game(GameConfig(variant=variant, names=names, seed=seed, language=lang))
    state = game.state
    return GameConfig(
        variant=variant,
        names=names,
        seed=seed,
        language=lang,
        roles=tuple(s.start_role for s in state.seats),
        extra=tuple(state.extra),
    )


def swaps_for(config: GameConfig, observer: int) -> list[Swap]:
    """Every hidden swap that changes something and leaves the observer's own card alone."""
    roles = config.roles or ()
    out = [
        Swap(a, b)
        for a in range(len(roles))
        for b in range(a + 1, len(roles))
        if observer not in (a, b) and roles[a] != roles[b]
    ]
    out += [
        Swap(a, c, center=True)
        for a in range(len(roles))
        for c in range(len(config.extra))
        if a != observer and roles[a] != config.extra[c]
    ]
    return out


def compare(config: GameConfig, swap: Swap, observer: int, script_seed: int, prompts: bool = True) -> Divergence:
    """Play both deals with the same script and find where the observer's views first differ."""
    other = swapped_deal(config, swap)
    game_a, asked_a = play_scripted(config, script_seed, observer)
    game_b, asked_b = play_scripted(other, script_seed, observer)
    view_a = [r for r in game_a.records if r.vis.visible_to(observer)]
    view_b = [r for r in game_b.records if r.vis.visible_to(observer)]
    index: int | None = None
    for n in range(max(len(view_a), len(view_b))):
        a = view_a[n] if n < len(view_a) else None
        b = view_b[n] if n < len(view_b) else None
        if a is None or b is None or _normal(a) != _normal(b):
            index = n
            break
    first = None
    if index is not None:
        first = (
            _kind(view_a[index] if index < len(view_a) else None),
            _kind(view_b[index] if index < len(view_b) else None),
        )
    limit = len(view_a) if index is None else index
    result = Divergence(observer, swap, index, first)
    result.seq_channel = any(view_a[n].seq != view_b[n].seq for n in range(limit))
    if prompts:
        _compare_prompts(config, game_a, game_b, asked_a, asked_b, limit, observer, result)
    return result


def _compare_prompts(
    config: GameConfig,
    game_a: Game,
    game_b: Game,
    asked_a: list[tuple[int, Decision]],
    asked_b: list[tuple[int, Decision]],
    limit: int,
    observer: int,
    result: Divergence,
) -> None:
    language = config.language or get_ruleset(config.variant).source_language
    if language not in prompt_languages(config.variant):
        return
    profile = get_profile("openai")
    prompter_a = SeatPrompter(language=language, variant=config.variant, seat=observer, profile=profile)
    prompter_b = SeatPrompter(language=language, variant=config.variant, seat=observer, profile=profile)
    for (at_a, decision_a), (at_b, decision_b) in zip(asked_a, asked_b, strict=False):
        seen_a = build_view(game_a.records[:at_a], observer)
        if len(seen_a.records) > limit:
            break  # from here on the seat may legitimately know more
        seen_b = build_view(game_b.records[:at_b], observer)
        text_a = prompter_a.prompt(seen_a, decision_a).text()
        text_b = prompter_b.prompt(seen_b, decision_b).text()
        result.prompts_compared += 1
        if text_a != text_b:
            diff = next(i for i, (x, y) in enumerate(zip(text_a, text_b, strict=False)) if x != y)
            result.prompt_differences.append(f"{decision_a.kind}: …{text_a[max(0, diff - 60) : diff + 60]!r}")
            return
