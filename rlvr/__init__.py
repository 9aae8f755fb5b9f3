"""rlvr: the pipeline side of the project: receipts, training and evaluation entry points.

Kept separate from ``tracegen`` (the task environment), which never imports it.
"""

__version__ = "0.1.0"
