"""Every label of the start menu fits its place in each language: Croatian and Spanish run
longer than English. Widths are measured with the font and scale each widget draws with,
in aspect2d units (the same at every window size: the menu is laid out in them), and the
menu's frame fits 1280x720 and 1024x768."""
import pytest

from game import settings as S
from game.i18n import LANGUAGES
from game.view.launcher import BreakshotApp

MARGIN = 0.03                  # aspect2d units kept clear between neighbours
FRAME_HALF_WIDTH = 1.25        # the menu's frame (start_menu.Menu)


def text_width(widget, scale: float) -> float:
    return widget.component("text0").textNode.calcWidth(widget["text"]) * scale


@pytest.fixture(params=list(LANGUAGES))
def menu(request, base, tmp_path):
    path = tmp_path / "settings.json"
    S.save(S.Settings(language=request.param), path)
    app = BreakshotApp(base, settings_path=path, seed=1, use_shaders=False,
                       replay_dir=tmp_path / "replays", sound_root=tmp_path / "sounds",
                       practice_dir=tmp_path / "practice", offer_guide=False)
    yield app.menu
    app.destroy()


@pytest.mark.parametrize("size", [(1280, 720), (1024, 768)])
def test_the_menu_frame_fits_the_window(size):
    assert FRAME_HALF_WIDTH <= size[0] / size[1]


def test_every_menu_button_label_fits_its_button(menu):
    for button in (menu.play_button, menu.practice_button, menu.recent_button,
                   menu.rules_button, menu.quit_button, menu.graphics_button,
                   menu.language_button, menu.drills_button):
        left, right, _bottom, _top = button["frameSize"]
        assert text_width(button, button["text_scale"][0]) <= right - left - MARGIN, \
            button["text"]


def test_every_switch_ends_before_its_right_hand_neighbour(menu):
    rows = [list(menu.mode_toggles.values()), list(menu.aid_toggles.values()),
            list(menu.rule_toggles.values()), [menu.winner_breaks_toggle]]
    for row in rows:
        for toggle in row:
            x = toggle.button.getX()
            end = x + text_width(toggle.button, toggle.button.getScale()[0])
            # The column to its right starts at the next larger x of the switches beside
            # it; the rightmost column ends inside the frame.
            starts = sorted({t.button.getX() for t in row if t.button.getX() > x + 1e-6})
            limit = starts[0] if starts else FRAME_HALF_WIDTH
            assert end <= limit - MARGIN, toggle.button["text"]


COLUMN = -0.7                  # where the first column of every row starts
SLIDER_LEFT = -0.35            # the effects slider's left end (centre -0.05, half 0.3)


def test_every_row_name_ends_before_the_first_column(menu):
    assert menu.section_labels
    for label in menu.section_labels:
        width = label.textNode.calcWidth(label.text) * label.getScale()[0]
        assert -1.15 + width <= COLUMN - MARGIN, label.text


def test_the_volume_label_ends_before_its_slider(menu):
    label = menu.volume_label
    assert COLUMN + label.textNode.calcWidth(label.text) * label.getScale()[0] <= \
        SLIDER_LEFT - MARGIN, label.text
