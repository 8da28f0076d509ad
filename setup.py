"""Build the Cython extension modules and compile the translation catalogs; everything else
is in pyproject.toml."""
from pathlib import Path

from babel.messages.mofile import write_mo
from babel.messages.pofile import read_po
from Cython.Build import cythonize
from setuptools import Extension, setup
from setuptools.command.build_py import build_py

# -ffp-contract=off: no fused multiply-add, so results are bit-identical whatever the CPU
# (determinism of the event log); never -ffast-math, which would reorder float arithmetic.
COMPILE_ARGS = ["-O3", "-ffp-contract=off", "-fno-fast-math"]
# The solver runs a batch's shots on OpenMP threads (physics_ext.simulate_batch); each shot
# is independent, so threading changes no result.
OPENMP = ["-fopenmp"]


def extension(name, openmp=False):
    return Extension(
        f"physics_ext.{name}",
        [f"physics_ext/{name}.pyx"],
        extra_compile_args=COMPILE_ARGS + (OPENMP if openmp else []),
        extra_link_args=OPENMP if openmp else [],
    )


class BuildPyWithCatalogs(build_py):
    """build_py, then every game/locale/<lang>/LC_MESSAGES/*.po compiled to its .mo: into
    the wheel's tree, or beside the .po for an editable install (the checkout is the
    package). Fuzzy entries are left out, as msgfmt does."""

    def run(self):
        super().run()
        root = Path(".") if self.editable_mode else Path(self.build_lib)
        for po in sorted(Path("game/locale").glob("*/LC_MESSAGES/*.po")):
            mo = root / po.with_suffix(".mo")
            mo.parent.mkdir(parents=True, exist_ok=True)
            with open(po, "rb") as source, open(mo, "wb") as target:
                write_mo(target, read_po(source, locale=po.parents[1].name), use_fuzzy=False)


setup(
    cmdclass={"build_py": BuildPyWithCatalogs},
    ext_modules=cythonize(
        [extension("_solver", openmp=True), extension("_query")],
        compiler_directives={
            "language_level": 3,
            "boundscheck": False,
            "wraparound": False,
            "cdivision": True,
            "initializedcheck": False,
        },
    )
)
