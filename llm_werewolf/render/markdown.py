"""A Markdown rendering of a :class:`Document` (GitHub-flavoured: tables, ``<details>``).

Player text is escaped so it cannot become markup, links or HTML. Right-to-left
games are wrapped in ``<div dir="rtl" lang=...>`` and names and quotes are
bidi-isolated with ``<bdi>``.
"""

from __future__ import annotations

import re
from html import escape as html_escape

from .timeline import Document, Entry, Item, Quote, RevealBlock, SeatRef, Segment, VoteBlock

_SPECIAL = re.compile(r"([\\`*_\[\]|~])")
_CONTROLS = re.compile("[\x00-\x08\x0b-\x1f\x7f-\x9f\u202a-\u202e\u2066-\u2069]")
"""Terminal and bidi controls: whatever data carried them, a rendered page holds none."""


def md_escape(text: str) -> str:
    """Make untrusted text inert in Markdown: HTML is escaped, markup characters backslashed."""
    text = text.replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;")
    text = _SPECIAL.sub(r"\\\1", text)
    return text.replace("\r", "").replace("\n", "<br>")


class MarkdownWriter:
    def __init__(self, doc: Document) -> None:
        self.doc = doc
        self.words = doc.words
        self.bdi = doc.rtl

    def isolate(self, text: str) -> str:
        return f"<bdi>{text}</bdi>" if self.bdi else text

    def seat(self, index: int, case: str = "nom") -> str:
        line = self.doc.seats[index]
        persona = f" ({md_escape(line.persona)})" if line.persona else ""
        return self.isolate(f"**{index + 1}. {md_escape(self.doc.seat_name(index, case))}**{persona}")

    def quote_inline(self, quote: Quote) -> str:
        # “ ” in every language: the safety checks find a speech's bounds by these marks
        return self.isolate(f"“{md_escape(quote.text)}”")

    def segments(self, segments: list[Segment]) -> str:
        out: list[str] = []
        for segment in segments:
            if isinstance(segment, SeatRef):
                out.append(self.seat(segment.seat, segment.case))
            elif isinstance(segment, Quote):
                out.append(self.quote_inline(segment))
            else:
                out.append(md_escape(segment))
        return "".join(out)

    def entry(self, entry: Entry) -> list[str]:
        if isinstance(entry, VoteBlock):
            return self.votes(entry)
        if isinstance(entry, RevealBlock):
            return self.reveal(entry)
        return self.item(entry)

    def marker(self, entry: Entry) -> str:
        return "" if entry.scope == "public" else " 🔒"

    def item(self, item: Item) -> list[str]:
        text = self.segments(item.segments)
        if item.quote is not None:
            quoted = self.quote_inline(item.quote)
            text = f"*{quoted}*" if item.category == "narration" else (f"{text}: {quoted}" if text else quoted)
        lines = [f"- {text}{self.marker(item)}"]
        if item.detail:
            lines.append(
                f"  <details><summary>{md_escape(self.words.label('raw_output'))}</summary>"
                f"{md_escape(item.detail)}</details>"
            )
        return lines

    def votes(self, block: VoteBlock) -> list[str]:
        w = self.words
        title = w.votes_title(block.ballot)
        lines = ["", f"**{md_escape(title)}**{self.marker(block)}", ""]
        if block.rows:
            head = " | ".join(md_escape(w.label(key)) for key in ("voter", "vote_for", "weight"))
            lines += [f"| {head} |", "|---|---|---|"]
            lines += [f"| {self.seat(v)} | {self.segments(c)} | {weight:g} |" for v, c, weight in block.rows]
            lines.append("")
        if block.counts:
            lines += [f"| {md_escape(w.label('tally'))} | {md_escape(w.label('count'))} |", "|---|---|"]
            lines += [f"| {self.segments(label)} | {count:g} |" for label, count in block.counts]
            lines.append("")
        if block.result:
            lines += [self.segments(block.result), ""]
        return lines

    def reveal(self, block: RevealBlock) -> list[str]:
        w = self.words
        yes, no = md_escape(w.label("word_yes")), md_escape(w.label("word_no"))
        keys = ("name", "dealt", "final", "side", "alive", "winner")
        lines = ["", f"### {md_escape(w.label('final_roles'))}", ""]
        lines.append("| " + " | ".join(md_escape(w.label(k)) for k in keys) + " |")
        lines.append("|" + "---|" * len(keys))
        for row in block.rows:
            cells = [
                self.seat(row.seat),
                md_escape(row.dealt),
                md_escape(row.final),
                md_escape(row.side),
                yes if row.alive else no,
                yes if row.winner else no,
            ]
            lines.append("| " + " | ".join(cells) + " |")
        if block.extra:
            lines += ["", f"{md_escape(w.label('center'))}: {md_escape(w.join(block.extra))}"]
        lines.append("")
        return lines

    def page(self) -> str:
        doc = self.doc
        w = self.words
        lines: list[str] = []
        if doc.rtl:
            lines += [f'<div dir="rtl" lang="{html_escape(doc.language)}">', ""]
        lines += [f"# {md_escape(doc.title)}", ""]
        colon = w.word("frame", "colon")  # «規則：», "Ruleset: "
        lines += [
            f"{md_escape(w.label('ruleset'))}{colon}{md_escape(doc.ruleset_name or doc.variant)} · "
            f"{md_escape(w.label('language'))}{colon}{md_escape(doc.language_name or doc.language)} · "
            f"{md_escape(w.label('seed'))}{colon}`{doc.seed}` · "
            f"{md_escape(w.label('view'))}{colon}{md_escape(doc.view_title)}",
            "",
            f"| {md_escape(w.label('name'))} | {md_escape(w.label('player'))} |",
            "|---|---|",
        ]
        lines += [f"| {self.seat(s.seat)} | {self.isolate(md_escape(s.player))} |" for s in doc.seats]
        for section in doc.sections:
            lines += ["", f"## {md_escape(section.title)}", ""]
            for entry in section.entries:
                if entry.category == "decision" and doc.view.kind != "seat":
                    continue
                lines += self.entry(entry)
        if doc.rtl:
            lines += ["", "</div>"]
        return "\n".join(lines).rstrip() + "\n"


def render_markdown(doc: Document) -> str:
    return _CONTROLS.sub("", MarkdownWriter(doc).page())
