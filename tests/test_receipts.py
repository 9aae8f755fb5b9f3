"""rlvr receipts, equivalence receipts and the hub-release check, on small local files."""

import hashlib
import json
import subprocess
import sys
from pathlib import Path

import pytest

from rlvr import chain, equivalence, hub, receipts
from rlvr.cli import programs
from tracegen.core.canonical import canonical_json


def rlvr(*args, cwd):
    return subprocess.run([sys.executable, "-m", "rlvr", *args], cwd=cwd, capture_output=True, text=True)


def validate(root, **kw) -> list[dict]:
    """The problems of the chain under ``root``, re-running jobs as ``rlvr validate-receipts`` does."""
    return chain.validate(root, programs=programs(), **kw).problems


def test_directory_hash_is_a_sorted_manifest_and_ignores_only_snakemakes_own_marker(tmp_path):
    d = tmp_path / "d"
    (d / "b").mkdir(parents=True)
    (d / "a.txt").write_text("a")
    (d / "b" / "c.txt").write_text("cc")
    h1 = receipts.hash_path(d)
    (d / ".snakemake_timestamp").write_text("")          # Snakemake's empty top-level marker: not content
    assert receipts.hash_path(d) == h1
    (d / ".snakemake_timestamp").write_text("123")       # with content, or anywhere else, it is a file
    assert receipts.hash_path(d) != h1
    (d / ".snakemake_timestamp").write_text("")
    (d / "b" / ".snakemake_timestamp").write_text("")
    assert receipts.hash_path(d) != h1 and receipts.stray_markers(d) == [(d / "b" / ".snakemake_timestamp").as_posix()]
    (d / "b" / ".snakemake_timestamp").unlink()
    assert h1["kind"] == "dir" and h1["size"] == 3
    (d / "b" / "c.txt").write_text("cd")
    assert receipts.hash_path(d)["sha256"] != h1["sha256"]
    f = receipts.hash_path(d / "a.txt")
    assert f == {"kind": "file", "size": 1, "sha256": hashlib.sha256(b"a").hexdigest()}


def test_receipt_run_is_deterministic_and_records_everything(tmp_path):
    (tmp_path / "in.txt").write_text("hello")
    args = ["receipt", "--rule=copy", "--wildcard=x=1", "--input=src=in.txt", "--output=dst=out.txt",
            '--params={"k": 2}', "--config-hash=abc", "--", "cp in.txt out.txt"]
    assert rlvr(*args, cwd=tmp_path).returncode == 0
    first = (tmp_path / "receipts/copy/x=1.json").read_bytes()
    assert rlvr(*args, cwd=tmp_path).returncode == 0
    assert (tmp_path / "receipts/copy/x=1.json").read_bytes() == first
    rec = json.loads(first)
    assert rec["rule"] == "copy" and rec["wildcards"] == {"x": "1"} and rec["params"] == {"k": 2}
    assert rec["command"] == "cp in.txt out.txt" and rec["config_sha256"] == "abc" and rec["exit_status"] == 0
    assert rec["inputs"][0]["sha256"] == rec["outputs"][0]["sha256"] == hashlib.sha256(b"hello").hexdigest()
    assert rec["container"] is None and "python" in rec["tools"] and rec["shell"] == "/bin/bash -euo pipefail -c"
    assert len(rec["code"]["source_sha256"]) == 64
    timing = json.loads((tmp_path / "receipts/copy/x=1.timing.json").read_text())
    assert {"start", "end", "seconds", "host"} <= set(timing)


def test_failed_command_is_recorded_apart_and_exits_nonzero(tmp_path):
    r = rlvr("receipt", "--rule=boom", "--output=o=never.txt", "--", "exit 3", cwd=tmp_path)
    assert r.returncode == 3
    assert not (tmp_path / "receipts/boom/all.json").exists()
    assert json.loads((tmp_path / "receipts/boom/all.failed.json").read_text())["exit_status"] == 3
    r = rlvr("receipt", "--rule=lazy", "--output=o=never.txt", "--", "true", cwd=tmp_path)
    assert r.returncode == 1 and "did not create never.txt" in r.stderr
    assert not (tmp_path / "receipts/lazy/all.json").exists() and (tmp_path / "receipts/lazy/all.failed.json").exists()


