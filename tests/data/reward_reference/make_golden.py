"""Score a fixed set of responses with the REFERENCE scorer and write ``golden.json``.

The reference is ``score_trace_response`` of maveryn/trace (``src/trace_tasks/core/reward_scoring.py`` and
``reward_contracts.py``), called the way its training reward function calls it (answer mode,
``trace_answer_scoring="exact_json"``, ``answer_weight=1.0``, ``annotation_weight=0.0``,
``format_weight=0.05``).  The reference code is only run here, to produce expected values; nothing of it
is copied into the project.  ``tests/test_reward_reference.py`` checks that ``tracegen.reward`` gives the
same ``overall`` / ``accuracy`` / ``format`` on every case.

    python tests/data/reward_reference/make_golden.py --reference-src DIR [--release-sample DIR]

``DIR`` holds ``trace_tasks/core/reward_scoring.py`` and ``trace_tasks/core/reward_contracts.py`` (for
example ``git -C <maveryn/trace clone> archive 5ef79443bf17da80aee6384f34112320d0070aae src`` unpacked,
``DIR=<that>/src``); ``numpy`` must be importable.  The release-sample cases need
``../shared/reference/release_sample`` (parquet rows written by the reference's own exporter).
"""

from __future__ import annotations

import argparse
import hashlib
import importlib.util
import json
import random
import sys
import types
from pathlib import Path

HERE = Path(__file__).resolve().parent
REFERENCE_COMMIT = "5ef79443bf17da80aee6384f34112320d0070aae"
FUZZ_SEED = 20260101
FUZZ_CASES = 400

POINT = {"type": "point", "value": [0.0, 0.0]}


def release_contract(answer_type: str, annotation_type: str = "point") -> dict:
    kind = "soft_iou" if annotation_type.startswith("bbox") else "soft_distance"
    return {"reward_contract_version": "v0", "answer": {"id": "answer_exact_match_v0", "type": answer_type},
            "annotation": {"id": f"{annotation_type}_{kind}_v0", "type": annotation_type}}


def gt(t, v):
    return {"type": t, "value": v}


