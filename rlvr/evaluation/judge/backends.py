"""The judge's generation backends: each answers a list of
:class:`~rlvr.evaluation.benchmarks.base.JudgeRequest` with one :class:`JudgeReply` (text + ``finish_reason``) or
one :class:`~rlvr.evaluation.judge.JudgeError` per request, in order.

``OpenAIBackend``  an OpenAI-compatible server (``vllm serve``) through the ``openai`` client, ``workers``
                   requests at a time. Transport ``chat`` -> POST /v1/chat/completions with the messages;
                   ``completions`` -> POST /v1/completions with the prompt the judge tokenizer's chat template
                   renders from them (:class:`ChatRenderer`). The request's ``temperature``, ``top_p``,
                   ``max_tokens`` and ``seed`` are sent as given, ``chat_template_kwargs`` in the body's extras;
                   the model is the served name. Transport failures (refused, reset, timeout, 408/409/429/5xx)
                   are the client's own retries (``max_retries``) and timeout; other statuses fail at once.
``HFBackend``      in-process transformers from a local directory (the tiny CPU judge): the same rendering;
                   greedy at temperature 0, seeded sampling otherwise; one batched ``generate`` per decoding
                   setting.

``nonempty`` (a front-end that accepts no empty reply, the TRACE validation campaign): the in-process backend
then generates at least one token and never a special token other than end-of-turn; a served model gets no
such constraint (its empty reply is the front-end's to retry).
"""

from __future__ import annotations

from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

from ..benchmarks.base import JudgeReply
from . import JudgeError

_SHOW = 300   # characters of a server message quoted in an error


def text_of(content) -> str:
    """A message's content as one string (chat content lists are text items only)."""
    if isinstance(content, str):
        return content
    return "".join(part.get("text", "") for part in content if part.get("type") == "text")


def render_chat(tokenizer, messages) -> str:
    """The judge prompt: the tokenizer's chat template over the messages, generation prompt added, thinking off."""
    msgs = [{"role": m["role"], "content": text_of(m["content"])} for m in messages]
    try:
        return tokenizer.apply_chat_template(msgs, tokenize=False, add_generation_prompt=True, enable_thinking=False)
    except TypeError:
        return tokenizer.apply_chat_template(msgs, tokenize=False, add_generation_prompt=True)


class ChatRenderer:
    """The /v1/completions prompt of the reference: the judge tokenizer (loaded on first use) renders it."""

    def __init__(self, model_dir):
        self.model_dir = model_dir
        self.tokenizer = None

    def __call__(self, messages) -> str:
        if self.tokenizer is None:
            if not Path(str(self.model_dir)).is_dir():
                raise JudgeError(f"completions requests need the judge tokenizer: {self.model_dir} is not a directory")
            from transformers import AutoTokenizer

            self.tokenizer = AutoTokenizer.from_pretrained(self.model_dir)
        return render_chat(self.tokenizer, messages)


# ------------------------------------------------------------------------------------------ openai
class OpenAIBackend:
    SENT = ("temperature", "top_p", "max_tokens", "seed")     # request params sent as the client's arguments
    EXTRA = ("chat_template_kwargs",)                          # request params sent in the body's extras

    def __init__(self, base_url: str, served_name: str, render, *, workers: int = 16, timeout: float = 600,
                 max_retries: int = 5):
        from openai import OpenAI

        if not base_url:
            raise JudgeError("the openai judge backend needs a base_url (e.g. http://host:8000/v1)")
        self.base_url = base_url.rstrip("/")
        self.served_name, self.render, self.workers = served_name, render, max(1, int(workers))
        self.tries = max(0, int(max_retries)) + 1
        self.client = OpenAI(base_url=self.base_url, api_key="sk-local", timeout=timeout,
                             max_retries=self.tries - 1)

    def _create(self, req):
        p = req.params
        kwargs = {k: p[k] for k in self.SENT if k in p}
        extra = {k: p[k] for k in self.EXTRA if k in p}
        if extra:
            kwargs["extra_body"] = extra
        if req.transport == "chat":
            choice = self.client.chat.completions.create(model=self.served_name, messages=req.messages,
                                                         **kwargs).choices[0]
            return JudgeReply(choice.message.content or "", choice.finish_reason)
        choice = self.client.completions.create(model=self.served_name, prompt=self.render(req.messages),
                                                **kwargs).choices[0]
        return JudgeReply(choice.text or "", choice.finish_reason)

    def _one(self, req):
        import openai

        try:
            return self._create(req)
        except JudgeError as e:
            return e
        except openai.APIStatusError as e:
            first = str(e.message or "").splitlines()[0][:_SHOW] if e.message else ""
            return JudgeError(f"HTTP {e.status_code} from {self.base_url} after {self.tries} tries "
                              f"(the client's retries): {first}")
        except openai.OpenAIError as e:
            return JudgeError(f"transport to {self.base_url} failed after {self.tries} tries (the client's "
                              f"retries): {type(e).__name__}")
        except (IndexError, TypeError, AttributeError):
            return JudgeError(f"malformed response from {self.base_url}")

    def generate(self, requests, *, nonempty: bool = False):
        if not requests:
            return []
        with ThreadPoolExecutor(max_workers=min(self.workers, len(requests))) as pool:
            return list(pool.map(self._one, requests))

    def close(self) -> None:
        self.client.close()


