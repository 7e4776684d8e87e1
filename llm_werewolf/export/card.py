"""The dataset card (``README.md``) written beside the exported rows.

Hugging Face tools read the YAML front matter: the licence, the languages, and one
config per table (``utterances``, the default, and ``games``), so both
``datasets.load_dataset("parquet", data_dir=OUT)`` and ``datasets.load_dataset(OUT, "games")``
find the right files. The text is generated from the rows (which rulesets, languages
and models the folder holds) and from the row models (the schema), and holds no date,
so the same transcripts give the same bytes.
"""

from __future__ import annotations

from collections import Counter, defaultdict
from collections.abc import Sequence
from dataclasses import dataclass

from pydantic import BaseModel

from ..install import version
from .arrow import type_name
from .rows import EXPORT_VERSION, ActRow, DeathRow, GameRow, UtteranceRow, VoteRow


@dataclass(frozen=True)
class Layout:
    """Where one format puts its two tables, relative to the output folder."""

    format: str
    utterances: str
    games: str


JSONL_LAYOUT = Layout("json", "utterances.jsonl", "games.jsonl")
PARQUET_LAYOUT = Layout("parquet", "data/train-00000-of-00001.parquet", "games/train-00000-of-00001.parquet")

SOURCE_LANGUAGES = {"ar-LB": "ar", "zh-Hant": "zh"}
"""BCP 47 tags -> the ISO 639-1 codes the Hub's ``language`` field takes (others are already codes)."""


def _hub_language(tag: str) -> str:
    return SOURCE_LANGUAGES.get(tag, tag.split("-")[0])


def _size_category(rows: int) -> str:
    for limit, label in ((1_000, "n<1K"), (10_000, "1K<n<10K"), (100_000, "10K<n<100K"), (1_000_000, "100K<n<1M")):
        if rows < limit:
            return label
    return "1M<n<10M"


def _format_flag(layout: Layout) -> str:
    return "jsonl" if layout.format == "json" else layout.format


def _yaml_list(items: Sequence[str]) -> str:
    return "\n".join(f"  - {item}" for item in items) if items else "  []"


def _cell(text: str) -> str:
    return text.replace("|", "\\|").replace("\n", " ")


def _schema_table(model: type[BaseModel]) -> str:
    lines = ["| column | type | description |", "|---|---|---|"]
    for name, info in model.model_fields.items():
        description = " ".join((info.description or "").split()).replace("``", "`")
        lines.append(f"| `{name}` | {type_name(info.annotation)} | {_cell(description)} |")
    return "\n".join(lines)


def dataset_card(
    games: Sequence[GameRow], utterances: Sequence[UtteranceRow], layout: Layout, licence: str = "mit"
) -> str:
    """The README.md text for an exported folder."""
    languages = sorted({g.language for g in games})
    rulesets = sorted({g.ruleset for g in games})
    per_ruleset: dict[str, Counter[str]] = defaultdict(Counter)
    ruleset_languages: dict[str, set[str]] = defaultdict(set)
    for game in games:
        per_ruleset[game.ruleset]["games"] += 1
        per_ruleset[game.ruleset]["complete"] += int(game.complete)
        ruleset_languages[game.ruleset].add(game.language)
    for row in utterances:
        per_ruleset[row.ruleset]["utterances"] += 1
        per_ruleset[row.ruleset]["acts"] += len(row.acts)
    seats: Counter[tuple[str, str]] = Counter()
    for game in games:
        for agent, model in zip(game.agents, game.models, strict=False):
            seats[(agent or "unknown", model or "")] += 1
    spoken: Counter[tuple[str, str]] = Counter(
        (r.speaker_agent or "unknown", r.speaker_model or "") for r in utterances
    )

    front = [
        "---",
        f"license: {licence}",
        "pretty_name: llm-werewolf games",
        "language:",
        _yaml_list(sorted({_hub_language(tag) for tag in languages})),
        "language_details: " + (", ".join(languages) if languages else "none"),
        "tags:",
        _yaml_list(["werewolf", "mafia", "social-deduction", "deception", "multi-agent", "llm-werewolf"]),
        "task_categories:",
        _yaml_list(["text-classification", "text-generation"]),
        "size_categories:",
        _yaml_list([_size_category(len(utterances))]),
        "configs:",
        "  - config_name: utterances",
        "    default: true",
        "    data_files:",
        "      - split: train",
        f"        path: {layout.utterances}",
        "  - config_name: games",
        "    data_files:",
        "      - split: train",
        f"        path: {layout.games}",
        "---",
    ]
    body = [
        "# llm-werewolf games",
        "",
        f"Games of the Werewolf/Mafia family played with [llm-werewolf](https://pypi.org/project/llm-werewolf/) "
        f"{version()} and exported with `llm-werewolf export --format {_format_flag(layout)}` "
        f"(row layout version {EXPORT_VERSION}): {len(games)} games, {len(utterances)} utterances.",
        "",
        "Two tables. **utterances** (the default config): one row per thing a player said, joined to the speaker's "
        "true card and side at that moment (god view), the structured claim and speech acts with the truth about each "
        "act's target, and the ballots cast later that day. **games**: one row per game with its seats, outcome, "
        "cards and deaths. Seats are 0-based. Every row has the same columns whatever the ruleset; rule switches and "
        "prompt-pack hashes are JSON strings.",
        "",
        "## Rulesets and languages",
        "",
        "| ruleset | languages | games | complete | utterances | speech acts |",
        "|---|---|---|---|---|---|",
    ]
    for ruleset in rulesets:
        counts = per_ruleset[ruleset]
        body.append(
            f"| `{ruleset}` | {', '.join(sorted(ruleset_languages[ruleset]))} | {counts['games']} | "
            f"{counts['complete']} | {counts['utterances']} | {counts['acts']} |"
        )
    body += ["", "## Players and models", "", "| agent | model | seats | utterances |", "|---|---|---|---|"]
    for (agent, model), count in sorted(seats.items()):
        body.append(f"| {_cell(agent)} | {_cell(model) or '–'} | {count} | {spoken[(agent, model)]} |")
    body += [
        "",
        "## Loading",
        "",
        "```python",
        "from datasets import load_dataset",
        "",
        f'utterances = load_dataset("{layout.format}", data_files="OUT/{layout.utterances}", split="train")',
        f'games = load_dataset("{layout.format}", data_files="OUT/{layout.games}", split="train")',
        'utterances = load_dataset("OUT", split="train")           # the same, through this card\'s configs',
        'games = load_dataset("OUT", "games", split="train")',
    ]
    if layout.format == "parquet":
        body.append('utterances = load_dataset("parquet", data_dir="OUT", split="train")  # data/ holds the utterances')
    body += [
        "```",
        "",
        "## Schema",
        "",
        "### utterances",
        "",
        _schema_table(UtteranceRow),
        "",
        "`acts` items:",
        "",
        _schema_table(ActRow),
        "",
        "`speaker_votes` and `later_votes` items:",
        "",
        _schema_table(VoteRow),
        "",
        "### games",
        "",
        _schema_table(GameRow),
        "",
        "`deaths` items:",
        "",
        _schema_table(DeathRow),
        "",
        "## Licence",
        "",
        f"This dataset is released under the licence `{licence}` (set with `llm-werewolf export --license`). "
        "llm-werewolf itself is MIT-licensed. Text written by language models may also be subject to the terms of "
        "the models named above.",
        "",
    ]
    return "\n".join(front) + "\n" + "\n".join(body)
