"""The reliability and safety battery's harnesses, behind ``tests/safety`` and ``bench/reliability.py``.

Test machinery, not part of the installed package. One module per battery item: :mod:`.spoofing`
(narrator spoofing), :mod:`.canaries` and :mod:`.interference` (leaks and non-interference),
:mod:`.malformed` (broken model output), :mod:`.provider` with :mod:`.fault_server` (provider
faults), :mod:`.crash` (kill and resume), :mod:`.templates` (attacks on the prompt-pack sandbox;
pack vetting itself is :mod:`llm_werewolf.agents.pack_vetting`) and :mod:`.injection` (prompt
injection between players). :mod:`.sizes` holds the CI and full sizes. See docs/reliability.md.
"""