def test_receipt_records_the_container_that_ran(tmp_path, monkeypatch):
    """Apptainer sets APPTAINER_CONTAINER inside the job: that image is recorded beside the declared one."""
    import os

    env = dict(os.environ, APPTAINER_CONTAINER=str(tmp_path / "data.sif"))
    (tmp_path / "data.sif").write_bytes(b"image")
    r = subprocess.run([sys.executable, "-m", "rlvr", "receipt", "--rule=stamp", "--output=o=s.txt",
                        "--container=containers/eval.sif", "--", "touch s.txt"], cwd=tmp_path, env=env,
                       capture_output=True, text=True)
    assert r.returncode == 0, r.stderr
    rec = json.loads((tmp_path / "receipts/stamp/all.json").read_text())
    assert rec["container"] == {"declared": "containers/eval.sif", "ran": str(tmp_path / "data.sif"),
                                "sha256": hashlib.sha256(b"image").hexdigest()}
    monkeypatch.chdir(tmp_path)
    problems = validate("receipts")
    assert [p["code"] for p in problems] == ["R_CONTAINER"] and problems[0]["rule"] == "stamp"
    (tmp_path / "data.sif").write_bytes(b"rebuilt image")       # the image that ran changed since
    problems = validate("receipts")
    assert [p["code"] for p in problems] == ["R_CONTAINER", "R_CONTAINER"] and "now has digest" in problems[1]["message"]


def _chain(tmp_path):
    (tmp_path / "config").mkdir()
    (tmp_path / "config" / "c.yaml").write_text("x: 1")
    assert rlvr("receipt", "--rule=make", "--input=cfg=config/c.yaml", "--output=o=a.txt", "--",
                "cp config/c.yaml a.txt", cwd=tmp_path).returncode == 0
    assert rlvr("receipt", "--rule=use", "--wildcard=k=v", "--input=a=a.txt", "--output=o=b.txt", "--",
                "cp a.txt b.txt", cwd=tmp_path).returncode == 0


def test_chain_validation(tmp_path, monkeypatch):
    _chain(tmp_path)
    root = tmp_path / "receipts"
    monkeypatch.chdir(tmp_path)
    assert validate(root, sources=["config/"]) == []
    codes = {p["code"] for p in validate(root, sources=[])}
    assert codes == {"R_UNPRODUCED"}
    missing = validate(root, sources=["config/"], expected=[("use", {"k": "w"})])
    assert [p["code"] for p in missing] == ["R_MISSING_RECEIPT"] and missing[0]["path"] == str(root / "use/k=w.json")
    (tmp_path / "a.txt").write_text("x: 2")
    codes = {p["code"]: p for p in validate(root, sources=["config/"])}
    assert codes["R_OUTPUT_CHANGED"]["path"] == "a.txt" and "make" in codes["R_OUTPUT_CHANGED"]["message"]


def _write_parquet(path, prompts):
    import pyarrow as pa
    import pyarrow.parquet as pq

    path.mkdir(parents=True, exist_ok=True)
    rows = [{"instance_id": f"id{i}", "prompt_answer": p, "images": [{"bytes": bytes([i]), "path": "x.png"}],
             "answer_gt": '{"type":"integer","value":%d}' % i} for i, p in enumerate(prompts)]
    pq.write_table(pa.Table.from_pylist(rows), path / "train-00000-of-00001.parquet")


