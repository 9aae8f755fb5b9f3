"""The 3D kit: one perspective camera and the meshes, models, tokens and charts drawn with it.

World frame: right-handed, metres (or chart units), ``z`` up, the ground plane ``z = 0``.  Image
frame: logical pixels, ``y`` down.

- ``camera``: ``Camera`` (a pinhole at ``eye`` looking at ``target``; ``Camera.orbit`` places it by
  azimuth and elevation around a target) with real perspective (``project`` divides by depth),
  near-plane clipping (``project_clipped``, ``segment``), convex meshes (``box_mesh``, ``prism_mesh``,
  spheres by their exact silhouette), the one light direction (``light_dir``), Lambert ``shade``,
  back-face culling (``front_faces``) and the painting primitives every module uses (``path``,
  ``fill_face``, ``draw_mesh``, ``draw_sphere``, ``hull``, ``inside``).
- ``models``: the named model library (small objects, furniture, street and warehouse items) as
  composites of convex parts; ``painter_order`` (far to near, per convex part), ``draw_items``,
  the id-buffer ``visibility`` and ``silhouettes_overlap``, floor and option-panel staging.
- ``tokens``: the solid tokens of belt and fixture rigs (cube, ball, cone, nut, star, ring, ...),
  their palette and their shape-independent occlusion proxies.
- ``charts``: perspective 3D bar, surface and scatter charts in a world box.

Visibility, occlusion and annotations come from the same geometry as the drawing: a part's
silhouette (``models.outline``: the hull of its projected vertices, or a sphere's grazing circle)
is what ``draw_items`` paints, what ``visibility`` rasterises into its id buffer in the very same
painter's order, and what ``item_box`` turns into the registered annotation box; a token's or a
bar's box is the bounding box of the vertices it was drawn from, and the readability checks test
points against the same projected hulls (``camera.inside``).  Scenes reject states where an object
a question relies on is hidden, so answers read from the world state hold for the image.

Import a module, not the package: ``from tracegen.kits.three_d import camera as pj, models as ms``.
"""
