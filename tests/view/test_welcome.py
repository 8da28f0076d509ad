"""The first start's offer of the guide over the menu, in each language: its panel is
opaque (nothing of the menu shows through it: the panel's pixels are the same with the
menu hidden behind it), the rest of the menu is dimmed evenly (no line shows half covered
at the panel's edges), clicks do not reach the menu, and its words fit its panel."""
import numpy as np
import pytest
from panda3d.core import Point3

from game import settings as S
from game.i18n import LANGUAGES
from game.view.launcher import BreakshotApp
from game.view.menu.welcome import BACKDROP
from view_helpers import render

MARGIN = 0.03                   # aspect2d units kept clear inside the panel's edges
EDGE_PX = 3                     # the panel's edge pixels, blended with what is behind
SAME = 2.5 / 255                # rendering noise between two frames of the same picture


def _pixels(image) -> np.ndarray:
    w, h = image.getXSize(), image.getYSize()
    return np.array([[image.getXel(x, y) for x in range(w)] for y in range(h)])


def _rect_pixels(base, node):
    """(left, top, right, bottom) pixels of `node`'s frame in the window."""
    left, right, bottom, top = node["frameSize"]
    corners = [base.render2d.getRelativePoint(node, Point3(x, 0, z))
               for x in (left, right) for z in (bottom, top)]
    w, h = base.win.getXSize(), base.win.getYSize()
    xs = [(c.x + 1) / 2 * w for c in corners]
    ys = [(1 - c.z) / 2 * h for c in corners]
    return int(min(xs)) + 1, int(min(ys)) + 1, int(max(xs)) - 1, int(max(ys)) - 1


@pytest.fixture(params=list(LANGUAGES))
def app(request, base, tmp_path):
    path = tmp_path / "settings.json"
    S.save(S.Settings(language=request.param), path)
    made = BreakshotApp(base, settings_path=path, seed=1, use_shaders=False,
                        replay_dir=tmp_path / "replays", sound_root=tmp_path / "sounds",
                        practice_dir=tmp_path / "practice", offer_guide=True)
    made.statistics.connection()
    yield made
    made.destroy()
    made.statistics.close()


def test_the_welcome_panel_hides_the_menu_behind_it_and_dims_the_rest(app, base):
    offer = app.offer
    assert offer is not None
    base.taskMgr.step()
    shown = _pixels(render(base))
    left, top, right, bottom = _rect_pixels(base, offer.frame)
    app.menu.frame.hide()
    alone = _pixels(render(base))
    app.menu.frame.show()
    inside = np.s_[top:bottom, left:right]
    assert np.max(np.abs(shown[inside] - alone[inside])) <= SAME
    # Outside the panel: the menu's words are there, dimmed by the backdrop evenly.
    offer.backdrop.hide()
    offer.frame.reparentTo(base.hidden)
    bare = _pixels(render(base))
    offer.frame.reparentTo(offer.backdrop)
    offer.backdrop.show()
    outside = np.ones(shown.shape[:2], dtype=bool)
    outside[top - EDGE_PX:bottom + EDGE_PX, left - EDGE_PX:right + EDGE_PX] = False
    keep = 1.0 - BACKDROP[3]
    assert np.allclose(shown[outside], bare[outside] * keep, atol=SAME + 1 / 255)
    assert bare[outside].max() > 0.5           # there was menu text to dim
    # The backdrop catches clicks everywhere; the panel's words fit inside it.
    assert offer.backdrop["state"] == "normal"
    half = (offer.frame["frameSize"][1] - offer.frame["frameSize"][0]) / 2
    for text in (offer.dialog.title, offer.dialog.text):
        node = text.textNode
        width = node.getWidth() * text.getScale()[0]
        assert width <= 2 * (half - MARGIN), text.getText()
