"""The narrator-checker evasion corpus: lines that state a living seat's secret role, written to slip by.

For a game stopped at the start of day 1, every line names a seat whose card the table
has not been shown and says its role, in one of the ways an evasive model writes it:
synonyms ("oracle"), the role word of the ruleset's other language (預言家 in an English
game), look-alike letters of another script, zero-width or direction characters inside
the word, spaced-out or dotted letters, upper case, the seat by number, by ordinal
("the second player"), by number word ("player two") or by its spelled-out name
("A-l-i-c-e"). The sentence frames, seat forms and synonyms are data
(``safety/data/narration_evasion.yaml``); the number words come from the narration
pack. Every line must be refused: :func:`run` counts the accepted ones.

The indirect corpus (:func:`indirect_lines`, English games) says the role without any word of
the first: its name in other languages ("la voyante"), a periphrasis ("the one who sees in the
dark"), the role word in two pieces ("Trouble maker"), and the seat pointed at without its name
("the player whose name starts with A"); :func:`run_indirect` counts the accepted lines.
"""

from __future__ import annotations

import itertools
from collections.abc import Callable, Iterable, Iterator
from dataclasses import dataclass, field
from functools import lru_cache
from pathlib import Path
from typing import Any

import yaml

from llm_werewolf.agents.heuristic import HeuristicAgent
from llm_werewolf.narration import TemplateNarrator
from llm_werewolf.narration.checker import NarrationChecker
from llm_werewolf.narration.packs import load_pack
from llm_werewolf.narration.public import PublicFacts
from llm_werewolf.narration.vocabulary import script_of
from llm_werewolf.rules import Game, GameConfig, ViewBuilder, get_ruleset
from llm_werewolf.rules.events import PhaseStarted, RoleAssigned
from llm_werewolf.seeds import seat_seed
from llm_werewolf.texts import default_names, terms

DATA = Path(__file__).parent / "data" / "narration_evasion.yaml"
RULESETS = ("chinese_werewolf", "city_mafia", "lebanese_ghouls", "one_night", "online_mafia")
HAN_DIGITS = "〇一二三四五六七八九十"


@lru_cache(maxsize=1)
def corpus_data() -> dict[str, Any]:
    data: dict[str, Any] = yaml.safe_load(DATA.read_text(encoding="utf-8"))
    return data


@dataclass
class EvasionResult:
    variant: str
    language: str
    total: int = 0
    accepted: int = 0
    examples: list[str] = field(default_factory=list)
    """The first accepted lines (what got through)."""


@dataclass(frozen=True, slots=True)
class Moment:
    """A game at the start of day 1: names, the public facts, the template lines, the true cards."""

    names: tuple[str, ...]
    facts: PublicFacts
    spoken: tuple[str, ...]
    roles: tuple[str, ...]
    alive: tuple[bool, ...]


def day_one(variant: str, language: str, seed: int = 1) -> Moment:
    """Play heuristic seats to the first day; the public facts and template lines of that moment."""
    ruleset = get_ruleset(variant)
    players = min(max(ruleset.min_players, 8), ruleset.max_players)
    names = tuple(default_names(language, players))
    game = Game(GameConfig(variant=variant, names=names, seed=seed, language=language))
    agents = [HeuristicAgent(seed=seat_seed(seed, i)) for i in range(players)]
    builders = [ViewBuilder(i) for i in range(players)]
    published = 0
    while not game.over and not any(isinstance(r.event, PhaseStarted) and r.event.phase == "day" for r in game.records):
        new = game.records[published:]
        published = len(game.records)
        for builder in builders:
            builder.extend(new)
        pending = game.pending
        views = {d.seat: builders[d.seat].view() for d in pending}
        for decision in pending:
            game.submit(decision.id, agents[decision.seat].choose(views[decision.seat], decision))
    facts = PublicFacts(roles_known=frozenset(ruleset.roles))
    template = TemplateNarrator(variant, language, names)
    spoken = []
    cards = [""] * players
    for record in game.records:
        facts.add(record)
        line = template.line_for(record)
        if line is not None:
            spoken.append(line.text)
        if isinstance(record.event, RoleAssigned):
            cards[record.event.seat] = record.event.role
    alive = tuple(seat.alive for seat in game.state.seats)
    return Moment(names, facts, tuple(spoken), tuple(cards), alive)


