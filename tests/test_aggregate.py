"""rlvr aggregate: reproduces the paper's published aggregates from its 576 raw scores, renders them,
and refuses incomplete, duplicated or out-of-suite inputs."""

import argparse
import hashlib
import json
import subprocess
import sys
from pathlib import Path

import pytest

import refdata
from rlvr import aggregate, report

REPO = Path(__file__).resolve().parents[1]
REFERENCE = refdata.copy("eval/results.json")
SUITE = refdata.copy("eval/suite.v1.json")
TOL = 1e-9


def cli(*args, cwd=REPO):
    return subprocess.run([sys.executable, "-m", "rlvr.aggregate", *map(str, args)], capture_output=True,
                          text=True, cwd=cwd)


def sha256(path) -> str:
    return hashlib.sha256(Path(path).read_bytes()).hexdigest()


def close(a, b):
    return a == pytest.approx(b, abs=TOL, rel=0)


# ---------------------------------------------------------------------------- fixtures

@pytest.fixture(scope="module")
def ref():
    return json.loads(REFERENCE.read_text(encoding="utf-8"))


def score_lines(ref):
    return [{"model": x["model_id"], "seed": x["seed"], "benchmark": x["benchmark_id"], "score": x["score"],
             "rows": x["evaluated_rows"]} for x in ref["scores"]["benchmark_scores"]]


def models_list(ref):
    base = {c["model_id"]: c["base_model_id"] for c in ref["comparisons"]}
    return [{"model": m["model_id"], "scale": m["parameter_scale"], "base": base.get(m["model_id"]),
             "display": m["display_name"]} for m in ref["models"]]


def write_jsonl(path, lines):
    path.write_text("".join(json.dumps(x) + "\n" for x in lines), encoding="utf-8")
    return path


@pytest.fixture(scope="module")
def inputs(ref, tmp_path_factory):
    d = tmp_path_factory.mktemp("agg_inputs")
    scores = write_jsonl(d / "scores.jsonl", score_lines(ref))
    models = d / "models.json"
    models.write_text(json.dumps(models_list(ref)), encoding="utf-8")
    return {"dir": d, "scores": scores, "models": models}


@pytest.fixture(scope="module")
def produced(inputs, tmp_path_factory):
    d = tmp_path_factory.mktemp("agg_out")
    out = d / "results.json"
    r = cli("--scores", inputs["scores"], "--models", inputs["models"], "--suite", SUITE, "--out", out)
    assert r.returncode == 0, r.stderr
    return {"out": out, "results": json.loads(out.read_text(encoding="utf-8"))}


@pytest.fixture(scope="module")
def reported(inputs, tmp_path_factory):
    """The same run with --report-dir (needs matplotlib for the PNG)."""
    pytest.importorskip("matplotlib")
    d = tmp_path_factory.mktemp("agg_report")
    out, report = d / "results.json", d / "report"
    r = cli("--scores", inputs["scores"], "--models", inputs["models"], "--suite", SUITE, "--out", out,
            "--report-dir", report)
    assert r.returncode == 0, r.stderr
    return {"out": out, "report": report}


@pytest.fixture
def base_args(inputs, tmp_path):
    return ["--models", inputs["models"], "--suite", SUITE, "--out", tmp_path / "results.json"]


# ---------------------------------------------------------------------------- 1. reproduction

def test_raw_scores_and_receipts_kept_at_full_precision(ref, inputs, produced):
    res = produced["results"]
    assert res["seeds"] == ref["seeds"] == [42, 43, 44]
    assert res["suite"]["suite_id"] == ref["suite"]["suite_id"]
    got = {(x["model"], x["benchmark"], x["seed"]): x for x in res["scores"]["benchmark"]}
    assert len(got) == len(res["scores"]["benchmark"]) == 576
    digest = sha256(inputs["scores"])
    lines = inputs["scores"].read_text(encoding="utf-8").splitlines()
    for x in ref["scores"]["benchmark_scores"]:
        g = got[(x["model_id"], x["benchmark_id"], x["seed"])]
        assert g["score"] == x["score"] and g["rows"] == x["evaluated_rows"]
        # receipt: sha256 of the JSONL + the line the score came from
        assert g["receipt"]["sha256"] == digest
        line = json.loads(lines[g["receipt"]["line"] - 1])
        assert (line["model"], line["benchmark"], line["seed"], line["score"]) == \
            (x["model_id"], x["benchmark_id"], x["seed"], x["score"])


