"""Where planted player words ended up: checkers for prompts, Markdown, HTML and console text.

A player's words are safe when every occurrence of their marker sits inside that
player's own quoted speech: in a prompt, on a line that starts with the
speaker's name with the marker between the line's only pair of quote marks; in
Markdown, on the speaker's list item after ``: “``; in HTML, in a text node inside
``span.quote`` of a ``li.speech``; on the console, on a line that starts with the
speaker's seat. Anything else (a line of its own, a narrator line, an attribute,
a script) is a violation. Each checker returns human-readable violations (empty:
safe) and the markers it saw.
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from dataclasses import dataclass, field
from html.parser import HTMLParser

from .corpus import MARKER_RE

_MD_LINES = re.compile(r"\r\n|\n|\r")
_TERMINAL_LINES = re.compile(r"\r\n|[\n\r\v\f]")
"""What starts a new line on a terminal: a line feed, a carriage return (back to column 0), VT, FF."""


@dataclass
class Scan:
    """The outcome of one check: markers seen, and what was wrong."""

    seen: set[str] = field(default_factory=set)
    violations: list[str] = field(default_factory=list)

    def merge(self, other: Scan) -> None:
        self.seen |= other.seen
        self.violations.extend(other.violations)


def _short(line: str) -> str:
    return line if len(line) <= 160 else line[:157] + "..."


def check_prompt(
    text: str,
    speakers: Mapping[str, str],
    *,
    quote_open: str,
    quote_close: str,
    narrator: str,
    where: str = "prompt",
) -> Scan:
    """Every marker of ``speakers`` (marker -> speaker's name as prompts print it) is quoted speech."""
    scan = Scan()
    for number, line in enumerate(text.splitlines(), start=1):
        markers = MARKER_RE.findall(line)
        if not markers:
            continue
        for mark in markers:
            scan.seen.add(mark)
            name = speakers.get(mark)
            if name is None:
                scan.violations.append(f"{where}:{number}: unknown marker {mark}: {_short(line)}")
                continue
            stripped = line.lstrip()
            opened, closed = line.find(quote_open), line.rfind(quote_close)
            at = line.find(mark)
            if stripped.startswith(narrator):
                scan.violations.append(f"{where}:{number}: in a narrator line: {_short(line)}")
            elif not stripped.startswith(name):
                scan.violations.append(f"{where}:{number}: a line not started by its speaker {name!r}: {_short(line)}")
            elif line.count(quote_open) != 1 or line.count(quote_close) != 1:
                scan.violations.append(f"{where}:{number}: the speech's quotes were opened or closed: {_short(line)}")
            elif not opened < at < closed:
                scan.violations.append(f"{where}:{number}: outside the quotes: {_short(line)}")
    return scan


def check_markdown(text: str, speakers: Mapping[str, int], names: list[str], where: str = "md") -> Scan:
    """Markdown: each marker on its speaker's list item, after the item's opening ``“``.

    Lines are what CommonMark calls lines (ended by ``\n``, ``\r\n`` or ``\r``).
    """
    scan = Scan()
    for number, line in enumerate(_MD_LINES.split(text), start=1):
        for mark in MARKER_RE.findall(line):
            scan.seen.add(mark)
            seat = speakers.get(mark)
            if seat is None:
                scan.violations.append(f"{where}:{number}: unknown marker {mark}: {_short(line)}")
                continue
            head = line.removeprefix("- ").removeprefix("<bdi>")
            ref = f"**{seat + 1}. "
            opened = line.find("“", len(ref))
            if not line.startswith("- ") or not head.startswith(ref):
                scan.violations.append(f"{where}:{number}: not the speaker's list item: {_short(line)}")
            elif not 0 <= opened < line.find(mark):
                scan.violations.append(f"{where}:{number}: outside the speech quote: {_short(line)}")
    return scan


class _HtmlScanner(HTMLParser):
    def __init__(self, speakers: Mapping[str, int], where: str) -> None:
        super().__init__(convert_charrefs=True)
        self.speakers = speakers
        self.where = where
        self.stack: list[tuple[str, dict[str, str]]] = []
        self.scan = Scan()

    VOID = frozenset({"meta", "br", "input", "img", "link", "hr", "wbr", "source", "col", "area", "base"})

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        values = {k: v or "" for k, v in attrs}
        for key, value in values.items():
            for mark in MARKER_RE.findall(value):
                self.scan.seen.add(mark)
                self.scan.violations.append(f"{self.where}: marker {mark} in attribute {tag}[{key}]")
        if tag == "bdi" and "seat" in values.get("class", "").split():
            for stacked, attributes in reversed(self.stack):
                if stacked == "li":
                    attributes.setdefault(" first-seat", values.get("data-seat", ""))
                    break
        if tag not in self.VOID:
            self.stack.append((tag, values))

    def handle_endtag(self, tag: str) -> None:
        for index in range(len(self.stack) - 1, -1, -1):
            if self.stack[index][0] == tag:
                del self.stack[index:]
                return

    def handle_data(self, data: str) -> None:
        for mark in MARKER_RE.findall(data):
            self.scan.seen.add(mark)
            seat = self.speakers.get(mark)
            tags = [t for t, _ in self.stack]
            if seat is None:
                self.scan.violations.append(f"{self.where}: unknown marker {mark}")
                continue
            if "script" in tags or "style" in tags or "title" in tags:
                self.scan.violations.append(f"{self.where}: marker {mark} inside <{'/'.join(tags)}>")
                continue
            quote = any(t == "span" and "quote" in a.get("class", "").split() for t, a in self.stack)
            items = [a for t, a in self.stack if t == "li"]
            item = items[-1] if items else {}
            classes = item.get("class", "").split()
            if not quote or "speech" not in classes:
                self.scan.violations.append(
                    f"{self.where}: marker {mark} outside a speech quote (in {'/'.join(tags)} {classes})"
                )
            elif item.get(" first-seat") != str(seat + 1):
                self.scan.violations.append(f"{self.where}: marker {mark} in the speech of another seat")


def check_html(text: str, speakers: Mapping[str, int], where: str = "html") -> Scan:
    """HTML: each marker in a text node inside ``li.speech span.quote`` of its speaker."""
    scanner = _HtmlScanner(speakers, where)
    scanner.feed(text)
    scanner.close()
    return scanner.scan


def check_console(text: str, speakers: Mapping[str, int], names: list[str], where: str = "console") -> Scan:
    """Console text: each marker on a line that begins with the speaker's seat (``N. Name``)."""
    scan = Scan()
    for number, line in enumerate(_TERMINAL_LINES.split(text), start=1):
        for mark in MARKER_RE.findall(line):
            scan.seen.add(mark)
            seat = speakers.get(mark)
            if seat is None:
                scan.violations.append(f"{where}:{number}: unknown marker {mark}: {_short(line)}")
                continue
            head = line.lstrip()
            if head.startswith("("):  # a private record in the god view: "(seats) ..."
                head = head.partition(") ")[2]
            if not head.startswith(f"{seat + 1}. {names[seat]}"):
                scan.violations.append(f"{where}:{number}: a line not started by its speaker: {_short(line)}")
    return scan