def test_equivalence_names_the_first_differing_row_and_column(tmp_path):
    _write_parquet(tmp_path / "a", ["p0", "p1", "p2"])
    _write_parquet(tmp_path / "b", ["p0", "p1", "p2"])
    _write_parquet(tmp_path / "c", ["p0", "pX", "p2"])
    a, b, c = (equivalence.make_receipt(tmp_path / n) for n in "abc")
    assert equivalence.compare(a, b)["equal"]
    diff = equivalence.compare(a, c)
    assert not diff["equal"] and diff["first_difference"] == {"row": 1, "column": "prompt_answer"}
    from tracegen.core.canonical import sha256_json

    short = dict(a, rows=a["rows"][:2], num_rows=2, sha256=sha256_json(a["rows"][:2]))
    assert equivalence.compare(a, short)["first_difference"]["row"] == 2
    assert equivalence.compare(short, a)["message"].startswith("row counts differ (2 vs 3)")
    (tmp_path / "a.json").write_text(json.dumps(a))
    (tmp_path / "c.json").write_text(json.dumps(c))
    r = rlvr("equivalence", "compare", "a.json", "c.json", cwd=tmp_path)
    assert r.returncode == 1 and "row 1 column prompt_answer differs" in r.stdout


def test_equivalence_compares_every_cell_and_rejects_empty_or_misshapen_digests(tmp_path):
    from tracegen.core.canonical import sha256_json

    _write_parquet(tmp_path / "a", ["p0", "p1", "p2"])
    _write_parquet(tmp_path / "c", ["pA", "p1", "pC"])
    a, c = equivalence.make_receipt(tmp_path / "a"), equivalence.make_receipt(tmp_path / "c")
    diff = equivalence.compare(a, c)   # rows 0 and 2 differ: every row is compared, not only the first hit
    assert diff["differing_cells"] == 2 and diff["first_difference"] == {"row": 0, "column": "prompt_answer"}
    def rebuilt(rows, **kw):
        return dict(a, rows=rows, num_rows=len(rows), sha256=sha256_json(rows), **kw)

    bad = {
        "empty": rebuilt([]),
        "short row": rebuilt([r[:3] for r in a["rows"]]),
        "long row": rebuilt([r + ["0" * 16] for r in a["rows"]]),
        "not hex": rebuilt([["zz" * 8] * 4 for _ in a["rows"]]),
        "num_rows": dict(a, num_rows=7),
        "sha256": dict(a, sha256="0" * 64),
        "version": dict(a, version="other"),
        "columns": dict(a, columns=a["columns"][::-1]),
        "not an object": [],
    }
    for name, other in bad.items():
        for x, y in ((a, other), (other, a)):
            result = equivalence.compare(x, y)
            assert not result["equal"], name
    assert not equivalence.compare(bad["empty"], bad["empty"])["equal"]
    (tmp_path / "a.json").write_text(json.dumps(a))
    (tmp_path / "e.json").write_text(json.dumps(bad["empty"]))
    r = rlvr("equivalence", "compare", "a.json", "e.json", cwd=tmp_path)
    assert r.returncode == 1 and "holds no rows" in r.stdout
    (tmp_path / "empty").mkdir()
    r = rlvr("equivalence", "receipt", "empty", "--output", "x.json", cwd=tmp_path)
    assert r.returncode == 1 and "no .parquet files in empty" in r.stderr and "Traceback" not in r.stderr


def test_hub_release_check_on_a_small_local_snapshot(tmp_path):
    snap = tmp_path / "snap"
    (snap / "data" / "train").mkdir(parents=True)
    shard = snap / "data" / "train" / "part-00000.parquet"
    shard.write_bytes(b"PAR1 tiny PAR1")
    digest = hashlib.sha256(shard.read_bytes()).hexdigest()
    manifest = {"parquet_files": [{"path": "data/train/part-00000.parquet", "split": "train", "rows": 1,
                                   "current": {"sha256": digest, "bytes": shard.stat().st_size}}]}
    (tmp_path / "m.json").write_text(json.dumps(manifest))
    assert hub.verify(snap, tmp_path / "m.json") == {"ok": True, "checked": 1, "problems": []}
    shard.write_bytes(b"PAR1 tinY PAR1")
    report = hub.verify(snap, tmp_path / "m.json")
    assert not report["ok"] and "sha256 differs" in report["problems"][0]
    r = rlvr("hub", "verify", "--dir", str(snap), "--manifest", str(tmp_path / "m.json"), cwd=tmp_path)
    assert r.returncode == 1 and "INVALID" in r.stdout


