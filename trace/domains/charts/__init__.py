"""Scenes and tasks of the charts domain."""
