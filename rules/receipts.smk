# validate_receipts: re-hash every output, check each input against its producer's receipt,
# and require a receipt for every job of the configured stages (e.g. the whole eval grid).


def final_targets():
    targets = list(data_outputs())
    if "train" in STAGES:
        targets += [f"results/models/{m}" for m, v in MODELS.items() if v["source"] == "train"]
    if "eval" in STAGES:
        targets.append("results.json")
    return targets


def expected_receipts():
    exp = [["equivalence_split", {"split": s}] for s in SPLITS]
    if "eval" in STAGES:
        exp += [["evaluate", {"benchmark": b, "model": m, "seed": str(s)}] for m in MODELS for b in BENCHMARKS for s in SEEDS]
        exp += [["score", {"benchmark": b, "model": m, "seed": str(s)}] for m in MODELS for b in BENCHMARKS for s in SEEDS]
        exp += [["aggregate", {}]]
    return exp


rule validate_receipts:
    input:
        final_targets(),
    output:
        report="results/receipts_report.json",
    log:
        "logs/validate_receipts.log",
    params:
        expect=lambda w: json.dumps(expected_receipts()),
    shell:
        "rlvr validate-receipts --receipts receipts --source config/ --source results/hub/ "
        "--expect-json '{params.expect}' --report {output.report} > {log} 2>&1"
