"""Domains: one package per domain, one module per scene (its sampler, renderer and task programs)."""
