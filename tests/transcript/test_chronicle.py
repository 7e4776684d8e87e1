"""The chronicle (`render GAME --format story`): prose in the game's language, scene by scene, with the
cards shown only in the god view or once the game has ended; right-to-left pages; player text escaped."""

from __future__ import annotations

import asyncio
import subprocess
import sys
from dataclasses import replace
from pathlib import Path

import pytest

from llm_werewolf.describe.story import load_story
from llm_werewolf.llm import FakeBackend, TransportError
from llm_werewolf.narration import TemplateNarrator
from llm_werewolf.render.chronicle import Quote, Votes, build_chronicle
from llm_werewolf.render.chronicle_llm import ModelChronicler
from llm_werewolf.render.chronicle_writers import chronicle_html, chronicle_markdown
from llm_werewolf.rules import get_ruleset, make_record
from llm_werewolf.rules.events import RoleAssigned, Speech
from llm_werewolf.transcript import Transcript, read_transcript

from ..narration.support import RULESETS
from .support import play_to_file


@pytest.fixture(scope="module")
def games(tmp_path_factory: pytest.TempPathFactory) -> dict[str, Transcript]:
    folder = tmp_path_factory.mktemp("chronicle")
    out = {}
    for index, variant in enumerate(RULESETS):
        path = folder / f"{variant}.jsonl"
        play_to_file(path, variant, 50 + index, narrator=True)
        out[variant] = read_transcript(path)
    return out


@pytest.mark.parametrize("variant", RULESETS)
def test_a_finished_game_is_told_in_scenes_with_every_card_at_the_end(
    games: dict[str, Transcript], variant: str
) -> None:
    transcript = games[variant]
    names = transcript.header.names
    public = build_chronicle(transcript, "public")
    assert public.language == get_ruleset(variant).source_language
    assert public.prologue[0] in {
        line.replace("{{ seats }}", str(len(names))) for line in load_story(public.language, variant).pool("prologue")
    }
    assert public.scenes and all(scene.items for scene in public.scenes)
    items = [item for scene in public.scenes for item in scene.items]
    assert any(isinstance(i, Quote) for i in items) and any(isinstance(i, Votes) for i in items)
    assert any(isinstance(i, str) for i in items)
    assert len(public.cards) >= len(names) and not public.closing  # the game ended: every card face up
    god = build_chronicle(transcript, "god")
    assert len(god.prologue) == len(public.prologue) + 1  # the cards dealt
    markdown, page = chronicle_markdown(public), chronicle_html(public)
    for name in names:
        assert name in markdown and name in page
    assert f'lang="{public.language}"' in page
    assert ('dir="rtl"' in page) == (public.language.split("-")[0] in ("ar", "he"))


