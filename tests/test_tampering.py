"""Receipts that prove something: every tampering case fails validation naming the file and the rule.

A small real Snakemake workflow (prepare -> score per benchmark for a trained model and its base -> rlvr
aggregate with a Merkle root -> validate_receipts taking its expected jobs from the DAG) runs once; each case
tampers with a copy of it.
The expected jobs come from a forced dry run (`snakemake -n -F -p`) of that workflow (rlvr.dag), listed once: a
tampered copy has the same DAG.
"""

import json
import os
import shlex
import shutil
import subprocess
import sys
from pathlib import Path

import proc
import pytest

from rlvr import chain, dag, provenance
from rlvr.cli import programs
from tracegen.core.canonical import canonical_json, sha256_file

BIN = Path(sys.executable).parent
SNAKEFILE = r'''
import json
from rlvr.workflow import receipt, receipt_args, receipted, script
from tracegen.core.canonical import canonical_json, sha256_json

configfile: "config/mini.yaml"

CONFIG_HASH = sha256_json(config)
IMAGE = "containers/mini.sif"
BENCHES = [b["key"] for b in json.load(open(config["suite"]))["benchmarks"]]
MODELS = [{"model": "b", "scale": "s", "base": None, "display": "Base"},
          {"model": "m", "scale": "s", "base": "b", "display": "Trained"}]


rule all:
    input:
        "results/receipts_report.json",


rule prepare:
    input:
        src="config/source.txt",
    output:
        text="results/prepared.txt",
        tree=directory("results/tree"),
        receipt=receipt("prepare"),
    log:
        "logs/prepare.log",
    params:
        receipt=receipt_args(CONFIG_HASH, IMAGE),
    shell:
        receipted(script('tr a-z A-Z < "$1" > "$2" && mkdir -p "$3/sub" && cp "$2" "$3/sub/copy.txt"',
                         "{input.src:q} {output.text:q} {output.tree:q}"))


rule score:
    input:
        text="results/prepared.txt",
        tree="results/tree",
    output:
        score="results/scores/{benchmark}.json",
        receipt=receipt("score", "benchmark"),
    log:
        "logs/score/{benchmark}.log",
    params:
        receipt=receipt_args(CONFIG_HASH, IMAGE),
        json=lambda w: json.dumps({"model": "m", "seed": 42, "benchmark": w.benchmark,
                                   "score": 10.0 + len(w.benchmark), "rows": 3}),
    shell:
        receipted(script('printf "%s" "$1" > "$2"', "{params.json:q} {output.score:q}"))


rule score_base:
    input:
        text="results/prepared.txt",
    output:
        score="results/base_scores/{benchmark}.json",
        receipt=receipt("score_base", "benchmark"),
    log:
        "logs/score_base/{benchmark}.log",
    params:
        receipt=receipt_args(CONFIG_HASH, IMAGE),
        json=lambda w: json.dumps({"model": "b", "seed": 42, "benchmark": w.benchmark,
                                   "score": 2.0 + len(w.benchmark), "rows": 3}),
    shell:
        receipted(script('printf "%s" "$1" > "$2"', "{params.json:q} {output.score:q}"))


rule aggregate:
    input:
        scores=expand("results/scores/{benchmark}.json", benchmark=BENCHES),
        base_scores=expand("results/base_scores/{benchmark}.json", benchmark=BENCHES),
        suite=config["suite"],
        provenance="results/prepared.txt",
    output:
        results="results.json",
        receipt=receipt("aggregate"),
    log:
        "logs/aggregate.log",
    params:
        receipt=receipt_args(CONFIG_HASH, IMAGE),
        models=canonical_json(MODELS),
        pins=canonical_json({"config_sha256": CONFIG_HASH, "config": config}),
    shell:
        receipted("rlvr aggregate --score-files {input.scores:q} {input.base_scores:q} --models-json {params.models:q} "
                  "--suite {input.suite:q} --seeds 42 --receipts receipts --provenance-inputs {input.provenance:q} "
                  "--pins-json {params.pins:q} --out {output.results:q}")


rule validate_receipts:
    input:
        "results.json",
        "results/tree",
    output:
        report="results/receipts_report.json",
    log:
        "logs/validate_receipts.log",
    params:
        config=lambda w: canonical_json(config),
    shell:
        "rlvr validate-receipts --receipts receipts --source config/ --workflow --config-json {params.config:q} "
        "--config-hash " + CONFIG_HASH + " --results results.json --report {output.report:q} "
        "--target results.json results/tree > {log:q} 2>&1"
'''
SUITE = {"suite_id": "mini", "benchmarks": [
    {"key": "alpha", "category": "A", "display": "Alpha",
     "source": {"repository": "https://example.org/alpha", "revision": "a" * 40}},
    {"key": "beta", "category": "B", "display": "Beta",
     "source": {"repository": "https://example.org/beta", "revision": "b" * 40}}],
    "categories": {"A": ["alpha"], "B": ["beta"]}}
