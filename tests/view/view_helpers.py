"""Pixel helpers for the offscreen view tests: project, render, read back."""
from panda3d.core import Point2, PNMImage


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
