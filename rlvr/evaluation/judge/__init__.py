"""The LLM judge of the evaluation stage: one stack, two front-ends.

:mod:`.engine`    ``Judge``: the one cache (content-addressed replies) and the backend it starts on demand;
:mod:`.backends`  the backends (``openai`` client against an OpenAI-compatible server, ``hf`` in process);
:mod:`.server`    the ``vllm serve`` process of the ``vllm`` backend;
:mod:`.tiny`      the tiny CPU judge (``rlvr build-tiny-judge``).

Front-ends: the benchmarks' row scorers (``rlvr judge``: :mod:`rlvr.evaluation.common.driver` hands every
round's requests to ``Judge.complete``) and the TRACE validation campaign's typed-answer extraction
(``rlvr trace-validation judge``: :mod:`rlvr.evaluation.trace_validation.judging`). Both send
:class:`~rlvr.evaluation.benchmarks.base.JudgeRequest` objects and read :class:`JudgeReply` objects.
"""


class JudgeError(RuntimeError):
    """A judge request that could not be answered (one-line message)."""
