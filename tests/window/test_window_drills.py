"""A drill in a real window, as a person meets it: the Drills page opened from the start
menu by a click, a drill started by a click on its name, a stop shot struck with the
keys, the score read on the HUD once the balls stop (and the same score in the attempt's
recorded replay), and the screen checked on a screenshot."""
import re

import numpy as np

from driver import find_text, text_matching, texts
from game.replay import load_replay

SIZE = (800, 450)           # small enough for llvmpipe to draw briskly
SCORE = r"^score (\d) - stage (\d) of 6, (\d) tr(?:y|ies) left$"
VERDICTS = r"^(Stage done|Missed|Scratch|Potted, but)"


def open_drills(window):
    window.wait_text("Welcome to Breakshot")
    window.key("Escape")
    window.wait_for(lambda s: find_text(s, "Welcome to Breakshot") is None, 20,
                    "the welcome dialog to close")
    window.click_text(r"^Drills$")
    return window.wait_text(r"click a drill to start it", 20)


def test_a_stop_shot_drill_from_the_menu_scored_on_the_hud(open_window, keep_shot, tmp_path):
    window = open_window(size=SIZE)
    page = open_drills(window)
    # Every shipped drill is listed with the player's record (none yet) and its goal.
    for title in ("Line-up", "Ghost 9-ball", "Progressive stop shots", "Cut-angle ladder",
                  "Position route"):
        assert text_matching(page, "^" + title + r"   -   No attempts yet$"), texts(page)
    assert text_matching(page, r"^Playing as Player 1 \(the first seat's name or profile in the menu\): click a drill")
    keep_shot(window, "list")
    window.click_text(r"^Progressive stop shots   -")
    shot = window.wait_text(SCORE, 60)
    assert re.match(SCORE, text_matching(shot, SCORE)).groups() == ("0", "1", "3")
    assert text_matching(shot, r"^Attempt 1$") and text_matching(shot, r"^>> Player 1$")
    assert text_matching(shot, r"stop the cue ball in the ring")
    window.wait_text(r"Hold Space", 30)
    window.hold("space", 0.35)
    window.wait_text(r"skip to the end", 30)
    told = window.wait_for(lambda s: text_matching(s, VERDICTS) is not None, 120,
                           "the verdict after the shot")
    score, stage, tries = map(int, re.match(SCORE, text_matching(told, SCORE)).groups())
    verdict = text_matching(told, VERDICTS)
    # Passed: the next stage and a point; missed: a try less on the same stage.
    assert (score, stage, tries) in ((1, 2, 3), (0, 1, 2))
    assert verdict.startswith("Stage done") == (score == 1)
    image = np.asarray(keep_shot(window, "scored").convert("RGB"), float)
    # The table fills the middle of the window: the cloth's colour, not a blank screen.
    middle = image[SIZE[1] // 3: 2 * SIZE[1] // 3, SIZE[0] // 4: 3 * SIZE[0] // 4]
    r, g, b = middle[..., 0], middle[..., 1], middle[..., 2]
    assert ((g > r + 15) | (b > r + 15)).mean() > 0.3
    # The HUD's words are drawn: the score's box holds light ink on its dark strip.
    left, top, right, bottom = (int(v) for v in find_text(told, SCORE))
    box = image[top:bottom + 1, left:right + 1].max(axis=2)
    assert (box > 150).mean() > 0.05
    # The attempt was recorded with the score the HUD shows.
    (path,) = (tmp_path / "data" / "breakshot" / "replays").glob("*.bsreplay")
    mark = load_replay(path).drill
    assert (mark.id, mark.player, mark.score, mark.shots) == ("stop_shots", "Player 1",
                                                              score, 1)
    window.key("Escape")
    back = window.wait_text(r"click a drill to start it", 30)
    assert text_matching(back, r"^Progressive stop shots   -   Best \d in 1 attempt, no trend yet$")
