"""The evaluation stage: suite manifest, benchmark data, lm-eval tasks, judge, scoring, TRACE validation."""
