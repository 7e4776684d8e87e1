"""Template narration: deterministic moderator lines from a narration pack."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from ..prompting.environment import string_template
from ..prompting.packs import search_roots
from ..prompting.sanitize import clean_name
from ..rules.events import EventBody, Record
from ..table.events import Narration
from ..texts import role_name, terms
from .moments import Moment, moment_of
from .packs import NarrationPack, load_pack


class TemplateNarrator:
    """Voices every public moment its pack covers; silent on the others (never on secrets)."""

    mode = "template"

    def __init__(self, variant: str, language: str, names: Sequence[str]) -> None:
        self.variant = variant
        self.language = language
        self.names = [clean_name(n) for n in names]
        self.pack: NarrationPack = load_pack(language, variant)
        self.roots = search_roots()
        vocabulary = terms(language, variant)
        self.sides = vocabulary.get("sides", {}) if isinstance(vocabulary.get("sides"), dict) else {}
        self.causes = vocabulary.get("causes", {}) if isinstance(vocabulary.get("causes"), dict) else {}

    # -- variables -----------------------------------------------------------------
    def seat_label(self, seat: int) -> str:
        return string_template(self.roots, self.pack.seat_label).render(name=self.names[seat], number=seat + 1)

    def join(self, items: Sequence[str]) -> str:
        return self.pack.list_separator.join(items)

    def _role(self, role: str | None) -> str:
        return role_name(self.language, self.variant, role) if role else ""

    def _cause(self, cause: str | None) -> str:
        if not cause:
            return ""
        value = self.causes.get(cause)
        return value if isinstance(value, str) else cause

    def variables(self, moment: Moment) -> dict[str, Any]:
        facts = moment.facts
        seats = [int(s) for s in facts.get("seats", [])]
        targets = [int(s) for s in facts.get("targets", [])]
        winners = [int(s) for s in facts.get("winners", [])]
        deaths = [
            {"name": self.seat_label(d["seat"]), "cause": self._cause(d["cause"]), "role": self._role(d["role"])}
            for d in facts.get("deaths", [])
        ]
        cards = [{"name": self.seat_label(i), "role": self._role(r)} for i, r in enumerate(facts.get("cards", []))]
        sides = [str(self.sides.get(s, s)) for s in facts.get("sides", [])]
        return {
            "number": facts.get("number", 0),
            "role": self._role(facts.get("role")),
            "seats": [self.seat_label(s) for s in seats],
            "names": self.join([self.seat_label(s) for s in seats]),
            "count": len(seats) or len(deaths) or len(targets),
            "value": facts.get("value") or "",
            "deaths": deaths,
            "targets": self.join([self.seat_label(s) for s in targets]),
            "winners": self.join([self.seat_label(s) for s in winners]),
            "sides": self.join(sides),
            "reason": facts.get("reason", ""),
            "cards": cards,
            "extra": [self._role(r) for r in facts.get("extra", [])],
            "ballot": facts.get("ballot", ""),
            "result": facts.get("result", ""),
            "sep": self.pack.list_separator,
        }

    # -- lines ---------------------------------------------------------------------
    def line_for(self, record: Record) -> Narration | None:
        moment = moment_of(record)
        if moment is None:
            return None
        found = self.pack.find(*moment.keys)
        if found is None:
            return None
        key, alternatives = found
        source = alternatives[record.seq % len(alternatives)]
        text = string_template(self.roots, source).render(**self.variables(moment)).strip()
        if not text:
            return None
        return Narration(key=key, text=text, about=record.seq, mode=self.mode, language=self.language)

    async def narrate(self, records: Sequence[Record]) -> list[EventBody]:
        lines: list[EventBody] = []
        for record in records:
            line = self.line_for(record)
            if line is not None:
                lines.append(line)
        return lines
