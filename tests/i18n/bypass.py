"""Finds words a player reads that bypass gettext: string literals reaching a
player-facing sink (a widget's text, a HUD or dialog setter, a command's print, argparse's
help and errors, an exception whose message is shown) without passing through `_()` or
`ngettext()`.

A static walk of each module's syntax tree. From a sink's argument it follows what can
carry a literal into it: f-strings and their fields, `+` and `%`, `str.format` and
`str.join`, both arms of a conditional, the elements of a tuple or list, and a plain name
to the values assigned to it in the same function, to what the module's calls of that
function pass for it if it is a parameter, or to a string constant of the module. A call
to `_`, `N_` or `ngettext` ends the walk (its arguments are the catalog's); a call of a
function of the same module is followed to what it returns; any other call ends the walk
(what it returns is its own module's concern, walked there).

A second walk (`unmarked_table_entries`) checks the tables whose entries are translated
where they are shown (`_(FOUL_TEXT[foul])`): each entry must be marked N_("...").
"""
from __future__ import annotations

import ast
import re
from dataclasses import dataclass
from pathlib import Path

GETTEXT = frozenset({"_", "N_", "ngettext"})

# Callee name -> (player-facing positional arguments, player-facing keywords). "*" takes
# every positional argument. A name matches a plain call (print(...)) or a method
# (hud.say(...), parser.error(...)).
SINKS = {
    # Panda3D text and DirectGUI widgets (game/view)
    "OnscreenText": ((), ("text",)),
    "DirectButton": ((), ("text",)),
    "DirectLabel": ((), ("text",)),
    "DirectFrame": ((), ("text",)),
    "DirectCheckButton": ((), ("text",)),
    "DirectOptionMenu": ((), ("text", "items")),
    "DirectEntry": ((), ("initialText",)),
    "setText": ((0,), ()),
    "appendText": ((0,), ()),
    # the HUD's, the menu's and the dialogs' own setters
    "say": ((0,), ()),
    "warn": ((0,), ()),
    "set_ruling": ((0,), ()),
    "set_controls": ((0,), ()),
    "show_thinking": ((0,), ()),
    "relabel": ((1,), ()),
    "Toggle": ((1,), ("label",)),
    "Dialog": ((1, 2), ("title", "text")),
    "TextPanel": ((1,), ("title",)),
    # the commands: what they print, argparse's help and errors
    "print": (("*",), ()),
    "ArgumentParser": ((), ("description", "epilog", "usage")),
    "command_parser": ((1,), ("description",)),
    "add_argument": ((), ("help",)),
    "add_argument_group": ((0, 1), ("title", "description")),
    "error": ((0,), ()),
    "exit": ((1,), ("message",)),
    "ArgumentTypeError": ((0,), ()),
    "SystemExit": ((0,), ()),
    # refused files: their sentence reaches the menu's notice or a command's error line
    "FileRefused": ((0,), ()),
    "ForeignFile": ((0,), ()),
    "TruncatedFile": ((0,), ()),
    "ReplayError": ((0,), ()),
    "NotAReplayError": ((0,), ()),
    "TruncatedReplayError": ((0,), ()),
    "CorruptReplayError": ((0,), ()),
    "NewerReplayError": ((0,), ()),
    "PositionFileError": ((0,), ()),
    "SettingsError": ((0,), ()),
    "ProtocolError": ((0,), ()),
    "PlacementError": ((0,), ()),
    "DrillFileError": ((0,), ()),
    "OpponentFileError": ((0,), ()),
    "ProfileError": ((0,), ()),
    # the lab command's refusals, said on its error line
    "RunRefused": ((0,), ()),
    "BackendError": ((0,), ()),
    "refuse": ((1,), ("problem",)),
    "kind": ((0,), ()),             # a FileRefused kind passed in as `kind`/`error`
}
# Receivers whose .error/.warn/.exit are the log's or the interpreter's, not a player's.
NOT_A_SINK_RECEIVER = frozenset({"log", "logger", "logging", "warnings", "sys", "os"})

# Text with no word in it (symbols, numbers, spacing) needs no translation.
WORD = re.compile(r"[^\W\d_]{2,}")

IDENTIFIER = re.compile(r"[a-z][a-z0-9_]*")
# The rest of a file's field path (".target" of "stages[0].target"), which a sentence
# names: a key, not a word.
FIELD_PATH = re.compile(r"(\.[a-z][a-z0-9_]*)+")

# Words that are the same in every language, reviewed one by one.
ALLOWED = {
    "BREAKSHOT",            # the game's name, the menu's title
    "ws://:",               # a URL's scheme (the server's address)
    "breakshot___.csv",     # the statistics export's file name: game, seat, mode, time
    "manifest.json",        # the file name of a lab run's manifest
    "parts", "summary.txt",  # a lab run's results folder and summary file
    # the README's screenshots (python -m game.view.docs_shots)
    "stats.png", "replay.png", "drill.png", "_top.png", "_choice.png", "menu.png",
    "graphics.png",
}

