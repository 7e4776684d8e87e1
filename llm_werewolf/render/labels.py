"""Words of a rendering: the page's labels (``prompts/<lang>/common/render.yaml``) over the game's
:class:`~llm_werewolf.describe.Vocabulary` (the one terms lookup)."""

from __future__ import annotations

from dataclasses import dataclass
from functools import cache
from typing import Any

from ..describe.segments import SLOT
from ..describe.vocabulary import Vocabulary
from ..texts import merge_mapping, optional_yaml

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


@dataclass(frozen=True)
class Words(Vocabulary):
    """Every word a rendering needs for one game: the page's labels over the game's vocabulary."""

    @property
    def labels(self) -> dict[str, Any]:
        return page_labels(self.language)

    @property
    def terms(self) -> dict[str, Any]:
        return self.data

    def label(self, key: str) -> str:
        value = self.labels.get(key)
        return value if isinstance(value, str) else key

    def votes_title(self, ballot: str) -> str:
        """The heading of a ballot's block: the ballot's own name («放逐投票（第 2 輪）», "The vote"), never
        "Vote: the vote" (``votes_title`` may frame it)."""
        title = self.label("votes_title").replace("$ballot", self.ballot(ballot))
        return title[:1].upper() + title[1:]

    def sublabel(self, group: str, key: str, default: str | None = None) -> str:
        table = self.labels.get(group)
        value = table.get(key) if isinstance(table, dict) else None
        if isinstance(value, str):
            return value
        return default if default is not None else self.word(group, key)

    def term(self, group: str, key: str, default: str | None = None) -> str | None:
        """A term of the game's vocabulary (``roles``, ``sides``, ``causes``...) or ``default``."""
        return self.word(group, key) if self.has(group, key) else default

    def option_word(self, option: str) -> str:
        return self.option(option)

    def cue(self, key: str, role: str | None) -> str | None:
        return self.cue_line(key, role)

    def announcement(self, key: str) -> str | None:
        return self.announcement_line(key)


PLACEHOLDER = SLOT
