"""Built-in rulesets, one package each (see ``BUILTIN_MODULES`` in ``..variant``)."""