# Modules whose printed output another program reads (the soak's JSON report, the computer
# player's "code CODE" line and JSON summary): their stdout is exempt; argparse's help,
# errors and refused files still count. Every other command's report speaks the player's
# language.
MACHINE_READ = frozenset({"game/net/soak.py", "game/net/bot.py"})


@dataclass(frozen=True)
class Bypass:
    """A literal that reaches `sink` at `path`:`line` without gettext."""
    path: str
    line: int
    sink: str
    text: str

    def __str__(self) -> str:
        return f"{self.path}:{self.line}: {self.text!r} reaches {self.sink}() untranslated"


def _callee(call: ast.Call) -> tuple:
    """(name, receiver name or None) of a call: print(...) -> ("print", None),
    parser.error(...) -> ("error", "parser")."""
    func = call.func
    if isinstance(func, ast.Name):
        return func.id, None
    if isinstance(func, ast.Attribute):
        value = func.value
        receiver = value.id if isinstance(value, ast.Name) else (
            value.attr if isinstance(value, ast.Attribute) else None)
        return func.attr, receiver
    return None, None


def _sink_arguments(call: ast.Call, name: str, receiver):
    positions, keywords = SINKS[name]
    if receiver in NOT_A_SINK_RECEIVER:
        return
    for k, arg in enumerate(call.args):
        if "*" in positions or k in positions:
            yield arg
    for keyword in call.keywords:
        if keyword.arg in keywords:
            yield keyword.value


class _Module:
    def __init__(self, source: str, path: str):
        self.path = path
        self.tree = ast.parse(source)
        self.parents = {}
        for node in ast.walk(self.tree):
            for child in ast.iter_child_nodes(node):
                self.parents[child] = node
        self.functions = {node.name: node for node in ast.walk(self.tree)
                          if isinstance(node, ast.FunctionDef)}
        self.found: list = []

    def scope_of(self, node):
        while node in self.parents:
            node = self.parents[node]
            if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef, ast.Lambda)):
                return node
        return self.tree

    def assigned(self, scope, name: str) -> list:
        """The values assigned to `name` in `scope` (not in functions nested in it)."""
        values = []
        for node in ast.walk(scope):
            if node is not scope and self.scope_of(node) is not scope:
                continue
            if isinstance(node, ast.Assign):
                if any(isinstance(t, ast.Name) and t.id == name for t in node.targets):
                    values.append(node.value)
            elif isinstance(node, (ast.AnnAssign, ast.AugAssign)) and node.value is not None:
                if isinstance(node.target, ast.Name) and node.target.id == name:
                    values.append(node.value)
        return values

    def passed(self, function: ast.FunctionDef, name: str) -> list:
        """What this module's calls of `function` pass as its parameter `name`
        (positionally or by keyword; a method's `self` is not passed)."""
        params = [a.arg for a in function.args.posonlyargs + function.args.args]
        if name not in params + [a.arg for a in function.args.kwonlyargs]:
            return []
        values = []
        for call in ast.walk(self.tree):
            if not isinstance(call, ast.Call) or _callee(call)[0] != function.name:
                continue
            shift = 1 if params[:1] == ["self"] and isinstance(call.func, ast.Attribute) else 0
            if name in params and 0 <= params.index(name) - shift < len(call.args):
                values.append(call.args[params.index(name) - shift])
            values += [k.value for k in call.keywords if k.arg == name]
        # A lower-case identifier passed along ("graphics", "nine_ball") is a key of a
        # file or a table that the sentence names, not a word of it.
        return [v for v in values if not (isinstance(v, ast.Constant)
                                          and IDENTIFIER.fullmatch(str(v.value)))]

    def check(self, expr, sink: str, seen=frozenset()) -> None:
        """Record every untranslated literal that `expr` can carry into `sink`."""
        if isinstance(expr, ast.Constant) and isinstance(expr.value, str):
            self.literal(expr.value, expr, sink)
        elif isinstance(expr, ast.JoinedStr):
            words = "".join(v.value for v in expr.values if isinstance(v, ast.Constant))
            self.literal(words, expr, sink)
            for value in expr.values:
                if isinstance(value, ast.FormattedValue):
                    self.check(value.value, sink, seen)
        elif isinstance(expr, ast.BinOp):
            self.check(expr.left, sink, seen)
            self.check(expr.right, sink, seen)
        elif isinstance(expr, ast.IfExp):
            self.check(expr.body, sink, seen)
            self.check(expr.orelse, sink, seen)
        elif isinstance(expr, ast.BoolOp):
            for value in expr.values:
                self.check(value, sink, seen)
        elif isinstance(expr, (ast.Tuple, ast.List)):
            for element in expr.elts:
                self.check(element, sink, seen)
        elif isinstance(expr, ast.Starred):
            self.check(expr.value, sink, seen)
        elif isinstance(expr, (ast.GeneratorExp, ast.ListComp)):
            self.check(expr.elt, sink, seen)
        elif isinstance(expr, ast.Call):
            self.check_call(expr, sink, seen)
        elif isinstance(expr, ast.Name) and expr.id not in seen:
            scope = self.scope_of(expr)
            values = self.assigned(scope, expr.id)
            if not values and isinstance(scope, ast.FunctionDef):
                values = self.passed(scope, expr.id)
            if not values and scope is not self.tree:
                # A module's constant: its words, not the identifiers of its data tables.
                values = [v for v in self.assigned(self.tree, expr.id)
                          if isinstance(v, (ast.Constant, ast.JoinedStr, ast.BinOp))]
            for value in values:
                self.check(value, sink, seen | {expr.id})

    def check_call(self, call: ast.Call, sink: str, seen) -> None:
        name, _receiver = _callee(call)
        if name in GETTEXT and isinstance(call.func, ast.Name):
            return
        if name in ("format", "join") and isinstance(call.func, ast.Attribute):
            self.check(call.func.value, sink, seen)
            for arg in call.args:
                self.check(arg, sink, seen)
            for keyword in call.keywords:
                self.check(keyword.value, sink, seen)
        elif name == "str" and call.args:
            self.check(call.args[0], sink, seen)
        elif name in self.functions and name not in seen:
            # One of this module's own functions: what it returns.
            for node in ast.walk(self.functions[name]):
                if isinstance(node, ast.Return) and node.value is not None:
                    self.check(node.value, sink, seen | {name})

    def literal(self, text: str, node, sink: str) -> None:
        if WORD.search(text) and text.strip() not in ALLOWED and not FIELD_PATH.fullmatch(text):
            self.found.append(Bypass(self.path, node.lineno, sink, text))

    def scan(self) -> list:
        for node in ast.walk(self.tree):
            if not isinstance(node, ast.Call):
                continue
            name, receiver = _callee(node)
            if name not in SINKS:
                continue
            if name == "print" and self.path in MACHINE_READ:
                continue
            for arg in _sink_arguments(node, name, receiver):
                self.check(arg, name)
        return self.found


