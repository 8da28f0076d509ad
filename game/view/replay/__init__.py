"""Recorded shots in 3D: the replay window, exports without a window, and the look round
a table that both build on (game.replay reads and verifies the files; no file code here).

    viewer        the replay window (`breakshot-replay FILE`): shot list, play, scrub,
                  step event by event, speeds, traces and event labels
    export        a shot's balls posed at any time without a window: PNG frames, GIF, MP4
    orbit_viewer  a look round a table with an orbit camera (`python -m game --viewer`);
                  the replay window's base
"""
