"""lm-eval task definitions of the evaluation suite (YAML + utils.py), loaded with --include_path."""
