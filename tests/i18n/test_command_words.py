"""The commands' --help and argparse's own messages speak the player's language: the
usage line, the headings, "show this help message and exit", the help of each option,
and argparse's errors, in Croatian and Spanish (game.arguments.command_parser)."""
import os
import subprocess
import sys

import pytest

from game import arguments, i18n

HELP = {
    "hr": ("uporaba: python -m game", "opcije:", "prikaži ovu pomoć i izađi",
           "iscrtaj bez zaslona (EGL); treba --screenshot"),
    "es": ("uso: python -m game", "opciones:", "muestra este mensaje de ayuda y sale",
           "dibuja sin pantalla (EGL); necesita --screenshot"),
}
ERROR = {
    "hr": ("python -m game: greška: argument --mode: nevaljan izbor: 'snooker' "
           "(izaberi između"),
    "es": "python -m game: error: argumento --mode: opción no válida: 'snooker' (elige entre",
}


def run(language, *argv):
    env = dict(os.environ, LANGUAGE=language)
    return subprocess.run([sys.executable, "-m", "game", *argv], env=env,
                          capture_output=True, text=True, timeout=120)


@pytest.mark.parametrize("language", list(HELP))
def test_help_reads_in_the_systems_language(language):
    done = run(language, "--help")
    assert done.returncode == 0, done.stderr
    for words in HELP[language]:
        assert words in done.stdout, (words, done.stdout)
    assert "usage:" not in done.stdout and "show this help" not in done.stdout


@pytest.mark.parametrize("language", list(ERROR))
def test_argparses_own_error_reads_in_the_systems_language(language):
    done = run(language, "--mode", "snooker")
    lines = done.stderr.strip().splitlines()
    assert done.returncode == 2
    assert lines[0].startswith(HELP[language][0]), lines
    assert lines[-1].startswith(ERROR[language]), lines


def test_a_parser_follows_a_change_of_language(capsys):
    """The language chosen in the game (not only the system's) reaches argparse, at the
    moment it speaks."""
    parser = arguments.command_parser("python -m game.x", "x")
    parser.add_argument("--games", type=arguments.whole_number(1))
    try:
        for language, words in (("es", "argumento --games: debe"),
                                ("en", "argument --games: must")):
            i18n.use_language(language)
            with pytest.raises(SystemExit):
                parser.parse_args(["--games", "0"])
            assert words in capsys.readouterr().err
    finally:
        i18n.use_language("en")
