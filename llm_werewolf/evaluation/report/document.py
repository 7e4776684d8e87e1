"""The report as sections of tables, rendered to Markdown and to a self-contained HTML page."""

from __future__ import annotations

import base64
import html
import re
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from ..facts import FALLBACK_MODEL
from .labels import language_label, role_label, ruleset_label, ruleset_side_label, side_label
from .words import ENGLISH, ReportWords


@dataclass
class Table:
    headers: list[str]
    rows: list[list[str]]


@dataclass
class Section:
    title: str
    notes: list[str] = field(default_factory=list)
    tables: list[tuple[str, Table]] = field(default_factory=list)
    image: str | None = None


_FELL_BACK = re.compile(r"seat (?P<seat>\d+) \((?P<model>[^)]*)\) fell back on (?P<share>\d+)% of its decisions")
"""The note of a game whose model seats the fallback played (``tournament.games.ledger_status``)."""


class Labels:
    """The report's words and the names of a row's parts (model, side, role, claim, language)."""

    def __init__(self, words: ReportWords, variants: list[str]) -> None:
        self.words = words
        self.variants = variants

    def t(self, key: str, /, **slots: object) -> str:
        return self.words.text(key, **slots)

    def part(self, kind: str, value: str) -> str:
        language = self.words.language
        if kind == "role":
            return role_label(value, isolate=True, language=language) if "/" in value else value
        if kind == "side":
            return side_label(value, self.variants, language)
        if kind == "claim" and language != ENGLISH:
            return self.words.optional("truth", value) or value
        if kind == "language":
            return language_label(value, self.words)
        if kind == "model":
            return self.model(value)
        return value

    def pair(self, key: str) -> str:
        """``A vs B`` (a paired comparison) with the models' labels and the language's word for "vs"."""
        first, sep, second = key.partition(" vs ")
        if not sep:
            return self.model(key)
        return f"{self.model(first)} {self.t('markers.versus')} {self.model(second)}"

    def model(self, name: str) -> str:
        """A model's label; the fallback's seats (:mod:`..fallback_seats`) in the report's language."""
        return self.t("markers.fallback_model") if name == FALLBACK_MODEL else name

    def row(self, kinds: list[str], key: str) -> list[str]:
        """A row's key parts (``model | chinese_werewolf/seer | village``) as names; a side next to a role is
        named as that role's ruleset names it."""
        parts = key.split(" | ")
        shown = [self.part(kind, part) for kind, part in zip(kinds, parts, strict=False)]
        if "role" in kinds and "side" in kinds and self.words.language != ENGLISH:
            variant = parts[kinds.index("role")].partition("/")[0]
            side = kinds.index("side")
            shown[side] = side_label(parts[side], [variant], self.words.language)
        return shown

    def unscored_reason(self, reason: str) -> str:
        """Why a game was left out: its kind in the report's language; the loader's own diagnostic after it
        (an exception's message) stays as written."""
        kind, sep, detail = reason.partition(": ")
        word = self.words.optional("unscored_reasons", kind.replace(" ", "_"))
        if word is None or self.words.language == ENGLISH:
            return reason
        if kind == "incomplete":
            return word
        fell = _FELL_BACK.match(detail)
        if fell is not None:  # a tournament's note: said in the report's language
            detail = self.t(
                "unscored_reasons.fell_back",
                seat=fell["seat"],
                model=fell["model"],
                share=self.words.pct(int(fell["share"]) / 100),
            )
        return f"{word}: {detail}" if sep else word

    def headers(self, kinds: list[str]) -> list[str]:
        return [self.t(f"headers.{kind}") for kind in kinds]

    def ci(self, cell: dict[str, Any], fmt: Any = None) -> str:
        """``[low, high]`` of a cell (Wilson for rates, bootstrap for means), ``–`` when there is none."""
        low, high = cell.get("low"), cell.get("high")
        if low is None or high is None:
            return self.t("markers.missing")
        show = fmt or self.words.pct
        return self.words.interval(show(low), show(high))

    def share_table(self, cells: dict[str, dict[str, Any]], kinds: list[str]) -> Table:
        w = self.words
        rows = []
        for key, cell in cells.items():
            parts = self.row(kinds, key)
            rows.append(
                [*parts, w.num(cell.get("hits"), 0), str(cell.get("n")), w.pct(cell.get("rate")), self.ci(cell)]
            )
        return Table([*self.headers(kinds), *self.headers(["hits", "n", "rate", "ci"])], rows)

    def mean_table(self, cells: dict[str, dict[str, Any]], kinds: list[str], digits: int = 3) -> Table:
        w = self.words
        rows = [
            [
                *self.row(kinds, key),
                w.num(c.get("mean"), digits),
                self.ci(c, lambda v: w.num(v, digits)),
                str(c.get("n")),
            ]
            for key, c in cells.items()
        ]
        return Table([*self.headers(kinds), *self.headers(["mean", "ci", "n"])], rows)