def test_benchmark_summaries(ref, produced):
    got = {(x["model"], x["benchmark"]): x for x in produced["results"]["summaries"]["benchmark"]}
    assert len(got) == len(ref["scores"]["benchmark_summaries"]) == 192
    for x in ref["scores"]["benchmark_summaries"]:
        g = got[(x["model_id"], x["benchmark_id"])]
        assert close(g["mean"], x["mean"]) and close(g["sd"], x["stddev"]), x
        assert g["n"] == x["seed_count"] and g["rows"] == x["evaluated_rows"]


def test_category_scores_and_summaries(ref, produced):
    res = produced["results"]
    got = {(x["model"], x["category"], x["seed"]): x for x in res["scores"]["category"]}
    assert len(got) == len(ref["scores"]["category_scores"]) == 144
    for x in ref["scores"]["category_scores"]:
        g = got[(x["model_id"], x["category_name"], x["seed"])]
        assert close(g["score"], x["score"]) and g["benchmark_count"] == x["benchmark_count"], x
    got = {(x["model"], x["category"]): x for x in res["summaries"]["category"]}
    assert len(got) == len(ref["scores"]["category_summaries"]) == 48
    for x in ref["scores"]["category_summaries"]:
        g = got[(x["model_id"], x["category_name"])]
        assert close(g["mean"], x["mean"]) and close(g["sd"], x["stddev"]), x
        assert g["n"] == x["seed_count"] and g["benchmark_count"] == x["benchmark_count"]


def test_overall_scores_and_summaries(ref, produced):
    res = produced["results"]
    got = {(x["model"], x["seed"]): x for x in res["scores"]["overall"]}
    assert len(got) == len(ref["scores"]["overall_scores"]) == 24
    for x in ref["scores"]["overall_scores"]:
        g = got[(x["model_id"], x["seed"])]
        assert close(g["score"], x["score"]) and g["benchmark_count"] == x["benchmark_count"] == 24, x
        # overall = mean of the 6 category means (balanced categories)
        cats = [c["score"] for c in res["scores"]["category"] if (c["model"], c["seed"]) == (x["model_id"], x["seed"])]
        assert len(cats) == 6 and close(sum(cats) / 6, g["score"])
    got = {x["model"]: x for x in res["summaries"]["overall"]}
    assert len(got) == len(ref["scores"]["overall_summaries"]) == 8
    for x in ref["scores"]["overall_summaries"]:
        g = got[x["model_id"]]
        assert close(g["mean"], x["mean"]) and close(g["sd"], x["stddev"]) and g["n"] == x["seed_count"], x


def test_comparisons(ref, produced):
    got = {(c["model"], c["base"]): c for c in produced["results"]["comparisons"]}
    assert len(got) == len(ref["comparisons"]) == 6
    for c in ref["comparisons"]:
        g = got[(c["model_id"], c["base_model_id"])]
        assert g["scale"] == c["parameter_scale"]
        deltas = {d["benchmark"]: d for d in g["benchmark_deltas"]}
        assert len(deltas) == len(c["benchmark_deltas"]) == 24
        for d in c["benchmark_deltas"]:
            gd = deltas[d["benchmark_id"]]
            assert [v["seed"] for v in gd["seed_values"]] == [v["seed"] for v in d["seed_values"]]
            for gv, v in zip(gd["seed_values"], d["seed_values"]):
                assert close(gv["delta"], v["delta"]), (c["model_id"], d["benchmark_id"], v)
            assert close(gd["mean"], d["mean"]) and close(gd["sd"], d["stddev"]), (c["model_id"], d)
        od, gd = c["overall_delta"], g["overall_delta"]
        assert [v["seed"] for v in gd["seed_values"]] == [v["seed"] for v in od["seed_values"]]
        for gv, v in zip(gd["seed_values"], od["seed_values"]):
            assert close(gv["delta"], v["delta"])
        assert close(gd["mean"], od["mean"]) and close(gd["sd"], od["stddev"])
        assert g["benchmarks_improved"] == sum(d["mean"] > 0 for d in c["benchmark_deltas"])


