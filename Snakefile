# TRACE-style visual RLVR study: generate -> validate -> export -> equivalence -> train -> merge
# -> evaluate (model x benchmark x seed) -> aggregate -> results.json, a receipt for every job.
#
#   snakemake --cores 2                              local default (config/local.yaml), CPU only
#   snakemake --profile slurm results.json           the paper study on a Slurm cluster (config/paper.yaml)
#
# The local default is embedded here; the `slurm/` profile switches config, executor and containers.

from snakemake.utils import min_version

min_version("9.0")


configfile: "config/local.yaml"


include: "rules/common.smk"
include: "rules/data.smk"
include: "rules/hub.smk"
include: "rules/train.smk"
include: "rules/eval.smk"
include: "rules/aggregate.smk"
include: "rules/receipts.smk"


rule all:
    input:
        "results/receipts_report.json",
    default_target: True
