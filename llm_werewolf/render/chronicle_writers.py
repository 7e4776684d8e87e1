"""The chronicle laid out as Markdown or as one self-contained HTML page (``dir="rtl"`` for Arabic and
Hebrew). Every piece of text is escaped: the narrator's lines come from templates, but names and quoted
speeches are the players' own."""

from __future__ import annotations

from html import escape

from .chronicle import Chronicle, Quote, Votes
from .markdown import md_escape

CSP = "default-src 'none'; style-src 'unsafe-inline'"
STYLE = """
body { font-family: Georgia, 'Noto Serif', 'Noto Naskh Arabic', 'Noto Serif Hebrew', 'Noto Serif TC', serif;
       max-width: 42em; margin: 2em auto; padding: 0 1em; line-height: 1.6; color: #222; background: #fdfbf7; }
h1 { margin-bottom: 0.2em; } .subtitle { color: #776; margin-top: 0; }
h2 { margin-top: 2em; border-bottom: 1px solid #ddd; }
blockquote { margin: 0.8em 1.5em; padding-inline-start: 1em; border-inline-start: 3px solid #cbb; color: #444; }
.speaker { font-weight: bold; } .votes { color: #555; font-size: 0.95em; }
.cards li { margin: 0.2em 0; }
"""


def chronicle_markdown(chronicle: Chronicle) -> str:
    lines = [f"# {md_escape(chronicle.title)}", "", f"*{md_escape(chronicle.subtitle)}*", ""]
    for paragraph in chronicle.prologue:
        lines += [md_escape(paragraph), ""]
    for scene in chronicle.scenes:
        lines += [f"## {md_escape(scene.heading)}", ""]
        for item in scene.items:
            if isinstance(item, Quote):
                lines += [f"> **{md_escape(item.speaker)}** {md_escape(item.text)}", ""]
            elif isinstance(item, Votes):
                lines += [f"*{md_escape(item.text)}*", ""]
            else:
                lines += [md_escape(item), ""]
    if chronicle.cards:
        lines += [f"## {md_escape(chronicle.reveal_heading)}", ""]
        lines += [f"- {md_escape(card)}" for card in chronicle.cards]
        lines.append("")
    if chronicle.closing:
        lines += [f"*{md_escape(chronicle.closing)}*", ""]
    return "\n".join(lines).rstrip("\n") + "\n"


def chronicle_html(chronicle: Chronicle) -> str:
    direction = "rtl" if chronicle.rtl else "ltr"
    body: list[str] = [
        f"<h1>{escape(chronicle.title)}</h1>",
        f'<p class="subtitle">{escape(chronicle.subtitle)}</p>',
    ]
    body += [f"<p>{escape(p)}</p>" for p in chronicle.prologue]
    for scene in chronicle.scenes:
        body.append(f"<section><h2>{escape(scene.heading)}</h2>")
        for item in scene.items:
            if isinstance(item, Quote):
                body.append(
                    f'<blockquote><bdi class="speaker">{escape(item.speaker)}</bdi> '
                    f'<span dir="auto">{escape(item.text)}</span></blockquote>'
                )
            elif isinstance(item, Votes):
                body.append(f'<p class="votes">{escape(item.text)}</p>')
            else:
                body.append(f"<p>{escape(item)}</p>")
        body.append("</section>")
    if chronicle.cards:
        body.append(f'<section><h2>{escape(chronicle.reveal_heading)}</h2><ul class="cards">')
        body += [f"<li>{escape(card)}</li>" for card in chronicle.cards]
        body.append("</ul></section>")
    if chronicle.closing:
        body.append(f"<p><em>{escape(chronicle.closing)}</em></p>")
    return (
        f'<!DOCTYPE html>\n<html lang="{escape(chronicle.language)}" dir="{direction}">\n<head>\n'
        f'<meta charset="utf-8">\n<meta http-equiv="Content-Security-Policy" content="{CSP}">\n'
        f'<meta name="viewport" content="width=device-width, initial-scale=1">\n'
        f"<title>{escape(chronicle.title)}</title>\n<style>{STYLE}</style>\n</head>\n<body>\n"
        + "\n".join(body)
        + "\n</body>\n</html>\n"
    )
