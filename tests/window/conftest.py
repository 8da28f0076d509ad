"""Real-window tests: one Xvfb display for the session, a fresh game window per test
(its own settings, replays and cache in the test's temporary folder).

They need Xvfb and xdotool (`.ci/run` installs them). Without them the tests are skipped
on a developer's machine, and fail under CI, where a skip would hide that nothing ran.
"""
import os
import sys
from pathlib import Path

import pytest

sys.path.insert(0, str(Path(__file__).resolve().parent))

from driver import Window, XServer, tools_missing  # noqa: E402


@pytest.fixture(scope="session")
def x_display():
    missing = tools_missing()
    if missing:
        message = "real-window tests need " + " and ".join(missing)
        if os.environ.get("CI"):
            pytest.fail(message + " (.ci/run installs them)")
        pytest.skip(message)
    server = XServer()
    yield server.display
    server.close()


@pytest.fixture
def open_window(x_display, tmp_path):
    """open_window(args=(), seed=1, size=(w, h)): the game in a real window; closed
    after the test."""
    windows = []

    def open_(args=(), seed: int = 1, **kwargs) -> Window:
        window = Window(x_display, tmp_path, args, seed, **kwargs)
        windows.append(window)
        return window

    yield open_
    for window in windows:
        window.close()


@pytest.fixture
def keep_shot(request, tmp_path):
    """keep_shot(window, name): a screenshot in BREAKSHOT_SHOTS (if set) or tmp_path."""
    folder = Path(os.environ.get("BREAKSHOT_SHOTS") or tmp_path)
    folder.mkdir(parents=True, exist_ok=True)

    def keep(window, name: str):
        return window.screenshot(folder / f"{request.node.name}-{name}.png")

    return keep
