# validate_receipts: re-hash every output, check each input against its producer's receipt,
# and require a receipt for every job of the configured stages (e.g. the whole eval grid).


rule validate_receipts:
    input:
        final_targets(),
    output:
        report="results/receipts_report.json",
    log:
        "logs/validate_receipts.log",
    container: container_for("data")
    params:
        expect=lambda w: json.dumps(expected_receipts()),
    shell:
        "rlvr validate-receipts --receipts receipts --source config/ --source results/hub/ "
        "--expect-json '{params.expect}' --report {output.report} > {log} 2>&1"