TARGETS = ["results.json", "results/tree"]


def _env():
    return dict(os.environ, PATH=f"{BIN}{os.pathsep}{os.environ.get('PATH', '')}")


def _run(cmd, cwd, timeout=600):
    return proc.run(cmd, cwd=cwd, env=_env(), timeout=timeout)


@pytest.fixture(scope="module")
def mini(tmp_path_factory):
    """(workspace, plan): the finished mini workflow and its DAG's jobs."""
    ws = tmp_path_factory.mktemp("mini") / "ws"
    (ws / "config").mkdir(parents=True)
    (ws / "Snakefile").write_text(SNAKEFILE)
    (ws / "config" / "mini.yaml").write_text("suite: config/suite.json\nstudy: mini\n")
    (ws / "config" / "suite.json").write_text(json.dumps(SUITE))
    (ws / "config" / "source.txt").write_text("hello receipts\n")
    r = _run([str(BIN / "snakemake"), "--cores", "2"], ws)
    assert r.returncode == 0, r.stdout[-3000:] + r.stderr[-3000:]
    plan = dag.plan([*TARGETS, "--configfile", "config/mini.yaml"], cwd=ws)
    return ws, plan


@pytest.fixture()
def copy(mini, tmp_path, monkeypatch):
    ws, plan = mini
    dst = tmp_path / "ws"
    shutil.copytree(ws, dst, symlinks=True, ignore=shutil.ignore_patterns(".snakemake"))
    monkeypatch.chdir(dst)
    return dst, plan


def check(plan, **kw):
    kw.setdefault("sources", ["config/"])
    kw.setdefault("results", "results.json")
    return chain.validate("receipts", plan=plan, programs=programs(), **kw)


def codes(rep):
    return {p["code"] for p in rep.problems}


def problem(rep, code):
    found = [p for p in rep.problems if p["code"] == code]
    assert found, (code, rep.problems)
    return found[0]


def edit_receipt(path, fn):
    r = json.loads(Path(path).read_text())
    fn(r)
    Path(path).write_text(canonical_json(r) + "\n")


# ---------------------------------------------------------------------------- the untouched run
def test_the_workflow_validates_itself_from_its_own_dag(mini):
    ws, plan = mini
    report = json.loads((ws / "results/receipts_report.json").read_text())
    assert report["ok"], report["problems"]
    # leaves: the receipts of prepare and the four scores (aggregate's inputs, walked back), two sources, the
    # pins and the results' own content
    assert report["receipts"] == 6 and report["root"]["leaf_count"] == 9
    rules = sorted(j["rule"] for j in plan)
    assert rules == ["aggregate", "prepare", "score", "score", "score_base", "score_base"]
    results = json.loads((ws / "results.json").read_text())
    assert results["provenance"]["merkle_root"] == report["root"]["merkle_root"]
    kinds = sorted(x["kind"] for x in results["provenance"]["leaves"])
    assert kinds == ["pins", "receipt", "receipt", "receipt", "receipt", "receipt", "results", "source", "source"]
    assert [d["mean"] for d in results["comparisons"][0]["benchmark_deltas"]] == [8.0, 8.0]
    assert {x["path"] for x in results["provenance"]["leaves"] if x["kind"] == "source"} == {
        "config/source.txt", "config/suite.json"}
    assert [b["revision"] for b in results["provenance"]["pins"]["benchmarks"]] == ["a" * 40, "b" * 40]


