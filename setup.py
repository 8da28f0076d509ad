"""Build the Cython extension modules, compile the translation catalogs and generate the 3D
models; everything else is in pyproject.toml."""
import os
import subprocess
import sys
from pathlib import Path

import numpy
from babel.messages.mofile import write_mo
from babel.messages.pofile import read_po
from Cython.Build import cythonize
from setuptools import Extension, setup
from setuptools.command.build_ext import build_ext
from setuptools.command.build_py import build_py

# -ffp-contract=off: no fused multiply-add, so results are bit-identical whatever the CPU
# (determinism of the event log); never -ffast-math, which would reorder float arithmetic.
COMPILE_ARGS = ["-O3", "-ffp-contract=off", "-fno-fast-math"]
# The solver runs a batch's shots on OpenMP threads (physics_ext.simulate_batch); each shot
# is independent, so threading changes no result.
OPENMP = ["-fopenmp"]


def extension(name, openmp=False, numpy_api=False):
    """numpy_api: the module cimports numpy (its C API: array data without a buffer)."""
    return Extension(
        f"physics_ext.{name}",
        [f"physics_ext/{name}.pyx"],
        extra_compile_args=COMPILE_ARGS + (OPENMP if openmp else []),
        extra_link_args=OPENMP if openmp else [],
        include_dirs=[numpy.get_include()] if numpy_api else [],
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


# Run with the package being built first on the path: game.modelgen needs the solver's
# extension, which exists once build_ext has run.
MAKE_MODELS = ("import sys; from game.modelgen.build import refresh; "
               "print('models:', 'generated' if refresh(sys.argv[1]) else 'current')")


class BuildExtWithModels(build_ext):
    """build_ext, then the 3D models generated from the solver's geometry (game.modelgen,
    about 4 s; nothing when they are current): into the checkout's top-level models/ for
    an editable or in-place build, or into the wheel's game/models/, so no player waits
    for them (see docs/models.md)."""

    def run(self):
        super().run()
        in_place = self.inplace or self.editable_mode
        root = Path(".").resolve() if in_place else Path(self.build_lib).resolve()
        target = root / "models" if in_place else root / "game" / "models"
        path = [str(root)] + [p for p in os.environ.get("PYTHONPATH", "").split(os.pathsep) if p]
        # run from root: `python -c` puts the working directory first on the path, and a
        # fresh checkout's physics_ext has no compiled modules (they are in build_lib)
        subprocess.run([sys.executable, "-c", MAKE_MODELS, str(target)], check=True,
                       cwd=root, env=dict(os.environ, PYTHONPATH=os.pathsep.join(path)))


setup(
    cmdclass={"build_py": BuildPyWithCatalogs, "build_ext": BuildExtWithModels},
    ext_modules=cythonize(
        [extension("_solver", openmp=True, numpy_api=True), extension("_query"), extension("_cue", numpy_api=True),
         extension("_shot", numpy_api=True), extension("_flight", numpy_api=True)],
        compiler_directives={
            "language_level": 3,
            "boundscheck": False,
            "wraparound": False,
            "cdivision": True,
            "initializedcheck": False,
        },
    )
)
