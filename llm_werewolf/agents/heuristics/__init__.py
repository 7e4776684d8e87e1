"""Per-ruleset heuristic policies (one module per ruleset id, each with ``decide``)."""
