"""LogicVista: VLMEvalKit ``LogicVista`` prompt, TRACE direct route, every row extracted by Qwen3-32B.

Prompt: the row's images, then the question as it is (``ImageBaseDataset.build_prompt``).
Judge (every row): ``build_prompt_logicvista`` (the question and ``str(prediction)`` of the prediction
workbook cell) through PersistentJudge (/v1/completions, 128 tokens, top_p 1) with VLMEvalKit's five
temperatures 0 / 0.5 / 1.0 / 1.5 / 2.0 (``_run_logicvista_judge_with_official_retries``); within one
temperature an empty reply is re-sent at 256 / 512 / 1024 tokens. A reply is accepted when, upper-cased,
without one final period and without whitespace/``,;/`` separators, it is only letters A-K/Z or only digits
1-9 (``_logicvista_label_tokens``). Still malformed after the fifth temperature: the reference's job fails
(RuntimeError); we record the row as unresolved (score 0, ``judge_unresolved``, counted in the table) instead
of failing the whole job -- a documented deviation (issue 11: no crash on a malformed judge reply).
Score: ``_normalize_logicvista_judgement``: letters and the answer's digits are mapped onto each other
(``B`` -> ``2``, ``2`` -> ``B``; a ``Z`` facing a numeric answer stays ``Z``), the labels sorted and joined;
the row is correct when they equal the sorted answer labels. A gold answer that is not a label sequence makes
the reference's job fail too.
Aggregate (``evaluate_logicvista``): Overall = hits / rows x 100 (the score); per skill (substring of the
``skill`` column): inductive, deductive, numerical, spatial, mechanical.
"""

from __future__ import annotations

import re

from ..common import accuracy as acc, constants
from ..common.persistent_judge import nonempty, run_cached
from ..common.table import cell_str, is_na
from . import register
from .base import Benchmark, BenchmarkError

TEMPERATURES = (0.0, 0.5, 1.0, 1.5, 2.0)
MAX_TOKENS = 16                       # run_logicvista_local_judge; PersistentJudge raises it to 128
SKILLS = ("inductive", "deductive", "numerical", "spatial", "mechanical")


def label_tokens(value):
    """-> ("letter" | "number", [labels]) or None (``_logicvista_label_tokens``)."""
    text = str(value or "").strip().upper()
    if text.endswith(".") and text.count(".") == 1:
        text = text[:-1].rstrip()
    compact = re.sub(r"[\s,;/]+", "", text)
    if re.fullmatch(r"[A-KZ]+", compact):
        return "letter", list(compact)
    if re.fullmatch(r"[1-9]+", compact):
        return "number", list(compact)
    return None


def normalize_judgement(output, answer):
    """-> (normalized labels, hit) or None when the output or the answer is not a label sequence."""
    got, want = label_tokens(output), label_tokens(answer)
    if got is None or want is None:
        return None
    (got_kind, tokens), (want_kind, target) = got, want
    if got_kind != want_kind and tokens == ["Z"]:
        tokens = ["Z"]
    elif got_kind == "number" and want_kind == "letter":
        tokens = [chr(ord("A") + int(t) - 1) for t in tokens]
    elif got_kind == "letter" and want_kind == "number":
        tokens = ["Z"] if "Z" in tokens else [str(ord(t) - ord("A") + 1) for t in tokens]
    value = "".join(sorted(tokens))
    return value, value == "".join(sorted(target))


@register
class LogicVista(Benchmark):
    key = "logicvista"
    alias = "LogicVista"
    route = "direct_score"
    judge = "every_row"
    reported = ("extracted",)
    upstream = ("vlmeval/dataset/image_base.py:320 ImageBaseDataset.build_prompt",
                "rlvr/evaluation/vlmevalkit_extensions/batched_vlmevalkit_qwen3vl.py:446 run_logicvista_local_judge",
                "vlmeval/dataset/utils/logicvista.py:11 build_prompt_logicvista",
                "rlvr/evaluation/scripts/run_external_benchmark_score_queue.py:1848 "
                "_run_logicvista_judge_with_official_retries",
                "rlvr/evaluation/scripts/run_external_benchmark_score_queue.py:473 PersistentJudge._run_cached_api",
                "rlvr/evaluation/scripts/run_external_benchmark_score_queue.py:1740 _logicvista_label_tokens",
                "rlvr/evaluation/scripts/run_external_benchmark_score_queue.py:1752 _normalize_logicvista_judgement",
                "rlvr/evaluation/scripts/run_external_benchmark_score_queue.py:1939 "
                "_normalize_logicvista_option_summary",
                "vlmeval/dataset/utils/logicvista.py:76 evaluate_logicvista")

    def score_row(self, item):
        prompt = constants.get("logicvista.extract_prompt", question=cell_str(item.get("question")),
                               prediction=cell_str(item.get("prediction")))
        for temperature in TEMPERATURES:
            output, _, _ = yield from run_cached(prompt, max_tokens=MAX_TOKENS, temperature=temperature,
                                                 validator=nonempty, retry_on_length=False)
            if label_tokens(output) is not None:
                break
        else:       # the reference's job fails here; we record the row (issue 11: no crash of the whole job)
            return {"score": 0, "extracted": "",
                    "judge_unresolved": "malformed option extraction after five official temperature attempts"}
        answer = item.get("answer")
        judged = normalize_judgement(output, "" if is_na(answer) else answer)
        if judged is None:
            raise BenchmarkError(f"LogicVista row {item.get('index')}: answer {answer!r} is not an option label "
                                 "sequence (the reference's normalisation fails)")
        value, hit = judged
        return {"score": int(hit), "extracted": value}

    def aggregate(self, items, results):
        if not results:
            raise BenchmarkError(f"{self.key}: no rows to aggregate")
        hits = [r["score"] for r in results]
        skills = [it.get("skill") for it in items]
        if any(not isinstance(s, str) for s in skills):
            raise BenchmarkError(f"{self.key}: every row needs a skill (evaluate_logicvista filters on it)")
        table = {"Overall": acc.mean_percent(hits), **acc.substring_means(skills, hits, SKILLS),
                 "judge_unresolved_rows": acc.unresolved_rows(results)}
        return {"score": table["Overall"], "table": table}

    def fixture_records(self, rng, n):
        kinds = [("inductive reasoning", "Which shape completes the sequence?\nA. circle\nB. square\nC. star\n"
                  "D. triangle", "ABCD"),
                 ("deductive reasoning", "Select all statements that must be true.\nA. x>1\nB. y<2\nC. x=y\n"
                  "D. none", None),
                 ("mechanical reasoning", "Which gear turns fastest?\n1. the first\n2. the second\n3. the third",
                  "123"),
                 ("spatial reasoning", "Which view matches the cube?\nA. left\nB. right\nC. top\nD. bottom", "ABCD")]
        out = []
        for i in range(n):
            skill, question, labels = kinds[i % len(kinds)]
            answer = "A, C" if labels is None else labels[rng.randrange(len(labels))]
            out.append({"question": question, "answer": answer, "skill": skill, "capability": "patterns"})
        return out
