"""Training stage (veRL 0.9.1): profiles, `rlvr check`, RL data preparation, reward adapter, tiny model.

CLI subcommands, each an ``add_arguments(parser)`` + ``run(args) -> int`` pair:

* ``rlvr check``            -> :mod:`rlvr.training.check`
* ``rlvr prepare-rl-data``  -> :mod:`rlvr.training.prepare`
* ``rlvr build-tiny-model`` -> :mod:`rlvr.training.tiny`
* ``rlvr train``            -> :mod:`rlvr.training.launch` (GPU) / :mod:`rlvr.training.smoke` (CPU), with
  work directories, resume and publishing in :mod:`rlvr.training.runs`
* ``rlvr merge-checkpoint`` -> :mod:`rlvr.training.merge`

The paper recipe, value by value with sources, is ``rlvr/profiles/recipe.yaml``; what the train image must
provide is derived by :mod:`rlvr.training.imports` (``python -m rlvr.training.imports``).

Heavy imports (veRL, Hydra, torch, transformers) happen inside functions, so importing this package
and the argument parsers stays cheap.  See docs/training.md.
"""
