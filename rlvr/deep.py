"""Recompute what is cheap, from the receipts themselves, and require identical bytes.

A receipt records the exact command a job ran and the hashes of its inputs and outputs, so a
deterministic job can be re-run with its output paths (and, along a chain, its input paths) redirected
into a scratch folder; its new outputs must hash exactly as recorded.

* always (``rlvr.chain``): the aggregate job -> results.json (with its Merkle root);
* ``--deep``: every ``rlvr score`` and ``rlvr trace-validation score`` job (re-scoring the recorded
  generations), and the data of one split (the smallest): each ``tracegen generate`` shard, the merge,
  the parquet export and the equivalence digest, in a chain of re-runs.

Only these commands are re-run; they are read from the receipt, parsed as an argv (never through a
shell) and run in-process, with the ``main(argv)`` of their program from the command table the caller
hands in (``programs``: ``rlvr.cli.programs()``; this module never imports the command line).
"""

from __future__ import annotations

import contextlib
import io
import json
import os
import shlex
import tempfile
from pathlib import Path

from .receipts import hash_path

# (program, subcommand...) that may be re-run, and flags (with their value) to leave out
RERUNNABLE = {
    ("rlvr", "aggregate"): ("--report-dir",),
    ("rlvr", "score"): (),
    ("rlvr", "trace-validation", "score"): (),
    ("rlvr", "equivalence", "receipt"): (),
    ("tracegen", "generate"): (),
    ("tracegen", "merge"): (),
    ("tracegen", "export"): (),
}
DATA_CHAIN = ("generate_group", "merge_split", "export_split", "equivalence_split")


def _program(argv):
    for prefix, drop in RERUNNABLE.items():
        if tuple(argv[:len(prefix)]) == prefix:
            return prefix, drop
    return None, ()


def rerun(r: dict, mapping: dict, scratch, names=None, *, programs: dict) -> tuple[dict, str | None]:
    """Re-run receipt ``r``'s command with every recorded output redirected under ``scratch`` and the
    input paths in ``mapping`` (recorded path -> replacement) substituted.  ``names``: the outputs that
    must be re-made (default all; e.g. aggregate's results without the report its dropped flag writes);
    ``programs``: {program: main(argv)}.

    -> ({output path: new path}, problem or None)."""
    try:
        argv = shlex.split(r["command"])
    except ValueError as e:
        return {}, f"the recorded command cannot be parsed: {e}"
    prefix, drop = _program(argv)
    if prefix is None:
        return {}, f"the recorded command {r['command'][:80]!r} is not one that validation re-runs"
    outputs = {os.path.normpath(o["path"]) for o in r["outputs"]}
    wanted = {os.path.normpath(o["path"]) for o in _outputs(r, names)}
    subst = {os.path.normpath(k): str(v) for k, v in mapping.items()}
    redirected: dict[str, Path] = {}
    new, skip = [], False
    for tok in argv[1:]:
        if skip:
            skip = False
            continue
        if tok in drop:
            skip = True
            continue
        flag, value = ("", tok)
        if tok.startswith("--") and "=" in tok:
            flag, value = tok.split("=", 1)
            flag += "="
        key = os.path.normpath(value) if value and not value.startswith("-") else None
        if key in outputs:
            target = Path(scratch) / f"out{len(redirected)}" / Path(value).name
            target.parent.mkdir(parents=True, exist_ok=True)
            redirected[key] = target
            value = str(target)
        elif key in subst:
            value = subst[key]
        new.append(flag + value)
    missing = sorted(wanted - set(redirected))
    if missing:
        return redirected, f"the recorded command does not name its output {missing[0]}"
    out, err = io.StringIO(), io.StringIO()
    try:
        with contextlib.redirect_stdout(out), contextlib.redirect_stderr(err):
            status = programs[argv[0]](new)
    except SystemExit as e:
        status = e.code if isinstance(e.code, int) else 1
    except Exception as e:  # a crash while re-running is a failed check, reported with the file
        return redirected, f"re-running it failed: {type(e).__name__}: {e}"
    if status:
        lines = err.getvalue().strip().splitlines() or out.getvalue().strip().splitlines() or ["?"]
        first = next((x for x in lines if "error:" in x), lines[-1])
        return redirected, f"re-running it exited with status {status}: {first[:400]}"
    return redirected, None


def _outputs(r: dict, names=None) -> list[dict]:
    """The recorded outputs a re-run must re-make: all, or those named in ``names``."""
    return [o for o in r["outputs"] if names is None or o.get("name") in names]