# ---------------------------------------------------------------------------------------------- hf
class HFBackend:
    def __init__(self, model_dir, *, log=None):
        import torch
        from transformers import AutoModelForCausalLM, AutoTokenizer

        self.torch = torch
        self.log = log or (lambda s: None)
        path = Path(model_dir)
        if not path.is_dir():
            raise JudgeError(f"hf judge backend needs a local model directory, {model_dir} is not one")
        self.tokenizer = AutoTokenizer.from_pretrained(path)
        self.tokenizer.padding_side = "left"
        self.device = "cuda" if torch.cuda.is_available() else "cpu"
        self.model = AutoModelForCausalLM.from_pretrained(path, dtype="auto").to(self.device).eval()
        gen = self.model.generation_config
        eos = gen.eos_token_id if gen.eos_token_id is not None else self.tokenizer.eos_token_id
        self.eos_ids = [int(e) for e in (eos if isinstance(eos, (list, tuple)) else [eos]) if e is not None]
        if not self.eos_ids:
            raise JudgeError(f"hf judge {model_dir}: no end-of-sequence token")
        pad = self.tokenizer.pad_token_id
        self.pad_id = int(pad if pad is not None else (gen.pad_token_id if gen.pad_token_id is not None
                                                       else self.eos_ids[0]))
        if self.tokenizer.pad_token_id is None:
            self.tokenizer.pad_token_id = self.pad_id
        # specials other than end-of-turn never make an answer (nonempty requests)
        self.suppress = sorted(set(self.tokenizer.all_special_ids) - set(self.eos_ids) - {None})

    def _decode(self, row) -> JudgeReply:
        tokens, finish = [], "length"
        for t in row:
            if t in self.eos_ids:
                finish = "stop"
                break
            tokens.append(t)
        return JudgeReply(self.tokenizer.decode(tokens, skip_special_tokens=True), finish)

    def generate(self, requests, *, nonempty: bool = False):
        torch = self.torch
        groups: dict = {}
        for i, r in enumerate(requests):
            groups.setdefault((int(r.params.get("max_tokens", 256)), float(r.params.get("temperature", 0.0)),
                               float(r.params.get("top_p", 1.0))), []).append(i)
        out: list = [None] * len(requests)
        for (max_tokens, temperature, top_p), idx in sorted(groups.items()):
            enc = self.tokenizer([render_chat(self.tokenizer, requests[i].messages) for i in idx],
                                 return_tensors="pt", padding=True, add_special_tokens=False).to(self.device)
            width = enc["input_ids"].shape[1]
            kwargs = dict(max_new_tokens=max_tokens, eos_token_id=self.eos_ids, pad_token_id=self.pad_id)
            if temperature > 0:
                torch.manual_seed(0)
                kwargs.update(do_sample=True, temperature=temperature, top_p=top_p, top_k=0)
            else:
                kwargs.update(do_sample=False, num_beams=1, temperature=None, top_p=None, top_k=None)
            if nonempty:
                kwargs["min_new_tokens"] = 1
                if self.suppress:
                    kwargs["suppress_tokens"] = self.suppress
            with torch.no_grad():
                gen = self.model.generate(**enc, **kwargs)
            for i, row in zip(idx, gen):
                out[i] = self._decode(row[width:].tolist())
        return out

    def close(self) -> None:
        pass
