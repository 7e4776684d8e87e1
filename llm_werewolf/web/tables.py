"""Tables played in the browser: seats, tokens, per-seat views pushed to websockets.

A :class:`WebTable` is a sink of the async :class:`~llm_werewolf.table.Table`: it
keeps one :class:`~llm_werewolf.rules.ViewBuilder` per seat (and one for the
public) and sends each connection only the lines of its own builder. Nothing is
ever serialised from the game state, so a page cannot receive a secret its seat
does not hold. The :class:`Lobby` holds the tables and the host's token.
"""

from __future__ import annotations

import asyncio
import secrets
import sys
from collections.abc import Callable, Sequence
from contextlib import suppress
from dataclasses import dataclass, field, replace
from pathlib import Path
from typing import Any, Literal

from ..agents.base import Agent
from ..agents.heuristic import HeuristicAgent
from ..controls import strip_controls
from ..describe.feed_order import reading_order
from ..describe.present import Presenter, deck_of
from ..describe.ui_text import direction, fill
from ..llm.errors import LLMError
from ..opening import open_table
from ..rules import Game, GameConfig, Record, ViewBuilder, get_ruleset
from ..rules.errors import RulesError
from ..rules.events import GameEnded, RolesRevealed
from ..seeds import seat_seed
from ..session import Session
from ..table import Narrator, TableSettings
from ..table.model_health import model_health
from ..table.night_pacing import NightPacer, night_cue
from ..table.seating import AgentSpec, SeatSpecError
from ..table_notes import Fallback
from ..texts import TextDataError, default_names
from ..transcript import TranscriptWriter
from .limits import offer_all
from .links import qr_data_uri, reachable_from_others
from .seats import AnswerRefused, DefaultAnswerAgent, HumanWebAgent, SeatHub, check_answer
from .setup import SetupError, TableSetup, agent_spec, game_config

__all__ = ["Lobby", "PublicHub", "WebTable", "narrator_label", "night_cue", "template_narrator"]

Status = Literal["waiting", "running", "over", "failed"]
PREVIEW_INTERVAL = 0.1
"""Seconds between two updates of one seat's speech preview sent to the pages (the newest text wins)."""
NarratorFactory = Callable[[TableSetup, Game], Narrator | None]


@dataclass
class PublicHub:
    """Spectators and table screens: the public view only."""

    token: str = field(default_factory=lambda: secrets.token_urlsafe(24))
    queues: set[asyncio.Queue[dict[str, Any]]] = field(default_factory=set)

    def push(self, message: dict[str, Any]) -> None:
        offer_all(self.queues, message)


def template_narrator(setup: TableSetup, game: Game) -> Narrator | None:
    """The default narrator of a web table: template lines, unless the host turned it off."""
    if setup.narrator == "off":
        return None
    from ..narration import TemplateNarrator

    language = game.config.language or game.ruleset.source_language
    from ..seeds import derive_seed

    seed = derive_seed(game.config.seed, "narrator")  # as `play` and `resume` seed it
    return TemplateNarrator(game.config.variant, language, game.config.names, seed=seed)


def narrator_label(narrator: Narrator | None) -> str:
    """The header's ``narrator``: ``off``, ``template``, or a model narrator's label (``llm:KIND:MODEL``)."""
    if narrator is None:
        return "off"
    label = getattr(narrator, "label", None)
    if isinstance(label, str) and label:
        return label
    mode = getattr(narrator, "mode", None)
    return mode if isinstance(mode, str) and mode else type(narrator).__name__


