"""The two ways the reference talks to its Qwen3-32B judge (served as ``qwen3-32b-judge``).

``vlmeval_chat``
    the official VLMEvalKit route: ``build_judge`` -> ``OpenAIWrapper`` -> POST /v1/chat/completions,
    one user message whose content is a list with one text item, ``temperature 0``, ``max_tokens 256``,
    ``chat_template_kwargs {"enable_thinking": false}`` (the judge served with the no-think template).
    VLMEvalKit probes the judge once per evaluate() with ``"hello"`` (:data:`PROBE`).
``persistent_completion``
    the direct and dedicated routes: ``PersistentJudge`` -> POST /v1/completions with the prompt the
    judge tokenizer's chat template renders from one user message (string content),
    ``add_generation_prompt=True, enable_thinking=False``; ``temperature`` (float), ``top_p 1.0`` and
    the ``max_tokens`` of the current rung of the benchmark's ladder.
"""

from __future__ import annotations

from ..benchmarks.base import JudgeRequest

JUDGE_MODEL = "qwen3-32b-judge"          # LOCAL_LLM / served model name of the reference campaign


def vlmeval_chat(prompt: str, *, max_tokens: int = 256, temperature=0, stage: str | None = None) -> JudgeRequest:
    return JudgeRequest(
        transport="chat",
        messages=[{"role": "user", "content": [{"type": "text", "text": prompt}]}],
        params={"model": JUDGE_MODEL, "temperature": temperature,
                "chat_template_kwargs": {"enable_thinking": False}, "max_tokens": max_tokens},
        stage=stage)


PROBE = vlmeval_chat("hello")


def persistent_completion(content: str, *, max_tokens: int, temperature: float = 0.0, top_p: float = 1.0,
                          stage: str | None = None) -> JudgeRequest:
    return JudgeRequest(
        transport="completions",
        messages=[{"role": "user", "content": content}],
        params={"model": JUDGE_MODEL, "temperature": float(temperature), "top_p": float(top_p),
                "max_tokens": int(max_tokens)},
        stage=stage)


FAIL_MSG = "Failed to obtain answer via API."     # VLMEvalKit BaseAPI.fail_msg


def vlmeval_generate(prompt: str, *, retry: int = 5, **kwargs):
    """VLMEvalKit ``BaseAPI.generate`` over ``OpenAIWrapper`` (retry=5), as a sub-generator of a row scorer
    (``answer = yield from vlmeval_generate(prompt)``): the request is sent again while the stripped reply is
    empty or holds :data:`FAIL_MSG`; after ``retry`` sends the answer is :data:`FAIL_MSG` (or the last
    non-empty reply). ``kwargs`` go to :func:`vlmeval_chat`."""
    answer = ""
    for _ in range(retry):
        reply = yield vlmeval_chat(prompt, **kwargs)
        answer = str(reply).strip()
        if answer and FAIL_MSG not in answer:
            return answer
    return answer or FAIL_MSG
