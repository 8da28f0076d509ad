"""The catalogs' tests read the catalogs as committed."""
import shutil

import pytest

from game import catalogs


@pytest.fixture(scope="session")
def compiled(tmp_path_factory):
    """A locale folder with the catalogs as committed, compiled afresh (the build does the
    same for the wheel: tests/i18n/test_wheel.py), so no test reads a stale .mo."""
    folder = tmp_path_factory.mktemp("locale")
    shutil.copy(catalogs.TEMPLATE, folder / catalogs.TEMPLATE.name)
    for po in catalogs.po_files():
        language = po.parents[1].name
        catalogs.compile_catalog(po, folder / language / "LC_MESSAGES" / "breakshot.mo")
    return folder
