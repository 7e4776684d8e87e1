"""The report as sections of tables, rendered to Markdown and to a self-contained HTML page."""

from __future__ import annotations

import base64
import html
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from ..voting import VSS_DAYS_DEFINITION, VSS_DEFINITION
from .labels import role_label


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


def pct(value: Any) -> str:
    return "–" if value is None else f"{100 * float(value):.1f}%"


def num(value: Any, digits: int = 2) -> str:
    if value is None:
        return "–"
    if isinstance(value, int):
        return str(value)
    return f"{float(value):.{digits}f}"


def share_table(cells: dict[str, dict[str, Any]], key_headers: list[str], label: Any = None) -> Table:
    rows = []
    for key, cell in cells.items():
        parts = key.split(" | ")
        if label is not None:
            parts = [label(p) for p in parts]
        rows.append([*parts, num(cell.get("hits"), 0), str(cell.get("n")), pct(cell.get("rate")), ci(cell)])
    return Table([*key_headers, "hits", "n", "rate", "95% CI"], rows)


def ci(cell: dict[str, Any], fmt: Any = None) -> str:
    """``[low, high]`` of a cell (Wilson for rates, bootstrap for means), ``–`` when there is none."""
    low, high = cell.get("low"), cell.get("high")
    if low is None or high is None:
        return "–"
    show = fmt or pct
    return f"[{show(low)}, {show(high)}]"


def mean_table(cells: dict[str, dict[str, Any]], key_headers: list[str], digits: int = 3) -> Table:
    rows = [
        [*key.split(" | "), num(c.get("mean"), digits), ci(c, lambda v: num(v, digits)), str(c.get("n"))]
        for key, c in cells.items()
    ]
    return Table([*key_headers, "mean", "95% CI", "n"], rows)


def _role_or_plain(part: str) -> str:
    return role_label(part, isolate=True) if "/" in part else part


