"""Training stage (veRL 0.9.1): profiles, `rlvr check`, RL data preparation, reward adapter, tiny model.

CLI subcommands, each an ``add_arguments(parser)`` + ``run(args) -> int`` pair:

* ``rlvr check``            -> :mod:`rlvr.training.check`
* ``rlvr prepare-rl-data``  -> :mod:`rlvr.training.prepare`
* ``rlvr build-tiny-model`` -> :mod:`rlvr.training.tiny`

Heavy imports (veRL, Hydra, torch, transformers) happen inside functions, so importing this package
and the argument parsers stays cheap.  See docs/training.md.
"""
