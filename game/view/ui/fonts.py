"""The game's typeface: DejaVu Sans Condensed (game/view/fonts/, Bitstream Vera licence with
the DejaVu changes in the public domain: LICENSE_DEJAVU beside it), shipped with the game
because Panda3D's built-in font has no glyphs for several letters of Latin Extended-A and
makes them up from parts: Croatian đ drawn as a d with a long slash above its stem, ć with
its accent high and to the right. DejaVu draws every letter of the three languages from
its own outlines.

Its advance widths are within 2 % of the built-in font's (a layout made for that font
still fits); its line height is set to the built-in font's, so panels keep their lines.
"""
from __future__ import annotations

from pathlib import Path

from panda3d.core import DynamicTextFont, Filename, TextNode

FONT_FILE = Path(__file__).resolve().parent.parent / "fonts" / "DejaVuSansCondensed.ttf"
# The built-in font's line height (text units per line), kept so panels keep their lines.
LINE_HEIGHT = 0.9875
# Glyphs are rasterised this many pixels per text unit: sharp at the HUD's sizes on a
# 2160-line screen; Panda3D makes each glyph once, on first use.
PIXELS_PER_UNIT = 48

_font = None


def game_font() -> DynamicTextFont:
    """The typeface, loaded once per process."""
    global _font
    if _font is None:
        font = DynamicTextFont(Filename.fromOsSpecific(str(FONT_FILE)))
        if not font.isValid():
            raise OSError(f"{FONT_FILE} is not a font Panda3D can read")
        font.setName("DejaVu Sans Condensed")
        font.setLineHeight(LINE_HEIGHT)
        font.setPixelsPerUnit(PIXELS_PER_UNIT)
        _font = font
    return _font


def use_game_font() -> None:
    """Make the typeface the default of every TextNode, OnscreenText and DirectGUI widget
    made from now on."""
    from direct.gui import DirectGuiGlobals as DGG
    font = game_font()
    TextNode.setDefaultFont(font)
    DGG.setDefaultFont(font)