def test_receipts_run_under_strict_bash_and_quote_every_value(mini):
    ws, _ = mini
    r = json.loads((ws / "receipts/score/benchmark=alpha.json").read_text())
    assert r["shell"] == "/bin/bash -euo pipefail -c"
    argv = shlex.split(r["command"])
    assert argv[:3] == ["bash", "-euo", "pipefail"] and argv[-1] == "results/scores/alpha.json"
    assert json.loads(argv[-2])["benchmark"] == "alpha"   # a value with quotes and braces is one argument
    assert r["container"] == {"declared": "containers/mini.sif", "ran": None, "sha256": None}
    assert r["code"]["source_sha256"] and r["config_sha256"] and r["tools"]["rlvr"]


# ---------------------------------------------------------------------------- 1. no false OK
def test_missing_receipts_directory(copy):
    _, plan = copy
    shutil.rmtree("receipts")
    p = problem(check(plan), "R_NO_RECEIPTS")
    assert p["receipt"] == "receipts"


def test_empty_receipts_directory(copy):
    _, plan = copy
    shutil.rmtree("receipts")
    Path("receipts").mkdir()
    assert "R_NO_RECEIPTS" in codes(check(plan, results=None))
    assert "R_NO_RECEIPTS" in codes(chain.validate("receipts"))   # even without any plan


@pytest.mark.parametrize("suffix", [".tmp4242.json", ".failed.json"])
def test_renamed_receipt(copy, suffix):
    _, plan = copy
    src = Path("receipts/score/benchmark=alpha.json")
    src.rename(src.with_name("benchmark=alpha" + suffix))
    rep = check(plan)
    p = problem(rep, "R_MISSING_RECEIPT")
    assert p["path"] == "receipts/score/benchmark=alpha.json" and p["rule"] == "score"
    assert "benchmark=alpha" + suffix in p["message"]
    assert codes(rep) & {"R_STRAY", "R_FAILED"}


def test_receipt_with_outputs_emptied(copy):
    _, plan = copy
    edit_receipt("receipts/prepare/all.json", lambda r: r.update(outputs=[]))
    rep = check(plan)
    assert problem(rep, "R_NO_OUTPUTS")["receipt"] == "receipts/prepare/all.json"
    p = problem(rep, "R_PLAN_OUTPUTS")
    assert p["rule"] == "prepare" and "results/prepared.txt" in p["message"]


def test_missing_source_file(copy):
    _, plan = copy
    Path("config/source.txt").unlink()
    p = problem(check(plan), "R_SOURCE_MISSING")
    assert p["path"] == "config/source.txt" and p["rule"] == "prepare"


def test_changed_source_file(copy):
    _, plan = copy
    Path("config/source.txt").write_text("hello receipts!\n")
    p = problem(check(plan), "R_SOURCE_CHANGED")
    assert p["path"] == "config/source.txt" and p["rule"] == "prepare"


def test_stray_snakemake_marker_inside_a_directory_output(copy):
    _, plan = copy
    Path("results/tree/sub/.snakemake_timestamp").write_text("")
    rep = check(plan)
    p = problem(rep, "R_STRAY_MARKER")
    assert p["path"] == "results/tree/sub/.snakemake_timestamp" and p["rule"] == "prepare"
    assert problem(rep, "R_OUTPUT_CHANGED")["path"] == "results/tree"


def test_snakemakes_own_empty_top_level_marker_is_not_content(copy):
    _, plan = copy
    Path("results/tree/.snakemake_timestamp").write_text("")
    assert check(plan).problems == []
    Path("results/tree/.snakemake_timestamp").write_text("not empty")
    assert "R_OUTPUT_CHANGED" in codes(check(plan))


