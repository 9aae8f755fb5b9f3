"""The jobs a receipt chain must hold, read from the workflow itself: Snakemake's DAG for the target.

``snakemake --dry-run --forceall --printshellcmds`` lists every job of the DAG for the given targets, as
the workflow defines it now: its rule, outputs and shell command. Every rule runs its command as
``rlvr receipt <job args> -- COMMAND > LOG 2>&1`` and declares its receipt
``receipts/<rule>/<wildcards>.json`` as an output, so the command's receipt arguments say exactly what
the receipt must record: rule, wildcards, inputs, outputs, params, config hash, declared container and
the command. A job with outputs but no receipt is reported as unreceipted; the job that runs
``rlvr validate-receipts`` itself is not part of the chain it checks.
"""

from __future__ import annotations

import json
import os
import re
import shlex
import subprocess
import sys
import tempfile
from pathlib import Path

VALIDATOR = "rlvr validate-receipts"
_RULE = re.compile(r"^(?:local)?(?:rule|checkpoint) (\S+):$")


class PlanError(RuntimeError):
    """Snakemake could not list the workflow's jobs (one line)."""


def dry_run_jobs(snakemake_args, *, cwd=".", timeout=900) -> list[dict]:
    """[{rule, outputs, shell}] of every job of the DAG (a forced dry run: nothing runs)."""
    cmd = [sys.executable, "-m", "snakemake", "--dry-run", "--forceall", "--printshellcmds", "--nolock",
           *snakemake_args]
    r = subprocess.run(cmd, cwd=cwd, capture_output=True, text=True, timeout=timeout, start_new_session=True)
    if r.returncode != 0:
        lines = [x for x in (r.stderr or r.stdout).strip().splitlines() if x.strip()]
        raise PlanError(f"snakemake --dry-run failed: {lines[-1] if lines else r.returncode}")
    jobs, job, in_shell = [], None, False
    for line in (r.stdout + "\n" + r.stderr).splitlines():
        m = _RULE.match(line)
        if m:
            job = {"rule": m.group(1), "outputs": [], "shell": None}
            jobs.append(job)
            in_shell = False
        elif job is None:
            continue
        elif line.startswith("    output: "):
            job["outputs"] = [x for x in line[len("    output: "):].split(", ") if x]
        elif line.startswith("Shell command: "):
            text = line[len("Shell command: "):]
            job["shell"] = None if text == "None" else text
            in_shell = job["shell"] is not None
        elif in_shell and line.strip() and not line.startswith("["):
            job["shell"] += "\n" + line   # a shell command over several lines
        else:
            in_shell = False
    if not jobs:
        raise PlanError("snakemake --dry-run listed no jobs")
    return jobs


def _receipt_job(shellcmd: str) -> dict | None:
    """The receipt arguments of an ``rlvr receipt ... -- CMD > LOG 2>&1`` shell command, as a planned job."""
    import argparse

    from .receipts import ReceiptError, add_job_arguments, command_text, job_from_args

    try:
        tokens = shlex.split(shellcmd)
    except ValueError:
        return None
    at = next((i for i in range(len(tokens) - 1) if tokens[i:i + 2] == ["rlvr", "receipt"]), None)
    if at is None:
        return None
    rest = tokens[at + 2:]
    if ">" in rest:   # receipted() sends the job's output to its log: `> LOG 2>&1`
        rest = rest[:len(rest) - rest[::-1].index(">") - 1]
    parser = add_job_arguments(argparse.ArgumentParser(prog="rlvr receipt", add_help=False))
    try:
        a = parser.parse_args(rest)
        job, command = job_from_args(a)
    except (SystemExit, ReceiptError) as e:
        raise PlanError(f"cannot read the receipt arguments of {shellcmd[:120]!r}: {e}") from None
    return {"rule": job.rule, "wildcards": dict(job.wildcards), "inputs": [list(p) for p in job.inputs],
            "outputs": [list(p) for p in job.outputs], "params": job.params, "config_sha256": job.config_sha256,
            "container": job.container, "command": command_text(command)}


def plan(snakemake_args=(), *, cwd=".", receipts_root="receipts", timeout=900) -> list[dict]:
    """The workflow's jobs for the target given in ``snakemake_args``, one dict per job (see module doc)."""
    out = []
    prefix = os.path.normpath(receipts_root) + os.sep
    for dj in dry_run_jobs(list(snakemake_args), cwd=cwd, timeout=timeout):
        rule, shell, files = dj["rule"], dj["shell"] or "", dj["outputs"]
        if VALIDATOR in shell or not files:
            continue   # the validating job, and target rules without outputs
        receipt_files = [f for f in files if os.path.normpath(f).startswith(prefix)]
        job = _receipt_job(shell) if receipt_files and "rlvr receipt" in shell else None
        if job is None:
            out.append({"rule": rule, "wildcards": {}, "unreceipted": sorted(files)})
            continue
        if job["rule"] != rule:
            raise PlanError(f"rule {rule} writes the receipt of rule {job['rule']} ({receipt_files[0]})")
        declared = {os.path.normpath(p) for _, p in job["outputs"]} | {os.path.normpath(f) for f in receipt_files}
        extra = sorted(f for f in files if os.path.normpath(f) not in declared)
        if extra:
            job["unreceipted"] = extra
        out.append(job)
    return out


def plan_for_config(config: dict, targets, *, snakefile=None, cwd=".", extra_args=(), timeout=900) -> list[dict]:
    """The plan for ``targets`` under an effective config (passed to Snakemake as a config file, so the
    listing sees the config the running workflow sees)."""
    with tempfile.NamedTemporaryFile("w", suffix=".json", prefix="rlvr-plan-config-", delete=False,
                                     encoding="utf-8") as f:
        json.dump(config, f)
        cfg = f.name
    try:
        args = [*targets, "--configfile", cfg, *extra_args]
        if snakefile:
            args = ["--snakefile", str(snakefile), *args]
        return plan(args, cwd=cwd, timeout=timeout)
    finally:
        Path(cfg).unlink(missing_ok=True)
