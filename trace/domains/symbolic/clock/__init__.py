"""symbolic/clock: analog clock faces.  ``scene``: the sampler and renderer (SCENE); ``tasks``: the
readings of one clock, a pair or a grid; ``match``: the matching tasks (candidate faces, sequences,
orders).

Importing the package imports the task modules, which register on SCENE."""

from .scene import SCENE
from . import tasks, match  # noqa: F401  (register their tasks on SCENE)
