"""What a human player is shown: feed lines, the role card, option labels, built from a seat's view.

Everything here reads a :class:`~llm_werewolf.rules.SeatView` (records the seat may
see) or static ruleset data, never the game state, so a screen cannot show a
secret the seat does not have. Both the terminal agent and the web app use it;
it imports nothing from the web stack.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from ..rules import Decision, Option, Record, SeatView, get_ruleset
from ..rules.events import (
    Announcement,
    ChoiceMade,
    Cue,
    DeathsAnnounced,
    GameEnded,
    GameStarted,
    Info,
    PhaseStarted,
    RoleAssigned,
    RolesRevealed,
    Speech,
    StatusChanged,
    VoteCast,
    VoteTally,
    WhisperNoticed,
)
from ..table_notes import Narration, Thought
from . import vocabulary
from .describer import Describer
from .segments import SeatRef
from .story import load_story
from .ui_text import fill, label


@dataclass(frozen=True, slots=True)
class FeedItem:
    """One line of a player's feed. ``private`` marks lines only this seat (or its team) sees."""

    seq: int
    cls: str
    text: str
    private: bool = False
    speak: str = ""
    """The language to read this line aloud in, for the table screen's read-aloud switch: set on the
    narrator's story lines (dawn, exile, end; :mod:`llm_werewolf.describe.story`), empty otherwise."""

    def as_json(self) -> dict[str, Any]:
        out: dict[str, Any] = {"seq": self.seq, "cls": self.cls, "text": self.text, "private": self.private}
        if self.speak:
            out["speak"] = self.speak
        return out


def deck_of(view: SeatView) -> tuple[str, ...] | None:
    """The cards in play as the table was told them (the public ``game_started`` record), if seen."""
    for record in view.records:
        if isinstance(record.event, GameStarted):
            return record.event.deck
    return None