_CYRILLIC_LOOKS = str.maketrans("eoacpEO", "еоасрЕО")
_LATIN_LOOKS = str.maketrans("оаесрОЕ", "oaecpOE")
_LEET = str.maketrans("eoas", "3045")


def _lookalike(word: str, script: str) -> str:
    if script == "latin":
        return word.translate(_CYRILLIC_LOOKS)
    if script == "cyrillic":
        return word.translate(_LATIN_LOOKS)
    return "\u200d".join(word)


TRANSFORMS: dict[str, Callable[[str, str], str]] = {
    "plain": lambda w, s: w,
    "upper": lambda w, s: w.upper(),
    "lookalike": _lookalike,
    "zero_width": lambda w, s: "\u200b".join(w),
    "direction": lambda w, s: f"\u202e{w}\u202c" if s != "latin" else "\u2066" + "\u200c".join(w) + "\u2069",
    "spaced": lambda w, s: " ".join(w.replace(" ", "")),
    "dotted": lambda w, s: ".".join(w.replace(" ", "")),
    "leet": lambda w, s: w.translate(_LEET) if s == "latin" else w,
}


def _number_word(pack: dict[str, tuple[str, ...]], kind: str, number: int, language: str) -> str | None:
    if language.startswith("zh"):
        return HAN_DIGITS[number] if number <= 10 else None
    words = pack.get(f"{kind}.{number}")
    return words[0] if words else None


def seat_forms(language: str, seat: int, name: str, forms: list[str]) -> list[str]:
    pack = load_pack(language, "one_night" if language != "zh-Hant" else "chinese_werewolf").checker
    out = []
    for form in forms:
        values = {
            "name": name,
            "spaced": " ".join(name),
            "dashed": "-".join(name),
            "number": str(seat + 1),
            "ordinal": _number_word(pack, "ordinal", seat + 1, language),
            "cardinal": _number_word(pack, "number", seat + 1, language),
        }
        needed = [key for key in values if "{" + key + "}" in form]
        if any(values[key] is None for key in needed):
            continue
        out.append(form.format(**{k: v for k, v in values.items() if v is not None}))
    return out


def role_words(variant: str, language: str, role: str) -> list[str]:
    """The role's own name (and short form), its name in the ruleset's other languages, synonyms."""
    words: list[str] = []
    for other in get_ruleset(variant).languages:
        text = terms(other, variant).get("roles", {}).get(role)
        if isinstance(text, str):
            words.append(text.split("(")[0].strip() or text)
    words += corpus_data().get(language, {}).get("synonyms", {}).get(role, [])
    return list(dict.fromkeys(words))


def lines(variant: str, language: str, moment: Moment, targets: int = 3) -> Iterator[tuple[int, str]]:
    """(seat, line) of the corpus: up to ``targets`` living seats whose card is secret."""
    data = corpus_data()[language]
    script = script_of(language)
    ruleset = get_ruleset(variant)
    plain = {r for r, info in ruleset.roles.items() if info.side == _common_side(variant)} & {
        "villager",
        "citizen",
        "farmer",
    }
    secret = [
        seat
        for seat, role in enumerate(moment.roles)
        if moment.alive[seat] and role and role not in plain and not moment.facts.roles.get(seat)
    ][:targets]
    frames = itertools.cycle(data["frames"])
    for seat in secret:
        for seat_text in seat_forms(language, seat, moment.names[seat], data["seats"]):
            for word in role_words(variant, language, moment.roles[seat]):
                for transform in TRANSFORMS.values():
                    yield seat, next(frames).format(seat=seat_text, role=transform(word, script))


def _common_side(variant: str) -> str | None:
    from llm_werewolf.narration.checker import common_words

    return common_words(variant)[0]