def test_reference_manifest_lists_the_pinned_release():
    files = hub.expected_files(Path(__file__).resolve().parents[1] / "config/reference/dataset_equivalence.v1.json")
    assert len(files) == 17
    assert sum(f["rows"] for f in files.values()) == 66000
    assert all(len(f["sha256"]) == 64 for f in files.values())


def test_results_json_edited_with_its_receipt_changes_the_root(tmp_path, monkeypatch):
    """Without the workflow's plan nothing is re-run (a warning says so), but an edited results.json with a
    receipt updated to match no longer has the root it carries: its content is a leaf."""
    suite_src = Path(__file__).resolve().parents[1] / "config/eval/trace_eval_v1.json"
    (tmp_path / "config").mkdir()
    (tmp_path / "config/suite.json").write_bytes(suite_src.read_bytes())
    rows = {b["key"]: b["rows"] for b in json.loads(suite_src.read_text())["benchmarks"]}
    keys = list(rows)
    models = [{"model": "base", "scale": "3B", "base": None, "display": "base"},
              {"model": "tuned", "scale": "3B", "base": "base", "display": "tuned"}]
    args = ["receipt", "--rule=aggregate", "--input=suite=config/suite.json", "--output=results=results.json",
            "--params=" + json.dumps({"models": models, "seeds": [42]})]
    files = []
    for i, (m, k) in enumerate((m["model"], k) for m in models for k in keys):
        f = tmp_path / "config" / f"s{i}.json"
        f.write_text(json.dumps({"model": m, "seed": 42, "benchmark": k, "score": 40.0 + i / 7, "rows": rows[k]}))
        files.append(f"config/s{i}.json")
        args.append(f"--input=scores[{i}]=config/s{i}.json")
    args += ["--", "rlvr aggregate --score-files " + " ".join(files) + " --models-json '" + json.dumps(models)
             + "' --suite config/suite.json --seeds 42 --receipts receipts --out results.json"]
    monkeypatch.setenv("PATH", str(Path(sys.executable).parent) + ":" + __import__("os").environ["PATH"])
    (tmp_path / "receipts").mkdir()
    r = rlvr(*args, cwd=tmp_path)
    assert r.returncode == 0, r.stderr
    monkeypatch.chdir(tmp_path)
    rep = chain.validate("receipts", sources=["config/"], programs=programs())
    assert rep.problems == [] and [w["code"] for w in rep.warnings] == ["R_NOT_REBUILT"]
    # a results.json whose receipt was updated to match, but that the recorded scores do not produce
    results = json.loads((tmp_path / "results.json").read_text())
    results["summaries"]["overall"][0]["mean"] += 1e-9
    from rlvr.aggregate import dumps

    (tmp_path / "results.json").write_text(dumps(results))
    rec_path = tmp_path / "receipts/aggregate/all.json"
    rec = json.loads(rec_path.read_text())
    rec["outputs"][0].update(sha256=receipts.sha256_file(tmp_path / "results.json"),
                             size=(tmp_path / "results.json").stat().st_size)
    rec_path.write_text(canonical_json(rec) + "\n")
    problems = validate("receipts", sources=["config/"])
    assert [p["code"] for p in problems] == ["R_ROOT"] and problems[0]["path"] == "results.json"
    assert "first changed leaf: results" in problems[0]["message"]