class WebTable:
    """One game with human seats reached over the web."""

    def __init__(
        self,
        setup: TableSetup,
        *,
        table_id: str | None = None,
        narrator_factory: NarratorFactory | None = None,
        transcripts: Path | None = None,
        session: Session | None = None,
        tokens: Sequence[str] | None = None,
        public_token: str | None = None,
    ) -> None:
        self.id = table_id or secrets.token_urlsafe(6)
        self.next_table: str | None = None
        """The table of the rematch ("play again"): its pages follow there with the same links' tokens."""
        self.setup = setup
        self.session = session or Session()
        """Where model seats get their backends (the server's session: shared, closed at shutdown)."""
        config = game_config(setup)
        specs = [agent_spec(seat) for seat in setup.seats]
        config = replace(config, names=self._names(setup, specs, config))
        try:
            self.game = Game(config)
        except RulesError as exc:
            raise SetupError(str(exc)) from None
        language = config.language or self.game.ruleset.source_language
        self.language: str = language
        self.presenter = Presenter(language, config.variant, config.names)
        self.speech_limit = min(setup.speech_limit, int(getattr(self.game.state.options, "max_speech_chars", 2000)))
        self.claims = frozenset(self.game.ruleset.claimable_roles())
        players = len(config.names)
        self.hubs = [SeatHub(i, human=spec is None) for i, spec in enumerate(specs)]
        for hub, token in zip(self.hubs, tokens or (), strict=False):
            hub.token = token  # a rematch: each person keeps their seat and their link's token
        self.public = PublicHub(token=public_token) if public_token else PublicHub()
        self.builders = [ViewBuilder(i) for i in range(players)]
        self.public_builder = ViewBuilder(None)
        agents: list[Agent] = []
        fallbacks: list[HeuristicAgent] = []
        for i, spec in enumerate(specs):
            seed = seat_seed(config.seed, i)
            if spec is None:
                agents.append(
                    HumanWebAgent(self.hubs[i], time_limit=setup.time_limit, on_change=self._decision_changed)
                )
                default = setup.on_timeout == "default"
                fallbacks.append(DefaultAnswerAgent(seed) if default else HeuristicAgent(seed=seed))
            else:
                try:
                    agent = self.session.agent(
                        spec, seat=i, seed=config.seed, language=language, variant=config.variant
                    )
                except (SeatSpecError, TextDataError, LLMError) as exc:  # an unknown persona, model or backend
                    message = str(exc)
                    raise SetupError(message if message.startswith("seat ") else f"seat {i + 1}: {message}") from None
                agents.append(agent)
                fallbacks.append(HeuristicAgent(seed=seed))
        self.writer: TranscriptWriter | None = None
        self.health = model_health([spec or AgentSpec("human") for spec in specs], report=self._health_line, live=False)
        """Model seats' calls and fallbacks: a summary on the server's console when the game ends (its host
        may be playing: no lines per phase), and the host page's fallback marker."""
        self.day_fallbacks: dict[int, int] = {}
        narrator = narrator_factory(setup, self.game) if narrator_factory is not None else None
        self.hidden_classes = frozenset({"cue"}) if narrator is not None else frozenset()
        """Feed lines left out: with a narrator, its lines replace the bare moderator cues."""
        self.night_step = setup.night_seconds()
        self.screen = NightPacer(_PublicScreen(self), self.night_step)
        """The public view: a night step lasts at least ``night_step`` on shared screens."""
        paced = setup.pace > 0 or self.night_step > 0
        settings = TableSettings(
            concurrency=players,
            pace=self._pace if paced else None,
            on_progress=self._announce_turn,
            on_preview=self._preview,
        )
        opened = open_table(
            self.game, specs, self.session, [self.health, self], seated=dict(enumerate(agents)), narrator=narrator,
            header={"narrator": narrator_label(narrator), "table": self.table_settings()},
            settings=settings, fallbacks=fallbacks,
        )  # fmt: skip
        if transcripts is not None:
            self.writer = opened.write_to(transcripts / f"{opened.header.game_id}.jsonl")
        self.table = opened.table
        self._turn_seats: tuple[int, ...] = ()
        self._since: dict[int, float] = {}
        """When each seat in the turn began answering (event-loop time): one seat finishing never
        restarts another's counter."""
        self.previews: dict[int, str] = {}
        """A model seat's public speech so far, while it is generated (never recorded; see :meth:`_preview`)."""
        self._answered: set[int] = set()
        """Seats whose previewed decision is answered: their preview goes when the records come."""
        self._preview_sent: dict[int, float] = {}
        self._preview_due: dict[int, asyncio.TimerHandle] = {}
        self.status: Status = "waiting"
        self.error: str | None = None
        self.task: asyncio.Task[None] | None = None

    def _names(self, setup: TableSetup, specs: Sequence[AgentSpec | None], config: GameConfig) -> tuple[str, ...]:
        """Seat names: the host's, else a model seat's persona name, else the next free default name.

        As in ``play``: a model seat is called what its persona calls itself, and no seat takes a
        name another seat's persona bears (no ``5. Tony (George)`` beside a ``1. George``).
        """
        language = config.language or get_ruleset(config.variant).source_language
        names: list[str | None] = [" ".join(strip_controls(seat.name or "").split()) or None for seat in setup.seats]
        taken = {name for name in names if name}
        for i, spec in enumerate(specs):
            if spec is None or names[i] is not None:
                continue
            try:
                persona = self.session.persona(spec, language=language, seat=i, seed=config.seed)
            except (TextDataError, LLMError, SeatSpecError):
                continue  # an unknown persona is reported when the seat is built
            if persona is not None and persona.name not in taken:
                names[i] = persona.name
                taken.add(persona.name)
        spare = iter(name for name in default_names(language, len(names) + len(taken)) if name not in taken)
        return tuple(name if name is not None else next(spare) for name in names)

    def table_settings(self) -> dict[str, Any]:
        """What the host chose for the humans, as the transcript header's ``table``."""
        return {
            "time_limit": self.setup.time_limit,
            "on_timeout": self.setup.on_timeout,
            "speech_limit": self.speech_limit,
        }

    # -- running -------------------------------------------------------------------------
    def start(self) -> bool:
        """Start the game (needs a running event loop); ``False`` if it was already started."""
        if self.task is not None:
            return False
        self.status = "running"
        self.task = asyncio.get_running_loop().create_task(self._run())
        self._push_status()
        return True

    async def _run(self) -> None:
        try:
            await self.session.preflight(self.table.agents, self.table.narrator)
            await self.table.play()
            self.status = "over"
        except asyncio.CancelledError:
            self.status = "failed"
            self.error = "stopped"
            raise
        except Exception as exc:  # shown to the host; the players see "failed"
            self.status = "failed"
            self.error = f"{type(exc).__name__}: {exc}"
        finally:
            self.health.report_summary()
            self.screen.close()  # whatever a night step still held reaches the screens
            self._answered.update(self.previews)
            self._clear_previews()
            if self.writer is not None:
                self.writer.close()
            self._push_status()

    async def stop(self) -> None:
        if self.task is not None and not self.task.done():
            self.task.cancel()
            with suppress(asyncio.CancelledError):
                await self.task

    async def _pace(self, records: Sequence[Record]) -> None:
        await self.screen.pace(records)
        if self.setup.pace > 0:
            await asyncio.sleep(self.setup.pace)

    # -- the sink: each seat gets the lines of its own view -----------------------------------
    def _fallbacks(self, seat: int) -> int:
        """How many of an AI seat's decisions the fallback answered, as the host page may show it: those of
        the day while the game runs (a night one would tell who acts at night), all once it is over."""
        if self.status in ("over", "failed"):
            health = self.health.seats.get(seat)
            return health.fallbacks if health is not None else 0
        return self.day_fallbacks.get(seat, 0)

    def _health_line(self, line: str) -> None:
        print(f"⚕ table {self.id}: {line}", file=sys.stderr, flush=True)  # the serve console, beside its own lines

    def write(self, records: Sequence[Record]) -> None:
        for record in records:
            if isinstance(record.event, Fallback) and record.phase.startswith("day"):
                self.day_fallbacks[record.event.seat] = self.day_fallbacks.get(record.event.seat, 0) + 1
        self._clear_previews()  # the accepted answer replaces the preview, in the same tick
        ordered = reading_order(records)  # narration next to what it voices (the log keeps its own order)
        for hub, builder in zip(self.hubs, self.builders, strict=True):
            self._forward(ordered, builder, hub.push)
        self.screen.write(ordered)

    # -- who the table waits for ---------------------------------------------------------
    def turn(self) -> dict[str, Any] | None:
        """Who is speaking now, for every screen: day speeches only (public anyway, as the speaking
        order is). A night decision is never shown: who is asked at night would tell their role."""
        if self.status != "running" or self.game.over or self.game.state.phase.kind != "day":
            return None
        waiting = self.table.outstanding
        speakers = sorted({d.seat for d in self.game.pending if d.speech and d.id in waiting})
        if not speakers:
            return None
        labels = self.presenter.seats(tuple(speakers))  # the language's own list separator
        human = all(self.hubs[i].human for i in speakers)
        key = "speaking" if human else "thinking"
        # «נועה מדברת…»: one speaker's verb agrees with her (several take the plain form)
        said = self.presenter.ui_about(speakers[0], key) if len(speakers) == 1 else self.presenter.ui(key)
        now = asyncio.get_running_loop().time()
        elapsed = {i: round(now - self._since.get(i, now), 1) for i in speakers}
        return {
            "seats": [i + 1 for i in speakers],
            "human": human,
            "text": fill(said, speaker=labels),
            "elapsed": max(elapsed.values()),
            "elapsed_by_seat": {str(i + 1): seconds for i, seconds in elapsed.items()},
        }

    def _announce_turn(self) -> None:
        try:
            now = asyncio.get_running_loop().time()
        except RuntimeError:  # no running loop (a table driven synchronously in a test)
            return
        waiting = self.table.outstanding
        asked = {d.seat for d in self.game.pending if d.id in waiting}
        for seat in list(self._since):
            if seat not in asked:
                del self._since[seat]
        for seat in asked:
            self._since.setdefault(seat, now)  # per seat: another seat finishing never restarts it
        turn = self.turn()
        seats = tuple(turn["seats"]) if turn else ()
        if seats == self._turn_seats:
            return
        self._turn_seats = seats
        message = {"type": "turn", "turn": turn}
        for hub in self.hubs:
            hub.push(message)
        self.public.push(message)

    # -- speech previews (public speech only; see llm/streaming.py) ---------------------------
    def _preview(self, seat: int, text: str | None) -> None:
        """The table's ``on_preview``: a model seat's public speech so far (``""``: a new try, nothing yet;
        ``None``: answered, the preview stays until the accepted speech reaches the screens)."""
        if text is None:
            self._answered.add(seat)
            return
        self._answered.discard(seat)
        if self.previews.get(seat, "") == text:
            return
        if not text:
            del self.previews[seat]
            self._withdraw(seat)
            return
        self.previews[seat] = text
        try:
            loop = asyncio.get_running_loop()
        except RuntimeError:  # a table driven without a loop (tests): at once
            self._push_preview(seat, text)
            return
        wait = self._preview_sent.get(seat, -PREVIEW_INTERVAL) + PREVIEW_INTERVAL - loop.time()
        if wait <= 0:
            self._send_preview(seat)
        elif seat not in self._preview_due:  # at most one update per interval: a slow phone keeps up
            self._preview_due[seat] = loop.call_later(wait, self._send_preview, seat)

    def _send_preview(self, seat: int) -> None:
        self._preview_due.pop(seat, None)
        text = self.previews.get(seat)
        if text is not None:
            self._preview_sent[seat] = asyncio.get_running_loop().time()
            self._push_preview(seat, text)

    def _withdraw(self, seat: int) -> None:
        due = self._preview_due.pop(seat, None)
        if due is not None:
            due.cancel()
        self._push_preview(seat, None)

    def _clear_previews(self) -> None:
        for seat in sorted(self._answered):
            if self.previews.pop(seat, None) is not None:
                self._withdraw(seat)
        self._answered.clear()

    def _push_preview(self, seat: int, text: str | None) -> None:
        message = {"type": "preview", "preview": self._preview_json(seat, text)}
        for hub in self.hubs:
            hub.push(message)
        self.public.push(message)

    def _preview_json(self, seat: int, text: str | None) -> dict[str, Any]:
        return {"seat": seat + 1, "label": self.presenter.seat(seat), "text": text}

    def _forward(self, records: Sequence[Record], builder: ViewBuilder, push: Callable[[dict[str, Any]], None]) -> None:
        items = []
        taken = False
        for record in records:
            if builder.add(record):
                taken = True
                item = self.presenter.item(record, len(builder.records) - 1)
                if item is not None and item.cls not in self.hidden_classes:
                    items.append(item.as_json())
        if taken:
            push({"type": "update", "items": items, **self._state(builder)})

    def _state(self, builder: ViewBuilder) -> dict[str, Any]:
        state = {
            "phase": self.presenter.phase(builder.phase),
            "card": self.presenter.card(builder.seat, builder.role),
            "players": self.presenter.players(builder.alive, builder.seat),
            "ended": builder.ended,
        }
        if builder.seat is None:
            state["fallbacks"] = self.public_fallbacks()
        return state

    def public_fallbacks(self) -> list[int]:
        """Per seat, the fallback answers the table screen's discreet marker counts: as on the host page,
        the day's while the game runs (a night one would tell who acts at night), all once it is over."""
        return [self._fallbacks(hub.seat) for hub in self.hubs]

    def _push_status(self) -> None:
        message = {"type": "status", "status": self.status}
        for hub in self.hubs:
            hub.push(message)
        self.public.push({**message, "fallbacks": self.public_fallbacks()})

    # -- what a page receives ------------------------------------------------------------------
    def snapshot(self, seat: int | None) -> dict[str, Any]:
        """Everything a seat's page (or a public page for ``None``) shows, from its own view only."""
        builder = self.public_builder if seat is None else self.builders[seat]
        view = builder.view()
        return {
            "type": "snapshot",
            "table": self.id,
            "status": self.status,
            "variant": self.game.config.variant,
            "language": self.language,
            "dir": direction(self.language),
            "next": self.next_table,
            "turn": self._safe_turn(),
            "previews": [self._preview_json(i, text) for i, text in sorted(self.previews.items())],
            "items": [item.as_json() for item in self.presenter.feed(view) if item.cls not in self.hidden_classes],
            "decision": None if seat is None else self.decision_json(self.hubs[seat]),
            **self._state(builder),
        }

    def _safe_turn(self) -> dict[str, Any] | None:
        try:
            return self.turn()
        except RuntimeError:
            return None

    def decision_json(self, hub: SeatHub) -> dict[str, Any] | None:
        pending = hub.pending
        if pending is None or pending.future.done():
            return None
        left = None if pending.deadline is None else pending.deadline - asyncio.get_running_loop().time()
        request = pending.request
        deck = deck_of(request.view)
        data = self.presenter.decision(request.decision, speech_limit=self.speech_limit, seconds_left=left, deck=deck)
        error = pending.request.error
        data["error"] = fill(self.presenter.ui("refused"), error=error) if error else None
        return data

    def _decision_changed(self, hub: SeatHub) -> None:
        hub.push({"type": "decision", "decision": self.decision_json(hub)})

    def answer(self, seat: int, payload: dict[str, Any]) -> None:
        """A human's answer from the page; raises :class:`AnswerRefused` with an error key."""
        pending = self.hubs[seat].pending
        if pending is None or pending.future.done():
            raise AnswerRefused("no_decision")
        decision = pending.request.decision
        if payload.get("decision_id") != decision.id:
            raise AnswerRefused("stale")
        choice = check_answer(decision, payload, speech_limit=self.speech_limit, claims=self.claims)
        pending.future.set_result(choice)

    def refusal(self, error: AnswerRefused, payload: dict[str, Any]) -> dict[str, Any]:
        key = str(error)
        text = payload.get("text")
        length = len(text) if isinstance(text, str) else 0
        message = fill(self.presenter.ui(key, default=key), length=length, limit=self.speech_limit)
        return {"type": "error", "error": key, "message": message}

    # -- links (for the host) ---------------------------------------------------------------
    def seat_link(self, seat: int) -> str:
        return f"/t/{self.id}/seat/{seat + 1}?token={self.hubs[seat].token}"

    def public_link(self, page: Literal["watch", "screen"]) -> str:
        return f"/t/{self.id}/{page}?token={self.public.token}"

    def host_view(self, base: str = "") -> dict[str, Any]:
        """What the host page shows: every human's link and whether a page is connected.

        ``base`` (``http://192.168.1.20:8765``) makes the links whole: ``url`` and a QR code per
        human seat, for phones on the local network (see :mod:`.links`).
        """
        names = self.game.config.names
        base = base.rstrip("/")
        return {
            "id": self.id,
            "status": self.status,
            "error": self.error,
            "variant": self.game.config.variant,
            "language": self.language,
            # The seed decides every card: the host page learns it only once the game is over.
            "seed": self.game.config.seed if self.status in ("over", "failed") else None,
            "seats": [
                {
                    "seat": hub.seat + 1,
                    "name": names[hub.seat],
                    "player": self.setup.seats[hub.seat].player,
                    "human": hub.human,
                    "link": self.seat_link(hub.seat) if hub.human else None,
                    "url": base + self.seat_link(hub.seat) if hub.human and base else None,
                    "qr": qr_data_uri(base + self.seat_link(hub.seat)) if hub.human and base else None,
                    "connected": hub.connected,
                    "fallbacks": self._fallbacks(hub.seat),
                }
                for hub in self.hubs
            ],
            "watch": self.public_link("watch"),
            "screen": self.public_link("screen"),
            "base": base or None,
            "reachable": reachable_from_others(base) if base else None,
            "end": self.end_view() if self.status == "over" else None,
            "transcript": self.writer is not None and self.status in ("over", "failed"),
            "next": self.next_table,
        }

    def end_view(self) -> dict[str, Any]:
        """The host's end screen: the winner line, every seat's final card, who won."""
        outcome = self.game.outcome
        lines = {GameEnded: "", RolesRevealed: ""}
        for position, record in enumerate(self.game.records):
            kind = type(record.event)
            if kind in lines and record.vis.scope == "public":
                item = self.presenter.item(record, position)
                lines[kind] = item.text if item is not None else ""
        winners = set(outcome.winners) if outcome is not None else set()
        ruleset = self.game.ruleset
        reveal = []
        for i, seat in enumerate(self.game.state.seats):
            role = seat.role
            side = ruleset.side_of_role(role) if role in ruleset.roles else None
            reveal.append(
                {
                    "seat": i + 1,
                    "name": self.game.config.names[i],
                    "role": self.presenter.role(role, i),  # agreeing with the seat («חוקרת»)
                    "side": self.presenter.side(side) if side else "",
                    "alive": seat.alive,
                    "winner": i in winners,
                    "result": self.presenter.ui_about(i, "host", "won" if i in winners else "lost"),
                    "player": self.setup.seats[i].player,
                }
            )
        return {
            "winner": lines[GameEnded],
            "sides": [self.presenter.side(side) for side in outcome.sides] if outcome is not None else [],
            "revealed": lines[RolesRevealed],
            "reveal": reveal,
        }

    def follow(self, rematch: WebTable) -> None:
        """Send every page of this table on to ``rematch`` (same tokens: the links stay valid)."""
        self.next_table = rematch.id
        message = {"type": "next", "table": rematch.id}
        for hub in self.hubs:
            hub.push(message)
        self.public.push(message)


