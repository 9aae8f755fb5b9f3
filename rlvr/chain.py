"""Validation of a receipt chain: what ``rlvr validate-receipts`` and ``rlvr verify-root`` check.

Every problem names the file and the rule. Checks, in order:

1. the receipts directory exists and holds receipts; nothing else lies in it (a temporary or renamed
   receipt, a ``.failed.json`` of a job that failed, a file that is not a receipt where it lies, a symbolic
   link or anything but a regular file or folder); a receipt is canonical JSON (no duplicate keys, the
   bytes ``rlvr receipt`` writes);
2. with the workflow's plan (Snakemake's own DAG for the target, ``rlvr.dag``): every job has its receipt,
   and each receipt's rule, wildcards, inputs, outputs, command, params, config hash and declared container
   are what the workflow says that job is; a receipt of a job outside the DAG is an error; no path has two
   producing receipts;
3. each receipt: schema, exit status 0, every output present with the recorded kind, size and hash
   (``rlvr.receipts.hash_path``: a FIFO or other special file is refused unread), no stray Snakemake
   marker inside a directory output;
4. the chain: each input is the exact version its producer's receipt recorded, or a declared source
   (config files, the hub snapshot) that exists unchanged;
5. one run: the same code (git commit and installed source hash), config hash and, per container, tool
   versions on every receipt; the container that ran a job is the one its rule declared; a dirty tree
   is reported (an error with ``require_clean``);
6. results.json (the output of the aggregate receipt; ``results`` naming any other file is an error):
   rebuilt by re-running the aggregate job (identical bytes), and its Merkle root (``rlvr.provenance``:
   the receipts behind it and results.json's own content) recomputed equals the one it carries (and the
   root digest given by whoever holds it);
7. ``deep``: re-score every slice, re-run the TRACE validation scores, regenerate one split's data and its
   equivalence digest (``rlvr.deep``), all byte-identical.

Re-runs (6 and 7) run the command of the workflow's plan for that job, never a receipt's text, with every
output redirected into a scratch folder (``rlvr.deep``); without a plan, or when any receipt's command is
not the plan's, nothing is re-run (R_NOT_REBUILT says so).
"""

from __future__ import annotations

import json
import os
from dataclasses import dataclass, field
from pathlib import Path

from tracegen.core.canonical import canonical_json as canonical

from . import provenance
from .receipts import RECEIPT_VERSION, HashError, hash_path, image_digest, receipt_path, stray_markers

SCHEMA = Path(__file__).with_name("schemas") / "receipt.schema.json"


@dataclass
class Report:
    receipts_root: str
    problems: list = field(default_factory=list)
    warnings: list = field(default_factory=list)
    receipts: list = field(default_factory=list)     # [(file, receipt)] checked
    root: dict | None = None                          # {"results", "merkle_root", "leaf_count"}
    deep: dict = field(default_factory=dict)
    planned: dict = field(default_factory=dict)      # resolved receipt path -> the plan's job (with a command)

    def add(self, code, receipt, path, message, rule=None, *, warning=False):
        (self.warnings if warning else self.problems).append(
            {"code": code, "receipt": None if receipt is None else str(receipt), "path": path, "rule": rule,
             "message": message})

    def as_dict(self) -> dict:
        return {"ok": not self.problems, "receipts_root": self.receipts_root, "receipts": len(self.receipts),
                "problems": self.problems, "warnings": self.warnings, "root": self.root, "deep": self.deep}


def _schema_validator():
    import jsonschema

    return jsonschema.Draft202012Validator(json.loads(SCHEMA.read_text(encoding="utf-8")))


def _under(path: str, prefixes) -> bool:
    p = os.path.normpath(path)
    return any(p == os.path.normpath(s) or p.startswith(os.path.normpath(s) + os.sep) for s in prefixes)


# ---------------------------------------------------------------------------- 1. the directory
def _no_duplicates(pairs):
    keys = [k for k, _ in pairs]
    if len(set(keys)) != len(keys):
        raise ValueError(f"duplicate key {next(k for k in keys if keys.count(k) > 1)!r}")
    return dict(pairs)


