"""Writes (or checks) ``docs/transcript-schema.json``, generated from the pydantic models.

python -m llm_werewolf.export.schema_file            # rewrite docs/transcript-schema.json
python -m llm_werewolf.export.schema_file --check    # exit 1 if the committed file is stale
"""

from __future__ import annotations

import json
import sys
from pathlib import Path
from typing import Any

DEFAULT_PATH = Path(__file__).resolve().parents[2] / "docs" / "transcript-schema.json"


def full_schema() -> dict[str, Any]:
    """The transcript schema plus the dataset export rows."""
    from ..transcript.schema import json_schema
    from .rows import GameRow, UtteranceRow

    schema = json_schema()
    schema["dataset"] = {
        "description": "Rows of `llm-werewolf export`: utterances.jsonl and games.jsonl.",
        "utterance": UtteranceRow.model_json_schema(),
        "game": GameRow.model_json_schema(),
    }
    return schema


def schema_text() -> str:
    return json.dumps(full_schema(), indent=2, ensure_ascii=False) + "\n"


def main(argv: list[str] | None = None) -> int:
    args = list(sys.argv[1:] if argv is None else argv)
    check = "--check" in args
    paths = [a for a in args if a != "--check"]
    path = Path(paths[0]) if paths else DEFAULT_PATH
    text = schema_text()
    if check:
        current = path.read_text(encoding="utf-8") if path.exists() else ""
        if current != text:
            print(f"{path} is out of date: run python -m llm_werewolf.export.schema_file", file=sys.stderr)
            return 1
        print(f"{path} is up to date")
        return 0
    path.write_text(text, encoding="utf-8")
    print(f"wrote {path}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