# (response, answer_gt) pairs written to probe every rule of the reference
HANDCRAFTED = [
    # format: where the final block is and what it may hold
    ('{"answer": 7}', gt("integer", 7)),
    ('Reasoning first.\n\n{"answer": 7}', gt("integer", 7)),
    ('Reasoning...\n{"answer": 7}\n  \n', gt("integer", 7)),
    ('Reasoning\n```json\n{"answer": 7}\n```', gt("integer", 7)),
    ('Reasoning\n```JSON\n{"answer": 7}\n```\n', gt("integer", 7)),
    ('Reasoning\n```\n{"answer": 7}\n```', gt("integer", 7)),
    ('```python\n{"answer": 7}\n```', gt("integer", 7)),
    ('```\nprint(1)\n```\nthen\n```json\n{"answer": 7}\n```', gt("integer", 7)),
    ('```json\n{"answer": 7}\n```\nHope this helps!', gt("integer", 7)),
    ('{"answer": 7}\nHope this helps!', gt("integer", 7)),
    ('{"answer": 7, "why": "x"}', gt("integer", 7)),
    ('{"answer": 7, "annotation": [1, 2]}', gt("integer", 7)),
    ('{"annotation": [1, 2]}', gt("integer", 7)),
    ("{'answer': 15}", gt("integer", 15)),
    ("So: {'answer': 'B'}", gt("option_letter", "B")),
    ("{'answer': True}", gt("integer", 1)),
    ('{"answer": NaN}', gt("number", 1.0)),
    ('{"answer": Infinity}', gt("number", 1.0)),
    ('{"answer": -Infinity}', gt("integer", 3)),
    ('{"answer": 1e400}', gt("number", 1.0)),
    ('{"answer": 7,}', gt("integer", 7)),
    ('{"answer": 7', gt("integer", 7)),
    ('The answer is {"answer": 7', gt("integer", 7)),
    ('[{"answer": 7}]', gt("integer", 7)),
    ('```json\n[{"answer": 7}]\n```', gt("integer", 7)),
    ('```json\n{"answer": 1}{"answer": 7}\n```', gt("integer", 7)),
    ('```json\n{"note": 1}\n```\n{"answer": 7} was my guess', gt("integer", 7)),
    ('{"answer": 7}\n```', gt("integer", 7)),
    ('``````', gt("integer", 7)),
    ('```json```', gt("integer", 7)),
    ('```json\n\n```', gt("integer", 7)),
    ("", gt("integer", 7)),
    ("   \n", gt("integer", 7)),
    # extraction: which object wins
    ('First {"answer": 3} ... on reflection {"answer": 7}', gt("integer", 7)),
    ('First {"answer": 7} ... then {"note": 1}', gt("integer", 7)),
    ('{"answer": 3}\n```json\n{"answer": 5}\n```\nno wait: {"answer": 7}', gt("integer", 7)),
    ('{"answer": "x}{y", "annotation": {"a": [1, 2]}}', gt("string", "x}{y")),
    ('text {"answer": "{\\"answer\\": \\"Z\\"}"}', gt("string", '{"answer": "Z"}')),
    ('{"result": {"answer": 7}}', gt("integer", 7)),
    ("{'answer': '}{'}", gt("string", "}{")),
    ("{'answer': 'it}s'} and more", gt("string", "it}s")),
    ('<answer>{"answer": 7}</answer> done', gt("integer", 7)),
    ("<answer>7</answer>", gt("integer", 7)),
    ('<ANSWER>{"answer": "B"}</ANSWER>', gt("option_letter", "B")),
    ('```json\n{"answer": 7}\n``` and later ```json\n{"answer": 8}\n``` ok', gt("integer", 8)),
    ('{"answer": null}', gt("integer", 7)),
    ('{"answer": null, "annotation": 7}', gt("integer", 7)),
    ('{"Answer": "B"}', gt("option_letter", "B")),
    ('{"answer": {"value": "B"}}', gt("option_letter", "B")),
    # no object: the whole response is the answer
    ("7", gt("integer", 7)),
    (" 7.0 \n", gt("integer", 7)),
    ("b", gt("option_letter", "B")),
    ('"C"', gt("option_letter", "C")),
    ("```\n42\n```", gt("integer", 42)),
    ("The answer is B.", gt("option_letter", "B")),
    ("Week 2", gt("string", "week 2")),
    ("  Week 2 \n", gt("string", "Week 2")),
    ("[1, 2]", gt("integer", [1, 2])),
    # integer comparison
    ('{"answer": 7.0}', gt("integer", 7)),
    ('{"answer": "7"}', gt("integer", 7)),
    ('{"answer": " 7 "}', gt("integer", 7)),
    ('{"answer": "7.0"}', gt("integer", 7)),
    ('{"answer": "07"}', gt("integer", 7)),
    ('{"answer": "0x7"}', gt("integer", 7)),
    ('{"answer": "7e0"}', gt("integer", 7)),
    ('{"answer": "+7"}', gt("integer", 7)),
    ('{"answer": "7_0"}', gt("integer", 70)),
    ('{"answer": 7.0000000000000001}', gt("integer", 7)),
    ('{"answer": 7.5}', gt("integer", 7)),
    ('{"answer": -7}', gt("integer", 7)),
    ('{"answer": "seven"}', gt("integer", 7)),
    ('{"answer": "7 apples"}', gt("integer", 7)),
    ('{"answer": [7]}', gt("integer", 7)),
    ('{"answer": true}', gt("integer", 1)),
    ('{"answer": false}', gt("integer", 0)),
    ('{"answer": true}', gt("integer", 7)),
    ('{"answer": "true"}', gt("integer", 1)),
    ('{"answer": "\u0667"}', gt("integer", 7)),
    ('{"answer": 10000000000000000000000000000001}', gt("integer", 10 ** 30 + 1)),
    ('{"answer": 17}', gt("integer", 7)),
    ('I count 7 objects. {"answer": 6}', gt("integer", 7)),
    # number comparison
    ('{"answer": -0.6}', gt("number", -0.6)),
    ('{"answer": "-0.6"}', gt("number", -0.6)),
    ('{"answer": -0.60}', gt("number", -0.6)),
    ('{"answer": "-.6"}', gt("number", -0.6)),
    ('{"answer": "-3/5"}', gt("number", -0.6)),
    ('{"answer": 0.6}', gt("number", -0.6)),
    ('{"answer": -0.60001}', gt("number", -0.6)),
    ('{"answer": 3}', gt("number", 3.0)),
    ('{"answer": 2.5}', gt("number", 2.5)),
    ('{"answer": "5e-1"}', gt("number", 0.5)),
    # option letters and strings
    ('{"answer": "b"}', gt("option_letter", "B")),
    ('{"answer": " B "}', gt("option_letter", "B")),
    ('{"answer": "(B)"}', gt("option_letter", "B")),
    ('{"answer": "B."}', gt("option_letter", "B")),
    ('{"answer": "\'B\'"}', gt("option_letter", "B")),
    ('{"answer": "\\"B\\""}', gt("option_letter", "B")),
    ('{"answer": ["B"]}', gt("option_letter", "B")),
    ('{"answer": 2}', gt("option_letter", "B")),
    ('{"answer": ""}', gt("option_letter", "B")),
    ('{"answer": "A, B, C, D"}', gt("option_letter", "B")),
    ('{"answer": "Week 2"}', gt("string", "week 2")),
    ('{"answer": "WEEK 2 "}', gt("string", "Week 2")),
    ('{"answer": "Week  2"}', gt("string", "Week 2")),
    ('{"answer": 2}', gt("string", "2")),
    ('{"answer": "2"}', gt("string", "2")),
    ('{"answer": "\\"2\\""}', gt("string", "2")),
    ('{"answer": "STRASSE"}', gt("string", "straße")),
    ('{"answer": "Straße"}', gt("string", "STRASSE")),
    ('{"answer": "Ärzte"}', gt("string", "ärzte")),
    ('{"answer": "a red square"}', gt("string", "red square")),
    ('{"answer": true}', gt("string", "true")),
    # lists
    ('{"answer": [1, 2]}', gt("integer", [1, 2])),
    ('{"answer": "[1, 2]"}', gt("integer", [1, 2])),
    ("{'answer': (1, 2)}", gt("integer", [1, 2])),
    ("{'answer': {2, 1}}", gt("integer", [1, 2])),
    ("{'answer': {10, 2}}", gt("integer", [2, 10])),
    ('{"answer": [2, 1]}', gt("integer", [1, 2])),
    ('{"answer": ["1", 2.0]}', gt("integer", [1, 2])),
    ('{"answer": ["a", "B"]}', gt("option_letter", ["A", "b"])),
    # issue 21: precision past 2^53, sets against ordered lists, Unicode case mapping, two fences at the end
    ('{"answer": 9007199254740993.0}', gt("integer", 9007199254740992)),
    ('{"answer": 9007199254740993.0}', gt("integer", 9007199254740993)),
    ('{"answer": "9007199254740993.0"}', gt("integer", 9007199254740992)),
    ('{"answer": 9007199254740993}', gt("integer", 9007199254740992)),
    ('{"answer": 9007199254740993}', gt("integer", 9007199254740993)),
    ('{"answer": 1e16}', gt("integer", 10 ** 16)),
    ("{'answer': {3, 1, 2}}", gt("integer", [3, 1, 2])),
    ("{'answer': {3, 1, 2}}", gt("integer", [1, 2, 3])),
    ("{'answer': {'b', 'a'}}", gt("option_letter", ["A", "B"])),
    ("{'answer': {'b', 'a'}}", gt("option_letter", ["B", "A"])),
    ("{'answer': frozenset({2, 1})}", gt("integer", [1, 2])),
    ('{"answer": "\\u212a"}', gt("option_letter", "K")),
    ('{"answer": "\u212a"}', gt("option_letter", "K")),
    ('{"answer": "\u212a"}', gt("string", "k")),
    ('{"answer": "\u0130"}', gt("string", "i")),
    ('{"answer": "\uff22"}', gt("option_letter", "B")),
    ('```json\n{"answer": 7}\n```\n```json\n{"answer": 8}\n```', gt("integer", 7)),
    ('```json\n{"answer": 7}\n```\n```json\n{"answer": 8}\n```', gt("integer", 8)),
    ('```json\n{"answer": 7}\n```\nthen\n```json\n{"answer": 8}\n```\n', gt("integer", 7)),
    ('{"answer": 7}\n```json\n{"answer": 8}\n```', gt("integer", 8)),
    ('{"answer": ' + "[" * 150 + "]" * 150 + "}", gt("integer", 7)),
]

