"""The tracegen command: help everywhere, one-line errors, list without importing task code."""

import json
import subprocess
import sys

import pytest

from tracegen import cli

SUBCOMMANDS = ["list", "generate", "validate", "export", "show", "score", "gallery", "merge", "index"]
TID = "task_charts__single_series__threshold_value_count"


def run(*args, stdin=None):
    return subprocess.run([sys.executable, "-m", "tracegen", *args], capture_output=True, text=True, input=stdin)


@pytest.mark.parametrize("sub", SUBCOMMANDS)
def test_help_on_every_subcommand(sub):
    r = run(sub, "--help")
    assert r.returncode == 0 and "usage: tracegen " + sub in r.stdout


def test_list_json_has_required_fields_and_imports_no_task_code():
    code = ("import sys, io, contextlib\nfrom tracegen import cli\nbuf = io.StringIO()\n"
            "with contextlib.redirect_stdout(buf): cli.main(['list', '--json'])\n"
            "heavy = [m for m in sys.modules if m.startswith('tracegen.domains') or m in ('numpy', 'cairo')]\n"
            "print(repr(heavy)); print(buf.getvalue())")
    r = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    first, rest = r.stdout.split("\n", 1)
    assert first == "[]"
    rows = [json.loads(line) for line in rest.splitlines() if line]
    assert len(rows) >= 11
    for row in rows:
        assert {"task_id", "domain", "scene_id", "answer_type", "annotation_type"} <= set(row)


def test_list_filters():
    r = run("list", "--json", "--domain", "charts", "--answer-type", "string")
    rows = [json.loads(l) for l in r.stdout.splitlines()]
    assert rows and all(x["domain"] == "charts" and x["answer_type"] == "string" for x in rows)


@pytest.mark.parametrize("args,needle", [
    (["generate", "--task", "task_charts__single_series__nope", "-o", "X"], "unknown task id"),
    (["generate", "--task", TID, "--seed", "-4", "-o", "X"], "seed"),
    (["generate", "--task", TID, "--seed", "abc", "-o", "X"], "seed"),
    (["generate", "-o", "X"], "config file, or --task"),
    (["generate", "no-such-config.yaml", "-o", "X"], "config file not found"),
    (["show", "--task", "task_nope__x__y"], "unknown task id"),
])
def test_errors_are_one_line_and_nonzero(args, needle, tmp_path):
    r = subprocess.run([sys.executable, "-m", "tracegen", *args], capture_output=True, text=True, cwd=tmp_path)
    assert r.returncode != 0
    assert needle in r.stderr
    assert "Traceback" not in r.stderr
    assert not (tmp_path / "X").exists()


def test_bad_yaml_config(tmp_path):
    cfg = tmp_path / "c.yaml"
    cfg.write_text("seed: [unclosed\n")
    r = run("generate", str(cfg), "-o", str(tmp_path / "out"))
    assert r.returncode == 2 and "not valid YAML" in r.stderr and len(r.stderr.strip().splitlines()) == 1
    cfg.write_text("seed: 1\ntasks:\n  - id: " + TID + "\n    count: 0\n")
    r = run("generate", str(cfg), "-o", str(tmp_path / "out"))
    assert r.returncode == 2 and "invalid config at tasks/0/count" in r.stderr


def test_generate_validate_export_show_score_roundtrip(tmp_path):
    cfg = tmp_path / "c.yaml"
    cfg.write_text(f"seed: 5\nsplit: validation\ntasks:\n  - id: {TID}\n    count: 3\n"
                   "  - domain: charts\n    count: 1\n")
    out = tmp_path / "ds"
    r = run("generate", str(cfg), "-o", str(out), "-q", "--workers", "2")
    assert r.returncode == 0, r.stderr
    info = json.loads(r.stdout)
    assert info["records"] >= 3 + 10
    assert run("validate", str(out), "-q").returncode == 0
    r = run("export", str(out), "-o", str(tmp_path / "pq"))
    assert r.returncode == 0 and r.stdout.strip().endswith(".parquet")
    r = run("show", "--task", TID, "--seed", "3", "--annotate", "-o", str(tmp_path / "one.png"))
    assert r.returncode == 0 and "--- answer ---" in r.stdout
    assert (tmp_path / "one.png").read_bytes()[:8] == b"\x89PNG\r\n\x1a\n"
    assert run("show", "--task", TID, "--seed", "3", "-o", str(tmp_path / "plain.png")).returncode == 0
    assert (tmp_path / "plain.png").read_bytes() != (tmp_path / "one.png").read_bytes()  # the overlay is drawn

    recs = [json.loads(l) for l in open(out / "records.jsonl")]
    lines = []
    for rec in recs[:3]:
        base = {k: rec[k] for k in ("answer_gt", "annotation_gt", "reward_contract")}
        lines.append(dict(base, response='I think {"answer": %s}' % json.dumps(rec["answer_gt"]["value"])))
        lines.append(dict(base, response="no idea"))
        lines.append(dict(base, response=json.dumps({"answer": rec["answer_gt"]["value"],
                                                     "annotation": rec["annotation_gt"]["value"]}),
                          mode="answer_and_annotation"))
    f = tmp_path / "resp.jsonl"
    f.write_text("".join(json.dumps(l) + "\n" for l in lines))
    r = run("score", str(f))
    assert r.returncode == 0, r.stderr
    scores = [json.loads(l) for l in r.stdout.splitlines()]
    assert [s["overall"] for s in scores] == [1.0, 0.0, 1.0] * 3
    assert all({"overall", "accuracy", "format"} <= set(s) for s in scores)


def test_score_rejects_malformed_lines(tmp_path):
    f = tmp_path / "bad.jsonl"
    f.write_text('{"response": "x"}\n')
    r = run("score", str(f))
    assert r.returncode == 2 and "line 1" in r.stderr


def test_parser_knows_every_subcommand():
    minimal = {"list": [], "generate": ["-o", "x"], "validate": ["d"], "export": ["d", "-o", "x"],
               "show": ["--task", TID], "score": ["f"], "gallery": [], "merge": ["a", "-o", "x"],
               "index": []}
    parser = cli.build_parser()
    assert set(minimal) == set(SUBCOMMANDS)
    for sub, rest in minimal.items():
        assert parser.parse_args([sub, *rest]).cmd == sub