def test_headline_numbers(produced):
    res = produced["results"]
    overall = {x["model"]: x for x in res["summaries"]["overall"]}
    comp = {x["model"]: x["overall_delta"] for x in res["comparisons"]}

    def two(x):
        return f"{format(x['mean'], '.2f')} ± {format(x['sd'], '.2f')}"

    assert two(overall["qwen2.5-vl-3b-base"]) == "39.34 ± 0.63"
    assert two(overall["trace-qwen2.5-vl-3b"]) == "42.85 ± 0.39"
    assert two(comp["trace-qwen2.5-vl-3b"]) == "3.51 ± 0.25"
    assert two(overall["trace-qwen2.5-vl-7b"]) == "51.99 ± 0.17"
    assert two(comp["trace-qwen2.5-vl-7b"]) == "4.06 ± 0.41"


# ---------------------------------------------------------------------------- 2. rendering

def md_tables(text):
    """-> list of tables, each {row label: [cells]} plus '__header__'."""
    tables, cur = [], None
    for line in text.splitlines():
        if not line.startswith("|"):
            cur = None
            continue
        cells = [c.strip() for c in line.strip().strip("|").split(" | ")]
        if cur is None:
            cur = {"__header__": cells}
            tables.append(cur)
        elif not set(line) <= set("|-: "):
            cur[cells[0]] = cells
    return tables


def test_markdown_table_matches_paper_two_decimals(ref, produced):
    text = report.render_markdown(produced["results"])
    scores, deltas = md_tables(text)
    names = {m["model_id"]: m["display_name"] for m in ref["models"]}
    col = {mid: scores["__header__"].index(name) for mid, name in names.items()}

    def cell(mean, sd, signed=False):
        return f"{format(mean, '+.2f' if signed else '.2f')} ± {format(sd, '.2f')}"

    for x in ref["scores"]["overall_summaries"]:
        assert scores["Overall"][col[x["model_id"]]] == cell(x["mean"], x["stddev"])
    assert scores["Overall"][col["qwen2.5-vl-3b-base"]] == "39.34 ± 0.63"
    display = {b["key"]: b["display"] for b in json.loads(SUITE.read_text(encoding="utf-8"))["benchmarks"]}
    summaries = {(x["model_id"], x["benchmark_id"]): x for x in ref["scores"]["benchmark_summaries"]}
    for mid, bench in [("qwen2.5-vl-3b-base", "chartqapro"), ("trace-qwen2.5-vl-7b", "mathvista"),
                       ("vero-qwen2.5-vl-7b", "erqa"), ("pcgrpo-qwen2.5-vl-7b", "mme_reasoning"),
                       ("trace-qwen2.5-vl-3b", "wemath")]:
        x = summaries[(mid, bench)]
        assert scores[display[bench]][col[mid]] == cell(x["mean"], x["stddev"])
    for x in ref["scores"]["benchmark_summaries"]:   # every cell, not only the spot checks
        assert scores[display[x["benchmark_id"]]][col[x["model_id"]]] == cell(x["mean"], x["stddev"])
    for x in ref["scores"]["category_summaries"]:
        assert scores[f"Category: {x['category_name']}"][col[x["model_id"]]] == cell(x["mean"], x["stddev"])
    # rows in suite order (benchmarks, then categories, then Overall), also after a JSON round trip
    suite_cats = list(json.loads(SUITE.read_text(encoding="utf-8"))["categories"])
    labels = [k for k in scores if k != "__header__"]
    assert labels == list(display.values()) + [f"Category: {c}" for c in suite_cats] + ["Overall"]

    header = deltas["__header__"]
    for c in ref["comparisons"]:
        j = header.index(f"{names[c['model_id']]} − {names[c['base_model_id']]}")
        od = c["overall_delta"]
        assert deltas["Overall"][j] == cell(od["mean"], od["stddev"], signed=True)
        for d in c["benchmark_deltas"]:
            assert deltas[display[d["benchmark_id"]]][j] == cell(d["mean"], d["stddev"], signed=True)
    assert deltas["Overall"][header.index(f"{names['trace-qwen2.5-vl-3b']} − {names['qwen2.5-vl-3b-base']}")] \
        == "+3.51 ± 0.25"


