"""The game's 3D models as glTF 2.0 files, generated from the geometry the solver uses.

No Panda3D here (NumPy, Pillow and the standard library): the view loads the files with
panda3d-gltf. One module per job:
    gltf         a minimal .glb writer and reader (Z-up game frame <-> glTF's Y-up)
    mesh         triangles, normals, uvs and tangents per material
    triangulate  ear clipping of polygons with holes
    textures     cloth with nap, wood grain, leather, plaster, floor, paintings (PNG)
    table        the table from `TableSpec.geometry()`: bed, cushions with their nose
                 profile, rails, pockets, diamonds, markings, legs
    balls        the ball sets with numbers, stripes and spots (equirectangular uvs)
    cue          the cue from the stroke model's tip and shaft radii
    room         floor, walls, pictures, a cue rack and the lamp over the table
    build        the file plan, the digest of the inputs, the manifest, `ensure_models`

Use:  folder = ensure_models()          # the models built with the package, or the cache
      manifest = read_manifest(folder)  # which file each mode uses, sizes, triangles
Regenerate by hand: `python -m game.modelgen --out models/`. See docs/models.md.
"""
from .build import (MODELGEN_VERSION, digest, ensure_models, generate, mode_files,
                    model_plan, read_manifest, up_to_date)

__all__ = ["MODELGEN_VERSION", "digest", "ensure_models", "generate", "mode_files",
           "model_plan", "read_manifest", "up_to_date"]