FRAGMENTS = [
    "{", "}", "[", "]", "\"", "'", ":", ",", " ", "\n", "\\", "```", "```json\n", "<answer>", "</answer>",
    "\"answer\"", "'answer'", "\"annotation\"", "answer", "7", "-1.5", "1e400", "NaN", "Infinity",
    "true", "True", "null", "None", "\"B\"", "'B'", "b", "[1, 2]", "(1, 2)", "0x7", "07", "7.0",
    "{\"answer\": 7}", "{'answer': 'B'}", "{\"answer\": \"B\", \"annotation\": [1, 2]}", "é", "Week 2",
]
FUZZ_GTS = [gt("integer", 7), gt("option_letter", "B"), gt("number", -1.5), gt("string", "week 2"),
            gt("integer", [1, 2]), gt("integer", 1)]


def fuzz_cases():
    rng = random.Random(FUZZ_SEED)
    out = []
    for k in range(FUZZ_CASES):
        text = "".join(rng.choice(FRAGMENTS) for _ in range(rng.randint(1, 14)))
        out.append((text, FUZZ_GTS[k % len(FUZZ_GTS)]))
    return out


def _wrong(value, atype):
    if atype == "integer":
        return value + 1
    if atype == "number":
        return round(value + 0.5, 6)
    if atype == "option_letter":
        return "B" if str(value).strip().upper() != "B" else "C"
    return str(value) + " (other)"