def compare(r: dict, redirected: dict, names=None) -> str | None:
    for o in _outputs(r, names):
        new = redirected.get(os.path.normpath(o["path"]))
        if new is None or not new.exists():
            return f"re-running it did not write {o['path']}"
        if hash_path(new)["sha256"] != o["sha256"]:
            return f"re-running it gives different bytes for {o['path']}"
    return None


def rerun_and_compare(rf, r: dict, names=None, *, programs: dict, mapping=None, scratch=None) -> str | None:
    """Re-run receipt ``r`` into a scratch folder; a problem line, or None when every output is identical."""
    with tempfile.TemporaryDirectory(prefix="rlvr-deep-", dir=scratch) as d:
        redirected, problem = rerun(r, mapping or {}, d, names, programs=programs)
        return problem or compare(r, redirected, names)


# ---------------------------------------------------------------------------- --deep
def _rescore(receipts, rep, scratch, programs):
    n = 0
    for rf, r in receipts:
        prefix, _ = _program(shlex.split(r["command"])) if r["command"] else (None, ())
        if prefix not in (("rlvr", "score"), ("rlvr", "trace-validation", "score")):
            continue
        n += 1
        problem = rerun_and_compare(rf, r, programs=programs, scratch=scratch)
        if problem:
            rep.add("R_DEEP_RESCORE", rf, r["outputs"][0]["path"] if r["outputs"] else None,
                    f"rule {r['rule']} {r['wildcards']}: {problem}", r["rule"])
    return n


def _smallest_split(receipts):
    best = None
    for rf, r in receipts:
        if r["rule"] != "equivalence_split" or not r["outputs"]:
            continue
        try:
            rows = json.loads(Path(r["outputs"][0]["path"]).read_text(encoding="utf-8"))["num_rows"]
        except (OSError, ValueError, KeyError, TypeError):
            continue
        if best is None or rows < best[0]:
            best = (rows, r["wildcards"].get("split"))
    return best


def _regenerate(receipts, rep, scratch, programs):
    """Re-run the recorded data chain of the smallest split; every step's outputs must be identical."""
    best = _smallest_split(receipts)
    if best is None:
        return None
    rows, split = best
    chain = {rule: [(rf, r) for rf, r in receipts if r["rule"] == rule and r["wildcards"].get("split") == split]
             for rule in DATA_CHAIN}
    if not chain["generate_group"]:
        return None   # hub data: fetched, not generated; its files are checked against the release hashes
    with tempfile.TemporaryDirectory(prefix="rlvr-deep-data-", dir=scratch) as d:
        mapping = {}
        for rule in DATA_CHAIN:
            for rf, r in sorted(chain[rule], key=lambda x: str(x[0])):
                step = Path(d) / f"{rule}-{len(mapping)}"
                step.mkdir()
                redirected, problem = rerun(r, mapping, step, programs=programs)
                problem = problem or compare(r, redirected)
                if problem:
                    rep.add("R_DEEP_REGENERATE", rf, r["outputs"][0]["path"] if r["outputs"] else None,
                            f"regenerating split {split}: rule {rule} {r['wildcards']}: {problem}", rule)
                    return {"split": split, "rows": rows, "ok": False}
                mapping.update(redirected)
    return {"split": split, "rows": rows, "ok": True}


def code_problem(receipts) -> str | None:
    """Why re-running is not meaningful here: the installed code is not the code of the run."""
    from .receipts import source_sha256

    counts: dict = {}
    for _, r in receipts:
        key = (r.get("code") or {}).get("source_sha256")
        counts[key] = counts.get(key, 0) + 1
    if not counts:
        return None
    ran = max(sorted(counts, key=str), key=lambda k: counts[k])
    now = source_sha256()
    if ran != now:
        return (f"the installed tracegen/rlvr sources (sha256 {now[:12]}) are not the code of the run "
                f"({str(ran)[:12]}): re-running would compare another program; validate with the run's code")
    return None


def run(receipts, rep, *, programs: dict, scratch=None) -> None:
    changed = code_problem(receipts)
    if changed:
        if not any(p["code"] == "R_CODE_CHANGED" for p in rep.problems):
            rep.add("R_CODE_CHANGED", None, None, changed)
        rep.deep = {"rescored": 0, "regenerated": None, "skipped": changed}
        return
    rescored = _rescore(receipts, rep, scratch, programs)
    regenerated = _regenerate(receipts, rep, scratch, programs)
    rep.deep = {"rescored": rescored, "regenerated": regenerated}
