"""The 3D world of a table: what is drawn in 3D and how it moves and is looked at.

Panda3D's world frame is the table frame of `physics_ext.table` (x along the table, y
across, z up, metres, cloth at z = 0), so physics positions go to nodes unchanged.

    scene        room + table + balls + cue + lights for a mode, on an existing ShowBase
    models       the generated glTF models (game.modelgen), loaded once per process
    room         the lamp hidden from cameras above it, the pictures from outside
    balls, cue   ball nodes and their pose per frame; the cue posed from a Stroke
    mesh, textures   triangles (the aids' shapes) and textures from NumPy arrays
    shaders, lighting   metallic-roughness GLSL with soft shadows, fixed-function fallback
    quality      the graphics presets' shadows and lights, chosen per ShowBase
    orientation  ball orientation from angular velocity (quaternions, no Panda3D)
    playback     a finished shot's ball poses by shot time (match, practice, replays)
    camera, rig  orbit and top-down cameras; the smooth play camera
    orbit        orbit controls: arrow-key steps, drag to orbit, zoom keys
"""
