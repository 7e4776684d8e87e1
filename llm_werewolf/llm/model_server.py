"""``python -m llm_werewolf.llm.model_server ARGS``: llama.cpp's OpenAI-compatible server
(``python -m llama_cpp.server``, the same arguments) with the project's CPU guard.

Some virtual machines report Intel AMX but trap its first instruction; llama.cpp built for such
a CPU then dies with SIGILL when it loads a model into AMX buffers (see :mod:`.cpu_safety`).
This entry point runs the unchanged server with the guard applied to every model it loads, so
a table or a test can serve the embedded model on any such machine. ``LLM_WEREWOLF_EXTRA_BUFFERS``
works here as for the in-process backend.
"""

from __future__ import annotations

from .cpu_safety import model_loading


def main() -> None:
    import llama_cpp.llama_cpp as bindings
    from llama_cpp.server.__main__ import main as serve

    with model_loading(bindings):
        serve()  # type: ignore[no-untyped-call]


if __name__ == "__main__":
    main()
