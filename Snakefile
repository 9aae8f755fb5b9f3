# TRACE-style visual RLVR study: generate -> validate -> export -> equivalence -> train -> merge
# -> evaluate (model x benchmark x seed) -> aggregate -> results.json, a receipt for every job.
#
#   snakemake --cores 2                              local default (config/local.yaml), CPU only
#   snakemake --profile slurm results.json           the paper study on a Slurm cluster (config/paper.yaml)
#
# The local default is embedded here; the `slurm/` profile switches config, executor and containers.
#
# Config layering is explicit (rlvr/studyconfig.py): without --configfile the study is config/local.yaml;
# with --configfile the study is those files alone (a file inherits another only by `extends: PATH`),
# then --config overrides, then the schema's defaults. Snakemake's own rule -- command-line files merged
# over the Snakefile's `configfile:` -- would let every local value the paper config does not set leak
# into the paper study, so the Snakefile declares no `configfile:` and builds the config itself.

from snakemake.exceptions import WorkflowError
from snakemake.utils import min_version

from rlvr.studyconfig import StudyConfigError, effective as _effective_config

min_version("9.0")

try:
    _study = _effective_config(workflow.config_settings.configfiles, workflow.config_settings.config)
except StudyConfigError as e:
    raise WorkflowError(str(e))
config.clear()
config.update(_study)


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
