"""The console printer under a narrator: narrated moments print as narration, speech always prints."""

from __future__ import annotations

from rich.console import Console

from llm_werewolf.render.console import ConsoleSink
from llm_werewolf.rules.events import PUBLIC, Record, Speech, make_record
from llm_werewolf.table_notes import Narration


def printed(records: list[Record], *, narrated: bool) -> str:
    console = Console(record=True, width=200, color_system=None)
    ConsoleSink(console, ["Ann", "Bob", "Cy"], variant="city_mafia", language="en", narrated=narrated).write(records)
    return console.export_text()


def test_last_words_print_with_the_narrators_closing_line() -> None:
    records = [
        make_record(0, "day:1", PUBLIC, Speech(seat=1, text="I was the sheriff, trust Cy", stage="last_words")),
        make_record(1, "day:1", PUBLIC, Narration(key="last_words", text="Bob has said his last word.", about=0)),
    ]
    narrated = printed(records, narrated=True)
    assert "I was the sheriff, trust Cy" in narrated
    assert "Bob has said his last word." in narrated
    assert narrated.index("trust Cy") < narrated.index("his last word")
    assert "his last word" not in printed(records[:1], narrated=True)
