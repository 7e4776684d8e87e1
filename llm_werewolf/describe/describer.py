"""The one describer: a record, told to one audience, in the table's language.

``describe(record, audience, language, variant=..., names=...)`` gives the text; a
:class:`Describer` gives the same as segments (:mod:`.segments`) for surfaces that lay out seats and
quotes themselves (web pages, HTML). Every word comes from the :class:`~.vocabulary.Vocabulary`;
verbs and causes agree with the seat they are said of (the seat's gender from its persona or its
name, :mod:`llm_werewolf.speech.phrases`), Russian names take the case a phrase asks for
(``$name:dat``). Audience ``god`` also sees the moderator's bare cues and private records.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any, Literal

from ..rules.events import (
    ActionTaken,
    Announcement,
    ChoiceMade,
    Cue,
    DeathsAnnounced,
    Died,
    GameEnded,
    GameStarted,
    Info,
    PhaseStarted,
    Record,
    RoleAssigned,
    RolesRevealed,
    Speech,
    StatusChanged,
    VoteCast,
    VoteTally,
    WhisperNoticed,
)
from ..rules.variant import get_ruleset
from ..texts import TextDataError
from .segments import Quote, SeatRef, Segment, fill, join
from .ui_text import ui_texts
from .vocabulary import Gender, Vocabulary, vocabulary

Audience = Literal["public", "god"] | int
"""Who is told: a spectator, the game master, or one seat (0-based)."""


@dataclass(frozen=True)
class Description:
    """One record, described: its category (``speech``, ``vote``, ``death``...), the words and the quoted text."""

    category: str
    segments: list[Segment]
    quote: Quote | None = None


def seat_genders(language: str, variant: str, names: Sequence[str]) -> tuple[Gender, ...]:
    """Every seat's gender from its persona or its name (the phrase banks); ``male`` when unknown."""
    try:
        from ..speech.phrases import phrase_bank

        genders = phrase_bank(language, variant).genders
    except TextDataError:
        genders = {}
    return tuple("female" if genders.get(name) == "female" else "male" for name in names)


SPEAK_OPTION = "speak"
"""The one option of a plain speech decision (every ruleset's ``SPEAK``): its speech record describes it."""
TOLD_ENDINGS = (".", ":", "!", "?", "。", "：", "！", "？", "؟")
"""A fact word ending so is a sentence the seat is told, quoted whole."""


