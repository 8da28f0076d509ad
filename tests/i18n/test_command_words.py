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


LAB_WORDS = {
    "hr": ("python -m game.lab: greška: argument --speed: brzine štapa moraju biti u "
           "(0, 15.0] m/s\n",
           "python -m game.lab: greška: potrebni su sljedeći argumenti: OUT\n",
           "izlazna mapa"),
    "es": ("python -m game.lab: error: argumento --speed: las velocidades del taco deben "
           "estar en (0, 15.0] m/s\n",
           "python -m game.lab: error: se requieren los siguientes argumentos: OUT\n",
           "la carpeta de salida"),
}


@pytest.mark.parametrize("language", list(LAB_WORDS))
def test_the_lab_refuses_and_helps_in_the_players_language(language, capsys):
    """python -m game.lab's own refusals and argparse's (a subcommand's too) are one line
    in the language spoken, with exit status 1; its help is translated."""
    from game.lab import __main__ as lab
    own, argparses, help_words = LAB_WORDS[language]
    i18n.use_language(language)
    try:
        for argv, line in ((["shotmap", "OUT", "--cue", "1.8,0.74", "--ball", "9:2.2,0.34",
                             "--speed", "0:3:4"], own), (["shotmap"], argparses)):
            with pytest.raises(SystemExit) as caught:
                lab.main(argv)
            assert caught.value.code == 1
            assert capsys.readouterr().err == line
        with pytest.raises(SystemExit):
            lab.parse_args(["shotmap", "--help"])
        assert help_words in capsys.readouterr().out
    finally:
        i18n.use_language("en")
