"""Generated ball textures: colours, number circles, stripes and spots where they belong."""
import math

import numpy as np
import pytest

from game.view.world import ball_texture as T
from game.tables.modes import RED, WHITE, YELLOW, mode

WIDTH = 256


def _texel(rgb, direction):
    """The texel of `rgb` that a ball-frame direction maps to."""
    d = np.asarray(direction, dtype=np.float64)
    d = d / np.linalg.norm(d)
    h, w, _ = rgb.shape
    lon = math.atan2(d[1], d[0]) % (2 * math.pi)
    lat = math.asin(d[2])
    return rgb[min(int((lat + math.pi / 2) / math.pi * h), h - 1), int(lon / (2 * math.pi) * w) % w]


def _glyph_direction(gx, gy, sign):
    """Ball-frame direction of glyph point (gx, gy) printed in the circle on sign * x."""
    u = (gx - 0.32) * T.DIGIT_HEIGHT * math.tan(T.NUMBER_CIRCLE_RAD)
    v = (gy - 0.5) * T.DIGIT_HEIGHT * math.tan(T.NUMBER_CIRCLE_RAD)
    return (sign, sign * u, v)


def test_solid_ball_is_its_colour_with_white_number_circles():
    style = mode("nine_ball").style(3)
    rgb = T.ball_rgb(style, WIDTH)
    assert _texel(rgb, (0, 1, 0)) == pytest.approx(style.colour, abs=1e-6)
    assert _texel(rgb, (0, 0, -1)) == pytest.approx(style.colour, abs=1e-6)
    # The circle's rim, above the digit: white.
    rim = (math.cos(0.85 * T.NUMBER_CIRCLE_RAD), 0.0, math.sin(0.85 * T.NUMBER_CIRCLE_RAD))
    assert _texel(rgb, rim) == pytest.approx(WHITE, abs=1e-6)


@pytest.mark.parametrize("sign", [1.0, -1.0])
def test_numbers_read_the_right_way_round_on_both_circles(sign):
    rgb = T.ball_rgb(mode("nine_ball").style(1), WIDTH)
    # The "1" has its flag on the upper left: ink there, none at the mirror image.
    flag = _texel(rgb, _glyph_direction(0.15, 0.81, sign))
    mirror = _texel(rgb, _glyph_direction(0.49, 0.81, sign))
    assert max(flag) < 0.5 and min(mirror) > 0.8


def test_the_nine_is_striped_on_white():
    style = mode("nine_ball").style(9)
    assert style.striped and style.colour == YELLOW
    rgb = T.ball_rgb(style, WIDTH)
    assert _texel(rgb, (0, 1, 0)) == pytest.approx(YELLOW, abs=1e-6)
    assert _texel(rgb, (0, 0, 1)) == pytest.approx(WHITE, abs=1e-6)
    assert _texel(rgb, (0, 0.3, -1)) == pytest.approx(WHITE, abs=1e-6)


def test_cue_ball_is_white_with_spots_that_show_spin():
    rgb = T.ball_rgb(mode("eight_ball").style(0), WIDTH)
    assert _texel(rgb, (1, 1, 1)) == pytest.approx(WHITE, abs=1e-6)
    for axis in np.vstack([np.eye(3), -np.eye(3)]):
        r, g, b = _texel(rgb, axis)
        assert r > 0.7 and g < 0.15 and b < 0.15


def test_eight_ball_balls_are_plain_red_yellow_and_black():
    eight = mode("eight_ball")
    for ball_id, colour in ((1, RED), (7, RED), (9, YELLOW), (15, YELLOW)):
        style = eight.style(ball_id)
        assert style.number is None and not style.striped
        assert np.allclose(T.ball_rgb(style, 16), colour)
    assert max(eight.style(8).colour) < 0.1
    assert eight.style(0).radius < eight.style(1).radius