class Describer:
    """Describes the records of one game (language, ruleset, seat names) to people."""

    def __init__(
        self,
        language: str,
        variant: str,
        names: Sequence[str],
        *,
        genders: Sequence[Gender] | None = None,
    ) -> None:
        self.language = language
        self.variant = variant
        self.names = list(names)
        self.words: Vocabulary = vocabulary(language, variant)
        self.genders = tuple(genders) if genders is not None else seat_genders(language, variant, self.names)
        try:
            ruleset: Any = get_ruleset(variant)
        except Exception:  # an unknown ruleset: still describe what can be described
            ruleset = None
        self.roles: Mapping[str, Any] = ruleset.roles if ruleset is not None else {}
        self.sides: Any = ruleset.sides if ruleset is not None else ()

    # -- words -------------------------------------------------------------------------------
    def gender(self, seat: int | None) -> Gender | None:
        if seat is None or not 0 <= seat < len(self.genders):
            return None
        return self.genders[seat]

    def phrase(self, key: str, *, about: int | None = None) -> str:
        return self.words.phrase(key, self.gender(about))

    def seat(self, index: int | None) -> list[Segment]:
        if index is None or not 0 <= index < len(self.names):
            return [self.words.word("words", "nobody")]
        return [SeatRef(index)]

    def seats(self, indices: Sequence[int], *, last_and: bool = False) -> list[Segment]:
        """Seats as a list; ``last_and``: with the language's "and" before the last ("Ben and Clara")."""
        if not indices:
            return [self.words.word("words", "nobody")]
        typography = self.words.typography
        parts = [self.seat(i) for i in indices]
        if not last_and or len(parts) < 2 or typography.last_separator is None:
            return join(parts, typography.list_separator)
        last = typography.last_separator_before_digit or typography.last_separator  # a seat reads "N. Name"
        return [*join(parts[:-1], typography.list_separator), last, *parts[-1]]

    def option(self, option: str) -> list[Segment]:
        kind, _, rest = option.partition(":")
        if kind == "seat" and rest.isdigit():
            return self.seat(int(rest))
        if kind == "center" and rest.isdigit():
            return [self.words.frame("center", n=self.words.number(int(rest) + 1))]
        return [self.words.option(option)]

    def ballot_option(self, option: str, gender: Gender | None = None) -> list[Segment]:
        """An option as a ballot names it: an abstention reads as one (``ballot_options``: «נמנעה», «воздержался»;
        ``gender`` of the voter, ``neutral`` in a count), not as a night action's "nothing"."""
        if self.words.has("ballot_options", option):
            return [self.words.word("ballot_options", option, gender)]
        return self.option(option)

    def value(self, value: str | None, gender: Gender | None = None) -> list[Segment]:
        """A fact's value: a role, a side, a seat or center option, or a plain word."""
        if value is None:
            return []
        if value in self.roles:
            return [self.words.role(value, gender)]
        if value in self.sides:
            return [self.words.side(value)]
        if value.startswith(("seat:", "center:")):
            return self.option(value)
        return [self.words.value(value)]

    def decision(self, kind: str) -> str:
        """A decision kind's short title: the vocabulary's, else the seat pages' (``ui.yaml``)."""
        if self.words.has("decisions", kind):
            return self.words.word("decisions", kind)
        titles = ui_texts(self.language).get("decisions")
        title = titles.get(kind) if isinstance(titles, dict) else None
        return title if isinstance(title, str) else self.words.word("decisions", kind)

    def number(self, value: float) -> str:
        return self.words.number(value)

    # -- text --------------------------------------------------------------------------------
    def seat_text(self, ref: SeatRef) -> str:
        name = self.names[ref.seat]
        if ref.case != "nom" and self.language == "ru":
            from ..speech.grammar import decline_ru

            gender = self.gender(ref.seat)
            name = decline_ru(name, ref.case, "female" if gender == "female" else "male")
        # Not bidi-isolated here: a console line must begin with its speaker's "N. Name" (the safety
        # checks read it so), and pages isolate seats themselves (<bdi>).
        return self.words.frame("seat", n=self.number(ref.seat + 1), name=name)

    def text(self, segments: Sequence[Segment]) -> str:
        out: list[str] = []
        for segment in segments:
            if isinstance(segment, SeatRef):
                out.append(self.seat_text(segment))
            elif isinstance(segment, Quote):
                out.append(self.words.quote(segment.text))
            else:
                out.append(segment)
        return "".join(out)

    def line(self, description: Description) -> str:
        """A description as one line of text (the speech or narration quoted after the words)."""
        words = self.text(description.segments)
        if description.quote is None:
            return words
        if not words:
            return description.quote.text
        return self.text(fill(self.phrase("said"), who=description.segments, text=description.quote.text))

    # -- records -----------------------------------------------------------------------------
    def describe(self, record: Record, audience: Audience = "public") -> Description | None:
        """``record`` as ``audience`` is told it; ``None`` for records it does not see or that say nothing."""
        if not _sees(record, audience):
            return None
        e = record.event
        w = self.words
        if isinstance(e, PhaseStarted):
            return Description("phase", [w.frame(e.phase, n=self.number(e.number))])
        if isinstance(e, GameStarted):
            deck = w.join(w.role(card) for card in e.deck)
            return Description(
                "moderator", fill(self.phrase("game_started"), count=self.number(len(e.names)), deck=deck)
            )
        if isinstance(e, RoleAssigned):
            gender = self.gender(e.seat)
            segments = fill(
                self.phrase("role_assigned", about=e.seat), name=self.seat(e.seat), role=w.role(e.role, gender)
            )
            if e.reason != "deal":
                segments.append(w.frame("aside", text=w.assignment(e.reason)))
            return Description("info", segments)
        if isinstance(e, Cue):
            return self._cue(e, audience)
        if isinstance(e, ChoiceMade):
            if e.text or e.option == SPEAK_OPTION:
                return None  # the speech record that follows says it (an empty one: "Dana says nothing")
            decision = self.decision(e.decision)
            segments = fill(
                self.phrase("chose", about=e.seat),
                name=self.seat(e.seat),
                option=self.option(e.option),
                decision=decision,
            )
            return Description("decision", segments)
        if isinstance(e, ActionTaken):
            # "swaps Ben and Clara", «يبدّل يوسف وفاطمة»
            targets = self.seats(e.targets, last_and=True) if e.targets else []
            case = w.word("action_cases", e.action, default="") if w.has("action_cases", e.action) else ""
            if case:  # «Дон проверяет Ольгу», «стреляет в Сергея»: the action's verb governs the case
                targets = [SeatRef(t.seat, case) if isinstance(t, SeatRef) else t for t in targets]
            if e.value:
                targets = [*targets, " ", *self.value(e.value)] if targets else self.value(e.value)
            segments = fill(
                self.phrase("action", about=e.seat),
                name=self.seat(e.seat),
                action=w.action(e.action, self.gender(e.seat)),
                targets=targets,
            )
            return Description("night", segments)
        if isinstance(e, Info):
            return Description("info", self._info(e, record))
        if isinstance(e, Speech):
            if not e.text.strip():
                return Description("speech", fill(self.phrase("silent", about=e.seat), name=self._speaker(e)))
            return Description("speech", self._speaker(e), Quote(e.text))
        if isinstance(e, WhisperNoticed):
            return Description(
                "speech", fill(self.phrase("whispers", about=e.seat), name=self.seat(e.seat), other=self.seat(e.to))
            )
        if isinstance(e, VoteCast):
            # a seat's ballot names the seat; a verdict's (guilty, innocent, yes, no) names its word
            target = (
                self.seat(e.target)
                if e.option.startswith("seat:") and e.target is not None
                else self.ballot_option(e.option, self.gender(e.seat))
            )
            weight = fill(self.phrase("weight_times"), weight=self.number(e.weight)) if e.weight != 1 else []
            segments = fill(
                self.phrase("ballot_cast", about=e.seat),
                ballot=w.ballot(e.ballot),
                voter=self.seat(e.seat),
                target=target,
                weight=weight,
            )
            return Description("vote", segments)
        if isinstance(e, VoteTally):
            counts = join(
                [
                    fill(self.phrase("count"), option=self.ballot_option(k, "neutral"), count=self.number(v))
                    for k, v in e.counts
                ],
                w.typography.list_separator,
            )
            segments = fill(
                self.phrase("ballot_result"), ballot=w.ballot(e.ballot), result=self.result(e), counts=counts
            )
            return Description("vote", segments)
        if isinstance(e, Died):
            gender = self.gender(e.seat)
            return Description(
                "death", fill(self.phrase("died", about=e.seat), name=self.seat(e.seat), cause=w.cause(e.cause, gender))
            )
        if isinstance(e, DeathsAnnounced):
            return Description("death", self._deaths(e))
        if isinstance(e, StatusChanged):
            key = "status_off" if e.value == "off" else "status_on"
            status: list[Segment] = [w.status(e.status, self.gender(e.seat))]
            if e.value not in (None, "on", "off"):
                status = [*status, " ", *self.value(e.value)]
            return Description("moderator", fill(self.phrase(key, about=e.seat), name=self.seat(e.seat), status=status))
        if isinstance(e, Announcement):
            return Description("moderator", self.announcement(e))
        if isinstance(e, GameEnded):
            return Description("end", self._ended(e))
        if isinstance(e, RolesRevealed):
            cards = join(
                [
                    fill(self.phrase("card_of"), name=self.seat(i), role=w.role(r, self.gender(i)))
                    for i, r in enumerate(e.roles)
                ],
                w.typography.list_separator,
            )
            return Description("end", fill(self.phrase("cards"), cards=cards))
        return self._table(record, audience)

    def result(self, e: VoteTally) -> list[Segment]:
        """What a count decided: its result word, and the seats it names."""
        gender = self.gender(e.targets[0]) if len(e.targets) == 1 else None
        word = (
            self.words.word("results", e.result, gender)
            if self.words.has("results", e.result)
            else self.words.result(e.result)
        )
        if not e.targets:
            return [word]
        return fill(self.phrase("result_targets"), result=word, seats=self.seats(e.targets))

    def _speaker(self, e: Speech) -> list[Segment]:
        w = self.words
        segments = self.seat(e.seat)
        if e.to is not None:
            segments = [*segments, " ", *fill(self.phrase("whisper_to"), name=self.seat(e.to))]
        if e.stage != "discussion":
            segments = [*segments, w.frame("aside", text=w.stage(e.stage))]
        if e.claim:
            claim = fill(self.phrase("claims", about=e.seat), role=w.role(e.claim, self.gender(e.seat)))
            segments = [*segments, w.frame("bracket_open"), *claim, w.frame("bracket_close")]
        return segments

    def _cue(self, e: Cue, audience: Audience) -> Description | None:
        w = self.words
        line = w.cue_line(e.key, e.role)
        if line is not None:
            return Description("moderator", [line])
        if audience != "god" and e.role is None and not w.has("cue_lines", e.key):
            return None  # a moment the section title already marks
        if e.role is None:
            return Description("moderator", [w.word("cue_lines", e.key, default=w.cue_name(e.key))])
        template = w.phrase(f"cue_{e.key}") if w.has("phrases", f"cue_{e.key}") else w.phrase("cue")
        return Description("moderator", fill(template, key=w.cue_name(e.key), role=w.role(e.role)))

    def _info(self, e: Info, record: Record) -> list[Segment]:
        w = self.words
        learners = e.seats or record.vis.seats
        gender = self.gender(e.subject)
        detail: list[Segment] = []
        if e.seats and record.vis.seats and not set(e.seats) & set(record.vis.seats):
            # the seats named are what is learnt (the neighbour sees the ghouls), not who learns it
            learners = record.vis.seats
            if e.subject is None and e.value is None:
                detail.extend(self.seats(e.seats))
        if e.subject is not None:
            detail.extend(self.seat(e.subject))
        if e.value is not None:
            if detail:
                detail.append(w.frame("arrow"))
            detail.extend(self.value(e.value, gender))
        gender = self.shared_gender(learners) or "male"  # a mixed group takes the masculine plural
        fact = w.fact(e.fact)
        if fact.rstrip().endswith(TOLD_ENDINGS):
            # the ruleset's own sentence to the seat ("You were attacked tonight but survived.", "The mafia
            # visited:"): what the seat is told, not a fact's name in parentheses
            text: list[Segment] = [fact, " ", *detail] if detail else [fact]
            key = "info_told_many" if len(learners) > 1 else "info_told"
            return fill(w.phrase(key, gender), name=self.seats(learners), text=text)
        key = "info_many" if len(learners) > 1 and w.has("phrases", "info_many") else "info"
        # «ليلى تعرف», «נועה לומדת»; two women «נועה, יעל לומדות»
        return fill(w.phrase(key, gender), name=self.seats(learners), fact=fact, detail=detail)

    def _deaths(self, e: DeathsAnnounced) -> list[Segment]:
        w = self.words
        if not e.deaths:
            return [self.phrase("nobody_died")]
        parts: list[list[Segment]] = []
        for death in e.deaths:
            gender = self.gender(death.seat)
            part = self.seat(death.seat)
            if death.cause:
                part = fill(self.phrase("death_cause", about=death.seat), name=part, cause=w.cause(death.cause, gender))
            if death.role:
                part = fill(self.phrase("death_role", about=death.seat), name=part, role=w.role(death.role, gender))
            parts.append(part)
        return fill(self.phrase("deaths"), deaths=join(parts, w.frame("death_separator")))

    def announcement(self, e: Announcement) -> list[Segment]:
        w = self.words
        seats = join([self.seat(s) for s in e.seats], w.typography.list_separator)
        value = self.value(e.value) if e.value is not None else []
        line = w.announcement_line(e.key, self.gender(e.seats[0]) if len(e.seats) == 1 else None)
        if line is not None:
            return fill(line, seats=seats, value=value)
        segments: list[Segment] = [w.announcement_name(e.key)]
        if seats:
            segments += [w.frame("colon"), *seats]
        if value:
            segments += [" ", *value]
        return segments

    def shared_gender(self, seats: Sequence[int]) -> Gender | None:
        """The gender every one of ``seats`` shares (``None``: none, or mixed)."""
        found = {self.gender(s) for s in seats}
        return found.pop() if len(found) == 1 else None

    def _ended(self, e: GameEnded) -> list[Segment]:
        w = self.words
        reason = w.reason(e.reason, self.shared_gender(e.winners))
        if e.sides:
            segments = fill(self.phrase("game_ended"), sides=w.join(w.side(s) for s in e.sides), reason=reason)
        else:
            segments = fill(self.phrase("draw"), reason=reason)
        return [*segments, " ", *fill(self.phrase("winners"), names=self.seats(e.winners))]

    def _table(self, record: Record, audience: Audience) -> Description | None:
        from ..table_notes import Fallback, Narration, Rejected, Thought

        e = record.event
        if isinstance(e, Narration):
            return Description("narration", [], Quote(e.text))
        if isinstance(e, Thought):
            return Description(
                "thought", fill(self.phrase("thought", about=e.seat), name=self.seat(e.seat)), Quote(e.text)
            )
        if isinstance(e, Fallback):
            segments = fill(
                self.phrase("fallback"),
                name=self.seat(e.seat),
                option=self.option(e.option),
                reason=Quote(e.reason[:120]),
            )
            return Description("table", segments)
        if isinstance(e, Rejected):
            return Description(
                "table", fill(self.phrase("rejected"), name=self.seat(e.seat), error=Quote(e.error[:120]))
            )
        return None


def _sees(record: Record, audience: Audience) -> bool:
    if audience == "god":
        return True
    scope = record.vis.scope
    if scope == "public":
        return True
    if audience == "public":
        return False
    return scope != "god"  # a seat is described the records of its own view (``build_view``)


def describe(
    record: Record,
    audience: Audience,
    language: str,
    *,
    variant: str,
    names: Sequence[str],
) -> str | None:
    """``record`` as one line of text for ``audience`` in ``language`` (``None``: nothing to tell)."""
    describer = _describer(language, variant, tuple(names))
    description = describer.describe(record, audience)
    return None if description is None else describer.line(description)


_CACHE: dict[tuple[str, str, tuple[str, ...]], Describer] = {}


def _describer(language: str, variant: str, names: tuple[str, ...]) -> Describer:
    key = (language, variant, names)
    found = _CACHE.get(key)
    if found is None:
        if len(_CACHE) > 64:
            _CACHE.clear()
        found = _CACHE[key] = Describer(language, variant, names)
    return found