def _entries(base: Path, rep: Report):
    """Every entry under ``base`` (links never followed): regular files are yielded; a symbolic link, or
    anything that is not a regular file or folder, is reported as stray."""
    for dirpath, dirnames, files in os.walk(base):
        here = Path(dirpath)
        for name in sorted(dirnames + files):
            p = here / name
            if p.is_symlink():
                rep.add("R_STRAY", p, p.as_posix(), f"{p.as_posix()} is a symbolic link in the receipts directory "
                                                    "(receipts are regular files; a link is not checked)")
            elif name in files:
                if p.is_file():
                    yield p
                else:
                    rep.add("R_STRAY", p, p.as_posix(), f"{p.as_posix()} is not a regular file")
        dirnames[:] = sorted(d for d in dirnames if not (here / d).is_symlink())


def scan(root, rep: Report) -> list[tuple[Path, dict]]:
    base = Path(root)
    if not base.is_dir():
        rep.add("R_NO_RECEIPTS", root, None, f"receipts directory {root} does not exist")
        return []
    validator = _schema_validator()
    out = []
    for p in sorted(_entries(base, rep)):
        rel = p.as_posix()
        name = p.name
        if name.endswith(".timing.json"):
            continue
        if name.startswith(".") or ".tmp" in name:
            rep.add("R_STRAY", p, rel, f"{rel} is a temporary or hidden file in the receipts directory "
                                       "(an unfinished write, or a receipt renamed out of place)")
            continue
        if not name.endswith(".json"):
            rep.add("R_STRAY", p, rel, f"{rel} is not a receipt (receipts are <rule>/<wildcards>.json)")
            continue
        try:
            raw = p.read_bytes()
            obj = json.loads(raw.decode("utf-8"), object_pairs_hook=_no_duplicates)
        except (OSError, UnicodeDecodeError, ValueError) as e:
            rep.add("R_FORMAT", p, rel, f"{rel} is not valid JSON: {e}")
            continue
        rule = obj.get("rule") if isinstance(obj, dict) else None
        if name.endswith(".failed.json"):
            why = obj.get("error") if isinstance(obj, dict) else None
            rep.add("R_FAILED", p, rel, f"rule {rule} failed ({why or 'no reason recorded'}); a failed job "
                                        "proves nothing", rule)
            continue
        try:
            want, why = (canonical(obj) + "\n").encode("utf-8"), ""
        except ValueError as e:   # NaN / Infinity
            want, why = None, f" ({e})"
        if raw != want:
            rep.add("R_FORMAT", p, rel, f"{rel} is not the canonical JSON that rlvr receipt writes (sorted keys, "
                                        f"no spaces, one trailing newline): an edited receipt{why}",
                    rule if isinstance(rule, str) else None)
            continue
        errors = sorted(validator.iter_errors(obj), key=lambda e: list(e.absolute_path))
        if errors:
            where = "/".join(str(x) for x in errors[0].absolute_path) or "(receipt)"
            rep.add("R_FORMAT", p, rel, f"{rel} is not a {RECEIPT_VERSION} receipt: at {where}: "
                                        f"{errors[0].message[:200]}", rule if isinstance(rule, str) else None)
            continue
        try:
            expected = receipt_path(root, obj["rule"], obj["wildcards"])
        except ValueError as e:
            rep.add("R_FORMAT", p, rel, f"{rel}: {e}", rule)
            continue
        if expected.resolve() != p.resolve():
            rep.add("R_MISPLACED", p, rel, f"{rel} holds the receipt of rule {rule} {obj['wildcards']}, which "
                                           f"belongs at {expected.as_posix()}", rule)
            continue
        out.append((p, obj))
    if not out and not rep.problems:
        rep.add("R_NO_RECEIPTS", root, None, f"receipts directory {root} holds no receipts")
    return out


# ---------------------------------------------------------------------------- 2. the plan
def _pairs(entries) -> list[list[str]]:
    return [[e["name"], os.path.normpath(e["path"])] for e in entries]