@pytest.mark.parametrize("victim,rule", [("receipts/prepare/all.json", "prepare"),
                                         ("receipts/score/benchmark=beta.json", "score"),
                                         ("receipts/aggregate/all.json", "aggregate")])
def test_missing_receipt_of_any_rule_of_the_dag(copy, victim, rule):
    _, plan = copy
    Path(victim).unlink()
    p = problem(check(plan), "R_MISSING_RECEIPT")
    assert p["path"] == victim and p["rule"] == rule


def test_one_byte_in_an_output(copy):
    _, plan = copy
    data = bytearray(Path("results/scores/beta.json").read_bytes())
    data[5] ^= 1
    Path("results/scores/beta.json").write_bytes(bytes(data))
    p = problem(check(plan), "R_OUTPUT_CHANGED")
    assert p["path"] == "results/scores/beta.json" and p["rule"] == "score"


def test_misplaced_and_malformed_receipts(copy):
    _, plan = copy
    shutil.copy("receipts/score/benchmark=alpha.json", "receipts/score/benchmark=gamma.json")
    Path("receipts/prepare/extra.json").write_text("{not json")
    Path("receipts/notes.txt").write_text("hi")
    rep = check(plan)
    assert problem(rep, "R_MISPLACED")["path"] == "receipts/score/benchmark=gamma.json"
    assert problem(rep, "R_FORMAT")["path"] == "receipts/prepare/extra.json"
    assert problem(rep, "R_STRAY")["path"] == "receipts/notes.txt"


# ---------------------------------------------------------------------------- 2. every field
@pytest.mark.parametrize("field,value,code", [
    ("command", "bash -euo pipefail -c 'echo forged'", "R_PLAN_COMMAND"),
    ("params", {"injected": True}, "R_PLAN_PARAMS"),
    ("config_sha256", "0" * 64, "R_CONFIG_MISMATCH"),
    ("code", {"git_commit": "1" * 40, "dirty": False, "source_sha256": "2" * 64}, "R_CODE_MISMATCH"),
    ("container", {"declared": "containers/other.sif", "ran": None, "sha256": None}, "R_CONTAINER"),
    ("container", {"declared": "containers/mini.sif", "ran": "containers/other.sif", "sha256": None},
     "R_CONTAINER"),
    ("tools", {"python": "3.0.0", "rlvr": "0.0.0"}, "R_TOOLS_MISMATCH"),
    ("wildcards", {"benchmark": "gamma"}, "R_MISPLACED"),
])
def test_every_receipt_field_is_checked(copy, field, value, code):
    _, plan = copy
    edit_receipt("receipts/score/benchmark=beta.json", lambda r: r.update({field: value}))
    rep = check(plan)
    p = problem(rep, code)
    assert p["receipt"] == "receipts/score/benchmark=beta.json"
    if code != "R_MISPLACED":
        assert p["rule"] == "score"
        assert "R_ROOT" in codes(rep)   # a changed receipt changes the Merkle root results.json carries


def test_a_dirty_tree_is_reported_and_can_be_required_clean(copy):
    _, plan = copy
    for f in Path("receipts").rglob("*.json"):
        if not f.name.endswith(".timing.json"):
            edit_receipt(f, lambda r: r["code"].update(dirty=True))
    rep = check(plan, results=None)
    assert [w["code"] for w in rep.warnings] == ["R_DIRTY"] and "R_DIRTY" not in codes(rep)
    assert "R_DIRTY" in codes(check(plan, results=None, require_clean=True))


