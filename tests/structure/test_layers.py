"""The house's layers, read from the imports of every module: nothing below the 3D view
imports it (or Panda3D), no library module reaches up to a command-line entry point, and
the physics knows nothing of the game."""
import ast
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
ENTRY_POINTS = {"game.__main__", "game.ai_demo", "game.break_demo", "game.level_report",
                "game.view.docs_shots"}
# Library packages and modules below the view, and what none of their modules may import.
BELOW_THE_VIEW = ["physics_ext", "game.rules", "game.session", "game.ai", "game.replay",
                  "game.audio", "game.modelgen", "game.practice", "game.storage",
                  "game.tables", "game.race", "game.i18n", "game.arguments", "game.settings",
                  "game.net", "game.learn", "game.lab", "game.drills", "game.profiles"]
VIEW = ("game.view", "panda3d", "direct")


def module_name(path: Path) -> str:
    parts = list(path.relative_to(ROOT).with_suffix("").parts)
    if parts[-1] == "__init__":
        parts.pop()
    return ".".join(parts)


def modules(prefix: str) -> list:
    """(name, path) of the library modules of package or module `prefix` (its entry
    points, __main__ modules, left out: they may sit on top of everything)."""
    base = ROOT.joinpath(*prefix.split("."))
    paths = sorted(base.rglob("*.py")) if base.is_dir() else [base.with_suffix(".py")]
    found = [(module_name(p), p) for p in paths]
    return [(n, p) for n, p in found if not n.endswith("__main__") and n not in ENTRY_POINTS]


def imports(name: str, path: Path) -> set:
    """The absolute names of the modules that `path` (module `name`) imports."""
    package = name if path.name == "__init__.py" else name.rpartition(".")[0]
    found = set()
    for node in ast.walk(ast.parse(path.read_text(), str(path))):
        if isinstance(node, ast.Import):
            found.update(alias.name for alias in node.names)
        elif isinstance(node, ast.ImportFrom):
            if node.level:
                anchor = package.split(".")
                anchor = anchor[:len(anchor) - (node.level - 1)]
                target = ".".join(anchor + ([node.module] if node.module else []))
            else:
                target = node.module
            found.add(target)
            found.update(f"{target}.{alias.name}" for alias in node.names)
    return found


def reaches(imported: str, targets) -> bool:
    return any(imported == t or imported.startswith(t + ".") for t in targets)


LIBRARY = [m for prefix in BELOW_THE_VIEW for m in modules(prefix)]


def test_every_layer_is_found():
    assert len(LIBRARY) > 60
    assert {n.split(".")[0] for n, _ in LIBRARY} == {"physics_ext", "game"}


@pytest.mark.parametrize("name, path", LIBRARY, ids=[n for n, _ in LIBRARY])
def test_no_module_below_the_view_imports_it_or_an_entry_point(name, path):
    upward = {i for i in imports(name, path)
              if reaches(i, VIEW) or reaches(i, ENTRY_POINTS) or i.endswith("__main__")}
    assert not upward, f"{name} imports {sorted(upward)}"


@pytest.mark.parametrize("name, path", modules("physics_ext"),
                         ids=[n for n, _ in modules("physics_ext")])
def test_the_physics_knows_nothing_of_the_game(name, path):
    assert not {i for i in imports(name, path) if reaches(i, ["game"])}


@pytest.mark.parametrize("name, path", modules("game.rules"),
                         ids=[n for n, _ in modules("game.rules")])
def test_the_rules_know_nothing_of_sessions_players_or_files(name, path):
    above = ["game.session", "game.ai", "game.replay", "game.storage", "game.practice"]
    assert not {i for i in imports(name, path) if reaches(i, above)}


@pytest.mark.parametrize("name, path", LIBRARY, ids=[n for n, _ in LIBRARY])
def test_only_the_learning_environments_need_the_learn_extra(name, path):
    """gymnasium comes with the optional `learn` extra: only game.learn may import it
    (and nothing else may import game.learn), so the game runs without it."""
    if reaches(name, ["game.learn"]):
        return
    assert not {i for i in imports(name, path) if reaches(i, ["gymnasium", "game.learn"])}


def test_the_walk_resolves_relative_imports(tmp_path):
    fake = tmp_path / "plot.py"
    fake.write_text("from ..view import scene\nfrom . import fields\nimport numpy\n")
    assert imports("game.replay.plot", fake) == {
        "game.view", "game.view.scene", "game.replay", "game.replay.fields", "numpy"}


# The view's rooms in order: each may import only itself and the rooms before it.
VIEW_ROOMS = ["game.view.world", "game.view.ui", "game.view.music", "game.view.app",
              "game.view.first_start", "game.view.match", "game.view.practice", "game.view.drills", "game.view.replay",
              "game.view.online", "game.view.menu", "game.view.stats", "game.view.probe",
              "game.view.launcher", "game.view.docs_shots"]


def room_of(name: str):
    return next((r for r in VIEW_ROOMS if name == r or name.startswith(r + ".")), None)


VIEW_MODULES = [(n, p) for n, p in
                ((module_name(p), p) for p in sorted((ROOT / "game" / "view").rglob("*.py")))
                if n != "game.view"]


def test_every_view_module_has_a_room():
    assert VIEW_MODULES
    assert [n for n, _ in VIEW_MODULES if room_of(n) is None] == []


@pytest.mark.parametrize("name, path", VIEW_MODULES, ids=[n for n, _ in VIEW_MODULES])
def test_the_view_rooms_import_downwards_only(name, path):
    rank = VIEW_ROOMS.index(room_of(name))
    later = VIEW_ROOMS[rank + 1:]
    assert not {i for i in imports(name, path) if reaches(i, later)}
