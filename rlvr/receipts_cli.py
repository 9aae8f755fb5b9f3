"""``rlvr`` subcommands for provenance: receipt, validate-receipts, verify-root, sign-root, equivalence, hub."""

from __future__ import annotations

import json
import sys
from pathlib import Path

from tracegen.core.files import write_atomic, write_json_atomic


class CommandError(Exception):
    """A user-facing problem: printed as one ``rlvr: error: ...`` line."""


def _read_json(path, what):
    try:
        return json.loads(Path(path).read_text(encoding="utf-8"))
    except FileNotFoundError:
        raise CommandError(f"{what} {path} does not exist") from None
    except IsADirectoryError:
        raise CommandError(f"{what} {path} is a directory") from None
    except (UnicodeDecodeError, ValueError) as e:
        raise CommandError(f"{what} {path} is not valid JSON: {e}") from None


# ---------------------------------------------------------------------------- receipt
def cmd_receipt(a) -> int:
    from . import receipts

    try:
        job, command = receipts.job_from_args(a)
        return receipts.run(job, command)
    except receipts.ReceiptError as e:
        raise CommandError(str(e)) from None


# ---------------------------------------------------------------------------- validate / verify
def add_validate_arguments(s):
    s.add_argument("--receipts", default="receipts")
    s.add_argument("--source", action="append", metavar="PREFIX", help="allowed chain roots (e.g. config/)")
    add_workflow_arguments(s)
    s.add_argument("--config-hash", help="every receipt must carry this config sha256")
    s.add_argument("--require-clean", action="store_true", help="a receipt from a dirty working tree is an error")
    s.add_argument("--results", help="results.json whose Merkle root must match the receipts")
    s.add_argument("--root", metavar="SHA256", help="the expected Merkle root (e.g. a published one)")
    s.add_argument("--deep", action="store_true",
                   help="also re-score every slice and regenerate the smallest split (identical bytes)")
    s.add_argument("--expect", help="JSON file: list of [rule, wildcards] that must have receipts")
    s.add_argument("--expect-json", help="the same list given inline")
    s.add_argument("--report", help="write the JSON report here")
    return s


def add_workflow_arguments(s):
    s.add_argument("--workflow", action="store_true",
                   help="take the jobs that must have receipts, and the commands re-runs use, from Snakemake's "
                        "DAG for --target")
    s.add_argument("--target", nargs="+", default=[], metavar="FILE", help="workflow targets (with --workflow)")
    s.add_argument("--configfile", action="append", default=[], metavar="YAML",
                   help="config files for the workflow listing (with --workflow)")
    s.add_argument("--config-json", metavar="JSON", help="the effective config as JSON (with --workflow)")
    s.add_argument("--snakefile", help="with --workflow (default: Snakemake's own lookup)")
    return s


def _plan(a) -> tuple[list | None, str | None]:
    """(the workflow's jobs, or None without --workflow; why they could not be listed, or None)."""
    if not a.workflow:
        return None, None
    from . import dag

    config = None
    if a.config_json:
        try:
            config = json.loads(a.config_json)
        except json.JSONDecodeError as e:
            raise CommandError(f"--config-json is not JSON: {e}") from None
    try:
        if config is not None:
            return dag.plan_for_config(config, a.target, snakefile=a.snakefile, extra_args=[]), None
        args = list(a.target) + (["--configfile", *a.configfile] if a.configfile else [])
        if a.snakefile:
            args = ["--snakefile", a.snakefile, *args]
        return dag.plan(args), None
    except dag.PlanError as e:   # e.g. a deleted source file: the receipts are still checked without the plan
        return None, str(e)


def _validate(a, **kw):
    """chain.validate with the plan of --workflow; a plan that cannot be listed is a problem (R_PLAN) and the
    receipts are checked without it, so what is wrong (e.g. R_SOURCE_MISSING) is still named."""
    from . import chain

    plan, plan_error = _plan(a)
    rep = chain.validate(a.receipts, sources=a.source or [], plan=plan, programs=a.programs, **kw)
    if plan_error:
        rep.add("R_PLAN", None, None, f"the workflow's jobs cannot be listed, so the receipts were checked without "
                                      f"them and nothing was re-run: {plan_error}")
    return rep


def _expected(a):
    expected = []
    for src, what in ((a.expect, "file"), (a.expect_json, "json")):
        if not src:
            continue
        data = _read_json(src, "--expect") if what == "file" else None
        if what == "json":
            try:
                data = json.loads(src)
            except json.JSONDecodeError as e:
                raise CommandError(f"--expect-json is not JSON: {e}") from None
        try:
            expected += [(rule, dict(wc)) for rule, wc in data]
        except (TypeError, ValueError):
            raise CommandError("--expect must be a JSON list of [rule, {wildcards}] pairs") from None
    return expected