def test_receipts_outside_the_dag_are_errors_and_two_producers_are_named(copy):
    _, plan = copy
    shutil.copytree("receipts/score", "receipts/old_rule")
    for f in Path("receipts/old_rule").glob("*.json"):
        if not f.name.endswith(".timing.json"):
            edit_receipt(f, lambda r: r.update(rule="old_rule"))
    # a stale receipt claiming this run's very files: a second producer, and the provenance is ambiguous
    rep = check(plan)
    assert problem(rep, "R_TWO_PRODUCERS")["path"] in ("results/scores/alpha.json", "results/scores/beta.json")
    p = problem(rep, "R_RESULTS_REBUILD")
    assert "receipts/old_rule/benchmark=" in p["message"] and "stale" in p["message"]
    for f in Path("receipts/old_rule").glob("*.json"):
        if not f.name.endswith(".timing.json"):
            edit_receipt(f, lambda r: r["outputs"][0].update(path="results/old/" + r["wildcards"]["benchmark"]))
    rep = check(plan)   # a stray receipt of a job the DAG does not have is an error, not a warning
    assert codes(rep) == {"R_NOT_IN_PLAN"} and len(rep.problems) == 2
    assert problem(rep, "R_NOT_IN_PLAN")["rule"] == "old_rule"


# ---------------------------------------------------------------------------- 3. anchored
def _forge_prepared(text="FORGED\n"):
    """Edit an output and every receipt that names it, so the chain itself is consistent."""
    Path("results/prepared.txt").write_text(text)
    digest = sha256_file("results/prepared.txt")
    for f in Path("receipts").rglob("*.json"):
        if f.name.endswith(".timing.json"):
            continue

        def fix(r):
            for e in r["inputs"] + r["outputs"]:
                if e["path"] == "results/prepared.txt":
                    e.update(sha256=digest, size=len(text))
        edit_receipt(f, fix)


def test_forged_output_with_its_receipt_breaks_the_chain(copy):
    _, plan = copy
    Path("results/prepared.txt").write_text("FORGED\n")
    edit_receipt("receipts/prepare/all.json", lambda r: r["outputs"][0].update(
        sha256=sha256_file("results/prepared.txt"), size=7))
    p = problem(check(plan), "R_CHAIN")
    assert p["path"] == "results/prepared.txt" and p["rule"] in ("score", "aggregate")


def test_forged_output_with_all_receipts_fails_against_results_root(copy):
    _, plan = copy
    _forge_prepared()
    rep = check(plan)
    assert codes(rep) == {"R_ROOT", "R_RESULTS_REBUILD"}
    p = problem(rep, "R_ROOT")
    assert p["path"] == "results.json" and p["rule"] == "aggregate"


def test_rebuilt_results_json_has_a_different_root(copy, mini):
    ws, plan = copy
    published = json.loads((mini[0] / "results.json").read_text())["provenance"]["merkle_root"]
    _forge_prepared()
    cmd = json.loads(Path("receipts/aggregate/all.json").read_text())["command"]
    r = _run(["bash", "-c", cmd], ws)
    assert r.returncode == 0, r.stderr
    edit_receipt("receipts/aggregate/all.json", lambda r: r["outputs"][0].update(
        sha256=sha256_file("results.json"), size=Path("results.json").stat().st_size))
    rebuilt = json.loads(Path("results.json").read_text())["provenance"]["merkle_root"]
    assert rebuilt != published
    assert check(plan).problems == []                     # self-consistent again ...
    p = problem(check(plan, root_digest=published), "R_ROOT")   # ... but not the root that was published
    assert published in p["message"] and p["path"] == "results.json"
    r = _run([str(BIN / "rlvr"), "verify-root", "--root", published, "--source", "config/"], ws)
    assert r.returncode == 1 and "R_ROOT" in r.stdout


def test_edited_results_json_with_its_receipt_does_not_rebuild(copy):
    _, plan = copy
    results = json.loads(Path("results.json").read_text())
    results["summaries"]["overall"][0]["mean"] += 1e-9
    Path("results.json").write_text(canonical_json(results) + "\n")
    edit_receipt("receipts/aggregate/all.json", lambda r: r["outputs"][0].update(
        sha256=sha256_file("results.json"), size=Path("results.json").stat().st_size))
    p = problem(check(plan), "R_RESULTS_REBUILD")
    assert p["path"] == "results.json" and p["rule"] == "aggregate"


