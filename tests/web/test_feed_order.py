"""Feed order (narration next to what it voices), announcement wording and seat names on web tables."""

from __future__ import annotations

import time

import pytest
from fastapi.testclient import TestClient

from llm_werewolf.describe.feed_order import reading_order
from llm_werewolf.describe.present import Presenter
from llm_werewolf.describe.vocabulary import Vocabulary
from llm_werewolf.rules import Record, get_ruleset, make_record
from llm_werewolf.rules.events import Announcement, Cue, GameEnded, PhaseStarted, Visibility
from llm_werewolf.table_notes import Narration
from llm_werewolf.web.app import create_app
from llm_werewolf.web.tables import Lobby

from .support import HOST, answer, create, seats, start, state, token_of, wait_for

PUBLIC = Visibility("public")


def _record(seq: int, event: object, phase: str = "night:1") -> Record:
    return make_record(seq=seq, phase=phase, vis=PUBLIC, event=event)  # type: ignore[arg-type]


def _narration(about: int, text: str) -> Narration:
    return Narration(key="k", text=text, about=about, mode="template", language="en")


def test_reading_order_puts_each_narration_right_after_its_source() -> None:
    sleep = _record(1, Cue(key="sleep", role="witch"))
    day = _record(2, PhaseStarted(phase="day", number=1), "day:1")
    records = [sleep, day, _record(3, _narration(1, "close your eyes"), "day:1"), _record(4, _narration(2, "dawn"))]
    assert [r.seq for r in reading_order(records)] == [1, 3, 2, 4]
    assert [r.seq for r in reading_order(records, drop_voiced_cues=True)] == [3, 2, 4]  # the cue says it in words
    late = [day, _record(5, _narration(1, "about an earlier batch"))]
    assert reading_order(late) == late  # a source not among them: the line stays where it is


def _played(variant: str, language: str, players: list[str], seed: int) -> tuple[Lobby, str]:
    lobby = Lobby(host_token=HOST)
    with TestClient(create_app(lobby)) as client:
        table = create(client, variant=variant, language=language, seed=seed, seats=seats(*players))
        start(client, table["id"])
        web = lobby.tables[table["id"]]
        wait_for(lambda: web.status != "running", timeout=60, what="the game to end")
        assert web.status == "over", web.error
    return lobby, table["id"]


@pytest.mark.parametrize(("variant", "language"), [("lebanese_ghouls", "ar-LB"), ("chinese_werewolf", "zh-Hant")])
def test_every_screen_shows_a_narration_line_in_the_phase_of_what_it_voices(variant: str, language: str) -> None:
    players = get_ruleset(variant).min_players + 2
    lobby, table_id = _played(variant, language, ["heuristic"] * players, seed=11)
    web = lobby.tables[table_id]
    narrations = 0
    for builder in [web.public_builder, *web.builders]:
        records = builder.records
        index = {r.seq: i for i, r in enumerate(records)}
        phase = "setup"
        for i, record in enumerate(records):
            event = record.event
            if isinstance(event, PhaseStarted):
                phase = f"{event.phase}:{event.number}"
            if isinstance(event, Narration) and event.about is not None:
                narrations += 1
                source = index[event.about]
                assert source < i and all(isinstance(r.event, Narration) for r in records[source + 1 : i])
                assert records[source].phase in (phase, "end")  # not under the next phase's header
        end = next(i for i, r in enumerate(records) if isinstance(r.event, GameEnded))
        for record in records[end:]:  # after the winner line, only narration of the end itself
            if isinstance(record.event, Narration) and record.event.about is not None:
                assert index[record.event.about] >= end
    assert narrations > 10


@pytest.mark.parametrize("variant", ["chinese_werewolf", "city_mafia", "lebanese_ghouls", "one_night", "online_mafia"])
def test_no_raw_announcement_key_in_any_feed(variant: str) -> None:
    ruleset = get_ruleset(variant)
    for language in ruleset.languages:
        names = tuple(f"N{i}" for i in range(ruleset.max_players))
        presenter = Presenter(language, variant, names)
        for key in dict(ruleset.announcement_keys):
            template = Vocabulary(language, variant).announcement_line(key)
            assert template, (language, key)  # its own line (the ruleset's terms or the role's file), not a name
            item = presenter.item(_record(7, Announcement(key=key, seats=(1, 2), value="werewolf")), 0)
            assert item is not None
            assert "N1" in item.text or "$seats" not in template
            if language != "en":
                assert key not in item.text and key.replace("_", " ") not in item.text, (language, item.text)


def test_the_lebanese_saved_line_names_the_saved_seat() -> None:
    presenter = Presenter("ar-LB", "lebanese_ghouls", ("جورج", "طوني", "ريتا", "مايا", "نادر"))
    item = presenter.item(_record(7, Announcement(key="saved", seats=(1,))), 0)
    assert item is not None and item.text == "2. طوني نِجي من الموت هالليلة."


def test_model_seats_take_their_persona_names_and_no_name_is_worn_twice() -> None:
    players = ["human", "human"] + ["fake"] * 5
    lobby = Lobby(host_token=HOST)
    with TestClient(create_app(lobby)) as client:
        for seed in range(6):
            table = create(client, variant="lebanese_ghouls", language="ar-LB", seed=seed, seats=seats(*players))
            web = lobby.tables[table["id"]]
            names = web.game.config.names
            assert len(set(names)) == len(names)
            for seat, agent in enumerate(web.table.agents[2:], start=2):
                persona = getattr(agent, "persona", None)
                assert persona is not None and names[seat] == persona.name
            personas = {agent.persona.name for agent in web.table.agents[2:]}  # type: ignore[attr-defined]
            assert not personas & set(names[:2])  # a human never bears a model's persona name


def test_every_screen_is_told_who_speaks_by_day_and_nothing_by_night(client: TestClient, lobby: Lobby) -> None:
    table = create(client, variant="one_night", language="en", seed=5, seats=seats("human", "human", "heuristic"))
    web = lobby.tables[table["id"]]
    public = {"token": token_of(table["watch"])}
    start(client, table["id"])
    seen_night = False
    end = time.monotonic() + 60
    while True:
        assert time.monotonic() < end, "no day speech came"
        for seat in (1, 2):
            decision = state(client, table, seat)["decision"]
            if decision is None:
                continue
            snapshot = client.get(f"/api/t/{table['id']}/public/state", params=public).json()
            if not decision["speech"]:
                assert snapshot["turn"] is None  # a night (or vote) decision is never announced
                seen_night = True
                answer(client, table, seat, decision, decision["options"][0]["id"])
                continue
            turn = snapshot["turn"]
            assert turn["seats"] == [seat] and turn["human"] is True
            assert turn["text"] == f"{web.presenter.seat(seat - 1)} is speaking…"
            assert turn["elapsed"] >= 0
            assert seen_night or web.game.state.phase.kind == "day"
            return
