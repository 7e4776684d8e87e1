"""Arrow schemas of the dataset rows, derived from the row models (one schema whatever the ruleset).

The type of every column comes from the pydantic model, never from the data, so files
written from different games, rulesets or languages always concatenate.
"""

from __future__ import annotations

import types
from typing import Any, Literal, Union, get_args, get_origin

from pydantic import BaseModel

from ..install import missing_module_message


def require_pyarrow() -> Any:
    """The ``pyarrow`` module, or a one-line error naming the command that installs it."""
    try:
        import pyarrow
    except ModuleNotFoundError:
        raise RuntimeError(missing_module_message("pyarrow", "Parquet export needs pyarrow")) from None
    return pyarrow


def _arrow_type(pa: Any, annotation: Any) -> tuple[Any, bool]:
    """``(arrow type, nullable)`` for one field annotation."""
    origin = get_origin(annotation)
    if origin in (Union, types.UnionType):
        members = [a for a in get_args(annotation) if a is not type(None)]
        if len(members) != 1:
            raise TypeError(f"unsupported union in a dataset row: {annotation!r}")
        return _arrow_type(pa, members[0])[0], True
    if origin is Literal:
        return pa.string(), False
    if origin is list:
        (item,) = get_args(annotation)
        item_type, item_nullable = _arrow_type(pa, item)
        return pa.list_(pa.field("item", item_type, nullable=item_nullable)), False
    if isinstance(annotation, type) and issubclass(annotation, BaseModel):
        return pa.struct(arrow_fields(pa, annotation)), False
    scalar = {bool: pa.bool_(), int: pa.int64(), float: pa.float64(), str: pa.string()}
    if annotation in scalar:
        return scalar[annotation], False
    raise TypeError(f"unsupported type in a dataset row: {annotation!r}")


def arrow_fields(pa: Any, model: type[BaseModel]) -> list[Any]:
    fields = []
    for name, info in model.model_fields.items():
        arrow_type, nullable = _arrow_type(pa, info.annotation)
        fields.append(pa.field(name, arrow_type, nullable=nullable))
    return fields


def arrow_schema(model: type[BaseModel]) -> Any:
    """The ``pyarrow.Schema`` of a row model."""
    pa = require_pyarrow()
    return pa.schema(arrow_fields(pa, model))


def type_name(annotation: Any) -> str:
    """A short readable type for the dataset card (``int``, ``string | null``, ``list<act>``)."""
    origin = get_origin(annotation)
    if origin in (Union, types.UnionType):
        members = [a for a in get_args(annotation) if a is not type(None)]
        return f"{type_name(members[0])} | null"
    if origin is Literal:
        return "string"
    if origin is list:
        return f"list<{type_name(get_args(annotation)[0])}>"
    if isinstance(annotation, type) and issubclass(annotation, BaseModel):
        return annotation.__name__.removesuffix("Row").lower()
    return {bool: "bool", int: "int64", float: "float64", str: "string"}.get(annotation, str(annotation))
