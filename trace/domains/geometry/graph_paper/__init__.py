"""geometry/graph_paper: lattice shapes on graph paper.  ``scene``: the sampler and renderer (SCENE);
``tasks``: the counting tasks; ``measure``: the measuring and labelled-extremum tasks.

Importing the package imports the task modules, which register on SCENE."""

from .scene import SCENE
from . import tasks, measure  # noqa: F401  (register their tasks on SCENE)
