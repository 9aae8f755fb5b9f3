"""puzzles/raven_matrix: a 3 x 3 Raven-style matrix.  ``scene``: the sampler and renderer (SCENE);
``rules``: its tasks, one per rule.

Importing the package imports the task modules, which register on SCENE."""

from .scene import SCENE
from . import rules  # noqa: F401  (registers its tasks on SCENE)
