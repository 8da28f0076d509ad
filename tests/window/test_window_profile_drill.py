"""A profile's drill in a real window, as a person meets it: a profile that never played
(kept in the profiles file) picked for seat 1 in the start menu by a click (and typed for
seat 2), the Drills
page opened for it, one stop shot struck, and the statistics screen's Drills view showing
that drill's record under the profile, with the score the HUD gave."""
import json
import re

from driver import find_text, text_matching, texts
from game.replay import load_replay

SIZE = (1024, 576)
SCORE = r"^score (\d) - stage (\d) of 6, (\d) tr(?:y|ies) left$"
VERDICTS = r"^(Stage done|Missed|Scratch|Potted, but)"


def leftmost(shot, pattern: str):
    """The middle of the leftmost drawn text matching `pattern` (seat 1's column)."""
    regex = re.compile(pattern)
    rects = [t["rect"] for t in shot["texts"] if regex.search(t["text"])]
    rects += [t["rect"] for w in shot["clickable"] for t in w["texts"]
              if regex.search(t["text"])]
    assert len(rects) == 2, texts(shot)            # one for each seat
    left, top, right, bottom = min(rects)
    return (left + right) / 2, (top + bottom) / 2


def seat_2_entry(shot):
    """The middle of seat 2's name entry: the first click area right of the window's
    middle on the "Players" row."""
    left, top, right, bottom = find_text(shot, r"^Players$")
    middle = (top + bottom) / 2
    areas = [w["rect"] for w in shot["clickable"]
             if w["rect"][1] <= middle <= w["rect"][3] and w["rect"][0] > shot["size"][0] / 2]
    area = min(areas, key=lambda r: r[0])
    return (area[0] + area[2]) / 2, middle


def test_a_profile_picked_in_the_menu_plays_a_drill_and_sees_its_record(open_window,
                                                                         keep_shot, tmp_path):
    data = tmp_path / "data" / "breakshot"
    data.mkdir(parents=True)
    (data / "profiles.json").write_text(json.dumps({
        "format": "breakshot-profiles", "version": 1,
        "profiles": [{"name": "Dora", "created": "2026-11-30T10:00:00+00:00",
                      "preferred": "nine_ball"}]}))
    window = open_window(size=SIZE)
    window.wait_text("Welcome to Breakshot")
    window.key("Escape")
    shot = window.wait_for(lambda s: find_text(s, "Welcome to Breakshot") is None, 20,
                           "the welcome dialog to close")
    window.click(*leftmost(shot, r"^> Profile: none$"))
    shot = window.wait_text(r"^> Profile: Dora$", 20)
    assert text_matching(shot, r"^Dora plays seat 1\.$")
    assert text_matching(shot, r"^> Profile: none$")                 # seat 2 still a guest
    # A profile's name typed in seat 2 (letter case aside) counts as the profile at once.
    window.click(*seat_2_entry(shot))
    for key in ["End"] + ["BackSpace"] * 8 + ["d", "o", "r", "a"]:
        window.key(key)
    shot = window.wait_for(lambda s: text_matching(s, r"^> Profile: none$") is None, 20,
                           "seat 2 shown as Dora's")
    assert texts(shot).count("> Profile: Dora") == 2
    keep_shot(window, "menu")

    window.click_text(r"^Drills$")
    page = window.wait_text(r"^Playing as Dora \(the first seat's name or profile in the menu\): click a drill to start it$", 30)
    assert text_matching(page, r"^Progressive stop shots   -   No attempts yet$")
    window.click_text(r"^Progressive stop shots   -")
    window.wait_text(SCORE, 60)
    window.wait_text(r"Hold Space", 30)
    window.hold("space", 0.35)
    told = window.wait_for(lambda s: text_matching(s, VERDICTS) is not None, 120,
                           "the verdict after the shot")
    score = int(re.match(SCORE, text_matching(told, SCORE)).group(1))
    (path,) = (data / "replays").glob("*_drill-stop_shots_Dora.bsreplay")
    assert load_replay(path).drill.player == "Dora"
    window.key("Escape")
    window.wait_text(r"^Playing as Dora \(the first seat's name or profile in the menu\): click a drill to start it$", 30)
    window.key("Escape")

    window.click_text(r"^Statistics$", 60)
    window.wait_text(r"^> Dora$", 60)
    window.click_text(r"^Drills$")
    shot = window.wait_text(r"Progressive stop shots: ", 30)
    table = text_matching(shot, r"Progressive stop shots: ")
    assert f"Progressive stop shots: Best {score} in 1 attempt, no trend yet" in table.split("\n")
    assert "Line-up: No attempts yet" in table.split("\n")
    keep_shot(window, "statistics")
