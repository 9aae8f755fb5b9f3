"""tracegen: a procedural environment of verifiable visual-reasoning tasks.

Taxonomy: domain -> scene grammar -> task program.  Importing this package is cheap;
heavy modules (numpy, cairo, task code) load only when a task is generated.
"""

__version__ = "0.1.0"
