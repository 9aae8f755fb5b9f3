"""symbolic/music_staff: one staff of sheet music.  ``scene``: the sampler and renderer (SCENE);
``tasks``: the reading tasks; ``harmony``: the tasks over groups of notes.

Importing the package imports the task modules, which register on SCENE."""

from .scene import SCENE
from . import tasks, harmony  # noqa: F401  (register their tasks on SCENE)