def scan_source(source: str, path: str = "<planted>") -> list:
    """Every Bypass in one module's source text."""
    return _Module(source, path).scan()


def scan_tree(root: Path) -> list:
    """Every Bypass in the .py files under `root` (paths relative to its parent)."""
    found = []
    for path in sorted(root.rglob("*.py")):
        found += scan_source(path.read_text(encoding="utf-8"),
                             path.relative_to(root.parent).as_posix())
    return found


def _table_name(arg):
    """The name of the table `_()` is given an entry of: TABLE[key], TABLE.get(key, ...),
    module.TABLE[key]; else None."""
    if isinstance(arg, ast.Call) and isinstance(arg.func, ast.Attribute) \
            and arg.func.attr == "get":
        arg = ast.Subscript(value=arg.func.value, slice=None)
    if isinstance(arg, ast.Subscript):
        table = arg.value
        if isinstance(table, ast.Name):
            return table.id
        if isinstance(table, ast.Attribute):
            return table.attr
    return None


def _module_tables(tree) -> dict:
    return {target.id: node.value for node in tree.body if isinstance(node, ast.Assign)
            for target in node.targets if isinstance(target, ast.Name)}


def unmarked_table_entries(root: Path) -> list:
    """Entries of the tables that `_()` translates an entry of (`_(FOUL_TEXT[foul])`)
    that are not marked with N_, so the catalogs never hold them: "path:line: text"."""
    trees = {path: ast.parse(path.read_text(encoding="utf-8"))
             for path in sorted(root.rglob("*.py"))}
    tables = {}                 # name -> [(path, value)], every module's
    for path, tree in trees.items():
        for name, value in _module_tables(tree).items():
            tables.setdefault(name, []).append((path, value))
    found = []
    for path, tree in trees.items():
        for call in ast.walk(tree):
            if not (isinstance(call, ast.Call) and isinstance(call.func, ast.Name)
                    and call.func.id == "_" and call.args):
                continue
            name = _table_name(call.args[0])
            for where, value in tables.get(name, []):
                entries = value.values if isinstance(value, ast.Dict) else getattr(
                    value, "elts", [])
                for entry in entries:
                    if isinstance(entry, (ast.Constant, ast.JoinedStr)):
                        found.append(f"{where.relative_to(root.parent)}:{entry.lineno}: "
                                     f"{ast.unparse(entry)} (translated by {path.name})")
    return sorted(set(found))
