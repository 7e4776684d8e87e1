"""``python -m llm_werewolf.scenarios FILE...``: the same as ``llm-werewolf check``."""

import sys

from .report import main

sys.exit(main(sys.argv[1:]))