def _print_report(rep, what, dag=True) -> int:
    for w in rep.warnings[:20]:
        print(f"  warning {w['code']}: {w['path'] or ''} ({w['receipt']}): {w['message']}")
    if rep.problems:
        print(f"INVALID: {len(rep.problems)} problems in {what}")
        for p in rep.problems[:50]:
            print(f"  {p['code']}: {p['path'] or ''} ({p['receipt']}): {p['message']}")
        return 1
    root = f"; Merkle root {rep.root['merkle_root']} ({rep.root['leaf_count']} leaves)" if rep.root else ""
    deep = ""
    if rep.deep:
        regen = rep.deep.get("regenerated")
        deep = f"; deep: {rep.deep['rescored']} slices re-scored" + (
            f", split {regen['split']} ({regen['rows']} rows) regenerated" if regen else "")
    note = "" if dag else " (not checked against the workflow's DAG, nothing re-run: pass --workflow)"
    print(f"OK: {len(rep.receipts)} receipts valid{root}{deep}{note}")
    return 0


def cmd_validate_receipts(a) -> int:
    rep = _validate(a, expected=_expected(a), config_hash=a.config_hash, require_clean=a.require_clean,
                    results=a.results, root_digest=a.root, deep=a.deep)
    if a.report:
        write_json_atomic(a.report, rep.as_dict())
    return _print_report(rep, a.receipts, dag=a.workflow)


def add_verify_root_arguments(s):
    s.add_argument("--results", default=None, help="results.json (default: the aggregate receipt's output)")
    s.add_argument("--root", metavar="SHA256", help="the root digest to verify against (e.g. a published one)")
    s.add_argument("--receipts", default="receipts")
    s.add_argument("--source", action="append", metavar="PREFIX", help="allowed chain roots (e.g. config/)")
    add_workflow_arguments(s)
    s.add_argument("--signature", help="an ssh-keygen -Y signature of the root (rlvr sign-root)")
    s.add_argument("--allowed-signers", help="ssh allowed_signers file (with --signature)")
    s.add_argument("--identity", help="the signer identity in allowed_signers (with --signature)")
    return s


def cmd_verify_root(a) -> int:
    """Verify a results.json (or just a root digest) against the receipts on disk."""
    from . import provenance

    if not a.results and not a.root:
        raise CommandError("give --results results.json and/or --root SHA256")
    if a.root and (len(a.root) != 64 or any(c not in "0123456789abcdefABCDEF" for c in a.root)):
        raise CommandError(f"--root must be a 64-hex sha256, got {a.root!r}")
    if a.signature and not (a.allowed_signers and a.identity):
        raise CommandError("--signature needs --allowed-signers and --identity")
    if a.results and not Path(a.results).is_file():
        raise CommandError(f"results file {a.results} does not exist" if not Path(a.results).exists()
                           else f"results file {a.results} is not a regular file")
    rep = _validate(a, results=a.results, root_digest=a.root)
    if rep.root is None and not any(p["code"] == "R_ROOT" for p in rep.problems):
        rep.add("R_ROOT", None, a.results, "no results.json with a provenance root was found in the receipts")
    if a.signature and rep.root:
        try:
            provenance.verify_signature(a.root or rep.root["merkle_root"], a.signature, a.allowed_signers,
                                        a.identity)
        except provenance.ProvenanceError as e:
            rep.add("R_SIGNATURE", None, a.signature, str(e))
    return _print_report(rep, a.results or a.receipts, dag=a.workflow)


def add_sign_root_arguments(s):
    s.add_argument("--results", default="results.json")
    s.add_argument("--key", required=True, help="SSH private key (ssh-keygen -Y sign -f KEY)")
    s.add_argument("--output", help="signature file (default: RESULTS.root.sig)")
    return s


def cmd_sign_root(a) -> int:
    from . import provenance

    data = _read_json(a.results, "results")
    root = (data.get("provenance") or {}).get("merkle_root") if isinstance(data, dict) else None
    if not root:
        raise CommandError(f"{a.results} carries no provenance root (aggregate with --receipts)")
    try:
        sig = provenance.sign(root, a.key)
    except provenance.ProvenanceError as e:
        raise CommandError(str(e)) from None
    out = a.output or f"{a.results}.root.sig"
    write_atomic(out, sig)
    print(f"signed root {root} -> {out}")
    return 0