def test_report_dir_files(ref, produced, reported):
    assert reported["out"].read_bytes() == produced["out"].read_bytes()
    md = (reported["report"] / "report.md").read_text(encoding="utf-8")
    assert md == report.render_markdown(produced["results"])
    html = (reported["report"] / "report.html").read_text(encoding="utf-8")
    for x in ref["scores"]["overall_summaries"]:
        assert f"{format(x['mean'], '.2f')} ± {format(x['stddev'], '.2f')}" in html
    assert "+3.51 ± 0.25" in html and "+4.06 ± 0.41" in html
    png = (reported["report"] / "base_vs_trained.png").read_bytes()
    assert png[:8] == b"\x89PNG\r\n\x1a\n" and len(png) > 10_000


def test_report_copies_the_cards_without_snakemakes_marker(produced, tmp_path):
    """Cards come from a directory() output: Snakemake's empty marker there is not part of the report."""
    pytest.importorskip("matplotlib")
    cards = tmp_path / "trace-qwen2.5-vl-3b" / "cards"
    (cards / "img").mkdir(parents=True)
    summary = {"steps": 8, "reward_first_quarter": 0.1, "reward_last_quarter": 0.4, "accuracy_first_quarter": 0.1,
               "accuracy_last_quarter": 0.4, "validation": []}
    (cards / "cards.json").write_text(json.dumps({"summary": summary, "tasks": []}), encoding="utf-8")
    (cards / "index.html").write_text("<html></html>", encoding="utf-8")
    (cards / "img" / "t.png").write_bytes(b"png")
    (cards / ".snakemake_timestamp").write_bytes(b"")
    paths = report.write_report(produced["results"], tmp_path / "report", cards=[cards])
    copied = tmp_path / "report" / "cards" / "trace-qwen2.5-vl-3b"
    assert paths["cards:trace-qwen2.5-vl-3b"] == copied / "index.html"
    assert sorted(p.relative_to(copied).as_posix() for p in copied.rglob("*") if p.is_file()) == \
        ["cards.json", "img/t.png", "index.html"]
    assert "cards/trace-qwen2.5-vl-3b/index.html" in (tmp_path / "report" / "report.md").read_text()


# ---------------------------------------------------------------------------- 3. failures, determinism

def test_missing_slices_fail_and_are_listed(ref, tmp_path, base_args):
    lines = score_lines(ref)
    dropped = [lines.pop(100), lines.pop(7)]
    r = cli("--scores", write_jsonl(tmp_path / "s.jsonl", lines), *base_args)
    assert r.returncode == 1
    assert "2 of 576" in r.stderr
    for x in dropped:
        assert f"missing slice model={x['model']} benchmark={x['benchmark']} seed={x['seed']}" in r.stderr
    assert not (tmp_path / "results.json").exists()


def test_whole_model_missing_is_not_a_smaller_mean(ref, tmp_path, base_args):
    lines = [x for x in score_lines(ref) if x["model"] != "sphinx-qwen2.5-vl-7b"]
    r = cli("--scores", write_jsonl(tmp_path / "s.jsonl", lines), *base_args)
    assert r.returncode == 1 and "72 of 576" in r.stderr
    assert r.stderr.count("missing slice model=sphinx-qwen2.5-vl-7b") == 72


def test_duplicate_slice_fails(ref, tmp_path, base_args):
    lines = score_lines(ref)
    lines.append(dict(lines[5], score=50.0))
    r = cli("--scores", write_jsonl(tmp_path / "s.jsonl", lines), *base_args)
    x = lines[5]
    assert r.returncode == 1
    assert f"duplicate slice model={x['model']} benchmark={x['benchmark']} seed={x['seed']}" in r.stderr
    assert "s.jsonl:6" in r.stderr and f"s.jsonl:{len(lines)}" in r.stderr
    assert not (tmp_path / "results.json").exists()


