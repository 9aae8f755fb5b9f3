"""Recompute what is cheap and require identical bytes: re-runs of the workflow's own jobs.

A receipt records the hashes of a job's inputs and outputs; the workflow's plan (``rlvr.dag``: Snakemake's
DAG for the target) says what command that job is. A deterministic job is re-run from the *plan's* command
(never from a receipt's text) with every output redirected into a scratch folder (and, along a chain, its
inputs redirected to the re-made ones); its new outputs must hash exactly as recorded.

* always (``rlvr.chain``): the aggregate job -> results.json (with its Merkle root);
* ``--deep``: every ``rlvr score`` and ``rlvr trace-validation score`` job (re-scoring the recorded
  generations), and the data of one split (the smallest): each ``tracegen generate`` shard, the merge,
  the parquet export and the equivalence digest, in a chain of re-runs.

Only the programs in ``RERUNNABLE`` are re-run; a command is parsed as an argv (never through a shell)
and run in-process, with the ``main(argv)`` of its program from the command table the caller hands in
(``programs``: ``rlvr.cli.programs()``; this module never imports the command line). Confinement: each
program's flags that name a file it writes (``writes``) must name one of the job's outputs, which is
redirected into the scratch folder, or the job is not run at all; flags whose output the check does not
need (``drop``: aggregate's ``--report-dir``) are removed, in either the ``--flag VALUE`` or the
``--flag=VALUE`` form (an abbreviation of a flag counts as the flag).
"""

from __future__ import annotations

import contextlib
import io
import json
import os
import shlex
import tempfile
from dataclasses import dataclass
from pathlib import Path

from .receipts import HashError, hash_path


@dataclass(frozen=True)
class Program:
    writes: tuple = ("--output",)   # flags whose value is a path the program writes
    drop: tuple = ()                # flags left out of a re-run (with their value)


# (program, subcommand...) that may be re-run, and how its argv names what it writes
RERUNNABLE = {
    ("rlvr", "aggregate"): Program(writes=("--out",), drop=("--report-dir",)),
    ("rlvr", "score"): Program(),
    ("rlvr", "trace-validation", "score"): Program(),
    ("rlvr", "equivalence", "receipt"): Program(),
    ("tracegen", "generate"): Program(writes=("--output", "-o")),
    ("tracegen", "merge"): Program(writes=("--output", "-o")),
    ("tracegen", "export"): Program(writes=("--output", "-o")),
}
DATA_CHAIN = ("generate_group", "merge_split", "export_split", "equivalence_split")
RESCORED = (("rlvr", "score"), ("rlvr", "trace-validation", "score"))


def _program(argv):
    for prefix, spec in RERUNNABLE.items():
        if tuple(argv[:len(prefix)]) == prefix:
            return prefix, spec
    return None, None


def program_of(command: str | None):
    """The ``RERUNNABLE`` prefix a command starts with, or None."""
    try:
        return _program(shlex.split(command or ""))[0]
    except ValueError:
        return None


def _flag(tok: str, flags) -> tuple[str | None, str | None]:
    """(flag, attached value) when ``tok`` is one of ``flags`` (``--flag``, ``--flag=V``, a ``--fl`` prefix,
    which argparse may take for the flag, or ``-oV`` for a short flag), else (None, None)."""
    if tok.startswith("--"):
        name, sep, value = tok.partition("=")
        hits = [f for f in flags if f.startswith("--") and f.startswith(name) and len(name) > 2]
        return (hits[0], value if sep else None) if hits else (None, None)
    for f in flags:
        if len(f) == 2 and tok.startswith(f):
            return f, tok[2:] or None
    return None, None


