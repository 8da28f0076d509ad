"""Pixel helpers for the offscreen view tests: project, render, read back, probe."""
import colorsys

from panda3d.core import Point2, PNMImage

# Above any Panda3D state set on the scene, so probe colours always win.
PROBE_PRIORITY = 100


def world_to_pixel(base, point):
    """Pixel (x, y) of a table-frame point in the window image (origin top-left), or
    None if it is outside the view."""
    p3 = base.cam.getRelativePoint(base.render, point)
    p2 = Point2()
    if not base.camLens.project(p3, p2):
        return None
    return (int((p2.x + 1) / 2 * base.win.getXSize()),
            int((1 - p2.y) / 2 * base.win.getYSize()))


def render(base) -> PNMImage:
    """Render (twice: the shadow map first) and read the image back."""
    base.graphicsEngine.renderFrame()
    base.graphicsEngine.renderFrame()
    image = PNMImage()
    assert base.win.getScreenshot(image)
    return image


def rgb_at(image: PNMImage, pixel) -> tuple:
    """(r, g, b) in 0..1 at pixel (x, y)."""
    x, y = pixel
    c = image.getXel(x, y)
    return (c[0], c[1], c[2])


def probe(node, rgb):
    """Draw a node in one flat, unlit colour: exact on every renderer."""
    node.setLightOff(PROBE_PRIORITY)
    node.setTextureOff(PROBE_PRIORITY)
    node.setShaderOff(PROBE_PRIORITY)
    node.setColor(*rgb, 1.0, PROBE_PRIORITY)


def probe_colours(n):
    """n clearly different saturated colours."""
    return [colorsys.hsv_to_rgb(k / n, 1.0, 1.0) for k in range(n)]


def widget_pixel(base, widget):
    """Pixel (x, y) of the centre of a DirectGui widget's frame (its text, for a widget
    without one) in the window image (origin top-left)."""
    left, right, bottom, top = widget.getBounds()
    p = base.render2d.getRelativePoint(widget, ((left + right) / 2, 0, (bottom + top) / 2))
    return (int((p.x + 1) / 2 * base.win.getXSize()),
            int((1 - p.z) / 2 * base.win.getYSize()))
