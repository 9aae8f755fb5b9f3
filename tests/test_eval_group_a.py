"""Loader gaps and rules of the chart/table/counting benchmarks beyond the reference cases: CountQA's null or
blank answers, RealWorldQA's re-pinned source URL, TreeBench's option repair, the workbook round trip."""

import io

import pytest
from PIL import Image

from rlvr.evaluation import benchmarks, data
from rlvr.evaluation.benchmarks.base import BenchmarkError
from rlvr.evaluation.benchmarks.treebench import repair_options
from rlvr.evaluation.common import driver, hf


def _png() -> bytes:
    buf = io.BytesIO()
    Image.new("RGB", (16, 16), (200, 10, 10)).save(buf, format="PNG")
    return buf.getvalue()


def test_countqa_keeps_rows_with_null_or_blank_answers(tmp_path):
    bench = benchmarks.get("countqa")
    name = hf.write_split(tmp_path, "test", {"image": [_png(), _png()],
                                             "questions": [["How many?", "And red?"], ["How many dots?"]],
                                             "answers": [["3", None], [""]]})
    rows = bench.read_raw(tmp_path, [tmp_path / name])
    assert [r["index"] for r in rows] == ["0_0", "0_1", "1_0"]
    # the reference's cached path: a null or blank answer reads as '' and the row stays; the missing cells make
    # the column numeric, so "3" comes back as 3.0 -> "3.0", whose last integer is 0 (conformed, documented)
    assert [r["answer"] for r in rows] == ["3.0", "", ""]
    items = bench.prepare(rows, ["\\boxed{0}", "\\boxed{0}", "nothing"])
    results = [o.result for o in driver.run(bench, items, driver.no_judge)]
    assert [r["score"] for r in results] == [1.0, 0.0, 0.0]           # blank answers are kept and score 0
    assert bench.aggregate(items, results)["score"] == pytest.approx(100 / 3)
    name = hf.write_split(tmp_path / "b", "test", {"image": [_png()], "questions": [["How many?"]],
                                                   "answers": [["3"]]})
    rows = bench.read_raw(tmp_path / "b", [tmp_path / "b" / name])
    assert rows[0]["answer"] == "3"


def test_realworldqa_fetches_the_url_the_reference_used_with_the_pinned_md5():
    url, name, md5 = data.tsv_source("realworldqa", data.benchmark_provenance("realworldqa"))
    assert url == "http://opencompass.openxlab.space/utils/VLMEval/RealWorldQA.tsv"
    assert name == "RealWorldQA.tsv" and md5 == "4de008f55dc4fd008ca9e15321dc44b7"


def test_treebench_option_repair():
    rows = [{"index": 1, "A": "red", "B": "blue C. green", "C": "yellow", "D": None, "answer": "D"},
            {"index": 2, "A": None, "B": None, "C": None, "D": None, "answer": "B",
             "multi-choice options": "A. STOP\nB. EXIT"},
            {"index": 3, "A": "x", "B": "y", "C": None, "D": None, "answer": "B"}]
    changes = repair_options(rows)
    assert changes == [{"index": "1", "split_column": "B", "inserted_column": "C", "ground_truth": "D"}]
    assert [rows[0][k] for k in "ABCD"] == ["red", "blue", "green", "yellow"]
    assert rows[1]["A"] is None                                        # OCR rows: options only in the image
    with pytest.raises(BenchmarkError, match="ground-truth option 'C' is missing"):
        repair_options([{"index": 4, "A": "x", "B": "y", "C": None, "answer": "C"}])


def test_tablevqabench_needs_all_four_splits():
    bench = benchmarks.get("tablevqabench")
    items = [{"split": "vwtq"}]
    with pytest.raises(BenchmarkError, match="fintabnetqa"):
        bench.aggregate(items, [{"score": {"accuracy": 1}}])


def test_official_workbook_reads_empty_and_numeric_predictions_like_read_excel():
    bench = benchmarks.get("countbenchqa")
    rows = [benchmarks.Row(fields={"index": i, "question": "q", "answer": 3}) for i in range(3)]
    items = bench.prepare(rows, ["", "13", "three"])
    assert items[0]["prediction"] is None and items[1]["prediction"] == "13"
    results = [o.result["score"] for o in driver.run(bench, items, driver.no_judge)]
    assert results == [0, 1, 0]
