"""The look's figures per quality preset, measured offscreen (EGL) in fresh processes:
geoms drawn (each a draw call: the player's view, and the shadow pass's), triangles,
texture memory, frame time, and the start-up times to the menu and to the table, on a
usual start and on the first start ever (an empty cache: the models are made).

    python -m benches.look_figures [--size 1280x720] [--frames 60]

prints one line per preset (and `--json` one JSON object). Each measurement runs in its
own process, as a player's start does (Panda3D allows one ShowBase per process).
"""
from __future__ import annotations

import argparse
import json
import math
import statistics
import subprocess
import sys
import time

PRESET_NAMES = ("low", "medium", "high")


def _frame_figures(preset: str, size: tuple, frames: int) -> dict:
    """In this process: the opening 9-ball position in the player's aiming view."""
    from panda3d.core import SceneGraphAnalyzer

    from game.settings import Graphics
    from game.view.app import apply_graphics, open_base, opening_positions, prepare_base
    from game.view.world.camera import OrbitCamera
    from game.view.world.lighting import SHADOW_CAMERA_MASK
    from game.view.world.scene import Scene
    graphics = Graphics().with_preset(preset)
    base = open_base(offscreen=True, size=size, graphics=graphics)
    prepare_base(base)
    apply_graphics(base, graphics)
    scene = Scene(base, "nine_ball", opening_positions("nine_ball"))
    x, y = scene.mode.cue_ball_spot
    OrbitCamera(base, (x, y, 0.03), distance=0.9, heading=0.0, pitch=math.radians(16))
    for _ in range(3):
        base.graphicsEngine.renderFrame()
    times = []
    for _ in range(frames):
        t = time.perf_counter()
        base.graphicsEngine.renderFrame()
        base.graphicsEngine.syncFrame()
        times.append(time.perf_counter() - t)

    def analyse(root):
        a = SceneGraphAnalyzer()
        a.addNode(root.node())
        return a
    everything = analyse(scene.root)
    casters = sum(analyse(n).getNumGeoms() for n in (scene.table, scene.balls.root,
                                                    scene.cue.root)
                  if not n.isHidden(SHADOW_CAMERA_MASK))
    figures = {"preset": preset, "size": list(size), "msaa": graphics.msaa,
               "shadow_map": scene.lighting.shadow_size,
               "shadow_taps": (2 * scene.lighting.pcf_radius + 1) ** 2
               if scene.lighting.shadows else 0,
               "geoms_view": everything.getNumGeoms(),
               "geoms_shadow_pass": casters if scene.lighting.shadows else 0,
               "triangles": everything.getNumTris(),
               "texture_mb": round(everything.getTextureBytes() / 2 ** 20, 1),
               "shadow_map_mb": round(4 * scene.lighting.shadow_size ** 2 / 2 ** 20, 1),
               "frame_ms_median": round(1000 * statistics.median(times), 1)}
    base.destroy()
    return figures


def _start_figures(t0: float) -> dict:
    """In this process, started at wall time t0: seconds to the menu's first frame, to the
    first frame with the table behind it (later on a first start, while the models are
    made), and from Play to the match's first frame (the sound effects already made:
    making them, on a first start, is timed on its own)."""
    import tempfile
    from pathlib import Path

    from game.audio.bank import ensure_sounds
    from game.view.app import open_base
    from game.view.launcher import BreakshotApp
    folder = Path(tempfile.mkdtemp())
    base = open_base(offscreen=True, size=(1280, 720))
    # Sounds and music in the cache (the process's own: see start_figures), as a player's.
    app = BreakshotApp(base, settings_path=folder / "settings.json", seed=1,
                       replay_dir=folder / "replays", practice_dir=folder / "practice",
                       offer_guide=False)
    base.graphicsEngine.renderFrame()
    menu = time.time() - t0
    while app.menu.scene is None:
        time.sleep(0.01)                # a player's idle menu at about 60 frames a second
        base.taskMgr.step()
    base.graphicsEngine.renderFrame()
    table = time.time() - t0
    t = time.time()
    ensure_sounds()
    sounds = time.time() - t
    t = time.time()
    app.menu.play()
    base.graphicsEngine.renderFrame()
    play = time.time() - t
    app.close()
    base.destroy()
    return {"menu_s": round(menu, 2), "menu_table_s": round(table, 2),
            "play_to_table_s": round(play, 2), "first_sounds_s": round(sounds, 2)}


