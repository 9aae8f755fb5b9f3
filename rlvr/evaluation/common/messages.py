"""Prompt parts and chat messages.

A prompt is the ordered list VLMEvalKit's ``build_prompt`` returns: ``{"type": "text", "value": str}``
and ``{"type": "image", "value": <0-based index into the row's images>}``. The generation client turns
it into one user message (no system prompt), dropping empty text parts
(``run_external_benchmark_generation_api_queue._vlmeval_messages``).
"""

from __future__ import annotations


def text(value) -> dict:
    return {"type": "text", "value": value}


def image(index: int) -> dict:
    return {"type": "image", "value": int(index)}


def images(row) -> list[dict]:
    """One image part per image of the row, in order (what most ``build_prompt``s put first)."""
    return [image(i) for i in range(len(row.images))]


def request_messages(parts: list[dict]) -> list[dict]:
    content = []
    for p in parts:
        if p["type"] == "image":
            content.append({"type": "image", "image_index": p["value"]})
        elif p["type"] == "text":
            # a missing cell (None here) is pandas' NaN in the reference: the client sends str(NaN) == "nan"
            t = "nan" if p["value"] is None else str(p["value"])
            if t:
                content.append({"type": "text", "text": t})
        else:
            raise ValueError(f"unsupported prompt part type {p['type']!r}")
    return [{"role": "user", "content": content or [{"type": "text", "text": ""}]}]


def flat_text(parts: list[dict], image_token: str = "<image>") -> str:
    """The prompt as one string with an image placeholder where each image goes (lm-eval's text form;
    Qwen's chat template concatenates a message's content items without separators)."""
    out = []
    for p in parts:
        if p["type"] == "image":
            out.append(image_token)
        elif p["value"] is None:
            out.append("nan")                    # as request_messages sends a missing cell
        elif p["value"]:
            out.append(str(p["value"]))
    return "".join(out)
