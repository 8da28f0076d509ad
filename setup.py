"""Build only the Cython extension modules; everything else is in pyproject.toml."""
from Cython.Build import cythonize
from setuptools import Extension, setup

# -ffp-contract=off: no fused multiply-add, so results are bit-identical whatever the CPU
# (determinism of the event log); never -ffast-math, which would reorder float arithmetic.
COMPILE_ARGS = ["-O3", "-ffp-contract=off", "-fno-fast-math"]


def extension(name):
    return Extension(
        f"physics_ext.{name}",
        [f"physics_ext/{name}.pyx"],
        extra_compile_args=COMPILE_ARGS,
    )


setup(
    ext_modules=cythonize(
        [extension("_solver"), extension("_query")],
        compiler_directives={
            "language_level": 3,
            "boundscheck": False,
            "wraparound": False,
            "cdivision": True,
            "initializedcheck": False,
        },
    )
)
