"""The report's words in the report's language: ``prompts/<lang>/common/report.yaml``.

Every section title, note, caption, header, marker and plot text of the evaluation report is read
from there with :meth:`ReportWords.text` (``"sections.summary"``, ``"notes.cost"`` with ``$slots``).
A regional language falls back to its base language (``ar-LB`` reads ``ar``: a technical report is
written in Modern Standard Arabic), and a key missing there to English (a test keeps every language's
file complete). Numbers follow the language's decimal sign and percent style (``12,5 %`` in Russian).
"""

from __future__ import annotations

import os
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass
from functools import cache
from typing import Any

from ...describe.vocabulary import fill_text, typography
from ...texts import RTL_LANGUAGES, TextDataError, merge_mapping, optional_yaml

ENGLISH = "en"
REPORT_LANGUAGES: tuple[str, ...] = ("en", "ar", "ar-LB", "he", "ru", "zh-Hant")
"""The languages a report can be written in (those with a ``report.yaml``, and ``ar-LB`` through ``ar``)."""


def _chain(language: str) -> list[str]:
    base = language.split("-")[0]
    chain = [ENGLISH] if language != ENGLISH else []
    if base != language and base != ENGLISH:
        chain.append(base)
    return [*chain, language]


@cache
def report_data(language: str, *, own_only: bool = False) -> dict[str, Any]:
    """The merged ``report.yaml`` of ``language`` (English underneath unless ``own_only``)."""
    merged: dict[str, Any] = {}
    chain = _chain(language)
    if own_only:
        chain = [lang for lang in chain if lang != ENGLISH or language == ENGLISH]
    for lang in chain:
        where = f"prompts/{lang}/common/report.yaml"
        merge_mapping(merged, optional_yaml("prompts", f"{lang}/common/report.yaml"), where)
    return merged


def check_language(language: str) -> str:
    """``language`` if a report can be written in it; a one-line :class:`ValueError` otherwise."""
    if language not in REPORT_LANGUAGES:
        raise ValueError(f"no report words for language {language!r} (use one of {', '.join(REPORT_LANGUAGES)})")
    return language


def default_language(languages: Iterable[str]) -> str:
    """The transcripts' table language when they all share one the report speaks (or one base language:
    ``ar`` for ``ar`` and ``ar-LB`` games), else English."""
    found = set(languages)
    if len(found) == 1 and (only := found.pop()) in REPORT_LANGUAGES:
        return only
    bases = {language.split("-")[0] for language in found}
    if len(bases) == 1 and (base := bases.pop()) in REPORT_LANGUAGES:  # ar and ar-LB games: an Arabic report
        return base
    return ENGLISH


_LOCALES: dict[str, str] = {"ar_lb": "ar-LB", "zh_tw": "zh-Hant", "zh_hk": "zh-Hant", "zh_mo": "zh-Hant"}


def locale_language(environ: Mapping[str, str] | None = None) -> str:
    """The report language of the user's locale (``LC_ALL``, ``LC_MESSAGES``, ``LANG``): ``ru_RU.UTF-8``
    -> ``ru``, ``ar_LB`` -> ``ar-LB``, ``zh_TW`` -> ``zh-Hant``; English when it names none the report speaks."""
    env = os.environ if environ is None else environ
    for name in ("LC_ALL", "LC_MESSAGES", "LANG"):
        value = env.get(name, "")
        if not value:
            continue
        code = value.split(".", 1)[0].split("@", 1)[0].lower()
        if code in _LOCALES:
            return _LOCALES[code]
        base = code.split("_", 1)[0]
        return base if base in REPORT_LANGUAGES and base != "zh" else ENGLISH
    return ENGLISH


@dataclass(frozen=True)
class ReportWords:
    """The words of one report language."""

    language: str = ENGLISH

    @property
    def rtl(self) -> bool:
        return self.language in RTL_LANGUAGES

    @property
    def data(self) -> dict[str, Any]:
        return report_data(self.language)

    def text(self, key: str, /, **slots: object) -> str:
        """The text at ``group.key`` with its ``$slots`` filled."""
        group, dot, name = key.partition(".")
        table = self.data.get(group)
        value = (table.get(name) if isinstance(table, dict) else None) if dot else table
        if not isinstance(value, str):
            raise TextDataError(f"no report text {key!r} in prompts/{self.language}/common/report.yaml")
        return fill_text(value, **slots)

    def optional(self, group: str, key: str) -> str | None:
        table = self.data.get(group)
        value = table.get(key) if isinstance(table, dict) else None
        return value if isinstance(value, str) else None

    def join(self, items: Iterable[str]) -> str:
        return typography(self.language).join(items)

    def proper_names(self) -> frozenset[str]:
        """Latin-script names every language keeps (method and metric names)."""
        names = report_data(ENGLISH).get("proper_names") or []
        return frozenset(str(n) for n in names)

    # -- numbers ------------------------------------------------------------------------------------
    def decimal(self, text: str) -> str:
        sign = self.text("number.decimal")
        return text.replace(".", sign) if sign != "." else text

    def num(self, value: Any, digits: int = 2) -> str:
        if value is None:
            return self.text("markers.missing")
        if isinstance(value, int):
            return str(value)
        return self.decimal(f"{float(value):.{digits}f}")

    def pct(self, value: Any) -> str:
        if value is None:
            return self.text("markers.missing")
        return self.text("number.percent", value=self.decimal(f"{100 * float(value):.1f}"))

    def interval(self, low: str, high: str) -> str:
        return self.text("number.interval", low=low, high=high)


def words_for(language: str) -> ReportWords:
    return ReportWords(check_language(language))


def keys(data: dict[str, Any], groups: Sequence[str] | None = None) -> set[str]:
    """Every ``group.key`` of a report.yaml mapping (the ``proper_names`` list is not a text)."""
    found = set()
    for group, table in data.items():
        if isinstance(table, dict) and (groups is None or group in groups):
            found |= {f"{group}.{key}" for key in table}
        elif isinstance(table, str):
            found.add(group)
    return found
