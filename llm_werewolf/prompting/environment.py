"""The one Jinja environment: sandboxed, strict about undefined names, never autoescaping prose.

Every template (built-in or from a user pack) renders in a
:class:`jinja2.sandbox.SandboxedEnvironment` with :class:`jinja2.StrictUndefined`:
a misspelled variable is an error, not an empty string, and a template cannot
reach Python internals. The immutable sandbox also refuses to change lists and
dicts passed in (``names.pop()``), so one template cannot corrupt the next.
User packs are vetted before use (:func:`llm_werewolf.agents.pack_vetting.vet_pack`), and
every render of every template runs under hard limits (time, output and string size, loop
steps, calls: :mod:`.limits`). Player text is only ever passed in as variables.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from functools import lru_cache
from pathlib import Path
from typing import Any

from jinja2 import Environment, FileSystemLoader, StrictUndefined, Template, TemplateNotFound
from jinja2.sandbox import SandboxedEnvironment

from .limits import LimitedSandbox
from .packs import SHARED_TEMPLATES, MissingPromptFile


def _join_nonempty(items: Sequence[Any], separator: str = ", ") -> str:
    return separator.join(str(item) for item in items if str(item))


def shared_name(name: str) -> str | None:
    """``common/turn.j2`` for ``<lang>/common/turn.j2`` (every shared template); ``None`` for other names."""
    language, _, rest = name.partition("/")
    folder, _, file = rest.partition("/")
    if language and language != "common" and folder == "common" and file in SHARED_TEMPLATES:
        return f"common/{file}"
    return None


class PackLoader(FileSystemLoader):
    """Pack folders in order; a language without its own copy of a shared template gets the skeleton."""

    def get_source(self, environment: Environment, template: str) -> tuple[str, str, Callable[[], bool]]:
        try:
            return super().get_source(environment, template)
        except TemplateNotFound:
            shared = shared_name(template)
            if shared is None:
                raise
            return super().get_source(environment, shared)


@lru_cache(maxsize=32)
def environment(roots: tuple[Path, ...]) -> SandboxedEnvironment:
    env = LimitedSandbox(
        loader=PackLoader([str(root) for root in roots], encoding="utf-8"),
        undefined=StrictUndefined,
        autoescape=False,
        trim_blocks=True,
        lstrip_blocks=True,
        keep_trailing_newline=False,
        auto_reload=False,
        cache_size=400,
    )
    env.filters["join_nonempty"] = _join_nonempty
    env.guard_filters()
    return env


def get_template(roots: tuple[Path, ...], name: str) -> Template:
    try:
        return environment(roots).get_template(name)
    except TemplateNotFound:
        raise MissingPromptFile(f"missing prompt file prompts/{name}") from None


@lru_cache(maxsize=2048)
def _from_string(roots: tuple[Path, ...], source: str) -> Template:
    return environment(roots).from_string(source)


def string_template(roots: tuple[Path, ...], source: str) -> Template:
    """A template compiled from pack data (an instruction or phrase in decisions.yaml), cached."""
    return _from_string(roots, source)