def sections(
    metrics: dict[str, Any],
    unscored: list[tuple[str, str]],
    images: dict[str, str],
    words: ReportWords | None = None,
) -> list[Section]:
    words = words or ReportWords()
    labels = Labels(words, list(metrics["variants"]))
    t, num, pct, ci = labels.t, words.num, words.pct, labels.ci
    language = words.language
    out: list[Section] = []
    summary = Section(t("sections.summary"))
    rulesets = words.join(
        t("notes.ruleset_count", name=ruleset_label(k, language), count=v) for k, v in metrics["variants"].items()
    )
    models = words.join(labels.model(m) for m in metrics["models"]) or t("markers.missing")
    summary.notes.append(t("notes.summary", games=metrics["games"], rulesets=rulesets, models=models))
    if unscored:
        summary.notes.append(t("notes.unscored", count=len(unscored)))
        rows = [[k, labels.unscored_reason(r)] for k, r in unscored[:50]]
        summary.tables.append(("", Table(labels.headers(["game", "why"]), rows)))
    out.append(summary)

    win = metrics["win_rate"]
    section = Section(t("sections.win_rate"), image=images.get("win_rate_by_role.png"))
    section.notes.append(t("notes.win_rate"))
    section.tables.append((t("captions.by_model"), labels.share_table(win["by_model"], ["model"])))
    section.tables.append((t("captions.by_model_side"), labels.share_table(win["by_model_side"], ["model", "side"])))
    section.tables.append(
        (
            t("captions.by_model_role_side"),
            labels.share_table(win["by_model_role_side"], ["model", "role", "side"]),
        )
    )
    out.append(section)

    ratings = metrics["ratings"]
    section = Section(t("sections.ratings"), image=images.get("ratings.png"))
    bts = ratings["bradley_terry_settings"]
    section.notes.append(
        t(
            "notes.ratings",
            rated=ratings["games_rated"],
            unrated=len(ratings["games_unrated"]),
            ridge=words.decimal(f"{bts['ridge']:g}"),
            samples=bts["bootstrap_samples"],
        )
    )
    limit = pct(ratings.get("fallback_share_limit", 0.5))
    for model, count in (ratings.get("excluded") or {}).items():
        section.notes.append(t("notes.excluded", model=model, count=count, limit=limit))
    rows = []
    missing, not_identified = t("markers.missing"), t("markers.not_identified")
    no_interval = t("markers.no_interval")
    for model, s in ratings["openskill"].items():
        b = ratings["bradley_terry"].get(model, {})
        identified = b.get("identified", False)
        bounded = identified and b.get("low") is not None and b.get("high") is not None
        rows.append(
            [
                labels.model(model),
                str(b.get("games", "")) or missing,
                num(b.get("rating"), 1) if identified else not_identified,
                words.interval(num(b.get("low"), 1), num(b.get("high"), 1)) if bounded else no_interval,
                num(s["mu"]) if identified else t("markers.not_applicable"),
                words.interval(num(s["low"]), num(s["high"])) if identified else missing,
                num(s["ordinal"]) if identified else missing,
            ]
        )
    headers = ["model", "games", "bt_rating", "bt_interval", "openskill", "mu_interval", "ordinal"]
    section.tables.append(("", Table(labels.headers(headers), rows)))
    if ratings["side_effects"]:
        section.tables.append(
            (
                t("captions.side_effects"),
                Table(
                    labels.headers(["side", "effect"]),
                    [[ruleset_side_label(k, words), num(v, 1)] for k, v in ratings["side_effects"].items()],
                ),
            )
        )
    out.append(section)

    paired = metrics.get("paired", {})
    section = Section(t("sections.paired"))
    section.notes.append(t("notes.paired"))
    rows = [
        [labels.pair(pair), pct(c["difference"]), ci(c), str(c["deals"])]
        for pair, c in (paired.get("pairs") or {}).items()
    ]
    section.tables.append(("", Table(labels.headers(["pair", "difference", "ci", "deals"]), rows)))
    out.append(section)

    voting = metrics["voting"]
    section = Section(t("sections.voting"), image=images.get("voting.png"))
    days = voting["overall"]["vss_days"]
    section.notes += [t("notes.irp"), t("notes.vss", rate=pct(days["rate"]), days=days["n"]), t("notes.bus")]
    overall = voting["overall"]
    section.tables.append(
        (
            t("captions.all_voters"),
            Table(
                labels.headers(["metric", "hits", "n", "rate", "ci"]),
                [
                    [
                        t(f"metrics.{k}"),
                        num(overall[k]["hits"], 0),
                        str(overall[k]["n"]),
                        pct(overall[k]["rate"]),
                        ci(overall[k]),
                    ]
                    for k in ("irp", "wd_irp", "vss", "bus")
                ],
            ),
        )
    )
    for caption, key in (
        ("irp_by_model", "irp"),
        ("wd_irp_by_model", "wd_irp"),
        ("vss_by_model", "vss"),
        ("bus_by_model", "bus"),
    ):
        section.tables.append((t(f"captions.{caption}"), labels.share_table(voting[key], ["model"])))
    out.append(section)

    ksr = metrics["key_role_survival"]
    ms = metrics["margin_speed"]
    section = Section(t("sections.key_roles"))
    section.notes.append(t("notes.key_roles"))
    na = sorted({v for key in ("key_role_survival", "margin", "speed") for v in metrics["applicability"][key]["n/a"]})
    if na:
        section.notes.append(t("notes.not_applicable", rulesets=words.join(ruleset_label(v, language) for v in na)))
    section.tables.append((t("captions.ksr_by_model"), labels.share_table(ksr["ksr_by_model"], ["model"])))
    section.tables.append((t("captions.wd_ksr_by_model"), labels.share_table(ksr["wd_ksr_by_model"], ["model"])))
    section.tables.append((t("captions.ksr_by_role"), labels.share_table(ksr["ksr_by_role"], ["role"])))
    section.tables.append((t("captions.margin_by_side"), labels.mean_table(ms["margin_by_side"], ["side"])))
    section.tables.append((t("captions.speed_by_side"), labels.mean_table(ms["speed_by_side"], ["side"])))
    out.append(section)

    claims = metrics["claims"]
    section = Section(t("sections.claims"), image=images.get("claims.png"))
    sources = words.join(
        t("notes.claim_source", source=words.optional("sources", k) or k, count=v) for k, v in claims["sources"].items()
    )
    section.notes.append(
        t(
            "notes.claims",
            claims=claims["claims"],
            sources=sources or t("markers.none"),
            invalid=claims["invalid_utterances_ignored"],
            k=claims["k_days"],
            precision=pct(claims["detection_precision"]["rate"]),
            precision_n=claims["detection_precision"]["n"],
            recall=pct(claims["detection_recall"]["rate"]),
            recall_n=claims["detection_recall"]["n"],
        )
    )
    section.tables.append(
        (t("captions.false_rate"), labels.share_table(claims["false_rate_by_side_model"], ["side", "model"]))
    )
    section.tables.append(
        (t("captions.false_survival_side"), labels.share_table(claims["false_claim_survival_by_side"], ["side"]))
    )
    section.tables.append(
        (t("captions.false_survival_model"), labels.share_table(claims["false_claim_survival_by_model"], ["model"]))
    )
    out.append(section)

    dec = metrics["deception"]
    section = Section(t("sections.deception"))
    section.notes.append(t("notes.deception", acts=dec["acts"], speeches=dec["speeches_with_acts"]))
    section.tables.append(
        (t("captions.false_results"), labels.share_table(dec["false_results_by_side_model"], ["side", "model"]))
    )
    section.tables.append(
        (t("captions.accusation_precision"), labels.share_table(dec["accusation_precision_by_model"], ["model"]))
    )
    section.tables.append(
        (t("captions.accusation_bus"), labels.share_table(dec["accusation_bus_rate_by_model"], ["model"]))
    )
    section.tables.append((t("captions.liar_survival"), labels.share_table(dec["liar_survival_by_side"], ["side"])))
    section.tables.append(
        (
            t("captions.votes_after_claim"),
            labels.share_table(dec["votes_against_claimant_after_claim"], ["claim"]),
        )
    )
    if dec["claim_swing_by_truth"]:
        section.tables.append((t("captions.claim_swing"), labels.mean_table(dec["claim_swing_by_truth"], ["claim"])))
    out.append(section)

    section = Section(t("sections.adherence"), image=images.get("cost.png"))
    section.notes.append(t("notes.adherence"))
    rows = [
        [
            labels.model(m),
            str(r["decisions"]),
            str(r["invalid"]),
            num(r["invalid_per_100"]),
            str(r["fallbacks"]),
            num(r["fallbacks_per_100"]),
        ]
        for m, r in metrics["rule_adherence"].items()
    ]
    section.tables.append(
        ("", Table(labels.headers(["model", "decisions", "invalid", "per_100", "fallbacks", "per_100"]), rows))
    )
    out.append(section)

    lang = metrics["language_fidelity"]
    section = Section(t("sections.language"))
    section.notes.append(t("notes.language"))
    section.tables.append((t("captions.fidelity_by_model"), labels.share_table(lang["by_model"], ["model"])))
    section.tables.append((t("captions.fidelity_by_language"), labels.share_table(lang["by_language"], ["language"])))
    validity = metrics["speech_validity"]
    verdicts = [v for v in validity["verdicts"] if v != "valid"]
    rows = [
        [
            labels.model(m),
            str(r["utterances"]),
            *(str(r[v]) for v in verdicts),
            pct(r["invalid"]["rate"]),
            ci(r["invalid"]),
        ]
        for m, r in validity["by_model"].items()
    ]
    verdict_names = [words.optional("verdicts", v) or v for v in verdicts]
    section.tables.append(
        (
            t("captions.verdicts"),
            Table([*labels.headers(["model", "utterances"]), *verdict_names, *labels.headers(["invalid", "ci"])], rows),
        )
    )
    out.append(section)

    leak = metrics["leakage"]
    section = Section(t("sections.leakage"))
    section.notes.append(
        t(
            "notes.leakage",
            prompt_leaks=leak["prompt_leaks"],
            prompts=leak["prompts_scanned"],
            reasoning_leaks=leak["reasoning_leaks"],
            utterances=leak["public_utterances_scanned"],
        )
    )
    if leak["examples"]:
        section.tables.append(
            (t("captions.examples"), Table(labels.headers(["leak"]), [[e] for e in leak["examples"]]))
        )
    out.append(section)

    cost = metrics["cost"]
    section = Section(t("sections.cost"))
    section.notes.append(
        t(
            "notes.cost",
            calls=cost["calls"],
            per_game=num(cost["wall_s_per_game"]),
            per_decision=num(cost["wall_s_per_decision"], 3),
            decisions=num(cost["decisions_per_game"], 1),
        )
    )
    rows = [
        [
            labels.model(m),
            str(int(r["calls"])),
            str(int(r["prompt_tokens"])),
            str(int(r["completion_tokens"])),
            num(r["calls_per_game"], 1),
            num(r["tokens_per_decision"], 1),
            num(r["latency_s_per_decision"], 3),
        ]
        for m, r in cost["by_model"].items()
    ]
    headers = [
        "model",
        "calls",
        "prompt_tokens",
        "completion_tokens",
        "calls_per_game",
        "tokens_per_decision",
        "seconds_per_decision",
    ]
    section.tables.append(("", Table(labels.headers(headers), rows)))
    out.append(section)

    probes = metrics["probes"]
    persuasion, suspicion = probes["persuasion"], probes["suspicion"]
    if persuasion["swing_by_model"] or suspicion["by_model"]:
        section = Section(t("sections.probes"))
        section.notes.append(t("notes.probes", methods=words.join(suspicion["methods"]) or t("markers.missing")))
        section.tables.append((t("captions.swing"), labels.mean_table(persuasion["swing_by_model"], ["model"])))
        section.tables.append(
            (t("captions.manipulation"), labels.share_table(persuasion["manipulation_success_by_model"], ["model"]))
        )
        rows = [
            [labels.model(m), num(c["brier"], 3), num(c["auroc"], 3), str(c["n"])]
            for m, c in suspicion["by_model"].items()
        ]
        section.tables.append(
            (t("captions.suspicion"), Table(labels.headers(["model", "brier", "auroc", "pairs"]), rows))
        )
        out.append(section)
    return out


