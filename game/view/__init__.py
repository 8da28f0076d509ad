"""Breakshot's 3D view: the only package that imports Panda3D.

Panda3D's world frame is the table frame of `physics_ext.table` (x along the table, y
across, z up, metres, cloth at z = 0), so physics positions go to nodes unchanged. Every
class takes the ShowBase (or a parent NodePath) it works in; nothing relies on Panda3D's
injected builtins.

    modes        each mode's table, ball looks and cue-ball spot (plain data)
    outline      2D outlines of cloth, cushions and rail cut from TableGeometry (math)
    mesh         procedural mesh builder
    textures     generated felt and wood; ball_texture: generated ball textures (math)
    table_mesh   cloth, cushions, rails and pockets; markings: lines, spots, diamonds
    balls        ball nodes and their per-frame update; orientation: quaternion math
    cue          the cue stick posed from a physics Stroke
    shaders      GLSL per-pixel lighting with shadows; lighting: the lights, and the
                 fixed-function fallback
    camera       orbit and top-down cameras
    scene        table + balls + cue + lights for a mode, on an existing ShowBase
    app          Panda3D configuration, the opening position, screenshots
    viewer       the window with an orbiting camera (`python -m game`)
"""
