"""One match on screen and everything a player uses to play it.

    play           the match screen: scene, HUD, aids, camera and flow for a GameSession
    flow           the play flow (an FSM: placing, aiming, powering, playing, choices,
                   the computer's turns)
    aiming, power  the stroke being prepared and its controls; power and cue speed, the
                   Space swing and the mouse stroke
    aim            aiming geometry (no Panda3D): ghost ball, predicted path, raised cue
    aids           aim line, ghost ball, the balls' lines after the contact, the ghost
                   of a ball in hand
    hud, gauges    the heads-up display; spin selector and power bar
    hud_text       the HUD's and the shot log's words from the rules state (no Panda3D)
    instant_replay the frame's last shot again (R)
    sound          a shot's sound effects played with Panda3D audio
"""
