"""Every command's --help speaks the language the system asks for (LANGUAGE and LANG set
to hr_HR.UTF-8 or es_ES.UTF-8): its description and the help of every option (each has
one) and subcommand in Croatian or Spanish, none of them in English, and argparse's own words
("usage:", "options:", "show this help message and exit") translated too."""
import argparse
import importlib
import os
import re
import subprocess
import sys

import pytest

from game import i18n

# (module run with python -m, arguments before --help)
COMMANDS = [
    ("game", []), ("game.ai_demo", []), ("game.break_demo", []), ("game.level_report", []),
    ("game.lab", []), ("game.lab", ["shotmap"]), ("game.lab", ["tournament"]),
    ("game.replay", []), ("game.server", []), ("game.audio", []), ("game.modelgen", []),
    ("game.profiles", []), ("game.profiles", ["rebuild"]), ("game.profiles", ["show"]),
    ("game.catalogs", []), ("game.net.soak", []), ("game.net.bot", []),
    ("game.view.docs_shots", []), ("game.learn.train", []),
]
LOCALES = {"hr": "hr_HR.UTF-8", "es": "es_ES.UTF-8"}
ARGPARSE_ENGLISH = ("usage:", "options:", "positional arguments:",
                    "show this help message and exit")
ARGPARSE_OWN = {"hr": ("uporaba:", "opcije:", "prikaži ovu pomoć i izađi"),
                "es": ("uso:", "opciones:", "muestra este mensaje de ayuda y sale")}


def squeezed(text: str) -> str:
    """`text` without its spacing, so argparse's wrapping of a sentence does not hide it."""
    return re.sub(r"\s+", "", text)


def help_parser(module: str, argv: list, monkeypatch) -> argparse.ArgumentParser:
    """The parser that prints the help of `python -m module *argv --help`, built in the
    language now spoken (in this process)."""
    target = importlib.import_module(module)
    if hasattr(target, "__path__"):            # a package: its __main__
        target = importlib.import_module(f"{module}.__main__")
    shown = []
    monkeypatch.setattr(argparse.ArgumentParser, "print_help",
                        lambda self, file=None: shown.append(self))
    with pytest.raises(SystemExit):
        target.main([*argv, "--help"])
    monkeypatch.undo()
    return shown[-1]


def help_texts(parser: argparse.ArgumentParser) -> list:
    """The description and the help of every option and subcommand of `parser`."""
    texts = [parser.description or ""]
    for action in parser._actions:
        if isinstance(action, argparse._SubParsersAction):
            texts += [choice.help for choice in action._choices_actions]
        elif action.help not in (None, argparse.SUPPRESS) and not isinstance(
                action, argparse._HelpAction):
            texts.append(action.help)
    return [t for t in texts if t]


def run_help(module: str, argv: list, language: str) -> str:
    env = {k: v for k, v in os.environ.items() if k not in ("LC_ALL", "LC_MESSAGES")}
    env.update(LANGUAGE=LOCALES[language], LANG=LOCALES[language], COLUMNS="100")
    done = subprocess.run([sys.executable, "-m", module, *argv, "--help"], env=env,
                          capture_output=True, text=True, timeout=300)
    assert done.returncode == 0, done.stderr
    return done.stdout


@pytest.mark.parametrize("language", list(LOCALES))
@pytest.mark.parametrize("module, argv", COMMANDS,
                         ids=[" ".join([m, *a]) for m, a in COMMANDS])
def test_a_commands_help_speaks_the_systems_language(module, argv, language, monkeypatch):
    i18n.use_language("en")
    parser = help_parser(module, argv, monkeypatch)
    english = help_texts(parser)
    assert [a.dest for a in parser._actions if a.help is None and not isinstance(
        a, argparse._SubParsersAction)] == [], "every option is told"
    i18n.use_language(language)
    try:
        translated = help_texts(help_parser(module, argv, monkeypatch))
    finally:
        i18n.use_language("en")
    assert english, "the command describes itself"
    out = run_help(module, argv, language)
    flat = squeezed(out)
    assert out.startswith(ARGPARSE_OWN[language][0] + " python -m " + module)
    for words in ARGPARSE_OWN[language]:
        assert words in out
    for words in ARGPARSE_ENGLISH:
        assert words not in out
    # Each sentence of ours is printed in the language, and none in English.
    untranslated = [t for t, shown in zip(english, translated) if t == shown]
    assert untranslated == []
    assert [t for t in english if squeezed(t % {"default": ""} if "%(" in t else t) in flat] \
        == []
    missing = [t for t in translated
               if "%(" not in t and squeezed(t) not in flat]
    assert missing == []
