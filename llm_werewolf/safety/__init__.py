"""The reliability and safety battery: reusable harnesses behind ``tests/safety`` and ``bench/reliability.py``.

One module per battery item: :mod:`.spoofing` (narrator spoofing), :mod:`.canaries`
and :mod:`.interference` (leaks and non-interference), :mod:`.malformed` (broken
model output), :mod:`.provider` with :mod:`.fault_server` (provider faults),
:mod:`.crash` (kill and resume), :mod:`.templates` (prompt-pack sandbox) and
:mod:`.injection` (prompt injection between players). :mod:`.sizes` holds the
CI and full sizes. See docs/reliability.md.
"""