def test_verify_root_from_results_or_root_digest_alone(copy):
    ws, _ = copy
    root = json.loads(Path("results.json").read_text())["provenance"]["merkle_root"]
    for args in (["--results", "results.json"], ["--root", root], ["--results", "results.json", "--root", root]):
        r = _run([str(BIN / "rlvr"), "verify-root", *args, "--source", "config/"], ws)
        assert r.returncode == 0 and root in r.stdout, r.stdout + r.stderr
    r = _run([str(BIN / "rlvr"), "verify-root", "--root", "f" * 64, "--source", "config/"], ws)
    assert r.returncode == 1 and "R_ROOT" in r.stdout


def test_merkle_tree_is_rfc6962_and_order_free():
    import hashlib

    leaves = [{"kind": "source", "path": f"p{i}", "sha256": "0" * 64} for i in range(5)]
    h = [provenance.leaf_hash(x) for x in sorted(leaves, key=canonical_json)]
    node = lambda a, b: hashlib.sha256(b"\x01" + a + b).digest()   # noqa: E731
    expected = node(node(node(h[0], h[1]), node(h[2], h[3])), h[4])
    assert provenance.root_of(leaves) == expected.hex() == provenance.root_of(leaves[::-1])
    assert provenance.root_of(leaves[:4]) != provenance.root_of(leaves)


@pytest.mark.skipif(shutil.which("ssh-keygen") is None, reason="ssh-keygen (openssh-client) not installed")
def test_root_signed_and_verified_with_ssh_keygen(copy):
    ws, _ = copy
    key = ws / "signing_key"
    subprocess.run(["ssh-keygen", "-q", "-t", "ed25519", "-N", "", "-C", "lab", "-f", str(key)], check=True)
    (ws / "allowed_signers").write_text("lab@example.org " + (ws / "signing_key.pub").read_text())
    r = _run([str(BIN / "rlvr"), "sign-root", "--results", "results.json", "--key", str(key)], ws)
    assert r.returncode == 0 and (ws / "results.json.root.sig").is_file(), r.stderr
    verify = [str(BIN / "rlvr"), "verify-root", "--results", "results.json", "--source", "config/",
              "--signature", "results.json.root.sig", "--allowed-signers", "allowed_signers",
              "--identity", "lab@example.org"]
    r = _run(verify, ws)
    assert r.returncode == 0, r.stdout + r.stderr
    r = _run([*verify[:-1], "someone@else"], ws)
    assert r.returncode == 1 and "R_SIGNATURE" in r.stdout
    _forge_prepared()
    assert _run(verify, ws).returncode == 1


# ------------------------------------------------------------------------- 4. adversarial (docs/reliability.md)
def _fifo(path):
    """Replace ``path`` (file or folder) by a FIFO: a reader that opens it blocks until a writer comes."""
    p = Path(path)
    shutil.rmtree(p) if p.is_dir() and not p.is_symlink() else p.unlink(missing_ok=True)
    os.mkfifo(p)


def _dangling(path):
    Path(path).unlink()
    Path(path).symlink_to("nowhere")


def _stray_receipt(rule, outputs):
    """A receipt of a rule the DAG does not have (a copy of aggregate's, renamed), claiming ``outputs``."""
    r = json.loads(Path("receipts/aggregate/all.json").read_text())
    r["rule"] = rule
    r["outputs"] = [dict(r["outputs"][0], path=p) for p in outputs]
    Path(f"receipts/{rule}").mkdir()
    Path(f"receipts/{rule}/all.json").write_text(canonical_json(r) + "\n")


def _raw_receipt(path, text):
    Path(path).write_text(text)