def check_plan(root, receipts, plan, rep: Report, *, complete=True) -> list[tuple[Path, dict]]:
    """Check ``receipts`` against the plan's jobs; -> the receipts of planned jobs. ``complete``: the plan is
    the whole DAG for the target, so a receipt of any other job is an error (R_NOT_IN_PLAN)."""
    by_path = {p.resolve(): (p, r) for p, r in receipts}
    planned = set()
    for job in plan:
        rule, wc = job["rule"], job["wildcards"]
        try:
            path = receipt_path(root, rule, wc)
        except ValueError as e:
            rep.add("R_PLAN", None, None, f"the workflow's job {rule} {wc}: {e}", rule)
            continue
        rel = path.as_posix()
        if job.get("unreceipted"):
            rep.add("R_UNRECEIPTED", None, job["unreceipted"][0],
                    f"rule {rule} writes {', '.join(job['unreceipted'])} without a receipt", rule)
            if "command" not in job:
                continue
        planned.add(path.resolve())
        hit = by_path.get(path.resolve())
        if hit is None:
            others = [q.as_posix() for q in path.parent.glob(path.name[:-5] + "*")
                      if q != path and not q.name.endswith(".timing.json")] if path.parent.is_dir() else []
            seen = f" (found only {', '.join(sorted(others))})" if others else ""
            rep.add("R_MISSING_RECEIPT", rel, rel, f"no receipt for rule {rule} {wc}, a job of the workflow's "
                                                   f"DAG{seen}", rule)
            continue
        rf, r = hit
        if "command" in job:
            rep.planned[path.resolve()] = job
        checks = (("outputs", "R_PLAN_OUTPUTS", _pairs(r["outputs"])), ("inputs", "R_PLAN_INPUTS", _pairs(r["inputs"])),
                  ("command", "R_PLAN_COMMAND", r["command"]), ("params", "R_PLAN_PARAMS", r["params"]),
                  ("config_sha256", "R_CONFIG_MISMATCH", r["config_sha256"]))
        for key, code, have in checks:
            if key not in job:
                continue
            want = job[key]
            if key in ("outputs", "inputs"):
                want = [[n, os.path.normpath(p)] for n, p in want]
            if canonical(have) != canonical(want):
                rep.add(code, rf, rel, f"rule {rule} {wc}: the receipt records {key} {_short(have)} but the "
                                       f"workflow's job has {_short(want)}", rule)
        if "container" in job:
            declared = (r["container"] or {}).get("declared")
            if declared != job["container"]:
                rep.add("R_CONTAINER", rf, rel, f"rule {rule} {wc}: the receipt declares container {declared!r} "
                                                f"but the workflow's job runs in {job['container']!r}", rule)
    kept = []
    for rf, r in receipts:
        if rf.resolve() in planned:
            kept.append((rf, r))
        elif complete:
            rep.add("R_NOT_IN_PLAN", rf, rf.as_posix(), f"{rf.as_posix()} (rule {r['rule']}) is no job of the "
                                                        "workflow's DAG for this target: a stray or stale receipt",
                    r["rule"])
    return kept


def check_producers(receipts, rep: Report) -> None:
    """No path is the output of two receipts (planned or not: a second producer of results.json too)."""
    produced: dict[str, tuple[str, Path]] = {}
    for rf, r in receipts:
        for out in r["outputs"]:
            path = os.path.normpath(out["path"])
            if path in produced:
                rep.add("R_TWO_PRODUCERS", rf, path, f"{path} is an output of rule {r['rule']} and of rule "
                                                     f"{produced[path][0]} ({produced[path][1]})", r["rule"])
            else:
                produced[path] = (r["rule"], rf)


def _short(obj, limit=300) -> str:
    text = canonical(obj)
    return text if len(text) <= limit else text[:limit] + "..."


# ---------------------------------------------------------------------------- 3.-5. receipts and chain
def _differs(entry: dict, now: dict) -> str | None:
    """How a path's hash now differs from a recorded entry (kind, size, sha256), or None."""
    for key in ("kind", "size", "sha256"):
        if now[key] != entry[key]:
            return f"its {key} is {now[key]}, the receipt recorded {entry[key]}"
    return None