def test_an_unfinished_game_keeps_the_cards_face_down_in_public(tmp_path: Path) -> None:
    path = tmp_path / "partial.jsonl"
    play_to_file(path, "city_mafia", 3, narrator=True)
    data = path.read_bytes()
    path.write_bytes(data[: len(data) // 2])
    transcript = read_transcript(path)
    public = build_chronicle(transcript, "public")
    assert not public.cards and public.closing
    assert build_chronicle(transcript, "god").cards


def test_quoted_speeches_and_names_are_escaped(games: dict[str, Transcript]) -> None:
    transcript = games["lebanese_ghouls"]
    evil = "<img src=x onerror=alert(1)> **bold** [link](https://example.com)"
    records = [
        make_record(r.seq, r.phase, r.vis, replace(r.event, text=evil)) if isinstance(r.event, Speech) else r
        for r in transcript.records
    ]
    names = ["<b>Bob</b>", *transcript.header.names[1:]]
    hostile = replace(transcript, records=records, header=transcript.header.model_copy(update={"names": names}))
    chronicle = build_chronicle(hostile, "god")
    page, markdown = chronicle_html(chronicle), chronicle_markdown(chronicle)
    assert "<img" not in page and "<b>Bob" not in page and "&lt;img" in page
    assert "<img" not in markdown and "[link](https" not in markdown


def test_cli_writes_markdown_and_html_beside_the_game(games: dict[str, Transcript], tmp_path: Path) -> None:
    path = tmp_path / "g.jsonl"
    play_to_file(path, "online_mafia", 4, narrator=True)
    done = subprocess.run(
        [sys.executable, "-m", "llm_werewolf", "render", str(path), "--format", "story", "--view", "god"],
        capture_output=True,
        text=True,
        check=False,
    )
    assert done.returncode == 0, done.stderr
    assert (tmp_path / "g.god.story.md").read_text(encoding="utf-8").startswith("# ")
    assert 'dir="rtl"' in (tmp_path / "g.god.story.html").read_text(encoding="utf-8")
    bad = subprocess.run(
        [sys.executable, "-m", "llm_werewolf", "render", str(path), "--format", "story", "--view", "seat:1"],
        capture_output=True,
        text=True,
        check=False,
    )
    assert bad.returncode != 0 and "public or god" in bad.stderr


def retell(prompt: str) -> list[str]:
    """The plan's lines of a chronicle prompt (what an honest model retells)."""
    lines = prompt.split("Plan of the scene (every fact it may tell):", 1)[1].splitlines()
    plan: list[str] = []
    for line in lines[1:]:
        if not line.startswith("- "):
            break
        plan.append(line[2:])
    return plan


def test_a_model_writes_scenes_from_the_plan_and_a_leaking_scene_keeps_the_template(
    games: dict[str, Transcript],
) -> None:
    transcript = games["city_mafia"]
    plan = build_chronicle(transcript, "public")
    mood = "Город молчит, и дождь стучит по крыше клуба."
    retold = FakeBackend(lambda request: " ".join([mood, *retell(request.user)]))
    told = asyncio.run(ModelChronicler(transcript, retold).tell(plan))
    with_lines = [i for i, scene in enumerate(plan.scenes) if any(isinstance(item, str) for item in scene.items)]
    assert with_lines and all(told.scenes[i].told_by == "llm" for i in with_lines)
    first = told.scenes[with_lines[0]].items
    assert any(isinstance(i, str) and i.startswith(mood) for i in first)
    assert [i for i in first if not isinstance(i, str)] == [
        i for i in plan.scenes[with_lines[0]].items if not isinstance(i, str)
    ]  # quotes and votes as planned

    # a paragraph that leaves out who left, or a model stuck in a loop, is no chronicle of the scene
    for answer, code in ((mood, "omits_fact"), ("Город молчит. " * 40, "repeat")):
        chronicler = ModelChronicler(transcript, FakeBackend(lambda request, answer=answer: answer))
        kept = asyncio.run(chronicler.tell(replace(plan, scenes=plan.scenes[:1])))
        assert kept.scenes[0].told_by == "template", answer
        assert all(code in c.problem for c in chronicler.calls), [c.problem for c in chronicler.calls]

    narrator = TemplateNarrator("city_mafia", "ru", transcript.header.names)
    final = build_chronicle(transcript, "god")
    seat, role = next(
        (s, r.event.role)
        for s in range(len(transcript.header.names))
        for r in transcript.records
        if isinstance(r.event, RoleAssigned) and r.event.seat == s and r.event.role in ("mafia", "don", "sheriff")
    )
    leak = f"{narrator.seat_label(seat)} — {narrator.role(role, seat)}."
    chronicler = ModelChronicler(transcript, FakeBackend(lambda request: leak))
    leaked = asyncio.run(chronicler.tell(replace(plan, scenes=plan.scenes[:1])))
    assert leaked.scenes[0].told_by == "template" and leaked.scenes[0].items == plan.scenes[0].items
    assert [c.attempt for c in chronicler.calls] == [0, 1]
    assert all("role_not_public" in c.problem for c in chronicler.calls)
    assert final.cards  # the god view still shows every card at the end

    down = ModelChronicler(transcript, FakeBackend([TransportError("down", attempts=1)] * 9))
    kept = asyncio.run(down.tell(plan))
    assert all(scene.told_by == "template" for scene in kept.scenes) and "TransportError" in down.calls[0].problem
