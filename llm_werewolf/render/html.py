"""One self-contained HTML page (inline CSS and JS, no network) for a :class:`Document`.

Every piece of player or model text is escaped; names and quoted text are
bidi-isolated (``<bdi>``, ``dir="auto"``) so Latin names read correctly inside
Arabic or Hebrew pages, which carry ``dir="rtl"`` and their ``lang``.
"""

from __future__ import annotations

from functools import cache
from html import escape
from importlib.resources import files

from .timeline import (
    CATEGORIES,
    HIDDEN_BY_DEFAULT,
    Document,
    Entry,
    Item,
    Quote,
    RevealBlock,
    SeatRef,
    Segment,
    VoteBlock,
)

SCRIPT_CLASSES = {
    "zh": "script-cjk",
    "ja": "script-cjk",
    "ar": "script-arabic",
    "he": "script-hebrew",
    "ru": "script-cyrillic",
}
CSP = "default-src 'none'; style-src 'unsafe-inline'; script-src 'unsafe-inline'; img-src data:"


@cache
def _asset(name: str) -> str:
    return files("llm_werewolf.render").joinpath("static", name).read_text(encoding="utf-8")


def script_class(language: str) -> str:
    return SCRIPT_CLASSES.get(language.split("-")[0], "script-latin")


class HtmlWriter:
    def __init__(self, doc: Document) -> None:
        self.doc = doc
        self.words = doc.words

    # -- pieces ---------------------------------------------------------------------------
    def seat(self, index: int, case: str = "nom") -> str:
        line = self.doc.seats[index]
        persona = f' <bdi class="persona">({escape(line.persona)})</bdi>' if line.persona else ""
        return (
            f'<bdi class="seat" data-seat="{index + 1}"><span class="num">{index + 1}.</span> '
            f"{escape(self.doc.seat_name(index, case))}</bdi>{persona}"
        )

    def quote(self, quote: Quote, block: bool = True) -> str:
        tag = "span"
        cls = "quote" if block else "inline-quote"
        return f'<{tag} class="{cls}" dir="auto">{escape(quote.text)}</{tag}>'

    def segments(self, segments: list[Segment]) -> str:
        out: list[str] = []
        for segment in segments:
            if isinstance(segment, SeatRef):
                out.append(self.seat(segment.seat, segment.case))
            elif isinstance(segment, Quote):
                out.append(f"<bdi>{self.quote(segment, block=False)}</bdi>")
            else:
                out.append(escape(segment))
        return "".join(out)

    @staticmethod
    def data(entry: Entry) -> str:
        seats = " ".join(str(s + 1) for s in entry.seats)
        private = " private" if entry.scope != "public" else ""  # a dashed margin marks what not everyone saw
        # no sequence numbers: in a seat's rendering their gaps would count the records it may not see
        return f'class="{entry.category}{private}" data-scope="{entry.scope}" data-seats="{seats}"'

    def entry(self, entry: Entry) -> str:
        if isinstance(entry, VoteBlock):
            return self.votes(entry)
        if isinstance(entry, RevealBlock):
            return self.reveal(entry)
        return self.item(entry)

    def item(self, item: Item) -> str:
        parts = [self.segments(item.segments)]
        if item.quote is not None:
            if item.segments:
                parts.append(":")
            parts.append(self.quote(item.quote))
        if item.detail:
            parts.append(
                f"<details><summary>{escape(self.words.label('raw_output'))}</summary>"
                f'<pre dir="auto">{escape(item.detail)}</pre></details>'
            )
        return f"<li {self.data(item)}>{''.join(parts)}</li>"

    def votes(self, block: VoteBlock) -> str:
        w = self.words
        title = escape(w.votes_title(block.ballot))
        rows = "".join(
            f"<tr><td>{self.seat(voter)}</td><td>{self.segments(choice)}</td><td>{weight:g}</td></tr>"
            for voter, choice, weight in block.rows
        )
        table = ""
        if rows:
            table = (
                f"<table><thead><tr><th>{escape(w.label('voter'))}</th><th>{escape(w.label('vote_for'))}</th>"
                f"<th>{escape(w.label('weight'))}</th></tr></thead><tbody>{rows}</tbody></table>"
            )
        counts = ""
        if block.counts:
            cells = "".join(
                f"<tr><td>{self.segments(label)}</td><td>{count:g}</td></tr>" for label, count in block.counts
            )
            counts = (
                f'<table class="tally"><thead><tr><th>{escape(w.label("tally"))}</th>'
                f"<th>{escape(w.label('count'))}</th></tr></thead><tbody>{cells}</tbody></table>"
            )
        result = f"<p>{self.segments(block.result)}</p>" if block.result else ""
        return f"<li {self.data(block)}><strong>{title}</strong>{table}{counts}{result}</li>"

    def reveal(self, block: RevealBlock) -> str:
        w = self.words
        yes, no = w.label("word_yes"), w.label("word_no")
        rows = "".join(
            f'<tr class="{"winner" if row.winner else ""} {"" if row.alive else "dead"}">'
            f"<td>{self.seat(row.seat)}</td><td>{escape(row.dealt)}</td><td>{escape(row.final)}</td>"
            f"<td>{escape(row.side)}</td><td>{escape(yes if row.alive else no)}</td>"
            f"<td>{escape(yes if row.winner else no)}</td></tr>"
            for row in block.rows
        )
        head = "".join(
            f"<th>{escape(w.label(key))}</th>" for key in ("name", "dealt", "final", "side", "alive", "winner")
        )
        extra = f"<p>{escape(w.label('center'))}: {escape(w.join(block.extra))}</p>" if block.extra else ""
        return (
            f"<li {self.data(block)}><strong>{escape(w.label('final_roles'))}</strong>"
            f'<table class="reveal"><thead><tr>{head}</tr></thead><tbody>{rows}</tbody></table>{extra}</li>'
        )

    def filters(self) -> str:
        w = self.words
        boxes = "".join(
            f'<label><input type="checkbox" data-category="{cat}"{"" if cat in HIDDEN_BY_DEFAULT else " checked"}> '
            f"{escape(w.sublabel('categories', cat))}</label>"
            for cat in CATEGORIES
        )
        view = self.doc.view
        options: list[tuple[str, str]] = []
        if view.kind == "god":
            options.append(("all", w.label("everything")))
        if view.kind == "seat" and view.seat is not None:
            options.append((str(view.seat + 1), w.label("seat_n").replace("$n", str(view.seat + 1))))
        options.append(("public", w.label("spectator")))
        if view.kind == "god":
            options += [(str(i + 1), w.label("seat_n").replace("$n", str(i + 1))) for i in range(len(self.doc.seats))]
        select = "".join(f'<option value="{value}">{escape(label)}</option>' for value, label in options)
        return (
            f'<nav class="filters"><strong>{escape(w.label("filters"))}:</strong>{boxes}'
            f'<label>{escape(w.label("perspective"))}: <select id="perspective">{select}</select></label></nav>'
        )

    def seats_table(self) -> str:
        w = self.words
        rows = "".join(
            f"<tr><td>{self.seat(line.seat)}</td><td><bdi>{escape(line.player)}</bdi></td></tr>"
            for line in self.doc.seats
        )
        return (
            f"<details open><summary>{escape(w.label('seats'))}</summary><table><thead><tr>"
            f"<th>{escape(w.label('name'))}</th><th>{escape(w.label('player'))}</th></tr></thead>"
            f"<tbody>{rows}</tbody></table></details>"
        )

    def page(self) -> str:
        doc = self.doc
        w = self.words
        direction = "rtl" if doc.rtl else "ltr"
        sections = "".join(
            f'<section class="phase {s.kind}" id="{escape(s.key.replace(":", "-"))}"><h2>{escape(s.title)}</h2>'
            f'<ol class="entries">{"".join(self.entry(e) for e in s.entries)}</ol></section>'
            for s in doc.sections
        )
        colon = escape(w.word("frame", "colon"))  # «規則：», "Ruleset: "
        meta = "".join(
            f"<span>{escape(label)}{colon}<bdi>{escape(value)}</bdi></span>"
            for label, value in (
                (w.label("ruleset"), doc.ruleset_name or doc.variant),
                (w.label("language"), doc.language_name or doc.language),
                (w.label("seed"), str(doc.seed)),
                (w.label("view"), doc.view_title),
            )
        )
        return (
            "<!DOCTYPE html>\n"
            f'<html lang="{escape(doc.language)}" dir="{direction}">\n<head>\n<meta charset="utf-8">\n'
            f'<meta http-equiv="Content-Security-Policy" content="{CSP}">\n'
            '<meta name="viewport" content="width=device-width, initial-scale=1">\n'
            f"<title>{escape(doc.title)}</title>\n<style>\n{_asset('page.css')}</style>\n</head>\n"
            f'<body class="{script_class(doc.language)}" data-view="{escape(doc.view.name)}" '
            f'data-game="{escape(doc.game_id)}">\n'
            f'<header class="top"><h1>{escape(doc.title)}</h1><p class="meta">{meta}</p>'
            f"{self.filters()}{self.seats_table()}</header>\n"
            f"<main>{sections}</main>\n<script>\n{_asset('page.js')}</script>\n</body>\n</html>\n"
        )


def render_html(doc: Document) -> str:
    return HtmlWriter(doc).page()
