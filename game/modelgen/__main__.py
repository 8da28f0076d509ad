"""Build step: `python -m game.modelgen --out DIR` regenerates every model file and the
manifest into DIR (default: the user cache, as the game would), one progress line per file
on stderr, and prints the folder; a folder that cannot be written is said in one line on
stderr, exit status 1."""
from __future__ import annotations

import sys
import time

from game.arguments import command_parser, folder_problem
from game.i18n import _, ngettext

from .build import default_cache_root, digest, ensure_models, generate


def main(argv=None) -> int:
    parser = command_parser(prog="python -m game.modelgen",
                            description=_("Generate Breakshot's 3D models (glTF)."))
    parser.add_argument("--out", help=_("folder to fill (default: the user's cache, made "
                                        "only if out of date)"))
    args = parser.parse_args(argv)
    start = time.perf_counter()

    def progress(name, seconds, entry):
        triangles, textures = entry["triangles"], len(entry["textures"])
        print(_("{name}: {kb:.0f} KB, {triangles}, {textures} ({mb:.1f} MB on the GPU), "
                "{seconds:.2f} s").format(
                    name=name, kb=entry["bytes"] / 1024,
                    triangles=ngettext("{n} triangle", "{n} triangles", triangles).format(
                        n=triangles),
                    textures=ngettext("{n} texture", "{n} textures", textures).format(
                        n=textures),
                    mb=entry["texture_memory_bytes"] / 2 ** 20, seconds=seconds),
              file=sys.stderr)
    target = args.out or default_cache_root()
    try:
        if args.out:
            generate(args.out, progress)
            folder = args.out
        else:
            folder = ensure_models(progress=progress)
    except OSError as exc:
        print(_("python -m game.modelgen: error: the models cannot be made in {folder}: "
                "{reason}").format(folder=target, reason=folder_problem(target, exc)),
              file=sys.stderr)
        return 1
    print(_("models {digest} in {seconds:.1f} s").format(digest=digest()[:16],
                                                        seconds=time.perf_counter() - start),
          file=sys.stderr)
    print(folder)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
