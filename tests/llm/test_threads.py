"""llama.cpp's thread count (llm/threads.py): the free cores unless the config or the environment says."""

from __future__ import annotations

from llm_werewolf.llm.threads import ENV, MOST, choose_threads, free_threads


def test_a_loaded_two_core_machine_gets_one_thread() -> None:
    assert choose_threads(environ={}, cores=2, load=1.4) == 1
    assert choose_threads(environ={}, cores=2, load=7.8) == 1


def test_an_idle_machine_gets_its_cores_up_to_the_most() -> None:
    assert choose_threads(environ={}, cores=2, load=0.1) == 2
    assert choose_threads(environ={}, cores=16, load=2.0) == MOST
    assert free_threads(6, 2.4) == 4 and free_threads(6, 2.6) == 3


def test_the_config_then_the_environment_set_the_count() -> None:
    assert choose_threads(3, environ={ENV: "2"}, cores=2, load=9.0) == 3
    assert choose_threads(0, environ={ENV: "2"}, cores=2, load=9.0) == 2
    assert choose_threads(None, environ={ENV: "x"}, cores=2, load=9.0) == 1
    assert choose_threads(None, environ={ENV: "0"}, cores=4, load=0.0) == 4