def _child(args: list, env=None) -> dict:
    out = subprocess.run([sys.executable, "-m", "benches.look_figures", *args],
                         capture_output=True, text=True, check=False, env=env)
    if out.returncode != 0:
        raise RuntimeError(f"{' '.join(args)} failed: {out.stderr.strip()[-2000:]}")
    return json.loads(out.stdout.strip().splitlines()[-1])


def measure(size=(1280, 720), frames: int = 60) -> dict:
    """{"presets": [figures per preset], "start": start-up figures}, each measured in a
    fresh process."""
    presets = [_child(["--child-preset", p, "--size", f"{size[0]}x{size[1]}",
                       "--frames", str(frames)]) for p in PRESET_NAMES]
    return {"presets": presets, "start": start_figures(first=False),
            "first_start": start_figures(first=True)}


def start_figures(first: bool) -> dict:
    """The start-up figures of a fresh process with a cache of its own: `first`, empty,
    as the first start ever (the models, sounds and music made on the way); otherwise
    filled beforehand, as every later start finds it. (Not the user's cache: other
    checkouts on the machine replace its models with their own.)"""
    import os
    import tempfile
    env = dict(os.environ, XDG_CACHE_HOME=tempfile.mkdtemp())
    if not first:
        subprocess.run([sys.executable, "-c", "from game.modelgen import ensure_models; "
                        "from game.audio.bank import ensure_music, ensure_sounds; "
                        "ensure_models(); ensure_sounds(); ensure_music()"],
                       env=env, check=True, capture_output=True)
    return _child(["--child-start", repr(time.time())], env)


def main(argv=None) -> int:
    from game.arguments import window_size
    parser = argparse.ArgumentParser(prog="python -m benches.look_figures")
    parser.add_argument("--size", type=window_size, default=(1280, 720))
    parser.add_argument("--frames", type=int, default=60)
    parser.add_argument("--json", action="store_true")
    parser.add_argument("--child-preset", help=argparse.SUPPRESS)
    parser.add_argument("--child-start", type=float, help=argparse.SUPPRESS)
    args = parser.parse_args(argv)
    if args.child_preset:
        print(json.dumps(_frame_figures(args.child_preset, args.size, args.frames)))
        return 0
    if args.child_start is not None:
        print(json.dumps(_start_figures(args.child_start)))
        return 0
    figures = measure(args.size, args.frames)
    if args.json:
        print(json.dumps(figures))
        return 0
    for f in figures["presets"]:
        print(f"{f['preset']:6} {f['size'][0]}x{f['size'][1]} MSAA {f['msaa']}x, shadow map "
              f"{f['shadow_map']}^2 ({f['shadow_taps']} taps): geoms {f['geoms_view']} + "
              f"{f['geoms_shadow_pass']} (shadow pass), {f['triangles']:,} triangles, "
              f"textures {f['texture_mb']} MB + shadow map {f['shadow_map_mb']} MB, frame "
              f"{f['frame_ms_median']} ms (median)")
    for name, s in (("start", figures["start"]), ("first start ever", figures["first_start"])):
        print(f"{name}: to the menu {s['menu_s']} s, its table behind it at "
              f"{s['menu_table_s']} s; Play to the table {s['play_to_table_s']} s (the first "
              f"Play ever also makes the sound effects: {s['first_sounds_s']} s)")
    return 0


if __name__ == "__main__":
    sys.exit(main())