BETA = "receipts/score/benchmark=beta.json"
TAMPERING = [
    # (id, tamper (run in the copy), code, path the problem names)
    ("output-replaced-by-a-fifo", lambda: _fifo("results/prepared.txt"), "R_UNHASHABLE", "results/prepared.txt"),
    ("results-json-replaced-by-a-fifo", lambda: _fifo("results.json"), "R_UNHASHABLE", "results.json"),
    ("fifo-inside-a-directory-output", lambda: os.mkfifo("results/tree/sub/pipe"), "R_UNHASHABLE", "results/tree"),
    ("output-is-a-dangling-symlink", lambda: _dangling("results/prepared.txt"), "R_UNHASHABLE",
     "results/prepared.txt"),
    ("directory-symlink-inside-an-output", lambda: os.symlink("../../../config", "results/tree/sub/cfg"),
     "R_OUTPUT_CHANGED", "results/tree"),
    ("empty-directory-inside-an-output", lambda: os.mkdir("results/tree/empty"), "R_OUTPUT_CHANGED", "results/tree"),
    ("dangling-symlink-inside-an-output", lambda: os.symlink("nowhere", "results/tree/sub/gone"),
     "R_OUTPUT_CHANGED", "results/tree"),
    ("receipt-with-a-duplicate-key", lambda: _raw_receipt(BETA, '{"exit_status":0,' + Path(BETA).read_text()[1:]),
     "R_FORMAT", BETA),
    ("receipt-not-canonical", lambda: _raw_receipt(BETA, json.dumps(json.loads(Path(BETA).read_text()), indent=1)),
     "R_FORMAT", BETA),
    ("receipt-size-edited", lambda: edit_receipt("receipts/prepare/all.json",
                                                 lambda r: r["outputs"][0].update(size=r["outputs"][0]["size"] + 1)),
     "R_OUTPUT_CHANGED", "results/prepared.txt"),
    ("stray-receipt-of-an-unplanned-rule", lambda: _stray_receipt("publish", ["results/published.json"]),
     "R_NOT_IN_PLAN", "receipts/publish/all.json"),
    ("second-producer-of-results-json", lambda: _stray_receipt("publish", ["results.json"]), "R_TWO_PRODUCERS",
     "results.json"),
    ("symlinked-folder-in-receipts", lambda: os.symlink("score", "receipts/linked"), "R_STRAY", "receipts/linked"),
    ("fifo-in-receipts", lambda: os.mkfifo("receipts/score/benchmark=gamma.json"), "R_STRAY",
     "receipts/score/benchmark=gamma.json"),
]


@pytest.mark.timeout(120)   # a FIFO read would block: the check must refuse it unread
@pytest.mark.parametrize("tamper,code,path", [c[1:] for c in TAMPERING], ids=[c[0] for c in TAMPERING])
def test_adversarial_outputs_and_receipts(copy, tamper, code, path):
    _, plan = copy
    tamper()
    p = problem(check(plan), code)
    assert p["path"] == path, p


def _swap_models(command):
    argv = shlex.split(command)
    at = argv.index("--models-json") + 1
    argv[at] = canonical_json([{"model": "m", "scale": "s", "base": None, "display": "Base"},
                               {"model": "b", "scale": "s", "base": "m", "display": "Trained"}])
    return shlex.join(argv)


def test_swapping_base_and_trained_models_changes_the_root(copy, mini):
    """The root pins what the numbers mean: results.json re-aggregated with the models swapped (paired deltas
    flipped) and its receipt rewritten to match is refused against the published root."""
    ws, plan = copy
    published = json.loads((mini[0] / "results.json").read_text())["provenance"]["merkle_root"]
    command = _swap_models(json.loads(Path("receipts/aggregate/all.json").read_text())["command"])
    r = _run(["bash", "-c", command], ws)
    assert r.returncode == 0, r.stderr
    flipped = json.loads(Path("results.json").read_text())
    assert [d["mean"] for d in flipped["comparisons"][0]["benchmark_deltas"]] == [-8.0, -8.0]

    def forge(rec):
        rec["command"] = command
        rec["outputs"][0].update(sha256=sha256_file("results.json"), size=Path("results.json").stat().st_size)
    edit_receipt("receipts/aggregate/all.json", forge)
    r = _run([str(BIN / "rlvr"), "verify-root", "--root", published, "--source", "config/"], ws)
    assert r.returncode == 1 and "R_ROOT" in r.stdout, r.stdout
    assert {"R_PLAN_COMMAND", "R_ROOT"} <= codes(check(plan, root_digest=published))


@pytest.mark.parametrize("extra,victim", [(["--out", "victim.json"], "victim.json"),
                                          (["--report-dir=victim"], "victim"),
                                          (["--report-dir", "victim"], "victim")])
