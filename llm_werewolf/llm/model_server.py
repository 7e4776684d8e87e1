"""``python -m llm_werewolf.llm.model_server ARGS``: llama.cpp's OpenAI-compatible server
(``python -m llama_cpp.server``, the same arguments) with the project's CPU guard and the chat
format the model itself carries.

Some virtual machines report Intel AMX but trap its first instruction; llama.cpp built for such
a CPU then dies with SIGILL when it loads a model into AMX buffers (see :mod:`.cpu_safety`).
This entry point runs the unchanged server with the guard applied to every model it loads, so
a table or a test can serve the embedded model on any such machine. ``LLM_WEREWOLF_EXTRA_BUFFERS``
works here as for the in-process backend.

**Chat format.** ``llama_cpp.server`` given no ``--chat_format`` falls back to ``llama-2``
(``[INST]``, ``<<SYS>>``) for a model whose GGUF carries no chat template it recognises: the
embedded gemma-3-270m carries none, so it read a conversation in a format it was never trained on.
Here, when no ``--chat_format`` is given, the format comes from the model's metadata: its own Jinja
template (``tokenizer.chat_template``) if it carries one, else the turn format of its architecture
(``general.architecture``: gemma, gemma2, gemma3 → ``data/chat_templates/gemma.jinja``). It is
registered under :data:`MODEL_TEMPLATE` and the server is told to use it.
"""

from __future__ import annotations

import sys
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from importlib import resources
from pathlib import Path
from typing import Any

from .cpu_safety import model_loading
from .gguf_metadata import CHAT_TEMPLATE_KEY, read_metadata

MODEL_TEMPLATE = "gguf-chat-template"
"""The chat format name under which the model's template is registered."""
FAMILY_TEMPLATES: dict[str, str] = {"gemma": "gemma.jinja", "gemma2": "gemma.jinja", "gemma3": "gemma.jinja"}
"""``general.architecture`` -> the turn format of that family, for a GGUF that carries no template."""


@dataclass(frozen=True, slots=True)
class ChatTemplate:
    text: str
    source: str
    """Where it comes from, for the user: "the model's own template", "gemma3's turn format"."""


def _option(args: Sequence[str], name: str) -> str | None:
    """The value of ``--name VALUE`` or ``--name=VALUE`` in ``args``."""
    for i, arg in enumerate(args):
        if arg == name and i + 1 < len(args):
            return args[i + 1]
        if arg.startswith(name + "="):
            return arg.split("=", 1)[1]
    return None


def model_template(metadata: Mapping[str, object]) -> ChatTemplate | None:
    """The chat template the metadata calls for (``None``: neither a template nor a known family)."""
    own = metadata.get(CHAT_TEMPLATE_KEY)
    if isinstance(own, str) and own.strip():
        return ChatTemplate(own, "the model's own template")
    family = str(metadata.get("general.architecture", ""))
    name = FAMILY_TEMPLATES.get(family)
    if name is None:
        return None
    text = resources.files(__package__).joinpath(f"data/chat_templates/{name}").read_text(encoding="utf-8")
    return ChatTemplate(text, f"{family}'s turn format")


def describe_chat_format(model: str | Path, given: str | None = None) -> str:
    """The chat format a server for ``model`` will use, in words."""
    if given:
        return given
    template = model_template(read_metadata(model))
    return template.source if template is not None else "llama.cpp's guess (the model names no format)"


class TemplateChatHandler:
    """A llama.cpp chat handler that renders a Jinja chat template (built on first use, when the
    loaded model can say its BOS and EOS texts; the template writes ``bos_token`` itself)."""

    def __init__(self, template: str) -> None:
        self.template = template
        self._handler: Any = None

    def __call__(self, *, llama: Any, **kwargs: Any) -> Any:
        if self._handler is None:
            from llama_cpp.llama_chat_format import Jinja2ChatFormatter

            def text(token: int) -> str:
                return str(llama._model.token_get_text(token)) if token >= 0 else ""

            eos = llama.token_eos()
            formatter = Jinja2ChatFormatter(
                template=self.template, eos_token=text(eos), bos_token=text(llama.token_bos()), stop_token_ids=[eos]
            )
            self._handler = formatter.to_chat_handler()
        return self._handler(llama=llama, **kwargs)


def register_model_template(model: str | Path) -> ChatTemplate | None:
    """Register ``model``'s template as :data:`MODEL_TEMPLATE` (``None``: its metadata names none)."""
    template = model_template(read_metadata(model))
    if template is None:
        return None
    from llama_cpp.llama_chat_format import LlamaChatCompletionHandlerRegistry

    registry = LlamaChatCompletionHandlerRegistry()  # type: ignore[no-untyped-call]
    registry.register_chat_completion_handler(MODEL_TEMPLATE, TemplateChatHandler(template.text), overwrite=True)
    return template


def server_args(args: Sequence[str]) -> list[str]:
    """``args`` with ``--chat_format`` set to the model's own template where none was given."""
    out = list(args)
    model = _option(out, "--model")
    if model is None or _option(out, "--chat_format") is not None:
        return out
    if register_model_template(model) is not None:
        out += ["--chat_format", MODEL_TEMPLATE]
    return out


def main() -> None:
    import llama_cpp.llama_cpp as bindings
    from llama_cpp.server.__main__ import main as serve

    sys.argv = [sys.argv[0], *server_args(sys.argv[1:])]
    with model_loading(bindings):
        serve()  # type: ignore[no-untyped-call]


if __name__ == "__main__":
    main()
