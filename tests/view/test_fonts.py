"""Names and text in any script: the game's font (game.view.ui.fonts) draws every letter of
Latin Extended-A (Croatian Đ, č, ć, š, ž; Spanish ñ, á), and a character it lacks is drawn
as a visible box, never as nothing and never as a crash."""
import numpy as np
import pytest
from direct.gui.OnscreenText import OnscreenText
from panda3d.core import PNMImage, TextNode

from game.view.ui.fonts import game_font

from view_helpers import render


def pixels(base, text):
    """The window image with `text` drawn large in white, as an (h, w) array of
    brightness."""
    node = OnscreenText(parent=base.aspect2d, text=text, pos=(0, 0), scale=0.2,
                        fg=(1, 1, 1, 1), align=TextNode.ACenter, sort=1000)
    try:
        image: PNMImage = render(base)
    finally:
        node.destroy()
    w, h = image.getXSize(), image.getYSize()
    return np.array([[image.getBright(x, y) for x in range(0, w, 2)] for y in range(0, h, 2)])


def test_the_games_font_covers_latin_extended_a():
    font = TextNode("probe")
    font.setFont(game_font())
    missing = {chr(c) for c in range(0x100, 0x180) if not font.hasCharacter(chr(c))}
    assert missing == set()
    assert all(font.hasCharacter(c) for c in "ĐđČčĆćŠšŽžÑñÁáÉéÍíÓóÚúÜü¿¡")


@pytest.mark.parametrize("name", ["Đurđica Čačić", "Šime Žužić", "José Peña", "Ångström"])
def test_a_name_with_accents_is_drawn_letter_for_letter(base, name):
    blank = pixels(base, "")
    drawn = pixels(base, name)
    plain = pixels(base, name.encode("ascii", "ignore").decode())
    assert (np.abs(drawn - blank) > 0.3).sum() > 200
    # The accented letters are there: the name differs from its letters without them.
    assert (np.abs(drawn - plain) > 0.3).sum() > 20


def test_a_stroked_d_is_not_a_plain_d(base):
    assert (np.abs(pixels(base, "Đ") - pixels(base, "D")) > 0.3).sum() > 5


def test_a_character_the_font_lacks_is_a_visible_box(base):
    blank = pixels(base, "")
    assert not TextNode("probe").hasCharacter("中")
    assert (np.abs(pixels(base, "中文") - blank) > 0.3).sum() > 8
    assert (np.abs(pixels(base, "Ŋ") - blank) > 0.3).sum() > 4
