"""Breakshot's 3D view: the only package that imports Panda3D.

Panda3D's world frame is the table frame of `physics_ext.table` (x along the table, y
across, z up, metres, cloth at z = 0), so physics positions go to nodes unchanged. Every
class takes the ShowBase (or a parent NodePath) it works in; nothing relies on Panda3D's
injected builtins.

Plain Python (no Panda3D, testable without rendering):
    (each mode's table and looks, and the 2D outlines, are game.tables: shared with
    the headless replay plots)
    ball_texture generated ball textures; orientation: quaternion math
    playback     a finished shot's frames by shot time (the replay viewer reuses it)
    aim          aiming geometry: ghost ball, directions, the raised cue, free spots
    hud_text     the HUD's words and the shot log's; settings: the menu's choices, saved as JSON
Panda3D:
    mesh, textures, table_mesh, markings   the table, generated
    balls, cue   ball nodes and their per-frame pose; the cue posed from a Stroke
    shaders, lighting   GLSL per-pixel lighting with shadows, fixed-function fallback
    camera, rig  orbit and top-down cameras; the smooth play camera
    scene        table + balls + cue + lights for a mode, on an existing ShowBase
    aids         aim line, ghost ball, direction lines, the ghost of a ball in hand
    gauges, dialogs, hud   spin selector and power bar, questions, the HUD
    panels       the help overlay (F1) and the shot log (L), scrollable text panels
    rules_screen the rules of the game of the moment (F2, or the menu's Rules button)
    flow         the play flow (an FSM: placing, aiming, powering, playing, choices,
                 the computer's turns)
    sound        a shot's sound effects (game.audio's cues) played with Panda3D audio
    aiming       the stroke being prepared and its controls
    docs_shots   the README's mid-game screenshots (`python -m game.view.docs_shots`)
    play         one match on screen: scene, HUD, camera and flow for a GameSession
    practice     practice mode: drag balls, ball in hand, shoot, undo, re-rack, save
                 and load slots, on a game.practice.PracticeTable
    guide        the first-run guide: steps on a practice table, Enter next, Esc skip
    menu         the start menu; recent: the recorded matches; launcher: menu,
                 matches (recorded as replays), recent matches and replays in the window
    app          Panda3D configuration, the opening position, screenshots
    viewer       a look round the opening position (`python -m game --viewer`)
    replay_viewer, replay_export   the replays' window and video export (game.replay's)
"""
