"""Renderings: every view of every ruleset renders; a seat's rendering never shows another seat's
secrets; player text is escaped; right-to-left and CJK pages are marked up for their script."""

from __future__ import annotations

import re
import subprocess
import sys
from dataclasses import replace
from html.parser import HTMLParser
from pathlib import Path

import pytest
import yaml

from llm_werewolf.render import ViewError, ViewSpec, render
from llm_werewolf.render.labels import page_labels
from llm_werewolf.rules import GOD, make_record, to_seats
from llm_werewolf.rules.events import Info, Speech
from llm_werewolf.texts import LANGUAGES, data_root
from llm_werewolf.transcript import Transcript, read_transcript

from .support import RULESETS, play_to_file, seat_marker

THOUGHT = "THOUGHTMARK"
INFO = "INFOMARK"
GODMARK = "GODONLYMARK"


def with_planted_secrets(transcript: Transcript) -> Transcript:
    """The transcript plus, for every seat, a private info only that seat may see, and a god-only info."""
    records = list(transcript.records)
    players = len(transcript.header.names)
    phase = records[-1].phase
    for seat in range(players):
        event = Info(fact="secret", subject=seat, value=seat_marker(INFO, seat), seats=(seat,))
        records.append(make_record(len(records), phase, to_seats(seat), event))
    records.append(make_record(len(records), phase, GOD, Info(fact="secret", value=GODMARK)))
    return replace(transcript, records=records)


@pytest.fixture(scope="module")
def games(tmp_path_factory: pytest.TempPathFactory) -> dict[str, Transcript]:
    folder = tmp_path_factory.mktemp("render")
    out = {}
    for index, variant in enumerate(RULESETS):
        path = folder / f"{variant}.jsonl"
        play_to_file(path, variant, 30 + index, agents="noisy", marker=THOUGHT, narrator=True)
        out[variant] = with_planted_secrets(read_transcript(path))
    return out


class _Checker(HTMLParser):
    """Counts open/close tags of the elements the page nests, to catch broken markup."""

    CHECKED = ("section", "ol", "li", "table", "tr", "td", "th", "details", "bdi", "span", "nav", "header", "main")

    def __init__(self) -> None:
        super().__init__()
        self.stack: list[str] = []

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        if tag in self.CHECKED:
            self.stack.append(tag)

    def handle_endtag(self, tag: str) -> None:
        if tag in self.CHECKED:
            assert self.stack and self.stack[-1] == tag, f"</{tag}> closes <{self.stack[-1] if self.stack else None}>"
            self.stack.pop()


def check_html(page: str) -> None:
    checker = _Checker()
    checker.feed(page)
    checker.close()
    assert checker.stack == []
    assert not re.search(r"\b(src|href)\s*=", page), "the page must not load anything"
    assert "Content-Security-Policy" in page


@pytest.mark.parametrize("variant", RULESETS)
def test_every_view_renders_and_keeps_secrets(games: dict[str, Transcript], variant: str) -> None:
    transcript = games[variant]
    players = len(transcript.header.names)
    views = ["public", "god", *(f"seat:{n}" for n in range(1, players + 1))]
    for fmt in ("md", "html"):
        for view in views:
            text = render(transcript, fmt, view)
            if fmt == "html":
                check_html(text)
                # record numbers would let a seat count the records it may not see
                assert "data-seq" not in text
            thoughts = {s for s in range(players) if seat_marker(THOUGHT, s) in text}
            infos = {s for s in range(players) if seat_marker(INFO, s) in text}
            if view == "god":
                assert infos == set(range(players)) and GODMARK in text
                assert thoughts == set(range(players))
                continue
            assert GODMARK not in text, f"{variant} {fmt} {view}: a god-only record leaked"
            assert "model_call" not in text and "noisy-1" not in text
            if view == "public":
                assert infos == set() and thoughts == set(), f"{variant} {fmt}: a private record in the public view"
            else:
                seat = int(view[5:]) - 1
                assert infos == {seat}, f"{variant} {fmt} {view}: saw the private info of seats {infos - {seat}}"
                assert thoughts <= {seat}, f"{variant} {fmt} {view}: saw the thoughts of seats {thoughts - {seat}}"