def test_fetch_model_requires_a_pinned_commit(tmp_path):
    r = rlvr("fetch-model", "--repo", "Qwen/Qwen2.5-VL-3B-Instruct", "--revision", "main", "--output", "m",
             cwd=tmp_path)
    assert r.returncode == 1 and "full 40-hex commit" in r.stderr and not (tmp_path / "m").exists()


def test_directory_hash_covers_links_and_empty_folders_and_refuses_special_files(tmp_path):
    import os

    d = tmp_path / "d"
    (d / "sub").mkdir(parents=True)
    (d / "a.txt").write_text("a")
    plain = receipts.hash_path(d)
    seen = {plain["sha256"]}
    for change in (lambda: (d / "empty").mkdir(), lambda: (d / "to_sub").symlink_to("sub"),
                   lambda: (d / "gone").symlink_to("nowhere"), lambda: (d / "gone").unlink() or
                   (d / "gone").symlink_to("elsewhere")):
        change()
        h = receipts.hash_path(d)
        assert h["sha256"] not in seen and h["size"] == 1   # each is content; sizes count regular files
        seen.add(h["sha256"])
    os.mkfifo(d / "sub" / "pipe")
    with pytest.raises(receipts.HashError, match="sub/pipe"):
        receipts.hash_path(d)
    with pytest.raises(receipts.HashError, match="not a regular file"):
        receipts.hash_path(d / "sub" / "pipe")
    with pytest.raises(receipts.HashError, match="dangling"):
        receipts.hash_path(d / "gone")


# re-runs: the plan's command with every output redirected into the scratch folder, or nothing at all
RERUNS = [
    # (id, planned command, outputs, problem substring or None)
    ("score-output-redirected", "rlvr score --input g.jsonl --output s.json", [["score", "s.json"]], None),
    ("score-writes-a-second-file", "rlvr score --input g.jsonl --output s.json --output victim.json",
     [["score", "s.json"]], "'victim.json' (--output), which is not an output"),
    ("equals-form", "rlvr score --input g.jsonl --output=victim.json", [["score", "s.json"]], "'victim.json'"),
    ("abbreviated-flag", "rlvr score --input g.jsonl --output s.json --outp victim.json", [["score", "s.json"]],
     "'victim.json'"),
    ("short-flag-attached", "tracegen generate c.yaml -ovictim --force", [["ds", "out/ds"]], "'victim' (-o)"),
    ("generate-redirected", "tracegen generate c.yaml -o out/ds --force", [["ds", "out/ds"]], None),
    ("report-dir-dropped", "rlvr aggregate --score-files s.json --out r.json --report-dir victim",
     [["results", "r.json"]], None),
    ("report-dir-equals-dropped", "rlvr aggregate --score-files s.json --out r.json --report-dir=victim",
     [["results", "r.json"]], None),
    ("output-not-named", "rlvr score --input g.jsonl", [["score", "s.json"]], "does not name its output s.json"),
    ("not-a-rerunnable-program", "bash -c 'touch victim'", [["o", "victim"]], "not one that validation re-runs"),
]


@pytest.mark.parametrize("command,outputs,want", [c[1:] for c in RERUNS], ids=[c[0] for c in RERUNS])
def test_reruns_are_confined_to_the_scratch_folder(tmp_path, monkeypatch, command, outputs, want):
    from rlvr import deep

    monkeypatch.chdir(tmp_path)
    calls = []
    table = {"rlvr": lambda argv: calls.append(argv) or 0, "tracegen": lambda argv: calls.append(argv) or 0}
    scratch = tmp_path / "scratch"
    redirected, problem = deep.rerun({"command": command, "outputs": outputs}, {}, scratch, programs=table)
    if want is not None:
        assert problem is not None and want in problem and calls == []
        return
    assert problem is None and len(calls) == 1
    argv = calls[0]
    assert "victim" not in " ".join(argv) and not any(a.startswith("--report-dir") for a in argv)
    for _, path in outputs:   # every output the program is given lies in the scratch folder
        assert Path(redirected[path]).is_relative_to(scratch) and str(redirected[path]) in argv
