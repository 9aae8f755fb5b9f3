"""Drawing and domain kits shared by scenes: charts, panels, cards, boards, graphs, trees, transit maps,
circuits, automata, music staves, constructions, lattice planes, pictograms and glyphs, the 3D kit
(``three_d``: perspective camera, meshes and models, tokens, 3D charts), ...

A kit builds on the framework (``tracegen.core``) and on other kits, never on a domain: a domain reuses
drawing through a kit, not through another domain's scene.
"""
