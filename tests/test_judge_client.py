"""The benchmarks' front-end of the judge (rlvr.evaluation.judge.engine.Judge answering the row scorers'
requests): the reference's two transports through the openai client against a local OpenAI-compatible stub,
the client's own retries, the cache, and the tiny in-process judge rendering the same chat template."""

import pytest
from fake_openai import FakeServer

from rlvr.evaluation.common import judge_protocol as jp
from rlvr.evaluation.judge import JudgeError
from rlvr.evaluation.judge.engine import Judge
from rlvr.evaluation.judge.tiny import build_tiny_judge


class Stub(FakeServer):
    """chat -> ``chat:<last 3 characters>`` (stop), completions -> ``len:<prompt length>`` (length); the first
    ``fail`` requests answer HTTP 503."""

    def __init__(self, fail=0):
        self.fail = fail
        super().__init__(self.reply)
        self.url = self.base_url

    def reply(self, body, n, path):
        if self.fail > 0:
            self.fail -= 1
            return "HTTP", 503
        if path.endswith("/chat/completions"):
            return f"chat:{body['messages'][0]['content'][0]['text'][-3:]}", "stop"
        return f"len:{len(body['prompt'])}", "length"


@pytest.fixture(scope="module")
def tiny(tmp_path_factory):
    mp = pytest.MonkeyPatch()
    mp.setenv("HF_HUB_OFFLINE", "1")
    mp.setenv("TRANSFORMERS_OFFLINE", "1")
    yield build_tiny_judge(tmp_path_factory.mktemp("tiny_judge"))
    mp.undo()


def test_both_transports_send_the_reference_request(tiny, tmp_path):
    stub = Stub()
    try:
        chat = jp.vlmeval_chat("Question? abc")
        comp = jp.persistent_completion("grade this", max_tokens=512, temperature=0.5)
        with Judge("openai", str(tiny), base_url=stub.url, cache_dir=tmp_path / "c", timeout=30) as j:
            replies = j.complete([chat, comp])
        assert [str(r) for r in replies[:1]] == ["chat:abc"] and replies[0].finish_reason == "stop"
        assert replies[1].startswith("len:") and replies[1].finish_reason == "length"
        by_path = dict(zip(stub.paths, stub.bodies))
        body = by_path["/v1/chat/completions"]
        assert body["messages"] == chat.messages and body["model"] == "qwen3-32b-judge"
        assert body["temperature"] == 0 and body["max_tokens"] == 256
        assert body["chat_template_kwargs"] == {"enable_thinking": False}
        assert all(m["role"] != "system" for m in body["messages"])               # no added system message
        body = by_path["/v1/completions"]
        assert body["max_tokens"] == 512 and body["temperature"] == 0.5 and body["top_p"] == 1.0
        # the prompt is the judge tokenizer's chat template over the one user message, thinking off
        from transformers import AutoTokenizer

        tok = AutoTokenizer.from_pretrained(tiny)
        want = tok.apply_chat_template([{"role": "user", "content": "grade this"}], tokenize=False,
                                       add_generation_prompt=True, enable_thinking=False)
        assert body["prompt"] == want and "grade this" in want
        n = len(stub.bodies)
        with Judge("openai", str(tiny), base_url=stub.url, cache_dir=tmp_path / "c") as j:
            again = j.complete([comp, chat, chat])
        assert len(stub.bodies) == n and [str(x) for x in again] == [str(replies[1]), "chat:abc", "chat:abc"]
        assert again[0].finish_reason == "length"                                  # cached with its finish reason
    finally:
        stub.close()


def test_the_clients_own_retries_absorb_transient_errors_and_then_fail_in_one_line(tiny, tmp_path):
    stub = Stub(fail=2)
    try:
        with Judge("openai", str(tiny), base_url=stub.url, max_retries=3, timeout=30) as j:
            assert str(j.complete([jp.vlmeval_chat("x yz")])[0]) == "chat: yz"
        stub.fail = 10
        with Judge("openai", str(tiny), base_url=stub.url, max_retries=1, timeout=30) as j:
            with pytest.raises(JudgeError) as e:
                j.complete([jp.vlmeval_chat("again")])
        assert "\n" not in str(e.value) and "retries" in str(e.value)
    finally:
        stub.close()


def test_tiny_in_process_judge_is_deterministic(tiny, tmp_path):
    reqs = [jp.persistent_completion("Is 12 equal to twelve?", max_tokens=8),
            jp.vlmeval_chat("Pick A or B.", max_tokens=6),
            jp.persistent_completion("Grade it.", max_tokens=8, temperature=1.0)]
    with Judge("hf", str(tiny)) as j:
        a = j.complete(reqs)
    with Judge("hf", str(tiny)) as j:
        b = j.complete(reqs)
    assert [str(x) for x in a] == [str(x) for x in b]
    assert all(r.finish_reason in ("stop", "length") for r in a)


def test_openai_backend_needs_a_url(tiny):
    with pytest.raises(JudgeError, match="judge-url"):
        Judge("openai", str(tiny))