def _hash(path, rf, rule, rep: Report) -> dict | None:
    try:
        return hash_path(path)
    except (HashError, OSError) as e:
        rep.add("R_UNHASHABLE", rf, path, f"{path} of rule {rule} cannot be hashed: {e}", rule)
        return None


def check_receipts(receipts, sources, rep: Report, *, config_hash=None, require_clean=False):
    produced: dict[str, tuple[dict, str]] = {}
    for rf, r in receipts:
        rule = r["rule"]
        if r["exit_status"] != 0:
            rep.add("R_FAILED", rf, None, f"rule {rule} exited with status {r['exit_status']}", rule)
        if not r["outputs"]:
            rep.add("R_NO_OUTPUTS", rf, None, f"the receipt of rule {rule} records no outputs", rule)
        for out in r["outputs"]:
            path = os.path.normpath(out["path"])
            produced.setdefault(path, (out, rule))
            if not os.path.lexists(path):
                rep.add("R_MISSING", rf, path, f"output {path} of rule {rule} is missing", rule)
                continue
            now = _hash(path, rf, rule, rep)
            if now is None:
                continue
            for marker in stray_markers(path):
                rep.add("R_STRAY_MARKER", rf, marker, f"{marker} inside the directory output {path} of rule "
                                                      f"{rule} is not Snakemake's own marker", rule)
            how = _differs(out, now)
            if how:
                rep.add("R_OUTPUT_CHANGED", rf, path, f"output {path} of rule {rule} changed since it was "
                                                      f"produced: {how}", rule)
    for rf, r in receipts:
        rule = r["rule"]
        for inp in r["inputs"]:
            path = os.path.normpath(inp["path"])
            if path in produced:
                out, producer = produced[path]
                if (out["sha256"], out["size"], out["kind"]) != (inp["sha256"], inp["size"], inp["kind"]):
                    rep.add("R_CHAIN", rf, path, f"rule {rule} consumed a version of {path} that rule "
                                                 f"{producer} did not produce", rule)
            elif _under(path, sources):
                if not os.path.lexists(path):
                    rep.add("R_SOURCE_MISSING", rf, path, f"source {path} of rule {rule} is missing", rule)
                    continue
                now = _hash(path, rf, rule, rep)
                how = now and _differs(inp, now)
                if how:
                    rep.add("R_SOURCE_CHANGED", rf, path, f"source {path} changed since rule {rule} used it: "
                                                          f"{how}", rule)
            else:
                rep.add("R_UNPRODUCED", rf, path, f"input {path} of rule {rule} has no producing receipt and is "
                                                  "not under a declared source", rule)
    _check_one_run(receipts, rep, config_hash=config_hash, require_clean=require_clean)


def _majority(values):
    counts: dict[str, int] = {}
    for v in values:
        counts[v] = counts.get(v, 0) + 1
    return min(counts, key=lambda v: (-counts[v], v)) if counts else None