# -- rendering ------------------------------------------------------------------------------------


def _md_cell(text: str) -> str:
    return text.replace("|", "\\|").replace("\n", " ")


def to_markdown(title: str, parts: list[Section], words: ReportWords | None = None) -> str:
    words = words or ReportWords()
    lines = [f"# {title}", ""]
    for part in parts:
        lines += [f"## {part.title}", ""]
        for note in part.notes:
            lines += [note, ""]
        if part.image:
            lines += [f"![{part.title}]({part.image})", ""]
        for caption, table in part.tables:
            if caption:
                lines += [f"**{caption}**", ""]
            if not table.rows:
                lines += [words.text("markers.no_data"), ""]
                continue
            lines.append("| " + " | ".join(map(_md_cell, table.headers)) + " |")
            lines.append("|" + "---|" * len(table.headers))
            lines += ["| " + " | ".join(map(_md_cell, row)) + " |" for row in table.rows]
            lines.append("")
    return "\n".join(lines)


CSS = """
body { font-family: "Noto Sans", "Noto Sans Arabic", "Noto Sans Hebrew", "Noto Sans CJK TC", sans-serif;
       max-width: 1100px; margin: 2em auto; padding: 0 1em; color: #222; }
table { border-collapse: collapse; margin: 0.5em 0 1.5em; font-size: 0.92em; }
th, td { border: 1px solid #ccc; padding: 0.25em 0.6em; text-align: start; }
th { background: #f3f3f3; }
img { max-width: 100%; }
caption { text-align: start; font-weight: bold; padding: 0.3em 0; }
"""