class Presenter:
    """Localized wording for one game (language, ruleset, seat names)."""

    def __init__(self, language: str, variant: str, names: tuple[str, ...]) -> None:
        self.language = language
        self.variant = variant
        self.names = names
        self.words = vocabulary(language, variant)
        self.describer = Describer(language, variant, names)
        self.sep = self.words.typography.list_separator

    @staticmethod
    def for_view(view: SeatView) -> Presenter:
        return Presenter(view.language, view.variant, view.names)

    # -- words -------------------------------------------------------------------
    def ui(self, *path: str, default: str | None = None) -> str:
        return label(self.language, *path, default=default)

    def ui_about(self, seat: int | None, *path: str) -> str:
        """The label at ``path`` agreeing with ``seat``: its ``_female`` form for a woman where the
        language has one (``נועה מדברת``, ``اكتبي``), else the plain one."""
        if self.describer.gender(seat) == "female":
            female = self.ui(*path[:-1], f"{path[-1]}_female", default="")
            if female:
                return female
        return self.ui(*path)

    def seat(self, index: int | None) -> str:
        if index is None or not 0 <= index < len(self.names):
            return self.ui("feed_lines", "nobody")
        return fill(self.ui("seat_label"), number=index + 1, name=self.names[index])

    def seats(self, indices: tuple[int, ...]) -> str:
        return self.sep.join(self.seat(i) for i in indices)

    def role(self, role: str | None, seat: int | None = None) -> str:
        if role is None:
            return self.ui("role_unknown")
        return self.words.role(role, self.describer.gender(seat))

    def side(self, side: str) -> str:
        return self.words.side(side)

    def value(self, value: str | None, seat: int | None = None) -> str:
        """A role, side or plain value in the game's words (a role agreeing with ``seat``)."""
        if value is None:
            return ""
        segments = self.describer.value(value, self.describer.gender(seat))
        return "".join(self.seat(s.seat) if isinstance(s, SeatRef) else str(s) for s in segments)

    def cause(self, cause: str, seat: int | None = None) -> str:
        return self.words.cause(cause, self.describer.gender(seat))

    def phase(self, phase: str) -> str:
        kind, _, number = phase.partition(":")
        if kind in ("night", "day"):
            return fill(self.ui(f"phase_{kind}"), number=number)
        return self.ui("phase_setup") if kind == "setup" else self.ui("game_over")

    def decision_title(self, kind: str) -> str:
        if self.words.has("decisions", kind):
            return self.words.word("decisions", kind)
        return self.ui("decisions", kind, default=self.words.word("decisions", kind))

    def option(self, option: Option, decision: Decision | None = None) -> str:
        """``3. Clara``, ``center card 2``, ``nobody (skip)``, ``whisper to 3. Clara``..."""
        if option.kind == "seat" and option.target is not None:
            template = self.ui("options", "seat")
            if decision is not None and decision.speech:
                template = self.ui("speech_seat_option", self.variant, default=template)
            return fill(template, label=self.seat(option.target))
        if option.kind == "center" and option.target is not None:
            return fill(self.ui("options", "center"), number=option.target + 1)
        return self.ui("options", option.id, default=self.words.option(option.id))

    def option_id(self, option_id: str, decision: str = "") -> str:
        """The label of an option known only by its id (from a ``ChoiceMade`` or a tally)."""
        kind, _, rest = option_id.partition(":")
        target = int(rest) if rest.isdigit() else None
        if kind in ("seat", "center") and target is not None:
            return self.option(Option(id=option_id, kind=kind, target=target))
        return self.option(Option(id=option_id, kind=option_id))

    def claims(self, deck: tuple[str, ...] | None = None) -> list[dict[str, str]]:
        """The roles a speech may claim: the ruleset's claimable roles, limited to ``deck`` (the cards
        in play, from :func:`deck_of`) when it is known."""
        roles = get_ruleset(self.variant).claimable_roles()
        if deck:
            roles = roles & frozenset(deck)
        return [{"id": role, "label": self.role(role)} for role in sorted(roles, key=self.role)]

    # -- the feed ----------------------------------------------------------------
    def item(self, record: Record, position: int) -> FeedItem | None:
        """The line a player sees for ``record`` (``None`` for records a screen does not show).

        ``position`` is the record's place in *this* seat's view. The game's own sequence
        numbers never reach a page: their gaps would count the records the seat may not see.
        """
        text, cls = self._line(record)
        if text is None:
            return None
        return FeedItem(position, cls, text, private=record.vis.scope != "public", speak=self._speak(record))

    def _speak(self, record: Record) -> str:
        """The language a story line of the narrator is read aloud in ("" for every other line)."""
        e = record.event
        if not isinstance(e, Narration) or record.vis.scope != "public":
            return ""
        language = e.language or self.language
        return language if load_story(language, self.variant).moment_of(e.key) is not None else ""

    def feed(self, view: SeatView) -> list[FeedItem]:
        items = (self.item(record, position) for position, record in enumerate(view.records))
        return [item for item in items if item is not None]

    def _line(self, record: Record) -> tuple[str | None, str]:
        e = record.event
        lines = ("feed_lines",)
        if isinstance(e, GameStarted):
            cards = self.sep.join(self.role(r) for r in e.deck)
            started = fill(self.ui(*lines, "game_started"), count=len(e.names))
            space = "" if started.endswith(("。", "！", "？")) else " "  # no space after a full-width stop
            return f"{started}{space}{fill(self.ui(*lines, 'deck'), cards=cards)}", "phase"
        if isinstance(e, PhaseStarted):
            return fill(self.ui(f"phase_{e.phase}"), number=e.number), "phase"
        if isinstance(e, Narration):
            return e.text, "narration"
        if isinstance(e, Cue):
            if e.key in ("wake", "sleep") and e.role:
                # a card is addressed in its own grammatical gender («العرّافة، استيقظي»), a card several
                # seats hold in the plural («المستذئبون، استيقظوا»)
                form = self.words.word("role_address", e.role) if self.words.has("role_address", e.role) else ""
                template = self.ui(*lines, f"cue_{e.key}_{form}", default="") if form else ""
                name = self.role(e.role)
                if template and form == "plural" and self.words.has("role_plurals", e.role):
                    name = self.words.word("role_plurals", e.role)
                return fill(template or self.ui(*lines, f"cue_{e.key}"), role=name), "cue"
            line = self.words.cue_line(e.key, e.role)
            if line is not None:
                return line, "cue"
            return fill(
                self.ui(*lines, "cue"), key=self.words.cue_name(e.key), role=self.role(e.role) if e.role else ""
            ), "cue"
        if isinstance(e, Speech):
            return self._speech(e), "speech"
        if isinstance(e, WhisperNoticed):
            return fill(self.ui(*lines, "whisper_noticed"), speaker=self.seat(e.seat), to=self.seat(e.to)), "speech"
        if isinstance(e, VoteCast):
            target = self.seat(e.target) if e.target is not None else self.option_id(e.option)
            weight = f" ×{e.weight:g}" if e.weight != 1 else ""
            return fill(self.ui(*lines, "vote"), voter=self.seat(e.seat), target=target) + weight, "vote"
        if isinstance(e, VoteTally):
            colon = self.words.word("frame", "colon")
            counts = self.sep.join(f"{self.option_id(k)}{colon}{self.words.number(v)}" for k, v in e.counts)
            result = self.describer.text(self.describer.result(e))
            return fill(self.ui(*lines, "tally"), result=result, counts=counts), "vote"
        if isinstance(e, DeathsAnnounced):
            return self._deaths(e), "death"
        if isinstance(e, StatusChanged):
            key = "status_off" if e.value == "off" else "status_on"
            status = self.words.status(e.status, self.describer.gender(e.seat))
            return fill(self.ui(*lines, key), seat=self.seat(e.seat), status=status), "status"
        if isinstance(e, Announcement):
            return self.describer.text(self.describer.announcement(e)), "announce"
        if isinstance(e, GameEnded):
            sides = self.sep.join(self.side(s) for s in e.sides) or self.ui(*lines, "nobody")
            winners = self.seats(e.winners) or self.ui(*lines, "nobody")
            return fill(self.ui(*lines, "ended"), sides=sides, winners=winners), "end"
        if isinstance(e, RolesRevealed):
            cards = self.sep.join(f"{self.seat(i)} = {self.role(r, i)}" for i, r in enumerate(e.roles))
            return fill(self.ui(*lines, "revealed"), cards=cards), "end"
        if isinstance(e, RoleAssigned):
            key = "role_dealt" if e.reason == "deal" else "role_assigned"
            return fill(self.ui(*lines, key), role=self.role(e.role, e.seat)), "card"
        if isinstance(e, Info):
            return self._info(e), "info"
        if isinstance(e, ChoiceMade):
            if e.text:
                return None, ""  # the Speech record itself follows
            decision = self.decision_title(e.decision)
            return fill(self.ui(*lines, "your_choice"), option=self.option_id(e.option), decision=decision), "mine"
        if isinstance(e, Thought):
            return fill(self.ui(*lines, "thought"), text=e.text), "mine"
        return None, ""

    def _speech(self, e: Speech) -> str:
        lines = ("feed_lines",)
        text = e.text or self.ui("speech_empty")
        if e.to is not None:
            line = fill(self.ui(*lines, "whisper"), speaker=self.seat(e.seat), to=self.seat(e.to), text=text)
        elif e.stage == "discussion":
            line = fill(self.ui(*lines, "speech"), speaker=self.seat(e.seat), text=text)
        else:
            stage = self.ui("stages", e.stage, default=self.words.stage(e.stage))
            line = fill(self.ui(*lines, "speech_stage"), speaker=self.seat(e.seat), stage=stage, text=text)
        if e.claim:
            tag = fill(self.ui(*lines, "claim"), role=self.role(e.claim, e.seat))
            line += ("" if tag.startswith("［") else " ") + tag  # a full-width bracket needs no space
        return line

    def _deaths(self, e: DeathsAnnounced) -> str:
        lines = ("feed_lines",)
        if not e.deaths:
            return self.ui(*lines, "nobody_died")
        parts = []
        for death in e.deaths:
            detail = [self.cause(death.cause, death.seat)] if death.cause else []
            if death.role:
                detail.append(self.role(death.role, death.seat))
            if detail:
                parts.append(
                    fill(self.ui(*lines, "death_detail"), seat=self.seat(death.seat), detail=self.sep.join(detail))
                )
            else:
                parts.append(self.seat(death.seat))
        return fill(self.ui(*lines, "died"), deaths=self.ui(*lines, "deaths_separator", default="; ").join(parts))

    def _info(self, e: Info) -> str:
        values = {
            "fact": self.words.fact(e.fact),
            "subject": self.seat(e.subject) if e.subject is not None else "",
            "value": self.value(e.value, e.subject),
            "seats": self.seats(e.seats),
        }
        template = self.ui("facts", e.fact, default="")
        if template:
            return fill(template, **values)
        # the ruleset's own sentence («הותקפת הלילה אבל שרדת.»), then what it is about, if anything:
        # no colon after a full stop, none doubled after the fact's own («המאפיה ביקרה אצל:»)
        rest = fill("{subject} {value} {seats}", **values)
        fact = values["fact"]
        if not rest:
            return fact
        if fact.endswith((":", "：")):
            return f"{fact} {rest}"
        return fill(self.ui("feed_lines", "info"), **values)

    # -- the seat's screen ---------------------------------------------------------
    def card(self, seat: int | None, role: str | None) -> dict[str, Any]:
        """The role card of ``seat``: its own current card only (``None`` before the deal)."""
        side = None
        if role is not None:
            ruleset = get_ruleset(self.variant)
            if role in ruleset.roles:
                side = self.side(ruleset.side_of_role(role))
        return {
            "seat": None if seat is None else seat + 1,
            "name": None if seat is None else self.names[seat],
            "role": role,
            "role_name": None if seat is None else self.role(role, seat),  # agreeing with the seat («חוקרת»)
            "side_name": side,
        }

    def decision(
        self,
        decision: Decision,
        *,
        speech_limit: int,
        seconds_left: float | None,
        deck: tuple[str, ...] | None = None,
    ) -> dict[str, Any]:
        """The question on the seat's screen: its options as buttons, a text box for speeches
        (claims limited to ``deck``, the cards in play, when it is given)."""
        return {
            "id": decision.id,
            "kind": decision.kind,
            "title": self.decision_title(decision.kind),
            "options": [{"id": o.id, "label": self.option(o, decision)} for o in decision.options],
            "speech": decision.speech,
            "speech_limit": speech_limit if decision.speech else 0,
            "claims": self.claims(deck) if decision.speech else [],
            "seconds_left": None if seconds_left is None else max(0.0, round(seconds_left, 1)),
        }

    def players(self, alive: list[bool] | tuple[bool, ...], seat: int | None) -> list[dict[str, Any]]:
        return [
            {"seat": i + 1, "label": self.seat(i), "alive": living, "you": i == seat} for i, living in enumerate(alive)
        ]