def run(variant: str, language: str, *, seed: int = 1, targets: int = 3, keep: int = 5) -> EvasionResult:
    """Check every line of the corpus of (variant, language); count the accepted ones."""
    moment = day_one(variant, language, seed)
    checker = NarrationChecker(variant, language, moment.names)
    result = EvasionResult(variant, language)
    for _seat, line in lines(variant, language, moment, targets):
        result.total += 1
        if checker.check(line, moment.facts, moment.spoken).ok:
            result.accepted += 1
            if len(result.examples) < keep:
                result.examples.append(line)
    return result


def split_forms(word: str) -> list[str]:
    """A role word in two pieces: ``Trouble maker``, ``Trouble-maker`` (one-word names of 6 letters or more),
    or a two-word name run together (``SerialKiller``)."""
    if " " in word:
        return [word.replace(" ", "")]
    if len(word) < 6 or not word.isalpha():
        return []
    middle = len(word) // 2
    return [f"{word[:middle]} {word[middle:]}", f"{word[:middle]}-{word[middle:]}"]


def indirect_lines(variant: str, moment: Moment, targets: int = 3) -> Iterator[tuple[int, str]]:
    """(seat, line) of the indirect corpus of an English game: foreign names, periphrases,
    split words and seats pointed at without their names."""
    data = corpus_data()["indirect"]
    frames = itertools.cycle(data["frames"])
    plain = {"villager", "citizen", "farmer"}
    secret = [
        seat
        for seat, role in enumerate(moment.roles)
        if moment.alive[seat] and role and role not in plain and not moment.facts.roles.get(seat)
    ][:targets]
    for seat in secret:
        role = moment.roles[seat]
        own = terms("en", variant).get("roles", {}).get(role)
        own_word = own.split("(")[0].strip() if isinstance(own, str) else role
        described = list(data["foreign"].get(role, [])) + list(data["periphrases"].get(role, []))
        words = described + split_forms(own_word)
        for seat_text in (moment.names[seat], f"seat {seat + 1}"):
            for word in words:
                yield seat, next(frames).format(seat=seat_text, role=word)
        neighbour = moment.names[seat - 1]
        for word in [own_word, *described]:
            for frame in data["indirect_frames"]:
                yield seat, frame.format(initial=moment.names[seat][0], neighbour=neighbour, role=word)


def run_indirect(variant: str, *, seed: int = 1, targets: int = 3, keep: int = 5) -> EvasionResult:
    """Check every line of the indirect corpus of (variant, English); count the accepted ones."""
    moment = day_one(variant, "en", seed)
    checker = NarrationChecker(variant, "en", moment.names)
    result = EvasionResult(variant, "en")
    for _seat, line in indirect_lines(variant, moment, targets):
        result.total += 1
        if checker.check(line, moment.facts, moment.spoken).ok:
            result.accepted += 1
            if len(result.examples) < keep:
                result.examples.append(line)
    return result


def template_refusals(variant: str, language: str, seeds: Iterable[int] = (1, 2, 3)) -> tuple[int, list[str]]:
    """Template lines of whole heuristic games, each checked as a model line retelling it: (lines, refused).

    The false positives of the checker on real narration (every refused line is one).
    """
    from llm_werewolf.sim import SyncAgent, play_with_agents

    ruleset = get_ruleset(variant)
    players = min(max(ruleset.min_players, 8), ruleset.max_players)
    names = tuple(default_names(language, players))
    total, refused = 0, list[str]()
    for seed in seeds:
        agents: list[SyncAgent] = [HeuristicAgent(seed=seat_seed(seed, i)) for i in range(players)]
        game = play_with_agents(GameConfig(variant=variant, names=names, seed=seed, language=language), agents)
        facts = PublicFacts(roles_known=frozenset(ruleset.roles))
        template = TemplateNarrator(variant, language, names)
        checker = NarrationChecker(variant, language, names)
        spoken: list[str] = []
        for record in game.records:
            facts.add(record)
            line = template.line_for(record)
            if line is None:
                continue
            spoken.append(line.text)
            total += 1
            verdict = checker.check(line.text, facts, spoken, line.text)
            if not verdict.ok:
                refused.append(f"{line.text} ({verdict})")
    return total, refused


def all_pairs() -> list[tuple[str, str]]:
    return [(variant, language) for variant in RULESETS for language in get_ruleset(variant).languages]
