"""The ``rlvr`` command: receipts now; training and evaluation entry points join it later."""

from __future__ import annotations

import argparse
import json
import sys


def _pairs(items, what):
    out = []
    for item in items or []:
        name, sep, value = item.partition("=")
        if not sep or not name:
            raise SystemExit(f"rlvr: error: {what} must be NAME=VALUE, got {item!r}")
        out.append((name, value))
    return out


def cmd_receipt(a) -> int:
    from . import receipts

    if not a.command:
        raise SystemExit("rlvr: error: give the command to run after --")
    try:
        params = json.loads(a.params) if a.params else {}
    except json.JSONDecodeError as e:
        raise SystemExit(f"rlvr: error: --params is not JSON: {e}") from None
    job = receipts.Job(rule=a.rule, wildcards=dict(_pairs(a.wildcard, "--wildcard")),
                       inputs=_pairs(a.input, "--input"), outputs=_pairs(a.output, "--output"), params=params,
                       config_file=a.config, container=a.container, receipts_root=a.receipts)
    return receipts.run(job, a.command)


def cmd_validate_receipts(a) -> int:
    from . import receipts

    expected = []
    if a.expect:
        with open(a.expect, encoding="utf-8") as f:
            expected = [(rule, wc) for rule, wc in json.load(f)]
    problems = receipts.validate(a.receipts, sources=a.source or [], expected=expected)
    report = {"ok": not problems, "receipts": len(receipts.load_receipts(a.receipts)), "problems": problems}
    if a.report:
        receipts._write_atomic(__import__("pathlib").Path(a.report), json.dumps(report, indent=1, sort_keys=True))
    if problems:
        print(f"INVALID: {len(problems)} problems in {a.receipts}")
        for p in problems[:50]:
            print(f"  {p['code']}: {p['path'] or ''} ({p['receipt']}): {p['message']}")
        return 1
    print(f"OK: {report['receipts']} receipts valid")
    return 0


def build_parser() -> argparse.ArgumentParser:
    p = argparse.ArgumentParser(prog="rlvr", description="TRACE RLVR pipeline entry points.")
    sub = p.add_subparsers(dest="cmd", required=True, metavar="COMMAND")

    s = sub.add_parser("receipt", help="run a command and write its receipt (used by every pipeline rule)")
    s.add_argument("--rule", required=True)
    s.add_argument("--wildcard", action="append", metavar="K=V")
    s.add_argument("--input", action="append", metavar="NAME=PATH")
    s.add_argument("--output", action="append", metavar="NAME=PATH")
    s.add_argument("--params", help="JSON object of the rule's params")
    s.add_argument("--config", help="the study config file (its sha256 is recorded)")
    s.add_argument("--container", help="container image path (its sha256 is recorded)")
    s.add_argument("--receipts", default="receipts", help="receipts root")
    s.add_argument("command", nargs=argparse.REMAINDER, help="-- COMMAND ...")
    s.set_defaults(fn=cmd_receipt)

    s = sub.add_parser("validate-receipts", help="re-hash outputs and check the receipt chain")
    s.add_argument("--receipts", default="receipts")
    s.add_argument("--source", action="append", metavar="PREFIX", help="allowed chain roots (e.g. config/)")
    s.add_argument("--expect", help="JSON list of [rule, wildcards] that must have receipts")
    s.add_argument("--report", help="write the JSON report here")
    s.set_defaults(fn=cmd_validate_receipts)
    return p


def main(argv=None) -> int:
    args = build_parser().parse_args(argv)
    if getattr(args, "command", None) and args.command[:1] == ["--"]:
        args.command = args.command[1:]
    return args.fn(args)


if __name__ == "__main__":
    sys.exit(main())
