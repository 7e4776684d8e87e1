"""The key/value metadata at the head of a GGUF file, read without loading the model.

GGUF (https://github.com/ggml-org/ggml/blob/master/docs/gguf.md): the magic ``GGUF``, a version
(2 or 3), the tensor count and the metadata count (uint64), then each metadata entry as a string
key, a uint32 value type and the value. Strings are a uint64 length and UTF-8 bytes; arrays are an
element type, a uint64 count and the elements. Only strings, numbers and booleans are kept here
(arrays, such as the vocabulary, are skipped): what a server needs to pick its chat format.
"""

from __future__ import annotations

import struct
from pathlib import Path
from typing import BinaryIO

from .errors import BackendConfigError

_SCALARS: dict[int, str] = {
    0: "<B",
    1: "<b",
    2: "<H",
    3: "<h",
    4: "<I",
    5: "<i",
    6: "<f",
    7: "<?",
    10: "<Q",
    11: "<q",
    12: "<d",
}
_STRING = 8
_ARRAY = 9
CHAT_TEMPLATE_KEY = "tokenizer.chat_template"

Scalar = str | int | float | bool


def _read(handle: BinaryIO, size: int) -> bytes:
    data = handle.read(size)
    if len(data) != size:
        raise ValueError("the file ends inside its metadata")
    return data


def _unpack(handle: BinaryIO, fmt: str) -> int | float | bool:
    value: int | float | bool = struct.unpack(fmt, _read(handle, struct.calcsize(fmt)))[0]
    return value


def _string(handle: BinaryIO) -> str:
    length = int(_unpack(handle, "<Q"))
    return _read(handle, length).decode("utf-8", errors="replace")


def _skip_array(handle: BinaryIO) -> None:
    kind = int(_unpack(handle, "<I"))
    count = int(_unpack(handle, "<Q"))
    if kind in _SCALARS:
        handle.seek(struct.calcsize(_SCALARS[kind]) * count, 1)
        return
    for _ in range(count):
        _value(handle, kind)


def _value(handle: BinaryIO, kind: int) -> Scalar | None:
    if kind in _SCALARS:
        return _unpack(handle, _SCALARS[kind])
    if kind == _STRING:
        return _string(handle)
    if kind == _ARRAY:
        _skip_array(handle)
        return None
    raise ValueError(f"unknown metadata value type {kind}")


def read_metadata(path: str | Path) -> dict[str, Scalar]:
    """The scalar metadata of the GGUF file at ``path`` (:class:`BackendConfigError` if it is not one)."""
    try:
        with Path(path).open("rb") as handle:
            if _read(handle, 4) != b"GGUF":
                raise ValueError("not a GGUF file (no GGUF magic)")
            version = int(_unpack(handle, "<I"))
            if version < 2:
                raise ValueError(f"GGUF version {version} is not supported (2 or later)")
            _unpack(handle, "<Q")  # tensors
            entries = int(_unpack(handle, "<Q"))
            out: dict[str, Scalar] = {}
            for _ in range(entries):
                key = _string(handle)
                value = _value(handle, int(_unpack(handle, "<I")))
                if value is not None:
                    out[key] = value
            return out
    except (OSError, ValueError, struct.error) as exc:
        raise BackendConfigError(f"{path}: cannot read the GGUF metadata ({exc})") from exc