def _check_one_run(receipts, rep: Report, *, config_hash=None, require_clean=False):
    if not receipts:
        return
    codes = {rf: canonical([r["code"]["git_commit"], r["code"]["source_sha256"]]) for rf, r in receipts}
    common = _majority(codes.values())
    for rf, r in receipts:
        if codes[rf] != common:
            want = json.loads(common)
            rep.add("R_CODE_MISMATCH", rf, None, f"rule {r['rule']} ran code commit {r['code']['git_commit']} "
                                                 f"(source {str(r['code']['source_sha256'])[:12]}), the run's other "
                                                 f"receipts commit {want[0]} (source {str(want[1])[:12]})",
                    r["rule"])
    dirty = [(rf, r) for rf, r in receipts if r["code"]["dirty"]]
    if dirty:
        rf, r = dirty[0]
        rep.add("R_DIRTY", rf, None, f"{len(dirty)} receipt(s) ran from a working tree with uncommitted changes "
                                     f"(first: rule {r['rule']}); the commit alone does not identify that code",
                r["rule"], warning=not require_clean)
    configs = {rf: r["config_sha256"] for rf, r in receipts}
    want = config_hash or _majority(str(v) for v in configs.values())
    for rf, r in receipts:
        if str(r["config_sha256"]) != str(want):
            rep.add("R_CONFIG_MISMATCH", rf, None, f"rule {r['rule']} ran with config sha256 {r['config_sha256']}, "
                                                   f"the run's config is {want}", r["rule"])
    by_image: dict = {}
    digests: dict = {}
    for rf, r in receipts:
        c = r["container"] or {}
        by_image.setdefault(c.get("ran"), []).append((rf, r))
        if c.get("ran") and c.get("declared") and c["ran"] != c["declared"]:
            rep.add("R_CONTAINER", rf, None, f"rule {r['rule']} ran in {c['ran']} but declares {c['declared']}",
                    r["rule"])
        if c.get("ran") and c.get("sha256"):
            now = digests.setdefault(c["ran"], image_digest(c["ran"]))
            if now is not None and now != c["sha256"]:
                rep.add("R_CONTAINER", rf, c["ran"], f"image {c['ran']} of rule {r['rule']} now has digest {now}, "
                                                     f"the receipt recorded {c['sha256']}", r["rule"])
    for image, group in by_image.items():
        tools = {rf: canonical(r["tools"]) for rf, r in group}
        common = _majority(tools.values())
        for rf, r in group:
            if tools[rf] != common:
                diff = {k: v for k, v in r["tools"].items() if json.loads(common).get(k) != v}
                rep.add("R_TOOLS_MISMATCH", rf, None, f"rule {r['rule']} recorded tool versions {diff} that differ "
                                                      f"from the run's other jobs in container {image}", r["rule"])


# ---------------------------------------------------------------------------- 6. results.json
def check_results(receipts, rep: Report, *, results=None, root_digest=None, scratch=None, programs=None,
                  blocked=None):
    """results.json against its aggregate receipt: rebuilt from the plan's aggregate job (unless ``blocked``
    says why nothing is re-run) and its Merkle root recomputed."""
    from . import deep

    aggs = [(rf, r) for rf, r in receipts if r["rule"] == "aggregate"]
    if not aggs:
        if results or root_digest:
            rep.add("R_ROOT", None, results, "no aggregate receipt: nothing anchors results.json")
        return
    outs = sorted({os.path.normpath(o["path"]) for _, r in aggs for o in r["outputs"] if o["name"] == "results"})
    if results and os.path.normpath(results) not in outs:
        rep.add("R_ROOT", None, results, f"{results} is not the results output of an aggregate receipt "
                                         f"({', '.join(outs) or 'none names one'}): nothing anchors it")
    changed = deep.code_problem(receipts)
    if changed:
        rep.add("R_CODE_CHANGED", None, None, changed)
    for rf, r in aggs:
        out = next((o["path"] for o in r["outputs"] if o["name"] == "results"), None)
        if out is None:
            rep.add("R_RESULTS_REBUILD", rf, None, "the aggregate receipt names no results output", "aggregate")
            continue
        if results and os.path.normpath(results) != os.path.normpath(out):
            continue
        job = rep.planned.get(Path(rf).resolve())
        problem = None
        if not changed and (blocked or job is None):
            rep.add("R_NOT_REBUILT", rf, out, f"{out} was not rebuilt: "
                                              f"{blocked or 'the plan has no command for rule aggregate'}",
                    "aggregate", warning=True)
        elif not changed:
            problem = deep.rerun_and_compare(r, job, ["results"], programs=programs, scratch=scratch)
        if problem:
            rep.add("R_RESULTS_REBUILD", rf, out, f"{out} is not what rule aggregate of the workflow rebuilds "
                                                  f"from the recorded inputs: {problem}", "aggregate")
        if not Path(out).is_file():   # a FIFO would block the reader; a folder or a dangling link is no file
            rep.add("R_ROOT", rf, out, f"{out} is not a regular file", "aggregate")
            continue
        try:
            data = json.loads(Path(out).read_text(encoding="utf-8"))
        except (OSError, ValueError) as e:
            rep.add("R_ROOT", rf, out, f"cannot read {out}: {e}", "aggregate")
            continue
        prov = data.get("provenance") if isinstance(data, dict) else None
        if not isinstance(prov, dict) or "merkle_root" not in prov:
            rep.add("R_ROOT", rf, out, f"{out} carries no provenance root", "aggregate")
            continue
        start = [(i["path"], i["sha256"]) for i in r["inputs"]]
        try:
            leaves = provenance.leaves(start, receipts, prov.get("pins") or {}, data)
        except provenance.ProvenanceError as e:
            rep.add("R_ROOT", rf, out, str(e), "aggregate")
            continue
        root = provenance.root_of(leaves)
        rep.root = {"results": out, "merkle_root": root, "leaf_count": len(leaves)}
        if root != prov["merkle_root"]:
            have = {canonical(x) for x in prov.get("leaves") or []}
            new = [x for x in leaves if canonical(x) not in have]
            what = (f"; first changed leaf: {new[0].get('path') or new[0]['kind']}" if new else "")
            rep.add("R_ROOT", rf, out, f"the receipts' Merkle root {root} is not the root {prov['merkle_root']} "
                                       f"that {out} carries{what}", "aggregate")
        if root_digest and root != root_digest.lower():
            rep.add("R_ROOT", rf, out, f"the receipts' Merkle root {root} is not the expected root {root_digest}",
                    "aggregate")
        pins = prov.get("pins") or {}
        if pins.get("config_sha256") is not None:
            for crf, cr in receipts:
                if cr["config_sha256"] != pins["config_sha256"]:
                    rep.add("R_CONFIG_MISMATCH", crf, None, f"rule {cr['rule']} ran with config sha256 "
                                                            f"{cr['config_sha256']}, results.json pins "
                                                            f"{pins['config_sha256']}", cr["rule"])
                    break