def release_responses(answer_gt: dict) -> dict:
    """The responses scored for each release row (kind -> text); the test builds the same ones."""
    value, atype = answer_gt["value"], answer_gt["type"]
    body = json.dumps({"answer": value})
    return {
        "correct": "I read the image carefully and checked each element.\n\n" + body,
        "correct_fenced": "Step by step, the result follows.\n```json\n" + body + "\n```",
        "wrong": "After counting, my answer is:\n" + json.dumps({"answer": _wrong(value, atype)}),
        "malformed_truncated": "The final answer is " + body[:-1],
        "malformed_python": "Answer: {'answer': %r}" % (value,),
        "malformed_prose": "The answer is %s." % (value,),
    }


def load_reference(src: Path):
    pkg = types.ModuleType("trace_tasks")
    pkg.__path__ = [str(src / "trace_tasks")]
    core = types.ModuleType("trace_tasks.core")
    core.__path__ = [str(src / "trace_tasks" / "core")]
    sys.modules["trace_tasks"], sys.modules["trace_tasks.core"] = pkg, core
    for name in ("reward_contracts", "reward_scoring"):
        spec = importlib.util.spec_from_file_location(f"trace_tasks.core.{name}",
                                                      src / "trace_tasks" / "core" / f"{name}.py")
        mod = importlib.util.module_from_spec(spec)
        sys.modules[spec.name] = mod
        spec.loader.exec_module(mod)
    return sys.modules["trace_tasks.core.reward_scoring"]


def sha256(path: Path) -> str:
    return hashlib.sha256(path.read_bytes()).hexdigest()


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--reference-src", required=True, type=Path)
    ap.add_argument("--release-sample", type=Path,
                    default=HERE.parents[2].parent / "shared" / "reference" / "release_sample")
    ap.add_argument("--output", type=Path, default=HERE / "golden.json")
    args = ap.parse_args(argv)
    ref = load_reference(args.reference_src)

    def reference(response, answer_gt, annotation_gt, contract):
        r = ref.score_trace_response(response=response, answer_gt=answer_gt, annotation_gt=annotation_gt,
                                     reward_contract=contract, trace_reward_mode="answer",
                                     trace_answer_scoring="exact_json", answer_weight=1.0,
                                     annotation_weight=0.0, format_weight=0.05)
        return {"overall": r["overall"], "accuracy": r["accuracy"], "format": r["format"]}

    cases = []
    for group, items in (("handcrafted", HANDCRAFTED), ("fuzz", fuzz_cases())):
        for i, (response, answer_gt) in enumerate(items):
            atype = answer_gt["type"]
            contract = release_contract(atype)
            cases.append({"group": group, "id": f"{group}-{i:04d}", "response": response, "answer_gt": answer_gt,
                          "annotation_gt": POINT, "reward_contract": contract,
                          "expected": reference(response, answer_gt, POINT, contract)})

    import pyarrow.parquet as pq

    release_files = []
    for split_dir in ("train", "validation"):
        for f in sorted((args.release_sample / split_dir).glob("*.parquet")):
            release_files.append({"file": f"{split_dir}/{f.name}", "sha256": sha256(f)})
            for row in pq.read_table(f, columns=["instance_id", "answer_gt", "annotation_gt",
                                                  "reward_contract"]).to_pylist():
                answer_gt, annotation_gt = json.loads(row["answer_gt"]), json.loads(row["annotation_gt"])
                contract = json.loads(row["reward_contract"])
                for kind, response in release_responses(answer_gt).items():
                    cases.append({"group": "release", "id": f"{row['instance_id']}:{kind}", "split": split_dir,
                                  "instance_id": row["instance_id"], "kind": kind, "response": response,
                                  "expected": reference(response, answer_gt, annotation_gt, contract)})
    src_files = {name: sha256(args.reference_src / "trace_tasks" / "core" / name)
                 for name in ("reward_scoring.py", "reward_contracts.py")}
    doc = {
        "schema": "rlvr-reward-reference-golden/v1",
        "reference": {"repository": "maveryn/trace", "commit": REFERENCE_COMMIT,
                      "function": "trace_tasks.core.reward_scoring.score_trace_response",
                      "call": {"trace_reward_mode": "answer", "trace_answer_scoring": "exact_json",
                               "answer_weight": 1.0, "annotation_weight": 0.0, "format_weight": 0.05},
                      "files_sha256": src_files},
        "release_sample": release_files,
        "fuzz": {"seed": FUZZ_SEED, "cases": FUZZ_CASES},
        "cases": cases,
    }
    args.output.write_text(json.dumps(doc, indent=1, sort_keys=True, ensure_ascii=True) + "\n", encoding="utf-8")
    print(f"wrote {len(cases)} cases to {args.output}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
