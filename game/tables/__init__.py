"""The tables as the game lays them out, in plain Python (no Panda3D), below both the 3D
view and the headless replay tools: each mode's table, ball looks and cue-ball spot
(`modes`), and the 2D outlines of cloth, cushions and rail cut from the physics' table
geometry (`outline`), in the table frame of `physics_ext.table` (metres)."""