# ---------------------------------------------------------------------------- entry point
def _rebuild_blocked(rep: Report, plan, programs) -> str | None:
    """Why nothing may be re-run, or None: re-runs take each job's command from the workflow's plan."""
    if plan is None:
        return ("no workflow plan (re-runs take the job's command from the workflow's DAG, never from a "
                "receipt: pass --workflow)")
    if programs is None:
        return "no command table to re-run jobs with (programs=rlvr.cli.programs())"
    differ = sorted({p["code"] for p in rep.problems if p["code"].startswith("R_PLAN_")})
    if differ:
        return f"receipts differ from the workflow's jobs ({', '.join(differ)}): nothing is re-run"
    return None


def validate(root="receipts", *, sources=(), plan=None, expected=(), config_hash=None, require_clean=False,
             results=None, root_digest=None, deep=False, scratch=None, programs=None) -> Report:
    """Check the chain under ``root`` (see the module docstring). ``plan``: the workflow's jobs
    ({rule, wildcards[, inputs, outputs, command, params, config_sha256, container]}); ``expected``:
    (rule, wildcards) pairs that must have a receipt (a plan with only those keys); ``programs``: the
    command table re-runs use ({program: main(argv)}, ``rlvr.cli.programs()``). Without a plan or a
    command table nothing is re-run (a warning says so)."""
    rep = Report(str(root))
    scanned = scan(root, rep)
    jobs = list(plan or []) + [{"rule": r, "wildcards": dict(w)} for r, w in expected]
    receipts = scanned
    if plan is not None:
        receipts = check_plan(root, scanned, jobs, rep)
    elif jobs:
        check_plan(root, scanned, jobs, rep, complete=False)
    check_producers(scanned, rep)
    rep.receipts = receipts
    check_receipts(receipts, sources, rep, config_hash=config_hash, require_clean=require_clean)
    blocked = _rebuild_blocked(rep, plan, programs)
    check_results(receipts, rep, results=results, root_digest=root_digest, scratch=scratch, programs=programs,
                  blocked=blocked)
    if deep and receipts:
        from . import deep as deep_mod

        if blocked:
            rep.add("R_NOT_REBUILT", None, None, f"--deep re-ran nothing: {blocked}", warning=True)
            rep.deep = {"rescored": 0, "regenerated": None, "skipped": blocked}
        else:
            deep_mod.run(receipts, rep, programs=programs, scratch=scratch)
    return rep


__all__ = ["Report", "validate", "scan", "check_plan", "check_producers", "check_receipts", "check_results"]