@pytest.mark.parametrize("change,needle", [
    ({"benchmark": "mmlu"}, "benchmark 'mmlu' is not in suite"),
    ({"model": "gpt-x"}, "model 'gpt-x' is not in MODELS"),
    ({"score": 100.5}, "score 100.5 is outside [0, 100]"),
    ({"score": -0.25}, "score -0.25 is outside [0, 100]"),
    ({"score": 0.4375, "seed": "42"}, "seed '42' is not an integer"),
])
def test_bad_score_lines_fail_with_one_clear_line(ref, tmp_path, base_args, change, needle):
    lines = score_lines(ref)
    lines[10] = dict(lines[10], **change)
    r = cli("--scores", write_jsonl(tmp_path / "s.jsonl", lines), *base_args)
    assert r.returncode == 1 and "Traceback" not in r.stderr
    hits = [line for line in r.stderr.splitlines() if needle in line]
    assert len(hits) == 1 and "s.jsonl:11:" in hits[0]
    assert not (tmp_path / "results.json").exists()


def test_nan_score_rejected(ref, tmp_path, base_args):
    path = write_jsonl(tmp_path / "s.jsonl", score_lines(ref))
    text = path.read_text().splitlines()
    text[0] = text[0].replace(str(score_lines(ref)[0]["score"]), "NaN")
    path.write_text("\n".join(text) + "\n")
    r = cli("--scores", path, *base_args)
    assert r.returncode == 1 and "s.jsonl:1:" in r.stderr and "NaN" in r.stderr


def test_models_validation(ref, tmp_path, inputs):
    bad = models_list(ref)
    bad[1] = dict(bad[1], base="qwen2.5-vl-7b-base")       # 3B model paired with the 7B base
    r = cli("--scores", inputs["scores"], "--models-json", json.dumps(bad), "--suite", SUITE,
            "--out", tmp_path / "r.json")
    assert r.returncode == 1 and "different scale" in r.stderr
    bad = models_list(ref)[:-1]                            # a scored model not in MODELS
    r = cli("--scores", inputs["scores"], "--models-json", json.dumps(bad), "--suite", SUITE,
            "--out", tmp_path / "r.json")
    assert r.returncode == 1
    assert r.stderr.count("model 'pcgrpo-qwen2.5-vl-7b' is not in MODELS") == 72


def test_exactly_one_of_each_input_pair(inputs, tmp_path):
    r = cli("--suite", SUITE, "--out", tmp_path / "r.json", "--models", inputs["models"])
    assert r.returncode == 2 and "--scores" in r.stderr
    r = cli("--scores", inputs["scores"], "--score-files", inputs["scores"], "--models", inputs["models"],
            "--suite", SUITE, "--out", tmp_path / "r.json")
    assert r.returncode == 2 and "not allowed with" in r.stderr
    r = cli("--scores", inputs["scores"], "--suite", SUITE, "--out", tmp_path / "r.json")
    assert r.returncode == 2


def test_seeds_flag(ref, tmp_path, base_args, inputs):
    r = cli("--scores", inputs["scores"], *base_args, "--seeds", 42, 43, 44, 45)
    assert r.returncode == 1 and "192 of 768" in r.stderr and "seed=45" in r.stderr
    r = cli("--scores", inputs["scores"], *base_args, "--seeds", 42, 43)
    assert r.returncode == 1 and "seed 44 (192 scores) is not among --seeds" in r.stderr


def test_deterministic_bytes(inputs, produced, tmp_path):
    out = tmp_path / "again.json"
    r = cli("--scores", inputs["scores"], "--models", inputs["models"], "--suite", SUITE, "--out", out)
    assert r.returncode == 0, r.stderr
    first = produced["out"].read_bytes()
    assert out.read_bytes() == first
    assert first == (aggregate.canonical(json.loads(first)) + "\n").encode()
    assert not [p for p in tmp_path.iterdir() if ".tmp" in p.name]


def test_deterministic_report(inputs, reported, tmp_path):
    r = cli("--scores", inputs["scores"], "--models", inputs["models"], "--suite", SUITE,
            "--out", tmp_path / "r.json", "--report-dir", tmp_path / "report")
    assert r.returncode == 0, r.stderr
    for name in ("report.md", "report.html", "base_vs_trained.png"):
        assert (tmp_path / "report" / name).read_bytes() == (reported["report"] / name).read_bytes(), name
    assert sorted(p.name for p in (tmp_path / "report").iterdir()) == \
        ["base_vs_trained.png", "report.html", "report.md"]


