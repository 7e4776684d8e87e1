"""The web API: host token, per-seat tokens (403 across seats), rejoin, time limits, speech cap."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
from fastapi.testclient import TestClient
from starlette.testclient import WebSocketDenialResponse

from llm_werewolf.rules.events import ChoiceMade, Speech
from llm_werewolf.table import Fallback, Rejected
from llm_werewolf.transcript import read_transcript
from llm_werewolf.transcript.replay import replay_file
from llm_werewolf.web.app import create_app
from llm_werewolf.web.tables import Lobby

from .support import HOST, answer, create, play_out, seats, start, state, token_of, wait_for, wait_past

FOUR = {"variant": "one_night", "language": "en", "seed": 5}


def _two_humans(client: TestClient, **extra: Any) -> dict[str, Any]:
    return create(client, **FOUR, seats=seats("human", "human", "heuristic", "heuristic"), **extra)


def test_host_pages_and_api_need_the_host_token(client: TestClient) -> None:
    assert client.get("/host").status_code == 403
    assert client.get("/host", params={"token": "wrong"}).status_code == 403
    assert client.get("/host", params={"token": HOST}).status_code == 200
    assert client.get("/api/host/rulesets").status_code == 403
    listed = client.get("/api/host/rulesets", headers={"X-Host-Token": HOST}).json()
    assert "one_night" in {r["id"] for r in listed["rulesets"]} and "human" in listed["players"]
    body = {**FOUR, "seats": seats("human", "heuristic", "heuristic", "heuristic")}
    assert client.post("/api/host/tables", json=body).status_code == 403
    assert client.post("/api/host/tables", json=body, headers={"X-Host-Token": "nope"}).status_code == 403


def test_a_bad_setup_is_refused_with_its_reason(client: TestClient) -> None:
    too_few = {**FOUR, "seats": seats("human", "heuristic")}
    response = client.post("/api/host/tables", json=too_few, headers={"X-Host-Token": HOST})
    assert response.status_code == 422 and "3-12 players" in response.json()["detail"]
    unknown = {**FOUR, "seats": seats("human", "robot", "heuristic", "heuristic")}
    response = client.post("/api/host/tables", json=unknown, headers={"X-Host-Token": HOST})
    assert response.status_code == 422 and "robot" in response.json()["detail"]


def test_only_a_seats_own_token_opens_its_page_state_answers_and_socket(client: TestClient) -> None:
    table = _two_humans(client)
    start(client, table["id"])
    tid = table["id"]
    one, two = (token_of(s["link"]) for s in table["seats"][:2])
    public = token_of(table["watch"])
    assert client.get(f"/t/{tid}/seat/1", params={"token": one}).status_code == 200
    forbidden = [
        client.get(f"/t/{tid}/seat/1", params={"token": two}),
        client.get(f"/t/{tid}/seat/1"),
        client.get(f"/t/{tid}/seat/3", params={"token": one}),  # an AI seat has no page
        client.get(f"/t/{tid}/seat/9", params={"token": one}),
        client.get("/t/nosuchtable/seat/1", params={"token": one}),
        client.get(f"/api/t/{tid}/seat/2/state", params={"token": one}),
        client.get(f"/api/t/{tid}/seat/1/state", params={"token": public}),
        client.post(f"/api/t/{tid}/seat/2/answer", params={"token": one}, json={"decision_id": 0, "option": "skip"}),
        client.get(f"/t/{tid}/watch", params={"token": one}),
        client.get(f"/api/t/{tid}/public/state", params={"token": two}),
        client.get(f"/api/host/tables/{tid}", params={"token": one}),
    ]
    assert [r.status_code for r in forbidden] == [403] * len(forbidden)
    for path in (
        f"/ws/t/{tid}/seat/2?token={one}",
        f"/ws/t/{tid}/seat/1?token={public}",
        f"/ws/t/{tid}/public?token={two}",
    ):
        with pytest.raises(WebSocketDenialResponse) as denied, client.websocket_connect(path):
            pass
        assert denied.value.status_code == 403
    with client.websocket_connect(f"/ws/t/{tid}/seat/1?token={one}") as socket:
        assert socket.receive_json()["type"] == "snapshot"


def test_pages_follow_the_games_language_and_direction(client: TestClient) -> None:
    table = create(client, variant="lebanese_ghouls", language="ar-LB", seats=seats("human", *["heuristic"] * 5))
    page = client.get(table["seats"][0]["link"])
    assert page.status_code == 200
    assert 'lang="ar-LB" dir="rtl"' in page.text
    assert "Content-Security-Policy" in page.headers and page.headers["Referrer-Policy"] == "no-referrer"
    english = create(client, **FOUR, seats=seats("human", "heuristic", "heuristic", "heuristic"))
    assert 'lang="en" dir="ltr"' in client.get(english["seats"][0]["link"]).text


def test_a_human_who_leaves_rejoins_with_the_same_link_and_sees_the_same_state(client: TestClient) -> None:
    table = _two_humans(client)
    start(client, table["id"])
    path = f"/ws/t/{table['id']}/seat/1?token={token_of(table['seats'][0]['link'])}"
    with client.websocket_connect(path) as socket:
        first = socket.receive_json()
    assert first["type"] == "snapshot" and first["decision"] is not None
    with client.websocket_connect(path) as socket:
        again = socket.receive_json()
        assert again["decision"]["id"] == first["decision"]["id"]
        assert again["card"] == first["card"] and again["items"] == first["items"]
        decision = again["decision"]
        socket.send_json({"type": "answer", "decision_id": decision["id"], "option": decision["options"][0]["id"]})
        closed = socket.receive_json()
        assert closed == {"type": "decision", "decision": None}


def test_answers_are_checked_before_they_reach_the_rules(client: TestClient, lobby: Lobby) -> None:
    table = create(client, **FOUR, seats=seats("human", "heuristic", "heuristic", "heuristic"), speech_limit=30)
    start(client, table["id"])
    web = lobby.tables[table["id"]]
    refused: dict[str, int] = {}
    while web.status == "running":
        decision = state(client, table, 1)["decision"]
        if decision is None:
            continue
        stale = answer(client, table, 1, {"id": decision["id"] + 1000}, decision["options"][0]["id"])
        assert stale.status_code == 409 and stale.json()["error"] == "stale"
        bogus = answer(client, table, 1, decision, "seat:99")
        assert bogus.status_code == 409 and bogus.json()["error"] == "not_an_option"
        if decision["speech"]:
            assert decision["speech_limit"] == 30
            long = answer(client, table, 1, decision, decision["options"][0]["id"], "x" * 31)
            assert long.status_code == 409 and long.json()["error"] == "too_long"
            assert "31" in long.json()["message"] and "30" in long.json()["message"]
            refused["too_long"] = refused.get("too_long", 0) + 1
            ok = answer(client, table, 1, decision, decision["options"][0]["id"], "y" * 30)
        else:
            ok = answer(client, table, 1, decision, decision["options"][0]["id"])
        assert ok.status_code == 200, ok.text
        wait_past(client, table, 1, decision["id"])
    assert web.status == "over" and refused["too_long"] >= 1
    spoken = [r.event for r in web.game.records if isinstance(r.event, Speech) and r.event.seat == 0]
    assert spoken and all(s.text == "y" * 30 for s in spoken)
    no_answer = answer(client, table, 1, {"id": 0}, "skip")
    assert no_answer.status_code == 409 and no_answer.json()["error"] == "no_decision"


@pytest.mark.parametrize("on_timeout", ["default", "heuristic"])
def test_a_human_out_of_time_gets_the_configured_answer_and_it_is_recorded(
    client: TestClient, lobby: Lobby, on_timeout: str
) -> None:
    table = create(
        client,
        **FOUR,
        seats=seats("human", "heuristic", "heuristic", "heuristic"),
        time_limit=0.2,
        on_timeout=on_timeout,
    )
    first = state(client, table, 1)
    assert first["status"] == "waiting" and first["decision"] is None
    start(client, table["id"])
    web = lobby.tables[table["id"]]
    wait_for(lambda: web.status != "running", timeout=60, what="the game to end")
    assert web.status == "over"
    asked = [r.event for r in web.game.records if isinstance(r.event, ChoiceMade) and r.event.seat == 0]
    fallbacks = [r for r in web.game.records if isinstance(r.event, Fallback) and r.event.seat == 0]
    rejected = [r.event for r in web.game.records if isinstance(r.event, Rejected) and r.event.seat == 0]
    assert asked and len(fallbacks) == len(asked)
    assert all(f.vis.scope == "god" for f in fallbacks)
    # the stand-in says what answered: the rules' default, or the rule-of-thumb player
    assert {f.event.source for f in fallbacks} == {on_timeout}  # type: ignore[attr-defined]
    assert all("no answer within 0.2 s" in r.error for r in rejected) and len(rejected) == len(asked)
    if on_timeout == "default":
        decisions = {d.id: d for d in _decisions(web)}
        for f in fallbacks:
            decision = decisions[f.event.decision_id]  # type: ignore[attr-defined]
            expected = decision.default if decision.default is not None else decision.options[0].id
            assert f.event.option == expected  # type: ignore[attr-defined]


def _decisions(web: Any) -> list[Any]:
    """Every decision asked of seat 0, rebuilt from the log (the options its choices carry)."""
    from llm_werewolf.rules import Decision, Option
    from llm_werewolf.rules.questions import questions

    out = []
    for e in questions(web.game.records):
        if e.seat == 0:
            options = tuple(Option(id=o, kind=o) for o in e.options)
            default = "skip" if "skip" in e.options else None
            out.append(Decision(id=e.decision_id, seat=0, kind=e.decision, options=options, default=default))
    return out


@pytest.mark.parametrize("narrator", ["template", "off"])
def test_a_browser_games_transcript_header_names_its_seats_narrator_and_table(tmp_path: Path, narrator: str) -> None:
    lobby = Lobby(host_token=HOST, transcripts=tmp_path)
    players = [
        {"player": "human"},
        {"player": "heuristic"},
        {"player": "fake", "persona": "en-dylan"},
        {"player": "random"},
    ]
    with TestClient(create_app(lobby)) as client:
        table = create(
            client,
            **FOUR,
            seats=players,
            time_limit=0.3,
            on_timeout="default",
            speech_limit=120,
            narrator=narrator,
        )
        start(client, table["id"])
        web = lobby.tables[table["id"]]
        wait_for(lambda: web.status != "running", timeout=60, what="the game to end")
        assert web.status == "over", web.error
    (path,) = tmp_path.glob("*.jsonl")
    header = read_transcript(path).header
    assert [(s.agent, s.model, s.persona, s.persona_name) for s in header.seats] == [
        ("human", None, None, None),
        ("heuristic", None, None, None),
        ("fake", "fake", "en-dylan", "Dylan"),
        ("random", None, None, None),
    ]
    assert header.narrator == narrator
    assert header.table == {"time_limit": 0.3, "on_timeout": "default", "speech_limit": 120}
    narrated = any(r.event.kind == "narration" for r in read_transcript(path).records)  # type: ignore[attr-defined]
    assert narrated == (narrator == "template")
    assert replay_file(path).complete  # the header still rebuilds the game it heads


def test_the_spectator_view_is_public_only(client: TestClient, lobby: Lobby) -> None:
    table = _two_humans(client)
    start(client, table["id"])
    web = lobby.tables[table["id"]]
    play_out(client, table, web, [1, 2])
    public = client.get(f"/api/t/{table['id']}/public/state", params={"token": token_of(table["watch"])}).json()
    public_count = sum(r.vis.scope == "public" for r in web.game.records)
    items = public["items"]
    assert items and all(0 <= item["seq"] < public_count and not item["private"] for item in items)
    assert [item["seq"] for item in items] == sorted({item["seq"] for item in items})
    assert public["decision"] is None and public["card"]["role"] is None
    host = client.get(f"/api/host/tables/{table['id']}", headers={"X-Host-Token": HOST}).json()
    assert host["status"] == "over"


def test_serve_prints_the_host_link_and_runs_uvicorn_without_an_access_log(monkeypatch: pytest.MonkeyPatch) -> None:
    import uvicorn
    from typer.testing import CliRunner

    from llm_werewolf.cli import app

    calls: list[dict[str, Any]] = []
    monkeypatch.setattr(uvicorn, "run", lambda application, **kwargs: calls.append({"app": application, **kwargs}))
    result = CliRunner().invoke(app, ["serve", "--port", "8799", "--no-transcript"])
    assert result.exit_code == 0, result.output
    assert len(calls) == 1 and calls[0]["host"] == "127.0.0.1" and calls[0]["port"] == 8799
    assert calls[0]["access_log"] is False
    lobby = calls[0]["app"].state.lobby
    assert f"http://127.0.0.1:8799/host?token={lobby.host_token}" in result.output.replace("\n", "")
    with TestClient(calls[0]["app"]) as elsewhere:  # Host: testserver, not an address serve printed
        assert elsewhere.get("/host", params={"token": lobby.host_token}).status_code == 421
    with TestClient(calls[0]["app"], base_url="http://127.0.0.1:8799") as served:
        assert served.get("/host", params={"token": lobby.host_token}).status_code == 200
        assert served.get("/host", params={"token": HOST}).status_code == 403
