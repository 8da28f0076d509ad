"""Every letter of the three languages is drawn from the shipped font's own outlines: each
glyph the game draws (Panda3D, offscreen) is compared with the same letter rasterised
straight from the TrueType file by FreeType (Pillow), shape against shape. Panda3D's
built-in font made Croatian đ up from a d and a long slash and put ć's accent high and
to the right; such a glyph does not match the outline."""
import numpy as np
import pytest
from direct.gui.OnscreenText import OnscreenText
from panda3d.core import PNMImage, TextNode
from PIL import Image, ImageDraw, ImageFont

from game.view.ui.fonts import FONT_FILE, game_font

from view_helpers import render

ENGLISH = "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ"
CROATIAN = "čćđšžČĆĐŠŽ"
SPANISH = "ñÑáéíóúüÁÉÍÓÚÜ¿¡"
GRID = 32                  # both rasters are compared on a GRID x GRID square
SAME_SHAPE = 0.80          # intersection over union of the two shapes, at least


def _shape(brightness: np.ndarray) -> np.ndarray:
    """The ink of a glyph image (brightness 0..1, ink bright) cropped to its box and
    scaled to GRID x GRID, as booleans."""
    ink = brightness > 0.5
    rows, cols = np.nonzero(ink)
    box = ink[rows.min():rows.max() + 1, cols.min():cols.max() + 1]
    image = Image.fromarray((box * 255).astype(np.uint8)).resize((GRID, GRID),
                                                                  Image.Resampling.BILINEAR)
    return np.asarray(image) > 127


def _from_the_outline(letter: str) -> np.ndarray:
    font = ImageFont.truetype(str(FONT_FILE), 160)
    canvas = Image.new("L", (320, 320), 0)
    ImageDraw.Draw(canvas).text((60, 40), letter, font=font, fill=255)
    return _shape(np.asarray(canvas) / 255.0)


def _as_drawn(base, letter: str) -> np.ndarray:
    node = OnscreenText(parent=base.aspect2d, text=letter, pos=(0, -0.2), scale=0.6,
                        fg=(1, 1, 1, 1), align=TextNode.ACenter, sort=1000)
    try:
        image: PNMImage = render(base)
    finally:
        node.destroy()
    blank = _blank(base)
    w, h = image.getXSize(), image.getYSize()
    drawn = np.array([[image.getBright(x, y) for x in range(w)] for y in range(h)])
    return _shape(np.abs(drawn - blank))


_blanks = {}


def _blank(base) -> np.ndarray:
    key = id(base)
    if key not in _blanks:
        image = render(base)
        _blanks[key] = np.array([[image.getBright(x, y) for x in range(image.getXSize())]
                                 for y in range(image.getYSize())])
    return _blanks[key]


def test_the_game_draws_with_the_shipped_font(base):
    assert TextNode.getDefaultFont().getName() == game_font().getName() != ""
    font = game_font()
    assert all(font.getGlyph(ord(c)) is not None for c in ENGLISH + CROATIAN + SPANISH)


@pytest.mark.parametrize("letter", list(CROATIAN + SPANISH + ENGLISH))
def test_each_letter_is_the_fonts_own_outline(base, letter):
    drawn, outline = _as_drawn(base, letter), _from_the_outline(letter)
    overlap = (drawn & outline).sum() / max((drawn | outline).sum(), 1)
    assert overlap >= SAME_SHAPE, f"{letter!r}: {overlap:.2f} of the outline's shape"


def test_a_stroked_d_is_not_a_d_with_a_slash_above_it(base):
    """đ's bar crosses the ascender below its top; a slash made up above the stem (the
    built-in font's) would widen the glyph's top rows beyond the stem."""
    d, stroked = _as_drawn(base, "d"), _as_drawn(base, "đ")
    top = stroked[: GRID // 4]
    assert top.sum() < d[: GRID // 4].sum() * 1.5