def test_score_files_match_jsonl_and_carry_receipts(ref, tmp_path, produced):
    files = []
    for x in score_lines(ref):
        p = tmp_path / "eval" / x["model"] / x["benchmark"] / f"seed{x['seed']}" / "score.json"
        p.parent.mkdir(parents=True, exist_ok=True)
        p.write_text(json.dumps(x), encoding="utf-8")
        files.append(p)
    out = tmp_path / "results.json"
    r = cli("--score-files", *files, "--models-json", json.dumps(models_list(ref)), "--suite", SUITE, "--out", out)
    assert r.returncode == 0, r.stderr
    res, jsonl = json.loads(out.read_text(encoding="utf-8")), produced["results"]
    for key in ("summaries", "comparisons", "seeds", "models", "suite"):
        assert res[key] == jsonl[key], key
    for kind in ("category", "overall"):
        assert res["scores"][kind] == jsonl["scores"][kind]
    strip = [{k: v for k, v in x.items() if k != "receipt"} for x in res["scores"]["benchmark"]]
    assert strip == [{k: v for k, v in x.items() if k != "receipt"} for x in jsonl["scores"]["benchmark"]]
    for x in res["scores"]["benchmark"]:
        path = tmp_path / "eval" / x["model"] / x["benchmark"] / f"seed{x['seed']}" / "score.json"
        assert x["receipt"] == {"path": str(path), "sha256": sha256(path)}
    # a tampered file changes its receipt
    files[0].write_text(files[0].read_text().replace('"rows"', ' "rows"'))
    r = cli("--score-files", *files, "--models-json", json.dumps(models_list(ref)), "--suite", SUITE,
            "--out", tmp_path / "r2.json")
    assert r.returncode == 0
    again = json.loads((tmp_path / "r2.json").read_text())["scores"]["benchmark"]
    changed = [a for a, b in zip(again, res["scores"]["benchmark"]) if a["receipt"] != b["receipt"]]
    assert [(c["model"], c["benchmark"], c["seed"]) for c in changed] == \
        [(score_lines(ref)[0]["model"], score_lines(ref)[0]["benchmark"], score_lines(ref)[0]["seed"])]


# ---------------------------------------------------------------------------- without the reference

TINY_SUITE = {"suite_id": "tiny", "benchmarks": [{"key": "a", "category": "X", "display": "A"},
                                                 {"key": "b", "category": "X", "display": "B"},
                                                 {"key": "c", "category": "Y", "display": "C"}],
              "categories": {"X": ["a", "b"], "Y": ["c"]}}
TINY_MODELS = [{"model": "base", "scale": "tiny", "base": None}, {"model": "rl", "scale": "tiny", "base": "base"}]


def tiny_inputs(tmp_path, seeds=(1, 2)):
    (tmp_path / "suite.json").write_text(json.dumps(TINY_SUITE))
    lines = []
    for i, m in enumerate(["base", "rl"]):
        for j, b in enumerate("abc"):
            for s in seeds:
                lines.append({"model": m, "benchmark": b, "seed": s, "score": 10.0 * (j + 1) + 5 * i + s, "rows": 10})
    return write_jsonl(tmp_path / "s.jsonl", lines), tmp_path / "suite.json"


def test_tiny_hand_computed(tmp_path):
    pytest.importorskip("matplotlib")
    scores, suite = tiny_inputs(tmp_path)
    out = tmp_path / "r.json"
    assert aggregate.main(["--scores", str(scores), "--models-json", json.dumps(TINY_MODELS),
                           "--suite", str(suite), "--out", str(out), "--report-dir", str(tmp_path / "rep")]) == 0
    res = json.loads(out.read_text())
    overall = {x["model"]: x for x in res["summaries"]["overall"]}
    # base seed 1: (11 + 21 + 31) / 3 = 21, seed 2: 22 -> mean 21.5, sd sqrt(0.5)
    assert overall["base"]["mean"] == 21.5 and close(overall["base"]["sd"], 0.5 ** 0.5)
    cat = {(x["model"], x["category"], x["seed"]): x["score"] for x in res["scores"]["category"]}
    assert cat[("base", "X", 1)] == 16.0 and cat[("base", "Y", 1)] == 31.0
    (comp,) = res["comparisons"]
    assert comp["overall_delta"]["mean"] == 5.0 and comp["overall_delta"]["sd"] == 0.0
    assert comp["benchmarks_improved"] == 3
    md = (tmp_path / "rep" / "report.md").read_text()
    assert "| Overall | all | 21.50 ± 0.71 | 26.50 ± 0.71 |" in md
    assert "| Overall | all | +5.00 ± 0.00 |" in md


