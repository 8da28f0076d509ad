"""For every test: the game speaks English whatever the machine's locale, and a test that
switches the language (a menu click, a settings file) leaves English behind it (the
real-window tests' game processes inherit the environment)."""
import os

import pytest

os.environ["LANGUAGE"] = "en"

from game import i18n  # noqa: E402  (after the environment it reads)

i18n.use_language(None)


@pytest.fixture(autouse=True)
def english_after_each_test():
    yield
    if i18n.current_language() != "en":
        i18n.use_language(None)
