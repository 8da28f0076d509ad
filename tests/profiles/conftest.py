"""A statistics database in the test's folder; the helpers are in profile_helpers.py."""
import sys
from pathlib import Path

import pytest

sys.path.insert(0, str(Path(__file__).resolve().parent))

from game.profiles.store import open_store  # noqa: E402


@pytest.fixture
def db(tmp_path):
    conn = open_store(tmp_path / "live.sqlite")
    yield conn
    conn.close()