def test_the_god_view_has_the_whole_game(games: dict[str, Transcript]) -> None:
    transcript = games["lebanese_ghouls"]
    page = render(transcript, "html", "god")
    assert page.count('class="phase night"') >= 1 and page.count('class="phase day"') >= 1
    assert 'class="reveal"' in page  # the final role reveal
    assert "<table><thead><tr><th>" in page  # a vote table
    speeches = [r.event for r in transcript.records if isinstance(r.event, Speech)]
    assert speeches
    for speech in speeches[:5]:
        assert speech.text.replace("'", "&#x27;").replace('"', "&quot;") in page
    for name in transcript.header.names:
        assert name in page
    assert "&lt;script&gt;alert(1)&lt;/script&gt;" in page  # the noisy model's raw output, escaped


def hostile(transcript: Transcript) -> Transcript:
    """Speeches and names that try to become markup."""
    evil = "<img src=x onerror=alert(1)> **bold** [link](https://example.com) | # &amp; `code`\nline two"
    records = [
        make_record(r.seq, r.phase, r.vis, replace(r.event, text=evil)) if isinstance(r.event, Speech) else r
        for r in transcript.records
    ]
    names = ["<b>Bob</b>", "Al|ce", *transcript.header.names[2:]]
    header = transcript.header.model_copy(update={"names": names})
    return replace(transcript, records=records, header=header)


def test_player_text_is_escaped(games: dict[str, Transcript]) -> None:
    transcript = hostile(games["lebanese_ghouls"])
    page = render(transcript, "html", "god")
    assert "<img" not in page and "<b>Bob" not in page
    assert "&lt;img src=x onerror=alert(1)&gt;" in page and "&lt;b&gt;Bob&lt;/b&gt;" in page
    markdown = render(transcript, "md", "god")
    assert "<img" not in markdown and "<b>Bob" not in markdown
    assert "[link](https" not in markdown and "\\[link\\]" in markdown
    assert "\\*\\*bold\\*\\*" in markdown and "Al\\|ce" in markdown
    tables: list[list[str]] = [[]]
    for line in markdown.splitlines():
        if line.startswith("|"):
            tables[-1].append(line)
        elif tables[-1]:
            tables.append([])
    for table in tables:
        columns = {len(re.findall(r"(?<!\\)\|", row)) for row in table}
        assert len(columns) <= 1, table  # an escaped | never adds a column


def test_right_to_left_pages(games: dict[str, Transcript]) -> None:
    for variant, language in (("lebanese_ghouls", "ar-LB"), ("one_night", "ar"), ("online_mafia", "he")):
        if variant not in games:
            continue
        transcript = games[variant]
        assert transcript.header.language == language
        page = render(transcript, "html", "public")
        assert f'<html lang="{language}" dir="rtl">' in page
        assert '<bdi class="seat"' in page and 'dir="auto"' in page
        assert "unicode-bidi: isolate" in page
        markdown = render(transcript, "md", "public")
        assert markdown.startswith(f'<div dir="rtl" lang="{language}">')
        assert "<bdi>" in markdown


def test_left_to_right_and_cjk_pages(games: dict[str, Transcript]) -> None:
    page = render(games["chinese_werewolf"], "html", "public")
    assert '<html lang="zh-Hant" dir="ltr">' in page
    assert 'class="script-cjk"' in page and '"Noto Sans CJK TC"' in page
    assert "第 1 夜" in page  # the section titles come from prompts/zh-Hant/common/render.yaml
    english = render(games["toy"], "html", "public")
    assert '<html lang="en" dir="ltr">' in english and "Night 1" in english


def test_views_are_parsed_strictly() -> None:
    assert ViewSpec.parse("seat:3", 5) == ViewSpec("seat", 2)
    assert ViewSpec.parse(" GOD ", 5) == ViewSpec("god")
    for bad in ("seat:0", "seat:6", "seat", "seat:x", "everyone", ""):
        with pytest.raises(ViewError):
            ViewSpec.parse(bad, 5)


