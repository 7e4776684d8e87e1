from __future__ import annotations

import tests.toy_variant  # noqa: F401  (registers the "toy" ruleset used by engine tests)
