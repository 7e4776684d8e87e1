"""Template narration: deterministic moderator lines from a narration pack."""

from __future__ import annotations

import hashlib
from collections.abc import Mapping, Sequence
from string import Template
from typing import Any

from ..describe import Gender, seat_genders, vocabulary
from ..describe.story import StoryPack, load_story
from ..describe.vocabulary import form_of
from ..prompting.environment import string_template
from ..prompting.packs import search_roots
from ..rules.events import EventBody, Record
from ..strings.sanitize import clean_name
from ..table_notes import Narration
from .memory import Departure, PublicMemory
from .moments import Moment, moment_of
from .packs import NarrationPack, load_pack


def _table(vocabulary: Mapping[str, Any], name: str) -> dict[str, Any]:
    value = vocabulary.get(name)
    return dict(value) if isinstance(value, dict) else {}


class TemplateNarrator:
    """Voices every public moment its pack covers; silent on the others (never on secrets).

    Two registers: the *host* lines of the narration pack (cues, calls, counts), varied but free to
    come back on a later night once every wording was said, and the *story* lines of the story pack
    (:mod:`.story`) said around a dawn, an exile and the end, which refer back to the game
    (:mod:`.memory`) and are never said twice in a game. The narrator remembers what it said, so it
    must hear the records in order (:meth:`recall` replays a resumed game's past silently).

    A pack line is a Jinja template; besides the moment's facts it may use
    ``term`` (the ruleset's own line for this moment in ``terms.yaml``: its
    ``cues``, ``announcements``, ``reasons`` or ``statuses``), so a line the
    ruleset already quotes from its seed is referenced, never copied.
    """

    mode = "template"

    def __init__(self, variant: str, language: str, names: Sequence[str], *, seed: int = 0) -> None:
        self.variant = variant
        self.seed = seed
        """The game's seed: which of a line's alternatives is said is drawn from it (and the record)."""
        self.language = language
        self.names = [clean_name(n) for n in names]
        self.pack: NarrationPack = load_pack(language, variant)
        self.roots = search_roots()
        self.words = vocabulary(language, variant)
        """The one terms lookup (roles, sides, causes with their gender forms, option and result words)."""
        self.terms: dict[str, Any] = dict(self.words.ruleset_terms)
        """The ruleset's own lines (cues, announcements, reasons) as the seed gives them, from the vocabulary."""
        self.genders = seat_genders(language, variant, self.names)
        self.roles = {k: str(v) for k, v in _table(self.terms, "roles").items()}
        self.sides = {k: str(v) for k, v in _table(self.terms, "sides").items()}
        self.story: StoryPack = load_story(language, variant)
        self.memory = PublicMemory(seats=len(self.names))
        """What the table was told so far (public records only)."""
        self.said: set[str] = set()
        """Every line said in this game (a host line is said again only when all its wordings were)."""
        self.used: dict[str, set[int]] = {}
        """Story pool -> the lines of it already said."""
        self.wordings: dict[str, set[int]] = {}
        """Host key -> the wordings (alternatives) used in the current cycle through them."""
        self.recalled: set[int] = set()
        """Seats whose exile or claim a story line already looked back on."""
        self.counted = len(self.names)
        """The number alive the last count line said (the start: nothing to count yet)."""

    # -- variables -----------------------------------------------------------------
    def seat_label(self, seat: int) -> str:
        return string_template(self.roots, self.pack.seat_label).render(name=self.names[seat], number=seat + 1)

    def seat_cases(self, seat: int) -> dict[str, Any]:
        """A seat's label in every Russian case (``acc``, ``dat``...; the name declined) and ``female``."""
        from ..speech.grammar import CASES, decline_ru

        female = self._gender(seat) == "female"
        forms: dict[str, Any] = {"female": female}
        for case in CASES:
            name = decline_ru(self.names[seat], case, "female" if female else "male") if self.language == "ru" else None
            forms[case] = (
                string_template(self.roots, self.pack.seat_label).render(name=name, number=seat + 1)
                if name is not None
                else self.seat_label(seat)
            )
        return forms

    def join(self, items: Sequence[str]) -> str:
        return self.pack.list_separator.join(items)

    def role(self, role: str | None, seat: int | None = None) -> str:
        return self.words.role(role, self._gender(seat)) if role else ""

    def cause(self, cause: str | None, seat: int | None = None) -> str:
        return self.words.cause(cause, self._gender(seat)) if cause else ""

    def _gender(self, seat: int | None) -> Gender | None:
        return self.genders[seat] if seat is not None and 0 <= seat < len(self.genders) else None

    def side(self, side: str) -> str:
        return self.words.side(side)

    def label(self, value: str) -> str:
        """A value as people say it: a seat's label, a role's name, an option or result word."""
        if value.startswith("seat:") and value[5:].isdigit() and int(value[5:]) < len(self.names):
            return self.seat_label(int(value[5:]))
        if value in self.roles:
            return self.words.role(value)
        return self.words.option(value)

    def term(self, moment: Moment) -> str:
        """The ruleset's own line for this moment (``terms.yaml``), or ""."""
        facts = moment.facts
        event_kind = moment.keys[0].split(".", 1)[0]
        entry: Any = None
        if event_kind == "cue":
            entry = _table(self.terms, "cues").get(str(facts.get("key")))
            if isinstance(entry, dict):
                entry = entry.get(facts.get("role"))
        elif event_kind == "announcement":
            about = [int(s) for s in facts.get("seats", [])]
            entry = form_of(
                _table(self.terms, "announcements").get(str(facts.get("key"))),
                self._gender(about[0]) if len(about) == 1 else None,
            )
            if isinstance(entry, str):
                seats = self.join([self.seat_label(s) for s in facts.get("seats", [])])
                value = facts.get("value")
                entry = Template(entry).safe_substitute(seats=seats, value=self.label(value) if value else "")
        elif event_kind == "game_ended":
            winners = {self._gender(int(s)) for s in facts.get("winners", [])}
            entry = form_of(
                _table(self.terms, "reasons").get(str(facts.get("reason"))),
                winners.pop() if len(winners) == 1 else None,
            )
        elif event_kind == "status":
            holders: list[int] = [int(s) for s in facts.get("seats", [])]
            entry = self.words.status(str(facts.get("status")), self._gender(holders[0] if holders else None))
        return entry if isinstance(entry, str) else ""

    def variables(self, moment: Moment) -> dict[str, Any]:
        facts = moment.facts
        seats = [int(s) for s in facts.get("seats", [])]
        targets = [int(s) for s in facts.get("targets", [])]
        winners = [int(s) for s in facts.get("winners", [])]
        deaths = [
            {
                "name": self.seat_label(d["seat"]),
                "number": d["seat"] + 1,
                "cause_id": d["cause"] or "",
                "cause": self.cause(d["cause"], d["seat"]),
                "role_id": d["role"] or "",
                "role": self.role(d["role"], d["seat"]),
                "female": self._gender(d["seat"]) == "female",
                "cases": self.seat_cases(d["seat"]),
            }
            for d in facts.get("deaths", [])
        ]
        start_cards = facts.get("start_cards", [])
        cards = [
            {
                "name": self.seat_label(i),
                "role": self.role(r, i),  # the card agrees with its holder («Анна — Мирная жительница»)
                "start": self.role(start_cards[i], i) if i < len(start_cards) else self.role(r, i),
            }
            for i, r in enumerate(facts.get("cards", []))
        ]
        counts = [{"name": self.label(option), "count": f"{count:g}"} for option, count in facts.get("counts", [])]
        value = facts.get("value") or ""
        return {
            "number": facts.get("number", 0),
            "role": self.role(facts.get("role")),
            "seats": [self.seat_label(s) for s in seats],
            "seat_cases": [self.seat_cases(s) for s in seats],
            "seat_female": [self._gender(s) == "female" for s in seats],
            "target_female": [self._gender(s) == "female" for s in targets],
            "targets_in": {
                case: self.join([self.seat_cases(s)[case] for s in targets]) for case in ("gen", "dat", "acc", "ins")
            },
            "names": self.join([self.seat_label(s) for s in seats]),
            "count": len(seats) or len(deaths) or len(targets),
            "value": value,
            "value_label": self.label(value) if value else "",
            "deaths": deaths,
            "targets": self.join([self.seat_label(s) for s in targets]),
            "targets_and": self.words.typography.join_and([self.seat_label(s) for s in targets]),
            "target_list": [self.seat_label(s) for s in targets],
            "winners": self.join([self.seat_label(s) for s in winners]),
            "winner_female": [self._gender(s) == "female" for s in winners],
            "sides": self.join([self.side(s) for s in facts.get("sides", [])]),
            "side_ids": list(facts.get("sides", [])),
            "reason": facts.get("reason", ""),
            "cards": cards,
            "extra": [self.role(r) for r in facts.get("extra", [])],
            "counts": counts,
            "ballot": facts.get("ballot", ""),
            "result": facts.get("result", ""),
            "sep": self.pack.list_separator,
            "term": self.term(moment),
            "terms": self.terms,
            "role_names": self.roles,
            "side_names": self.sides,
        }

    # -- lines ---------------------------------------------------------------------
    def render(self, moment: Moment) -> tuple[str, str] | None:
        """The pack key and the rendered line for ``moment`` (``None``: the pack stays silent); the line
        is remembered as said."""
        self.memory.add(moment.record)
        found = self.pack.find(*moment.keys)
        if found is None:
            return None
        key, alternatives = found
        variables = self.variables(moment)
        text = self._wording(key, alternatives, moment.record.seq, variables)
        if not text:
            return None
        story = self.story.moment_of(key)
        if story is not None:
            text = self._tell(story, text, moment)
        self.said.add(text)
        return key, text

    def _wording(self, key: str, alternatives: Sequence[str], seq: int, variables: Mapping[str, Any]) -> str:
        """The drawn alternative, or the next one whose wording this key has not used yet in this game and
        whose line was not said (every wording used: the cycle starts again); all said: the drawn one."""
        count = len(alternatives)
        start = choose(self.seed, key, seq, count)
        used = self.wordings.setdefault(key, set())
        if len(used) >= count:
            used.clear()
        order = [(start + step) % count for step in range(count)]
        rendered: dict[int, str] = {}

        def text(index: int) -> str:
            if index not in rendered:
                rendered[index] = string_template(self.roots, alternatives[index]).render(**variables).strip()
            return rendered[index]

        for fresh in (True, False):
            for index in order:
                if (index not in used or not fresh) and text(index) not in self.said:
                    used.add(index)
                    return text(index)
        return text(start)

    def _line(self, pool: str, seq: int, variables: Mapping[str, Any]) -> str:
        """A line of a story pool not said yet in this game ("" when the pool is empty or spent)."""
        lines = self.story.pool(pool)
        if not lines:
            return ""
        used = self.used.setdefault(pool, set())
        start = choose(self.seed, f"story.{pool}", seq, len(lines))
        for step in range(len(lines)):
            index = (start + step) % len(lines)
            if index in used:
                continue
            text = string_template(self.roots, lines[index]).render(**variables).strip()
            if text and text not in self.said:
                used.add(index)
                self.said.add(text)
                return text
        return ""

    def _person(self, seat: int, role: str | None) -> dict[str, Any]:
        return {
            "name": self.seat_label(seat),
            "female": self._gender(seat) == "female",
            "role": self.role(role, seat),
            "cases": self.seat_cases(seat),
        }

    def _tell(self, story: str, fact: str, moment: Moment) -> str:
        """The fact with the story register around it: the mood, a look back, the count. Never a whole
        said before in this game: once a mood pool is spent, any of its lines that makes a new whole."""
        seq = moment.record.seq
        memory = self.memory
        late = memory.stage() in ("last", "two")
        common: dict[str, Any] = {"alive": memory.alive, "seats": memory.seats}
        pool = f"{story}.late" if late and self.story.pool(f"{story}.late") else story
        mood = self._line(pool, seq, common)
        after: list[str] = []
        if story == "dawn":
            exile = memory.last_exile()
            if exile is not None and exile.seat not in self.recalled:
                # after the news: a line naming a seat never runs into the fact's seatless sentences
                self.recalled.add(exile.seat)
                after.append(self._line("recall.exile", seq, {**common, **self._person(exile.seat, exile.role)}))
        if story in ("dawn", "exile"):
            after.append(self._claims(moment, seq, common))
        shrunk = memory.alive != self.counted and memory.stage() != "full" and memory.alive >= 2
        if story in ("dawn", "exile") and shrunk:
            self.counted = memory.alive
            after.append(self._count(seq, common))

        def whole(mood: str) -> str:
            parts = (mood, fact, *after) if story == "dawn" else (fact, *after[:1], mood, *after[1:])
            return self.story.joiner.join(part for part in parts if part)

        text = whole(mood)
        if text in self.said:
            for line in self.story.pool(pool):
                candidate = whole(string_template(self.roots, line).render(**common).strip())
                if candidate not in self.said:
                    return candidate
        return text

    def _claims(self, moment: Moment, seq: int, common: Mapping[str, Any]) -> str:
        """A look back at the public claim of a seat that just left with its card shown."""
        for departure in self._departures(moment):
            proved = self.memory.claim_proved(departure)
            if proved is None or departure.seat in self.recalled:
                continue
            self.recalled.add(departure.seat)
            pool = "recall.claim_true" if proved else "recall.claim_false"
            return self._line(pool, seq, {**common, **self._person(departure.seat, departure.role)})
        return ""

    def _departures(self, moment: Moment) -> list[Departure]:
        seats = {int(d["seat"]) for d in moment.facts.get("deaths", [])}
        return [d for d in self.memory.departed if d.seat in seats]

    def _count(self, seq: int, common: Mapping[str, Any]) -> str:
        stage = self.memory.stage()
        living = self.memory.living()
        pair = self.words.typography.join_and([self.seat_label(s) for s in living]) if len(living) == 2 else ""
        return self._line(f"count.{stage}", seq, {**common, "pair": pair})

    def recall(self, records: Sequence[Record]) -> None:
        """Hear past records without saying anything (a resumed game: its lines were already said)."""
        for record in records:
            self.line_for(record)

    def line_for(self, record: Record) -> Narration | None:
        self.memory.add(record)
        moment = moment_of(record)
        if moment is None:
            return None
        rendered = self.render(moment)
        if rendered is None:
            return None
        key, text = rendered
        return Narration(key=key, text=text, about=record.seq, mode=self.mode, language=self.language)

    async def narrate(self, records: Sequence[Record]) -> list[EventBody]:
        lines: list[EventBody] = []
        for record in records:
            line = self.line_for(record)
            if line is not None:
                lines.append(line)
        return lines


def choose(seed: int, key: str, seq: int, count: int) -> int:
    """Which of ``count`` alternatives of ``key`` a record says: a pure function of the game's seed, the
    key and the record (a resumed game says the same), and different across nights for the same key."""
    if count <= 1:
        return 0
    digest = hashlib.blake2b(f"{seed}:{key}".encode(), digest_size=8).digest()
    return (int.from_bytes(digest, "big") + seq) % count