def test_cli_render_writes_a_file_and_refuses_a_bad_view(tmp_path: Path) -> None:
    path = tmp_path / "g.jsonl"
    play_to_file(path, "one_night", 3, narrator=True)
    cli = [sys.executable, "-m", "llm_werewolf", "render", str(path)]
    out = tmp_path / "page.html"
    done = subprocess.run(
        [*cli, "--format", "html", "--view", "seat:2", "-o", str(out)], capture_output=True, text=True
    )
    assert done.returncode == 0, done.stderr
    assert out.read_text(encoding="utf-8").startswith("<!DOCTYPE html>")
    default = subprocess.run([*cli, "--format", "md", "--view", "god"], capture_output=True, text=True)
    assert default.returncode == 0, default.stderr
    assert (tmp_path / "g.god.md").read_text(encoding="utf-8").startswith('<div dir="rtl"')
    bad = subprocess.run([*cli, "--view", "seat:99"], capture_output=True, text=True)
    assert bad.returncode == 2 and "bad view" in bad.stderr and "Traceback" not in bad.stderr


def label_files() -> dict[str, dict[str, object]]:
    out = {}
    for language in LANGUAGES:
        path = data_root("prompts") / language / "common" / "render.yaml"
        if path.is_file():
            out[language] = yaml.safe_load(path.read_text(encoding="utf-8"))
    return out


def placeholders(value: object) -> set[str]:
    return set(re.findall(r"\$(\w+)", value, re.ASCII)) if isinstance(value, str) else set()


def test_render_labels_exist_for_every_language_and_keep_their_placeholders() -> None:
    files = label_files()
    assert set(files) == set(LANGUAGES)
    english = files["en"]
    for language, labels in files.items():
        if "-" not in language:  # a dialect file only overrides its base language
            assert set(labels) == set(english), f"{language}: {set(english) ^ set(labels)}"
        for key, value in labels.items():
            assert key in english, f"{language}: unknown label {key!r}"
            if isinstance(value, dict):
                reference = english[key]
                assert isinstance(reference, dict)
                for sub, text in value.items():
                    assert placeholders(text) == placeholders(reference.get(sub, text)), f"{language}: {key}.{sub}"
            else:
                assert placeholders(value) == placeholders(english[key]), f"{language}: {key}"
        merged = page_labels(language)
        assert set(merged) == set(english)


def test_narration_follows_the_record_it_voices(tmp_path: Path) -> None:
    from llm_werewolf.rules.events import Cue, DeathsAnnounced
    from llm_werewolf.table_notes import Narration

    path = tmp_path / "narrated.jsonl"
    play_to_file(path, "lebanese_ghouls", 3, narrator=True)
    transcript = read_transcript(path)
    markdown = render(transcript, "md", "public").splitlines()
    by_seq = {r.seq: r.event for r in transcript.records}
    deaths_checked = cues_checked = 0
    for record in transcript.records:
        event = record.event
        if not isinstance(event, Narration) or event.about is None:
            continue
        (line,) = [i for i, text in enumerate(markdown) if event.text.split("\n")[0][:30] in text][:1]
        voiced = by_seq[event.about]
        if isinstance(voiced, DeathsAnnounced) and voiced.deaths:
            previous = next(text for text in reversed(markdown[:line]) if text.strip() and "*<bdi>“" not in text)
            assert "أُعلن" in previous  # right after the announced deaths (and its other narration lines)
            deaths_checked += 1
        if isinstance(voiced, Cue):
            cues_checked += 1
    assert deaths_checked and cues_checked
    # A voiced cue appears as its narration only: no "wake" label line for it.
    assert not any(text.endswith("، فيق.") for text in markdown)


def test_an_interrupted_game_renders_without_an_end(tmp_path: Path) -> None:
    path = tmp_path / "partial.jsonl"
    play_to_file(path, "chinese_werewolf", 9, agents="noisy", narrator=True)
    data = path.read_bytes()
    path.write_bytes(data[: len(data) // 2 + 7])
    transcript = read_transcript(path)
    assert transcript.truncated
    for fmt in ("md", "html"):
        for view in ("public", "god", "seat:1"):
            text = render(transcript, fmt, view)
            assert 'class="reveal"' not in text and "第 1 夜" in text


def test_a_persona_is_shown_beside_a_seat_only_when_it_is_another_name(tmp_path: Path) -> None:
    path = tmp_path / "personas.jsonl"
    names = ["Ann", "Bob", "Cy", "Dee"]
    play_to_file(path, "one_night", 5, players=4, names=names, personas=["Ann", "Brigitte", None, None])
    page = render(read_transcript(path), "md", "public")
    assert "**2. Bob** (Brigitte)" in page
    assert "**1. Ann**" in page and "**1. Ann** (Ann)" not in page
