"""Frame by frame: nothing on seat A's websocket belongs to another seat's secrets."""

from __future__ import annotations

import json
import threading
from typing import Any

from fastapi.testclient import TestClient

from llm_werewolf.agents.base import DecisionRequest, Reply
from llm_werewolf.agents.heuristic import HeuristicAgent
from llm_werewolf.rules.events import Info, RoleAssigned, RolesRevealed
from llm_werewolf.rules.questions import questions
from llm_werewolf.table_notes import Thought
from llm_werewolf.web.tables import Lobby

from .support import HOST, answer, create, seats, start, state, token_of


class Canary(HeuristicAgent):
    """A heuristic player whose every private thought is a unique marker (visible to its own seat only)."""

    async def decide(self, request: DecisionRequest) -> Reply:
        reply = await super().decide(request)
        return Reply(reply.choice, thought=f"CANARY-{request.decision.seat}-{request.decision.id}")


def _answer_seat_two(client: TestClient, table: dict[str, Any], lobby: Lobby, stop: threading.Event) -> None:
    web = lobby.tables[table["id"]]
    while web.status in ("waiting", "running") and not stop.is_set():
        decision = state(client, table, 2)["decision"]
        if decision is not None:
            answer(client, table, 2, decision, decision["options"][-1]["id"], "B speaks" if decision["speech"] else "")
        stop.wait(0.01)


def test_no_frame_on_seat_a_carries_another_seats_secret(client: TestClient, lobby: Lobby) -> None:
    table = create(
        client, variant="one_night", language="en", seed=11, seats=seats("human", "human", *["heuristic"] * 3)
    )
    web = lobby.tables[table["id"]]
    for i in range(2, 5):
        web.table.seat_agent(i, Canary(seed=i))
    a_token = token_of(table["seats"][0]["link"])
    others = [token_of(table["seats"][1]["link"]), token_of(table["watch"]), HOST]
    frames: list[str] = []
    stop = threading.Event()
    helper = threading.Thread(target=_answer_seat_two, args=(client, table, lobby, stop), daemon=True)
    with client.websocket_connect(f"/ws/t/{table['id']}/seat/1?token={a_token}") as socket:
        start(client, table["id"])
        helper.start()
        for _ in range(5000):
            raw = socket.receive_text()
            frames.append(raw)
            message = json.loads(raw)
            decision = message.get("decision")
            if message["type"] in ("snapshot", "decision") and decision:
                reply = {"type": "answer", "decision_id": decision["id"], "option": decision["options"][0]["id"]}
                socket.send_json({**reply, "text": "A speaks"} if decision["speech"] else reply)
            if message["type"] == "status" and message["status"] in ("over", "failed"):
                break
    stop.set()
    helper.join(timeout=10)
    assert web.status == "over", web.error
    records = web.game.records
    visible = {r.seq for r in records if r.vis.visible_to(0)}
    my_decisions = {q.decision_id for q in questions(records) if q.seat == 0}
    my_roles = {r.event.role for r in records if isinstance(r.event, RoleAssigned) and r.event.seat == 0}
    final_roles = next(r.event.roles for r in records if isinstance(r.event, RolesRevealed))
    canaries = [f"CANARY-{seat}-" for seat in range(2, 5)]
    hidden_info = [web.presenter.item(r, 0) for r in records if isinstance(r.event, Info) and r.seq not in visible]
    hidden_texts = {item.text for item in hidden_info if item is not None}
    assert len(frames) > 20 and my_decisions
    planted = [r for r in records if isinstance(r.event, Thought) and r.event.text.startswith("CANARY-")]
    assert {r.event.seat for r in planted} == {2, 3, 4}  # type: ignore[attr-defined]  # the canaries did play
    ended = False
    for raw in frames:
        for secret in (*others, *canaries, *hidden_texts):
            assert secret not in raw, f"seat A received {secret!r}"
        message = json.loads(raw)
        for item in message.get("items", []):
            # feed items are numbered within seat A's own view: the game's sequence numbers
            # (whose gaps would count the records A may not see) never reach the page
            assert 0 <= item["seq"] < len(visible), f"seat A received position {item['seq']}"
        card = message.get("card")
        if card is not None:
            assert card["seat"] == 1
            ended = ended or message.get("ended", False)
            allowed = my_roles | ({final_roles[0]} if ended else set())
            assert card["role"] is None or card["role"] in allowed
        if message.get("decision"):
            assert message["decision"]["id"] in my_decisions
    assert any("A speaks" in raw for raw in frames)