class _PublicScreen:
    """The public view of a table as a sink (what :class:`NightPacer` holds back or lets through)."""

    def __init__(self, table: WebTable) -> None:
        self.table = table

    def write(self, records: Sequence[Record]) -> None:
        self.table._forward(records, self.table.public_builder, self.table.public.push)


class Lobby:
    """The tables of one server, and the host's token that creates and starts them."""

    def __init__(
        self,
        *,
        host_token: str | None = None,
        transcripts: Path | None = None,
        narrator_factory: NarratorFactory | None = template_narrator,
        max_tables: int = 16,
        session: Session | None = None,
        base_url: str | None = None,
    ) -> None:
        self.host_token = host_token or secrets.token_urlsafe(24)
        self.base_url = base_url.rstrip("/") if base_url else None
        """Where phones reach the server (``serve`` finds the LAN address, or ``--public-url``);
        ``None``: the address the host page itself was opened at."""
        self.session = session or Session()
        """The server's session: model seats of every table share its backends, in the server's loop."""
        self.transcripts = transcripts
        self.narrator_factory = narrator_factory
        self.max_tables = max_tables
        self.tables: dict[str, WebTable] = {}

    def create(
        self,
        setup: TableSetup,
        *,
        tokens: Sequence[str] | None = None,
        public_token: str | None = None,
        keep: str | None = None,
    ) -> WebTable:
        if len(self.tables) >= self.max_tables:
            finished = [key for key, table in self.tables.items() if table.status in ("over", "failed") and key != keep]
            if not finished:
                raise SetupError(f"at most {self.max_tables} tables at once")
            del self.tables[finished[0]]
        table = WebTable(
            setup,
            narrator_factory=self.narrator_factory,
            transcripts=self.transcripts,
            session=self.session,
            tokens=tokens,
            public_token=public_token,
        )
        self.tables[table.id] = table
        return table

    def again(self, table: WebTable) -> WebTable:
        """A rematch: the same setup with a fresh seed, the same seats and links; pages follow."""
        if table.status not in ("over", "failed"):
            raise SetupError("the game is still running")
        if table.next_table is not None and table.next_table in self.tables:
            return self.tables[table.next_table]
        setup = table.setup.model_copy(update={"seed": None})
        rematch = self.create(
            setup, tokens=[hub.token for hub in table.hubs], public_token=table.public.token, keep=table.id
        )
        table.follow(rematch)
        return rematch

    def get(self, table_id: str) -> WebTable | None:
        return self.tables.get(table_id)

    async def close(self) -> None:
        for table in self.tables.values():
            await table.stop()
        await self.session.aclose()
