"""How soon the people at the table see a model's speech: the first previewed words against the whole answer.

    .venv/bin/python bench/preview_latency.py --base-url http://127.0.0.1:8820/v1 --model gemma-3-270m [--calls N]
    .venv/bin/python bench/preview_latency.py --local [--calls N]

Serve the embedded model first for the HTTP case (loopback only):
``python -m llm_werewolf.llm.model_server --model "$(python -c 'from llm_werewolf.llm.embedded import
embedded_model_path as p; print(p())')" --model_alias gemma-3-270m --host 127.0.0.1 --port 8820``.
Each call is one public speech (a JSON answer with a ``speech`` field for the ``openai`` backend, a
free continuation for ``--local``), asked once streamed with a preview and once plain, alternately.
Reported per call: seconds to the first previewed text, seconds to the whole streamed answer, seconds
of the plain call, and the number of preview updates. The plain call shows nothing until its end.
"""

from __future__ import annotations

import argparse
import asyncio
import json
import statistics
from typing import Any

from llm_werewolf.llm.base import Backend, CompletionRequest
from llm_werewolf.llm.streaming import previewing

SCHEMA = {
    "type": "object",
    "properties": {"speech": {"type": "string", "maxLength": 160}},
    "required": ["speech"],
    "additionalProperties": False,
}
SYSTEM = 'You are Ann, a player at a werewolf table. Answer with one JSON object: {"speech": "..."}.'
USER = "Day 1. It is your turn to speak to the table: say whom you suspect and why."


def request(local: bool, seed: int, max_tokens: int) -> CompletionRequest:
    if local:
        return CompletionRequest(
            SYSTEM, USER, cue=' Ann: "', mode="text", stop=('"', "\n"), max_tokens=max_tokens, seed=seed
        )
    return CompletionRequest(SYSTEM, USER, mode="json", schema=SCHEMA, max_tokens=max_tokens, seed=seed)


async def one(backend: Backend, req: CompletionRequest) -> dict[str, Any]:
    loop = asyncio.get_running_loop()
    started = loop.time()
    first: list[float] = []
    updates = 0

    def hook(text: str) -> None:
        nonlocal updates
        if text:
            updates += 1
            if not first:
                first.append(loop.time() - started)

    with previewing(hook):
        streamed = await backend.complete(req)
    whole = loop.time() - started
    started = loop.time()
    plain = await backend.complete(req)
    return {
        "first_text_s": round(first[0], 2) if first else None,
        "streamed_s": round(whole, 2),
        "plain_s": round(loop.time() - started, 2),
        "updates": updates,
        "tokens": streamed.completion_tokens,
        "plain_tokens": plain.completion_tokens,
    }


async def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--base-url")
    parser.add_argument("--model", default="gemma-3-270m")
    parser.add_argument("--local", action="store_true", help="the embedded model in process")
    parser.add_argument("--calls", type=int, default=3)
    parser.add_argument("--max-tokens", type=int, default=60)
    args = parser.parse_args()
    backend: Backend
    if args.local:
        from llm_werewolf.llm.local import LocalBackend

        backend = LocalBackend(n_threads=2)
    else:
        from llm_werewolf.llm.openai_backend import OpenAIBackend
        from llm_werewolf.llm.profiles import get_profile

        backend = OpenAIBackend(args.model, base_url=args.base_url, profile=get_profile("llamacpp"), timeout=600)
    try:
        await backend.complete(request(args.local, 0, 1))  # load / warm up
        rows = [await one(backend, request(args.local, i + 1, args.max_tokens)) for i in range(args.calls)]
    finally:
        await backend.aclose()
    for row in rows:
        print(json.dumps(row))
    firsts = [r["first_text_s"] for r in rows if r["first_text_s"] is not None]
    if firsts:
        print(
            f"median first text {statistics.median(firsts):.2f} s; "
            f"median whole streamed answer {statistics.median(r['streamed_s'] for r in rows):.2f} s; "
            f"median plain answer {statistics.median(r['plain_s'] for r in rows):.2f} s"
        )


if __name__ == "__main__":
    asyncio.run(main())
