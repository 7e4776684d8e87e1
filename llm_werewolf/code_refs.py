"""Seats that name code to run (``langchain:package.module:factory``), and who may name them.

Files are data: a transcript, a table file, a host request or any other file read on
the way must never choose a Python module to import. Such a seat runs only when the user
named it on the command line, or passed ``--allow-code`` with the ``--config`` file that
names it (a tournament config, which only names code, is passed explicitly); those front
ends call :func:`trust` with the spec, and the LangChain factory loader asks
:func:`is_trusted` before importing anything.
"""

from __future__ import annotations

_TRUSTED: set[str] = set()

CODE_KINDS = ("langchain",)


class CodeRefused(ValueError):
    """A spec from a file names code to run."""


def code_target(spec: str) -> str | None:
    """``package.module:factory`` when ``spec`` (``KIND:MODEL`` or a bare model) names code, else ``None``."""
    kind, sep, model = spec.strip().partition(":")
    target = model if sep and kind.lower() in CODE_KINDS else spec.strip()
    module_name, colon, attribute = target.rpartition(":")
    if colon and "." in module_name and attribute:
        return target
    return None


def trust(spec: str | None) -> None:
    """The user named ``spec`` themselves (command line, ``--config``, a tournament config)."""
    target = code_target(spec or "")
    if target is not None:
        _TRUSTED.add(target)


def is_trusted(target: str) -> bool:
    return target in _TRUSTED


def refuse_code(spec: str, where: str) -> None:
    """Raise :class:`CodeRefused` when ``spec`` read from ``where`` (a file, a request) names code."""
    target = code_target(spec)
    if target is not None:
        raise CodeRefused(
            f"{where} names code to run ({target!r}); a file cannot choose code: "
            "name a langchain:module:factory seat on the command line"
        )


def forget_all() -> None:
    """Drop every trusted spec (tests)."""
    _TRUSTED.clear()