def test_single_seed_has_no_sd(tmp_path):
    pytest.importorskip("matplotlib")
    scores, suite = tiny_inputs(tmp_path, seeds=(42,))
    out = tmp_path / "r.json"
    assert aggregate.main(["--scores", str(scores), "--models-json", json.dumps(TINY_MODELS),
                           "--suite", str(suite), "--out", str(out), "--report-dir", str(tmp_path / "rep")]) == 0
    res = json.loads(out.read_text())
    assert all(x["sd"] is None and x["n"] == 1 for x in res["summaries"]["overall"])
    assert "| Overall | all | 62.00 | 67.00 |" in (tmp_path / "rep" / "report.md").read_text()


def test_add_arguments_and_run_for_the_rlvr_cli(tmp_path):
    scores, suite = tiny_inputs(tmp_path)
    parser = argparse.ArgumentParser(prog="rlvr")
    sub = parser.add_subparsers(dest="cmd", required=True)
    aggregate.add_arguments(sub.add_parser("aggregate"))
    args = parser.parse_args(["aggregate", "--scores", str(scores), "--models-json", json.dumps(TINY_MODELS),
                              "--suite", str(suite), "--out", str(tmp_path / "r.json")])
    assert aggregate.run(args) == 0 and (tmp_path / "r.json").exists()


def test_suite_inconsistency_is_an_error(tmp_path):
    scores, suite = tiny_inputs(tmp_path)
    bad = dict(TINY_SUITE, categories={"X": ["a"], "Y": ["c", "b"]})
    suite.write_text(json.dumps(bad))
    r = cli("--scores", scores, "--models-json", json.dumps(TINY_MODELS), "--suite", suite, "--out",
            tmp_path / "r.json")
    assert r.returncode == 1 and "benchmark 'b' has category 'X' but is listed under 'Y'" in r.stderr


# ---------------------------------------------------------------------------- TRACE validation summaries

def _validation_summaries(tmp_path):
    """The reference TRACE validation scores (trace_validation/results.v1.json) as per-model summaries."""
    tv = refdata.copy("eval/trace_validation/results.v1.json")
    files = []
    for r in json.loads(tv.read_text())["results"]:
        f = tmp_path / f"{r['model_id']}.json"
        f.write_text(json.dumps({"model": r["model_id"], "score": r["score"], "rows": r["evaluated_rows"],
                                 "by_domain": {}}))
        files.append(f)
    return files


def test_trace_validation_summaries_join_the_results(inputs, tmp_path, base_args):
    files = _validation_summaries(tmp_path)
    r = cli("--scores", inputs["scores"], *base_args, "--trace-validation", *files, "--report-dir", tmp_path / "rep")
    assert r.returncode == 0, r.stderr
    tv = {e["model"]: e for e in json.loads((tmp_path / "results.json").read_text())["trace_validation"]}
    md = (tmp_path / "rep" / "report.md").read_text()
    assert "## TRACE validation" in md and "| Overall | all | 24.45 | 41.05 |" in md
    assert tv["trace-qwen2.5-vl-7b"]["score"] == 51.55 and tv["qwen2.5-vl-3b-base"]["score"] == 24.45
    assert all(e["rows"] == 2000 and len(e["receipt"]["sha256"]) == 64 for e in tv.values())
    r = cli("--scores", inputs["scores"], *base_args, "--trace-validation", *files[1:])
    assert r.returncode == 1 and "trace validation summary missing for model 'qwen2.5-vl-3b-base'" in r.stderr