def rerun(job: dict, mapping: dict, scratch, names=None, *, programs: dict) -> tuple[dict, str | None]:
    """Re-run the planned ``job`` (its ``command`` and ``outputs`` [[name, path]]) with every output
    redirected under ``scratch`` and the input paths in ``mapping`` (recorded path -> replacement)
    substituted. ``names``: the outputs that must be re-made (default all; e.g. aggregate's results without
    the report its dropped flag writes); ``programs``: {program: main(argv)}.

    -> ({output path: new path}, problem or None). Nothing runs when the command writes anything but the
    job's outputs."""
    try:
        argv = shlex.split(job["command"])
    except ValueError as e:
        return {}, f"the workflow's command cannot be parsed: {e}"
    prefix, spec = _program(argv)
    if prefix is None or prefix[0] not in programs:
        return {}, f"the workflow's command {job['command'][:80]!r} is not one that validation re-runs"
    outputs = {os.path.normpath(p) for _, p in job["outputs"]}
    wanted = {os.path.normpath(p) for n, p in job["outputs"] if names is None or n in names}
    subst = {os.path.normpath(k): str(v) for k, v in mapping.items()}
    redirected: dict[str, Path] = {}

    def redirect(value):
        key = os.path.normpath(value)
        if key not in redirected:
            target = Path(scratch) / f"out{len(redirected)}" / Path(value).name
            target.parent.mkdir(parents=True, exist_ok=True)
            redirected[key] = target
        return str(redirected[key])

    new, rest = list(argv[len(prefix):]), []
    while new:
        tok = new.pop(0)
        drop, attached = _flag(tok, spec.drop)
        if drop:
            if attached is None and new:
                new.pop(0)
            continue
        write, attached = _flag(tok, spec.writes)
        if write:
            value = attached if attached is not None else (new.pop(0) if new else "")
            if os.path.normpath(value or ".") not in outputs:
                return {}, (f"the workflow's command writes {value!r} ({write}), which is not an output of the "
                            "job: not re-run")
            rest += [write, redirect(value)]
            continue
        flag, sep, value = tok.partition("=") if tok.startswith("--") else ("", "", tok)
        if not sep:
            flag, value = "", tok
        key = os.path.normpath(value) if value and not value.startswith("-") else None
        rest.append(flag + sep + (redirect(value) if key in outputs else subst.get(key, value)))
    missing = sorted(wanted - set(redirected))
    if missing:
        return redirected, f"the workflow's command does not name its output {missing[0]}"
    out, err = io.StringIO(), io.StringIO()
    try:
        with contextlib.redirect_stdout(out), contextlib.redirect_stderr(err):
            status = programs[prefix[0]]([*prefix[1:], *rest])
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
        if new is None or not os.path.lexists(new):
            return f"re-running it did not write {o['path']}"
        try:
            now = hash_path(new)
        except (HashError, OSError) as e:
            return f"re-running it wrote {o['path']} that cannot be hashed: {e}"
        if now["sha256"] != o["sha256"]:
            return f"re-running it gives different bytes for {o['path']}"
    return None


def rerun_and_compare(r: dict, job: dict, names=None, *, programs: dict, mapping=None,
                      scratch=None) -> str | None:
    """Re-run the planned ``job`` of receipt ``r`` into a scratch folder; a problem line, or None when every
    output is identical to the receipt's."""
    with tempfile.TemporaryDirectory(prefix="rlvr-deep-", dir=scratch) as d:
        redirected, problem = rerun(job, mapping or {}, d, names, programs=programs)
        return problem or compare(r, redirected, names)


# ---------------------------------------------------------------------------- --deep
def _rescore(receipts, rep, scratch, programs):
    n = 0
    for rf, r in receipts:
        job = rep.planned.get(Path(rf).resolve())
        if job is None or program_of(job["command"]) not in RESCORED:
            continue
        n += 1
        problem = rerun_and_compare(r, job, programs=programs, scratch=scratch)
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
                job = rep.planned.get(Path(rf).resolve())
                if job is None:
                    redirected, problem = {}, "the workflow's plan has no command for it"
                else:
                    redirected, problem = rerun(job, mapping, step, programs=programs)
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
