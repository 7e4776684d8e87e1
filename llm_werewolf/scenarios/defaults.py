"""What a scenario leaves to the ruleset's switch defaults, and which of those changed since the
rules version it declares (reported by ``llm-werewolf check`` for a failing scenario; ``check --pinned``
plays a scenario with the defaults of its declared version)."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from ..rules import get_ruleset
from ..rules.versions import (
    FIRST_VERSION,
    changed_defaults,
    changes_since,
    current_version,
    defaults_at,
    left_at_default,
)
from .model import Scenario


@dataclass(frozen=True)
class DefaultsReport:
    """The switches a scenario relies on and how their defaults moved since its version."""

    variant: str
    declared: int | None
    """The scenario's ``rules_version`` (``None``: not declared; compared with version 1)."""
    current: int
    left: tuple[str, ...]
    """Switches the scenario leaves at their defaults (board switches aside: a scenario deals its cards)."""
    changed: dict[str, tuple[Any, Any, tuple[int, ...]]]
    """Those of ``left`` whose default changed since the version: ``{switch: (then, now, versions)}``."""
    unswitched: tuple[tuple[int, str], ...]
    """Rule changes since the version that no switch restores: ``(version, what)``."""

    @property
    def since(self) -> int:
        return self.declared if self.declared is not None else FIRST_VERSION

    def lines(self) -> list[str]:
        """The report, one line per fact."""
        if self.declared is None:
            head = f"{self.variant} rules version {self.current}; the scenario declares no rules_version"
        else:
            head = f"{self.variant} rules version {self.current}; the scenario was written for version {self.declared}"
        out = [head, f"left at their defaults: {', '.join(self.left) or 'none'}"]
        if self.changed:
            moved = "; ".join(
                f"{switch} {then!r} -> {now!r} (version {', '.join(map(str, versions))})"
                for switch, (then, now, versions) in self.changed.items()
            )
            out.append(f"of those, defaults changed since version {self.since}: {moved}")
        elif self.since < self.current:
            out.append(f"of those, no default changed since version {self.since}")
        for version, what in self.unswitched:
            out.append(f"changed in version {version} with no switch to restore it: {what}")
        if self.declared is None:
            if self.changed or self.unswitched:
                out.append("declare `rules_version:` in the scenario to compare with the version it was written for")
        elif self.changed:
            out.append(f"`llm-werewolf check --pinned` plays it with the defaults of version {self.declared}")
        return out


def defaults_report(s: Scenario) -> DefaultsReport:
    ruleset = get_ruleset(s.variant)
    since = s.rules_version if s.rules_version is not None else FIRST_VERSION
    left = tuple(switch for switch in left_at_default(ruleset, s.options) if switch not in ruleset.board_switches)
    changed = {switch: moved for switch, moved in changed_defaults(ruleset, since).items() if switch in left}
    unswitched = tuple((entry.version, what) for entry in changes_since(ruleset, since) for what in entry.unswitched)
    return DefaultsReport(s.variant, s.rules_version, current_version(ruleset), left, changed, unswitched)


def pinned_options(s: Scenario) -> dict[str, Any]:
    """The scenario's switches on top of the defaults of its declared version (unchanged if none is declared).

    Only defaults that changed are added, so the game's options hold what the scenario set plus what pinning
    restores."""
    if s.rules_version is None:
        return dict(s.options)
    ruleset = get_ruleset(s.variant)
    then = defaults_at(ruleset, s.rules_version)
    restored = {switch: then[switch] for switch in changed_defaults(ruleset, s.rules_version)}
    return {**restored, **s.options}