def test_a_receipts_command_text_is_never_run(copy, extra, victim):
    """Re-runs take the workflow's command, never the receipt's: flags appended to the receipt write nothing."""
    ws, plan = copy
    Path("victim.json").write_text("precious\n")
    edit_receipt("receipts/aggregate/all.json", lambda r: r.update(command=r["command"] + " " + shlex.join(extra)))
    rep = check(plan)
    for cmd in (["verify-root", "--results", "results.json"], ["validate-receipts", "--results", "results.json"]):
        _run([str(BIN / "rlvr"), *cmd, "--source", "config/"], ws)
    assert Path("victim.json").read_text() == "precious\n" and not Path("victim").exists()
    assert problem(rep, "R_PLAN_COMMAND")["rule"] == "aggregate"
    assert "R_NOT_REBUILT" in {w["code"] for w in rep.warnings}


def test_results_json_that_no_aggregate_receipt_produced_is_refused(copy):
    ws, plan = copy
    shutil.copy("results.json", "forged.json")
    assert problem(check(plan, results="forged.json"), "R_ROOT")["path"] == "forged.json"
    r = _run([str(BIN / "rlvr"), "validate-receipts", "--source", "config/", "--results", "forged.json"], ws)
    assert r.returncode == 1 and "R_ROOT: forged.json" in r.stdout, r.stdout


def test_a_deleted_suite_file_is_named_when_the_dag_cannot_be_listed(copy):
    ws, _ = copy
    Path("config/suite.json").unlink()
    r = _run([str(BIN / "rlvr"), "validate-receipts", "--source", "config/", "--workflow", "--configfile",
              "config/mini.yaml", "--target", *TARGETS], ws)
    assert r.returncode == 1 and "Traceback" not in r.stdout + r.stderr
    assert "R_SOURCE_MISSING: config/suite.json" in r.stdout and "R_PLAN" in r.stdout, r.stdout + r.stderr


# ---------------------------------------------------------------------------- 5. writing receipts
def test_receipt_refuses_names_that_leave_the_receipts_root(tmp_path):
    rlvr = str(BIN / "rlvr")
    for args in (["--rule=../escape"], ["--rule=ok", "--wildcard=k=../../x"], ["--rule=ok", "--wildcard=k=a/b"],
                 ["--rule=ok", "--wildcard=../k=v"], ["--rule=ok", "--output=../o=x"]):
        r = _run([rlvr, "receipt", *args, "--", "touch", "ran"], tmp_path)
        assert r.returncode == 1 and "Traceback" not in r.stderr and len(r.stderr.strip().splitlines()) == 1
        assert not (tmp_path / "ran").exists()
    assert not list(tmp_path.rglob("*.json"))


def test_no_success_receipt_before_the_outputs_exist(tmp_path):
    r = _run([str(BIN / "rlvr"), "receipt", "--rule=lazy", "--output=o=never.txt", "--", "true"], tmp_path)
    assert r.returncode == 1 and "did not create never.txt" in r.stderr
    assert not (tmp_path / "receipts/lazy/all.json").exists()
    failed = json.loads((tmp_path / "receipts/lazy/all.failed.json").read_text())
    assert failed["outputs"] == [] and failed["declared_outputs"] == [{"name": "o", "path": "never.txt"}]
    r = _run([str(BIN / "rlvr"), "receipt", "--rule=lazy", "--output=o=never.txt", "--", "touch", "never.txt"],
             tmp_path)
    assert r.returncode == 0 and (tmp_path / "receipts/lazy/all.json").is_file()
    assert not (tmp_path / "receipts/lazy/all.failed.json").exists()   # a retry that succeeds clears it


def test_receipted_commands_run_with_pipefail(tmp_path):
    r = _run([str(BIN / "rlvr"), "receipt", "--rule=pipe", "--output=o=out.txt", "--",
              "false | cat > out.txt"], tmp_path)
    assert r.returncode != 0 and not (tmp_path / "receipts/pipe/all.json").exists()
