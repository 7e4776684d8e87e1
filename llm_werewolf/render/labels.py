"""Words of a rendering: the page's labels (``prompts/<lang>/common/render.yaml``) and the
ruleset's vocabulary (:func:`llm_werewolf.texts.terms`), with English and the raw id as fallbacks."""

from __future__ import annotations

import re
from dataclasses import dataclass
from functools import cache
from typing import Any

from ..texts import RTL_LANGUAGES, TextDataError, merge_mapping, optional_yaml, terms

FALLBACK_LANGUAGE = "en"


@cache
def page_labels(language: str) -> dict[str, Any]:
    """The rendering labels of ``language`` over those of its base language (``ar`` for ``ar-LB``) and English."""
    merged: dict[str, Any] = {}
    chain = [FALLBACK_LANGUAGE]
    base = language.split("-")[0]
    for lang in (base, language):
        if lang not in chain:
            chain.append(lang)
    for lang in chain:
        merge_mapping(
            merged, optional_yaml("prompts", f"{lang}/common/render.yaml"), f"prompts/{lang}/common/render.yaml"
        )
    return merged


def _humanize(identifier: str) -> str:
    return identifier.replace("_", " ")


@dataclass(frozen=True)
class Words:
    """Every word a rendering needs for one game: labels and the ruleset's terms."""

    language: str
    variant: str

    @property
    def rtl(self) -> bool:
        return self.language in RTL_LANGUAGES

    @property
    def labels(self) -> dict[str, Any]:
        return page_labels(self.language)

    @property
    def terms(self) -> dict[str, Any]:
        try:
            return terms(self.language, self.variant)
        except TextDataError:
            return {}

    def label(self, key: str) -> str:
        value = self.labels.get(key)
        return value if isinstance(value, str) else key

    def sublabel(self, group: str, key: str, default: str | None = None) -> str:
        table = self.labels.get(group)
        value = table.get(key) if isinstance(table, dict) else None
        if isinstance(value, str):
            return value
        return default if default is not None else _humanize(key)

    def term(self, group: str, key: str, default: str | None = None) -> str | None:
        """A term of the ruleset (``roles``, ``sides``, ``causes``...) or ``default``."""
        table = self.terms.get(group)
        value = table.get(key) if isinstance(table, dict) else None
        return value if isinstance(value, str) else default

    def role(self, role: str) -> str:
        return self.term("roles", role) or role

    def side(self, side: str) -> str:
        return self.term("sides", side) or self.term("factions", side) or _humanize(side)

    def cause(self, cause: str) -> str:
        return self.term("causes", cause) or _humanize(cause)

    def status(self, status: str) -> str:
        return self.term("statuses", status) or _humanize(status)

    def option_word(self, option: str) -> str:
        return self.term("options", option) or self.term("results", option) or _humanize(option)

    def reason(self, reason: str) -> str:
        return self.term("reasons", reason) or _humanize(reason)

    def fact(self, fact: str) -> str:
        return self.term("facts", fact) or _humanize(fact)

    def stage(self, stage: str) -> str:
        return self.term("stages", stage) or self.sublabel("stages", stage)

    def ballot(self, ballot: str) -> str:
        return self.term("ballots", ballot) or self.sublabel("ballots", ballot)

    def game_title(self) -> str:
        value = self.terms.get("game")
        return value if isinstance(value, str) else _humanize(self.variant)

    def cue(self, key: str, role: str | None) -> str | None:
        """The moderator's line for a cue, when the ruleset's terms have one."""
        table = self.terms.get("cues")
        if not isinstance(table, dict):
            return None
        value = table.get(key)
        if isinstance(value, dict) and role is not None:
            value = value.get(role)
        return value if isinstance(value, str) else None

    def announcement(self, key: str) -> str | None:
        table = self.terms.get("announcements")
        value = table.get(key) if isinstance(table, dict) else None
        return value if isinstance(value, str) else None


PLACEHOLDER = re.compile(r"\$(\w+)", re.ASCII)
