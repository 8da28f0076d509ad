"""No word a player reads bypasses gettext: every string literal that reaches a widget, a
HUD or dialog setter, a command's output or argparse, or a refused file's sentence goes
through `_()` or `ngettext()`, and every entry of a table shown through `_()` is marked
with N_ (tests/i18n/bypass.py walks the source). The walks are shown to catch planted
bypasses of each kind, and to let translated and wordless text pass."""
import ast
from pathlib import Path

import pytest

import game
from bypass import scan_source, scan_tree, unmarked_table_entries

GAME = Path(game.__file__).resolve().parent


def test_no_player_string_in_the_game_bypasses_gettext():
    found = scan_tree(GAME)
    assert found == [], "\n".join(map(str, found))


def test_every_entry_of_a_translated_table_is_marked_for_the_catalogs():
    """A table shown through _() (`_(FOUL_TEXT[foul])`) holds N_("...") entries only:
    a bare string there is never extracted, so never translated."""
    assert unmarked_table_entries(GAME) == []


def test_an_unmarked_table_entry_is_caught(tmp_path):
    package = tmp_path / "game"
    package.mkdir()
    (package / "labels.py").write_text('LABELS = {"low": N_("Low"), "high": "High"}\n')
    (package / "page.py").write_text("from game.labels import LABELS\n\n"
                                     "def show(button, key):\n"
                                     "    relabel(button, _(LABELS.get(key, key)))\n")
    assert unmarked_table_entries(package) == [
        "game/labels.py:1: 'High' (translated by page.py)"]


def test_no_function_hides_gettext_behind_a_local_underscore():
    """`for _ in ...` or `a, _ = ...` in a function that also calls _() makes `_` local
    there: the _() call then fails with UnboundLocalError."""
    clashes = []
    for path in sorted(GAME.rglob("*.py")):
        for function in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if not isinstance(function, (ast.FunctionDef, ast.AsyncFunctionDef)):
                continue
            nested = {n for f in ast.walk(function) if f is not function and isinstance(
                f, (ast.FunctionDef, ast.Lambda, ast.ListComp, ast.SetComp, ast.DictComp,
                    ast.GeneratorExp)) for n in ast.walk(f)}
            own = [n for n in ast.walk(function) if n not in nested]
            binds = any(isinstance(n, ast.Name) and n.id == "_" and isinstance(n.ctx, ast.Store)
                        for n in own)
            calls = any(isinstance(n, ast.Call) and isinstance(n.func, ast.Name)
                        and n.func.id == "_" for n in own)
            if binds and calls:
                clashes.append(f"{path.relative_to(GAME.parent)}:{function.lineno} "
                               f"{function.name}")
    assert clashes == []


PLANTED = {
    "widget text": 'OnscreenText(parent=p, text="Press Space to shoot")',
    "button text": 'DirectButton(text=f"Back {key}", command=back)',
    "setText": 'self.title.setText("Game over")',
    "HUD message": 'hud.say("Not allowed here")',
    "ruling": 'hud.set_ruling("Foul: " + what)',
    "relabel": 'relabel(button, "> " + "Windowed", TEXT)',
    "dialog": 'Dialog(base, "Concede?", _("Sure?"), [])',
    "toggle": 'Toggle(frame, "Shadows", True, (0, 0))',
    "print": 'print(f"wrote {path}")',
    "help": 'parser.add_argument("--seed", help="seed of the racks")',
    "description": 'argparse.ArgumentParser(prog="x", description="Plays pool.")',
    "parser error": 'parser.error("name a file")',
    "type error": 'raise argparse.ArgumentTypeError(f"not a size: {text}")',
    "refused file": 'raise FileRefused(f"{path}: the file is empty")',
    "refuse": 'refuse(path, "is a folder")',
    "conditional": 'hud.say(_("Placed") if ok else "Refused")',
    "format argument": 'hud.say(_("{who} to play").format(who="the opponent"))',
    "join": 'hud.say(", ".join(["red", "yellow"]))',
}


@pytest.mark.parametrize("sink", list(PLANTED))
def test_a_planted_bypass_is_caught(sink):
    found = scan_source(f"def f():\n    {PLANTED[sink]}\n")
    assert found and all(f.line == 2 for f in found), found


def test_a_bypass_through_a_local_name_a_parameter_or_a_helper_is_caught():
    source = '''
def show(hud, ok):
    words = "Ball in hand" if ok else _("Foul")
    hud.say(words)

def refuse_member(name, why):
    raise FileRefused(_("the member {name} is damaged ({why})").format(name=name, why=why))

def read(name):
    refuse_member(name, "its header lies outside the archive")

def problem(name):
    return "is empty" if not name else None

def check(name):
    raise FileRefused(problem(name))
'''
    found = scan_source(source)
    assert sorted(f.text for f in found) == ["Ball in hand", "is empty",
                                             "its header lies outside the archive"]


def test_translated_and_wordless_text_passes():
    source = '''
def f(hud, parser, n, name, path):
    hud.say(_("Not allowed here"))
    hud.say(ngettext("{n} ball", "{n} balls", n).format(n=n))
    hud.set_ruling(_("{name} wins").format(name=name) + "  " + str(n))
    relabel(button, "> " + _(LABELS[name]), TEXT)
    OnscreenText(parent=p, text="", pos=(0, 0))
    OnscreenText(parent=p, text="BREAKSHOT")
    parser.add_argument("--size", metavar="WxH", help=_("window size"))
    print(f"{n:4d}. {name}", file=sys.stderr)
    log.error("%s: unreadable", path)
    raise FileRefused(f"{path}: {name}")
'''
    assert scan_source(source) == []


def test_a_developer_report_speaks_the_players_language_but_machine_read_output_may_not():
    """A report of figures (the break demo's) is read by a person: its words are caught.
    The computer player's "code CODE" line is read by another program: it is not."""
    source = 'print(f"median {t:.3f} ms over {n} runs")\nparser.error("bad level")\n'
    found = scan_source(source, "game/break_demo.py")
    assert [f.sink for f in found] == ["print", "error"]
    found = scan_source(source, "game/net/bot.py")
    assert [f.sink for f in found] == ["error"]


def test_a_files_field_path_is_a_key_but_a_sentence_beside_it_is_not():
    """`where + ".target"` names a field of a file (stages[0].target), not a word; a
    refusal of a drill, an opponent or a profile is a player's sentence."""
    source = '''
def fail(where, problem):
    raise DrillFileError(f"{where}: {problem}")

def check(where, stage):
    fail(where + ".target", _("expected an object ball of the stage"))
    fail(where + ".pocket", "expected one of the pockets")
    raise ProfileError("the replay's seats are not a list of two")
'''
    found = scan_source(source)
    assert sorted(f.text for f in found) == ["expected one of the pockets",
                                             "the replay's seats are not a list of two"]
