"""``python -m llm_werewolf.scenarios [--pinned] FILE...``: the same as ``llm-werewolf check``."""

import sys

from .report import main

args = sys.argv[1:]
sys.exit(main([a for a in args if a != "--pinned"], pinned="--pinned" in args))
