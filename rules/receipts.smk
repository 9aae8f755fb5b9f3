# validate_receipts: the jobs that must have receipts come from this workflow's own DAG for the final
# targets (a forced dry run, snakemake -n -F -p, under the effective config); every receipt's rule, wildcards,
# inputs, outputs, command, params, config hash and container must be what that DAG says; every output is
# re-hashed, every input checked against its producer; results.json's Merkle root is recomputed; and
# --deep re-scores every slice and regenerates the smallest split's data (identical bytes required).
# It lists the DAG with Snakemake itself: the data image carries Snakemake for it (envs/locks/data.in).


rule validate_receipts:
    input:
        final_targets(),
    output:
        report="results/receipts_report.json",
    log:
        "logs/validate_receipts.log",
    container: container_for("data")
    params:
        targets=final_targets(),
        config=lambda w: canonical_json(config),
        config_hash=CONFIG_HASH,
        results=["--results", "results.json"] if "eval" in STAGES else [],
    shell:
        "rlvr validate-receipts --receipts receipts --source config/ --source results/hub/ --deep "
        "--workflow --config-json {params.config:q} --config-hash {params.config_hash:q} {params.results:q} "
        "--report {output.report:q} --target {params.targets:q} > {log:q} 2>&1"