# ---------------------------------------------------------------------------- equivalence / hub
def cmd_equivalence(a) -> int:
    from . import equivalence

    if a.action == "receipt":
        if len(a.paths) != 1:
            raise CommandError("equivalence receipt takes one parquet directory")
        if not a.output:
            raise CommandError("equivalence receipt needs --output")
        try:
            rec = equivalence.make_receipt(a.paths[0])
        except equivalence.EquivalenceError as e:
            raise CommandError(str(e)) from None
        write_json_atomic(a.output, rec)
        print(f"{rec['num_rows']} rows, sha256 {rec['sha256']}")
        return 0
    if len(a.paths) != 2:
        raise CommandError("equivalence compare takes two receipts")
    first, second = (_read_json(p, "equivalence receipt") for p in a.paths)
    result = equivalence.compare(first, second, names=a.paths)
    if a.output and result["equal"]:
        write_json_atomic(a.output, result)
    print(("EQUAL: " if result["equal"] else "DIFFERENT: ") + result["message"])
    return 0 if result["equal"] else 1


def cmd_hub(a) -> int:
    from . import hub

    try:
        if a.action == "fetch":
            hub.fetch(a.repo, a.revision, a.dir)
        report = hub.verify(a.dir, a.manifest)
    except hub.HubError as e:
        raise CommandError(str(e)) from None
    if a.output and report["ok"]:
        write_json_atomic(a.output, dict(report, repo=a.repo, revision=a.revision))
    print(("OK: " if report["ok"] else "INVALID: ") + f"{report['checked']} files verified")
    for p in report["problems"][:50]:
        print("  " + p)
    return 0 if report["ok"] else 1


def cmd_fetch_model(a) -> int:
    from . import hub

    try:
        path = hub.fetch_model(a.repo, a.revision, a.output)
    except hub.HubError as e:
        raise CommandError(str(e)) from None
    print(path)
    return 0


def add_parsers(sub, programs) -> None:
    """The provenance subcommands; ``programs`` is the command table validation re-runs jobs with
    ({program name: main(argv)}, ``rlvr.deep``), handed down by the ``rlvr`` command itself."""
    from .receipts import add_job_arguments

    s = sub.add_parser("receipt", help="run a command and write its receipt (used by every pipeline rule)")
    add_job_arguments(s).set_defaults(fn=cmd_receipt)

    s = sub.add_parser("equivalence", help="receipt of model-consumed values of a parquet split; compare two")
    s.add_argument("action", choices=["receipt", "compare"])
    s.add_argument("paths", nargs="+", help="receipt: PARQUET_DIR; compare: A.json B.json")
    s.add_argument("--output", help="where to write the receipt (or, for compare, the result when equal)")
    s.set_defaults(fn=cmd_equivalence)

    s = sub.add_parser("hub", help="fetch (network) and/or verify the pinned hub dataset release")
    s.add_argument("action", choices=["fetch", "verify"])
    s.add_argument("--repo", default="maveryn/trace")
    s.add_argument("--revision", default="4e5b54361360296a855542b40cfd8b7f81b355fe")
    s.add_argument("--dir", required=True, help="snapshot directory")
    s.add_argument("--manifest", default="config/reference/dataset_equivalence.v1.json")
    s.add_argument("--output", help="write the verification report here when it passes")
    s.set_defaults(fn=cmd_hub)

    s = sub.add_parser("fetch-model", help="download a model at a pinned commit (cluster; needs the network)")
    s.add_argument("--repo", required=True)
    s.add_argument("--revision", required=True, help="full 40-hex commit")
    s.add_argument("--output", required=True)
    s.set_defaults(fn=cmd_fetch_model)

    s = sub.add_parser("validate-receipts", help="check the receipt chain: every DAG job, every hash, one run, "
                                                 "results.json's root (--deep: recompute)")
    add_validate_arguments(s).set_defaults(fn=cmd_validate_receipts, programs=programs)

    s = sub.add_parser("verify-root", help="verify results.json (or its root digest) against the receipts")
    add_verify_root_arguments(s).set_defaults(fn=cmd_verify_root, programs=programs)

    s = sub.add_parser("sign-root", help="sign results.json's Merkle root with ssh-keygen -Y sign")
    add_sign_root_arguments(s).set_defaults(fn=cmd_sign_root)


def fail(prog: str, message: str, code: int = 1) -> int:
    print(f"{prog}: error: {message}", file=sys.stderr)
    return code