def sections(metrics: dict[str, Any], unscored: list[tuple[str, str]], images: dict[str, str]) -> list[Section]:
    out: list[Section] = []
    summary = Section("Summary")
    summary.notes.append(
        f"{metrics['games']} scored games · rulesets: "
        + ", ".join(f"{k} ({v})" for k, v in metrics["variants"].items())
        + f" · models: {', '.join(metrics['models']) or '–'}"
    )
    if unscored:
        summary.notes.append(f"{len(unscored)} games left out (failed, degraded or incomplete; never counted):")
        summary.tables.append(("", Table(["game", "why"], [[k, r] for k, r in unscored[:50]])))
    out.append(summary)

    win = metrics["win_rate"]
    section = Section("Win rate", image=images.get("win_rate_by_role.png"))
    section.notes.append("Per seat; draws count as losses. Role = the dealt card; side = the side played at the end.")
    section.tables.append(("By model", share_table(win["by_model"], ["model"])))
    section.tables.append(("By model and side", share_table(win["by_model_side"], ["model", "side"])))
    section.tables.append(
        ("By model, role and side", share_table(win["by_model_role_side"], ["model", "role", "side"], _role_or_plain))
    )
    out.append(section)

    ratings = metrics["ratings"]
    section = Section("Ratings", image=images.get("ratings.png"))
    bts = ratings["bradley_terry_settings"]
    section.notes.append(
        f"{ratings['games_rated']} games rated ({len(ratings['games_unrated'])} not: one side only at the end). "
        "Bradley–Terry fitted once over all games: sides are teams of seats, a side's strength is the mean of its "
        "seats' model ratings plus a side effect per ruleset; "
        f"{bts['scale']}; ridge {bts['ridge']:g}; {bts['bootstrap_samples']} bootstrap refits over games. "
        "A model that only met itself is not identified (no rating). OpenSkill Plackett–Luce "
        "(μ ± 1.96σ, ordinal μ − 3σ; defaults μ=25, σ=25/3, β=25/6, τ=25/300, games in id order) for comparison."
    )
    rows = []
    for model, s in ratings["openskill"].items():
        b = ratings["bradley_terry"].get(model, {})
        identified = b.get("identified", False)
        rows.append(
            [
                model,
                num(b.get("rating"), 1) if identified else "n/a (only met itself)",
                f"[{num(b.get('low'), 1)}, {num(b.get('high'), 1)}]" if identified else "–",
                num(s["mu"]) if identified else "n/a",
                f"[{num(s['low'])}, {num(s['high'])}]" if identified else "–",
                num(s["ordinal"]) if identified else "–",
            ]
        )
    section.tables.append(("", Table(["model", "BT rating", "BT 95%", "OpenSkill μ", "μ 95%", "ordinal"], rows)))
    if ratings["side_effects"]:
        section.tables.append(
            (
                "Side effects (BT, Elo points)",
                Table(["side", "effect"], [[k, num(v, 1)] for k, v in ratings["side_effects"].items()]),
            )
        )
    out.append(section)

    paired = metrics.get("paired", {})
    section = Section("Paired comparison (rotated seats)")
    section.notes.append(f"Definition: {paired.get('definition', '')}.")
    rows = [[pair, pct(c["difference"]), ci(c), str(c["deals"])] for pair, c in (paired.get("pairs") or {}).items()]
    section.tables.append(("", Table(["A vs B", "win-share difference", "95% CI", "deals"], rows)))
    out.append(section)

    voting = metrics["voting"]
    section = Section("Voting: IRP, VSS, bus rate", image=images.get("voting.png"))
    section.notes += [
        "IRP: of the exile ballots (the day's final ballot) cast by village-side voters that name someone, "
        "the share naming a wolf-side player. WD-IRP: the same, with every ballot of a game the village lost scored 0.",
        f"VSS used here — {VSS_DEFINITION}. Also reported: {VSS_DAYS_DEFINITION}: "
        f"{pct(voting['overall']['vss_days']['rate'])} of {voting['overall']['vss_days']['n']} days.",
        "Bus rate: of wolf-side ballots that name someone, the share naming a wolf-side partner.",
    ]
    overall = voting["overall"]
    section.tables.append(
        (
            "All voters",
            Table(
                ["metric", "hits", "n", "rate", "95% CI"],
                [
                    [
                        name,
                        num(overall[k]["hits"], 0),
                        str(overall[k]["n"]),
                        pct(overall[k]["rate"]),
                        ci(overall[k]),
                    ]
                    for name, k in (("IRP", "irp"), ("WD-IRP", "wd_irp"), ("VSS-ballots", "vss"), ("bus rate", "bus"))
                ],
            ),
        )
    )
    for name, key in (
        ("IRP by model", "irp"),
        ("WD-IRP by model", "wd_irp"),
        ("VSS by model", "vss"),
        ("Bus rate by model", "bus"),
    ):
        section.tables.append((name, share_table(voting[key], ["model"])))
    out.append(section)

    ksr = metrics["key_role_survival"]
    ms = metrics["margin_speed"]
    section = Section("Key roles, margin and speed")
    section.notes.append(
        "KSR: a power role (dealt) alive at the end; WD-KSR: alive and on the winning team. "
        "Margin: surviving members of the winning team / its size; speed: 1 / days played (won games; "
        "means with bootstrap intervals over games)."
    )
    na = sorted({v for key in ("key_role_survival", "margin", "speed") for v in metrics["applicability"][key]["n/a"]})
    if na:
        section.notes.append(f"n/a for {', '.join(na)}: one night and one vote, nothing to survive or to shorten.")
    section.tables.append(("KSR by model", share_table(ksr["ksr_by_model"], ["model"])))
    section.tables.append(("WD-KSR by model", share_table(ksr["wd_ksr_by_model"], ["model"])))
    section.tables.append(("KSR by role", share_table(ksr["ksr_by_role"], ["role"], _role_or_plain)))
    section.tables.append(("Margin by winning side", mean_table(ms["margin_by_side"], ["side"])))
    section.tables.append(("Speed by winning side", mean_table(ms["speed_by_side"], ["side"])))
    out.append(section)

    claims = metrics["claims"]
    section = Section("Role-claim honesty", image=images.get("claims.png"))
    section.notes.append(
        f"{claims['claims']} claims ({', '.join(f'{k}: {v}' for k, v in claims['sources'].items()) or 'none'}); "
        f"{claims['invalid_utterances_ignored']} invalid utterances read as no claim; "
        "each (seat, claimed role) counts once. Detection: the false claimant tops a final exile ballot "
        f"within k={claims['k_days']} day(s): precision {pct(claims['detection_precision']['rate'])} "
        f"(n={claims['detection_precision']['n']}), recall {pct(claims['detection_recall']['rate'])} "
        f"(n={claims['detection_recall']['n']})."
    )
    section.tables.append(
        ("False-claim rate by side and model", share_table(claims["false_rate_by_side_model"], ["side", "model"]))
    )
    section.tables.append(
        (
            "False-claim survival (alive at the end) by side",
            share_table(claims["false_claim_survival_by_side"], ["side"]),
        )
    )
    section.tables.append(
        ("False-claim survival by model", share_table(claims["false_claim_survival_by_model"], ["model"]))
    )
    out.append(section)

    dec = metrics["deception"]
    section = Section("Deception from speech acts")
    section.notes.append(
        f"{dec['acts']} acts in {dec['speeches_with_acts']} valid public speeches, judged against the god view. "
        "False results: reported checks/saves... that did not happen that way. Accusation precision: village-side "
        "accusations naming a wolf-side player; accusation bus rate: wolf-side accusations naming a partner. "
        "Liar survival: speakers with a false claim or result alive at the end. Votes after a claim: other voters' "
        "final ballots that day against the claimant, for false and true claims."
    )
    section.tables.append(
        ("False results by side and model", share_table(dec["false_results_by_side_model"], ["side", "model"]))
    )
    section.tables.append(
        ("Accusation precision (village side)", share_table(dec["accusation_precision_by_model"], ["model"]))
    )
    section.tables.append(
        ("Accusation bus rate (wolf side)", share_table(dec["accusation_bus_rate_by_model"], ["model"]))
    )
    section.tables.append(("Liar survival by side", share_table(dec["liar_survival_by_side"], ["side"])))
    section.tables.append(
        ("Votes against the claimant after a claim", share_table(dec["votes_against_claimant_after_claim"], ["claim"]))
    )
    if dec["claim_swing_by_truth"]:
        section.tables.append(
            ("Claim swing (probe): intents moved off the claimant", mean_table(dec["claim_swing_by_truth"], ["claim"]))
        )
    out.append(section)

    section = Section("Rule adherence", image=images.get("cost.png"))
    section.notes.append(
        "Invalid answers (refused by the rules, then re-asked) and fallbacks per 100 decisions — apart from win rate."
    )
    rows = [
        [
            m,
            str(r["decisions"]),
            str(r["invalid"]),
            num(r["invalid_per_100"]),
            str(r["fallbacks"]),
            num(r["fallbacks_per_100"]),
        ]
        for m, r in metrics["rule_adherence"].items()
    ]
    section.tables.append(("", Table(["model", "decisions", "invalid", "per 100", "fallbacks", "per 100"], rows)))
    out.append(section)

    lang = metrics["language_fidelity"]
    section = Section("Language fidelity and speech validity")
    section.notes.append(f"Fidelity: valid public utterances in the game's language, {lang['method']}.")
    section.tables.append(("Fidelity by model", share_table(lang["by_model"], ["model"])))
    section.tables.append(("Fidelity by language", share_table(lang["by_language"], ["language"])))
    validity = metrics["speech_validity"]
    verdicts = [v for v in validity["verdicts"] if v != "valid"]
    rows = [
        [m, str(r["utterances"]), *(str(r[v]) for v in verdicts), pct(r["invalid"]["rate"]), ci(r["invalid"])]
        for m, r in validity["by_model"].items()
    ]
    section.tables.append(
        ("Public utterances by verdict", Table(["model", "utterances", *verdicts, "invalid", "95% CI"], rows))
    )
    out.append(section)

    leak = metrics["leakage"]
    section = Section("Leakage canaries")
    section.notes.append(
        f"Prompt leaks (target 0): {leak['prompt_leaks']} in {leak['prompts_scanned']} logged prompts "
        f"(prompts are kept with log_prompts). Private-reasoning canaries said in public: {leak['reasoning_leaks']} "
        f"in {leak['public_utterances_scanned']} utterances."
    )
    if leak["examples"]:
        section.tables.append(("Examples", Table(["leak"], [[e] for e in leak["examples"]])))
    out.append(section)

    cost = metrics["cost"]
    section = Section("Cost")
    section.notes.append(
        f"{cost['calls']} model calls; wall time per game {num(cost['wall_s_per_game'])} s, per decision "
        f"{num(cost['wall_s_per_decision'], 3)} s; {num(cost['decisions_per_game'], 1)} decisions per game."
    )
    rows = [
        [
            m,
            str(int(r["calls"])),
            str(int(r["prompt_tokens"])),
            str(int(r["completion_tokens"])),
            num(r["calls_per_game"], 1),
            num(r["tokens_per_decision"], 1),
            num(r["latency_s_per_decision"], 3),
        ]
        for m, r in cost["by_model"].items()
    ]
    section.tables.append(
        (
            "",
            Table(
                ["model", "calls", "prompt tok.", "completion tok.", "calls/game", "tokens/decision", "s/decision"],
                rows,
            ),
        )
    )
    out.append(section)

    probes = metrics["probes"]
    persuasion, suspicion = probes["persuasion"], probes["suspicion"]
    if persuasion["swing_by_model"] or suspicion["by_model"]:
        section = Section("Probes (opt-in)")
        section.notes.append(
            "Swing: share of listeners whose polled vote intent moved onto the speaker's advocated target. "
            "Manipulation: wolf-side utterances after which the plurality moved onto a village-side player. "
            f"Suspicion ({', '.join(suspicion['methods']) or '–'}): village-side estimates of p(wolf), Brier and AUROC."
        )
        section.tables.append(("Swing by speaker model", mean_table(persuasion["swing_by_model"], ["model"])))
        section.tables.append(
            ("Manipulation success", share_table(persuasion["manipulation_success_by_model"], ["model"]))
        )
        rows = [[m, num(c["brier"], 3), num(c["auroc"], 3), str(c["n"])] for m, c in suspicion["by_model"].items()]
        section.tables.append(("Suspicion calibration", Table(["model", "Brier", "AUROC", "pairs"], rows)))
        out.append(section)
    return out


# -- rendering ------------------------------------------------------------------------------------


def _md_cell(text: str) -> str:
    return text.replace("|", "\\|").replace("\n", " ")


def to_markdown(title: str, parts: list[Section]) -> str:
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
                lines += ["(no data)", ""]
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


def to_html(title: str, parts: list[Section], folder: Path) -> str:
    out = [
        "<!doctype html>",
        '<html lang="en"><head><meta charset="utf-8">',
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
                out.append(f"<p>{html.escape(caption)}: no data</p>")
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
