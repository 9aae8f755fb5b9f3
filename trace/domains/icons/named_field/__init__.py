"""icons/named_field: icons scattered over a field.  ``scene``: the sampler and renderer (SCENE);
``tasks``: the counting tasks; ``spatial``: the spatial tasks.

Importing the package imports the task modules, which register on SCENE."""

from .scene import SCENE
from . import tasks, spatial  # noqa: F401  (register their tasks on SCENE)
