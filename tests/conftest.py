"""For every test: the game speaks English whatever the machine's locale (tests that want
another language choose it; the real-window tests' game processes inherit this)."""
import os

os.environ["LANGUAGE"] = "en"

from game import i18n  # noqa: E402  (after the environment it reads)

i18n.use_language(None)
