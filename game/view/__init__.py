"""Breakshot's 3D view: the only package that imports Panda3D.

Panda3D's world frame is the table frame of `physics_ext.table` (x along the table, y
across, z up, metres, cloth at z = 0), so physics positions go to nodes unchanged. Every
class takes the ShowBase (or a parent NodePath) it works in; nothing relies on Panda3D's
injected builtins. The view draws state and turns input into commands; the rules, the
session, the opponent and the files live below it.

Its rooms, each importing only the rooms listed before it:
    world/     the 3D world: scene, table and ball meshes, textures, lights, cameras,
               ball poses over a shot
    ui/        2D pieces every screen shares: colours, HUD layout, dialogs, text panels,
               the Rules screen
    app        starting Panda3D: configuration, the opening position, screenshots
    match/     one match on screen: play flow, HUD, aiming and power, aids, instant
               replay, sounds
    practice/  practice on screen and the first-run guide
    drills/    the Drills page and a drill on screen
    replay/    the replay window, windowless exports, the look-round viewer
    online/    play online: host, join or watch a match; the networked match on screen
    menu/      the start menu and its Recent matches page
    probe      what the window shows, written down for real-window tests
    launcher   the window's whole life: menu, matches (recorded), practice, replays
    docs_shots the README's screenshots (`python -m game.view.docs_shots`)
"""
