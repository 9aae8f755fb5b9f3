"""Scenes and tasks of the three_d domain."""
