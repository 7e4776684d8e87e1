"""llm-werewolf: language-model agents play and narrate Werewolf/Mafia games."""

__version__ = "0.1.0"