def to_html(title: str, parts: list[Section], folder: Path, words: ReportWords | None = None) -> str:
    words = words or ReportWords()
    direction = "rtl" if words.rtl else "ltr"
    out = [
        "<!doctype html>",
        f'<html lang="{words.language}" dir="{direction}"><head><meta charset="utf-8">',
        f"<title>{html.escape(title)}</title><style>{CSS}</style></head><body>",
        f"<h1>{html.escape(title)}</h1>",
    ]
    for part in parts:
        out.append(f"<h2>{html.escape(part.title)}</h2>")
        out += [f"<p>{html.escape(note)}</p>" for note in part.notes]
        if part.image:
            data = base64.b64encode((folder / part.image).read_bytes()).decode()
            out.append(f'<img alt="{html.escape(part.title)}" src="data:image/png;base64,{data}">')
        for caption, table in part.tables:
            if not table.rows:
                empty = (
                    words.text("markers.caption_no_data", caption=caption) if caption else words.text("markers.no_data")
                )
                out.append(f"<p>{html.escape(empty)}</p>")
                continue
            out.append("<table>")
            if caption:
                out.append(f"<caption>{html.escape(caption)}</caption>")
            out.append("<tr>" + "".join(f"<th>{html.escape(h)}</th>" for h in table.headers) + "</tr>")
            for row in table.rows:
                out.append("<tr>" + "".join(f"<td><bdi>{html.escape(c)}</bdi></td>" for c in row) + "</tr>")
            out.append("</table>")
    out.append("</body></html>")
    return "\n".join(out)
