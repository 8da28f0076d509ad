"""A whole match in a real window, as a person plays it: 8-ball against the computer chosen
in the menu by clicking, the break put down and struck with the keys, the HUD read while
the balls run and after they stop, the instant replay of the last shot, the computer's
turns, and a concession to the game over."""
import re
import time

from driver import (PATIENCE, close_welcome, second_player_to_computer, text_matching,
                    texts)

SIZE = (800, 450)           # a 16:9 window small enough for llvmpipe to draw briskly
SHOT_S = 90.0               # the longest a shot (with the computer's thought) may take
PLAYING = r"skip to the end"        # the controls while a shot plays


def hud_top(shot) -> list:
    """The HUD's top strip as drawn: title, the players' panels (turn marker, group,
    balls left, fouls), whatever else is written there."""
    return sorted((t["text"], round(t["rect"][0])) for t in shot["texts"]
                  if t["rect"] and t["rect"][3] < 0.13 * shot["size"][1])


def bottom_left(shot) -> list:
    """The texts drawn in the bottom left quarter of the window's lowest fifth."""
    w, h = shot["size"]
    return [t["text"] for t in shot["texts"]
            if t["rect"] and t["rect"][1] > 0.8 * h and t["rect"][2] < 0.6 * w]


def ball_spots(shot) -> dict:
    return {b["name"]: tuple(b["pos"]) for b in shot["balls"]}


def moving(a, b) -> bool:
    """Did any ball move between screens `a` and `b`?"""
    pa, pb = ball_spots(a), ball_spots(b)
    return pa.keys() != pb.keys() or any(
        max(abs(x - y) for x, y in zip(pa[n], pb[n])) > 1e-5 for n in pa)


def choose_in_menu(window) -> None:
    close_welcome(window)
    window.click_text(r"8-Ball, red and yellow$")
    window.wait_text(r"^\[x\]\s+8-Ball", 20)
    second_player_to_computer(window)
    window.click_text(r"^Play  \[Enter\]$")


def strike(window, keep_shot, seconds: float) -> None:
    """Hold Space `seconds` and let go; while the shot plays (the controls offer to skip
    it) the balls run on the screen and the HUD's top strip shows what it showed before
    the stroke, nothing of the result."""
    before = window.screen()
    top_before = hud_top(before)
    window.hold("space", seconds)
    last = window.wait_text(PLAYING, 30)
    running = 0
    while True:
        shot = window.screen()
        if not text_matching(shot, PLAYING):
            break
        assert hud_top(shot) == top_before, "the HUD changed while the balls ran"
        # The last ruling and any passing message went at the stroke: the bottom left
        # holds only the controls of the playback.
        assert all(PLAYING in t for t in bottom_left(shot)), bottom_left(shot)
        if moving(last, shot):
            running += 1
            if running == 2:
                keep_shot(window, "balls-running")
        last = shot
    assert running >= 2, "the balls were not seen running"
    # Once they stop, the turn marker names whoever the screen now waits for.
    told = window.wait_for(lambda s: text_matching(s, r"is thinking|Hold Space|put it down|"
                                                      r"Concede|wins|choose"), 60,
                           "the next turn")
    keep_shot(window, "balls-stopped")
    marker = text_matching(told, r"^>> ")
    if text_matching(told, r"is thinking"):
        assert marker == ">> Player 2", marker
    elif text_matching(told, r"Hold Space|put it down"):
        assert marker == ">> Player 1", marker


def test_eight_ball_against_the_computer_to_a_game_over(open_window, keep_shot):
    window = open_window(size=SIZE)
    choose_in_menu(window)
    # 8-ball opens with the cue ball in hand in the D; whoever breaks, the human's turn
    # comes (the computer breaks and the turn passes, or the human breaks now).
    strokes = replays = 0
    deadline = time.monotonic() + 8 * SHOT_S * PATIENCE
    while time.monotonic() < deadline:
        shot = window.screen()
        if text_matching(shot, r"wins|won"):
            break
        if text_matching(shot, r"Click or Enter: put it down"):
            window.key("Return")
            window.wait_for(lambda s: text_matching(s, r"Hold Space"), 30, "aiming")
            continue
        if text_matching(shot, r"Hold Space"):
            if replays == 0 and text_matching(shot, r"R: instant replay"):
                check_instant_replay(window, keep_shot)
                replays += 1
            elif strokes < 2:
                strike(window, keep_shot, 0.6 if strokes == 0 else 0.3)
                strokes += 1
            else:
                window.key("q")
                window.wait_text(r"Concede\?", 20)
                window.key("y")
            continue
        time.sleep(0.2)                         # the computer's turn, or a dialog
    else:
        raise AssertionError("no game over; the screen shows " + " | ".join(texts(shot)))
    over = window.wait_text(r"wins|won", 20)
    keep_shot(window, "game-over")
    assert strokes == 2
    assert replays == 1
    # The game-over dialog stands alone: no foul from an earlier shot under it.
    assert not text_matching(over, r"[Ff]oul")


def check_instant_replay(window, keep_shot) -> None:
    """R replays the last shot from its stroke, Space pauses it, Esc goes back to the
    same table."""
    settled = window.screen()
    window.key("r")
    replay = window.wait_text(r"Instant replay", 20)
    window.wait_for(lambda s: moving(replay, s), 30, "the replayed balls to move")
    keep_shot(window, "instant-replay")
    window.key("Escape")
    window.wait_for(lambda s: not text_matching(s, r"Instant replay"), 20,
                    "the replay to close")
    back = window.screen()
    assert ball_spots(back) == ball_spots(settled)
    assert re.search("Hold Space", " ".join(texts(back)))
