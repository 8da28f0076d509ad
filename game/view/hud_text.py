"""The HUD's words, from the session's rules state (plain Python, no Panda3D): the title,
each player's panel, whose turn it is, and the shot log. The last ruling's sentence is
`game.session.describe.describe_ruling`'s.
"""
from __future__ import annotations

from dataclasses import dataclass

from game.rules import BallInHand, Player
from game.session import NextGame, Shoot
from game.session.describe import END_TEXT, ZONE_TEXT, describe_ruling, player_label

MODE_TITLES = {"nine_ball": "9-Ball", "eight_ball": "8-Ball, red and yellow"}


@dataclass(frozen=True)
class PlayerPanel:
    """One player's panel: name line, detail line (group and balls left, visits, fouls),
    whether he is at the table, and whether his line is a warning (on two fouls)."""
    name: str
    detail: str
    at_table: bool
    warning: bool = False


def title(session, race=None) -> str:
    """"9-Ball - game 2 - Ann 1 : 0 Bob"; in a race (game.race.Race), "9-Ball - race to
    3 - frame 2 - Ann 1 : 0 Bob"."""
    a, b = session.names
    won = session.games_won
    game = sum(won) + (0 if session.state.game_over else 1)
    where = f"game {game}" if race is None else (
        f"race to {race.frames_to_win}  -  frame {race.frame_number}")
    return f"{MODE_TITLES[session.mode]}  -  {where}  -  {a} {won[0]} : {won[1]} {b}"


def match_summary(summary, names) -> str:
    """A finished race (game.race.MatchSummary) in two lines, one per player: frames,
    shots, balls potted, longest run, fouls."""
    return "\n".join(
        f"{name}: {p.frames_won} frames, {p.shots} shots, {p.balls_potted} balls potted, "
        f"best run {p.longest_run}, {sum(p.fouls.values())} fouls"
        for name, p in zip(names, summary.players))


def panels(session) -> tuple:
    """(Player.A's panel, Player.B's panel)."""
    return tuple(_panel(session, Player(p)) for p in (0, 1))


def _panel(session, player: Player) -> PlayerPanel:
    state = session.state
    at_table = not state.game_over and deciding_player(session) is player
    name = session.names[int(player)]
    if session.mode == "eight_ball":
        return PlayerPanel(name, _eight_ball_detail(state, player), at_table)
    fouls = state.consecutive_fouls[int(player)]
    detail = f"fouls in a row: {fouls}"
    warned = bool(state.warned[int(player)])
    if warned:
        detail += " - WARNING: a third loses"
    return PlayerPanel(name, detail, at_table, warned)


def _eight_ball_detail(state, player: Player) -> str:
    group = state.group_of(player)
    if group is None:
        detail = "open table"
    elif state.on_the_black(player):
        detail = f"{group.value}: on the black"
    else:
        left = len(group.balls & state.object_balls_on_table)
        detail = f"{group.value}: {left} left"
    if not state.game_over and state.shooter is player and state.visits_remaining == 2:
        detail += "  -  2 visits"
    return detail


def deciding_player(session) -> Player:
    """Who must act now: the shooter, or the player who chooses play or pass."""
    option = session.option_pending
    return option if option is not None else session.state.shooter


def turn(session) -> str:
    """What is asked of whom, right now."""
    state = session.state
    if state.game_over:
        return "Game over: " + END_TEXT[state.end_reason].format(
            winner=session.names[int(state.winner)]) + "."
    who = player_label(state, deciding_player(session), session.names)
    if session.option_pending is not None:
        return f"{who}: play from here, or pass the shot back?"
    if session.group_choice_pending:
        return f"{who} potted both colours: choose a group."
    if state.ball_in_hand.lifts_cue_ball and session.needs_cue_ball_placement:
        return f"{who}: {ZONE_TEXT[state.ball_in_hand]}. Place the cue ball."
    line = f"{who} to {'break' if state.is_break else 'play'}"
    if session.mode == "nine_ball" and not state.is_break:
        line += f" the {state.lowest_ball}"
    elif session.mode == "eight_ball" and state.on_the_black(state.shooter):
        line += " the black"
    if state.ball_in_hand is BallInHand.D_OPTIONAL:
        line += " (may take the cue ball into the D)"
    if session.push_out_available:
        line += "; a push out may be declared"
    return line + "."


def frame_shots(session) -> list:
    """The ShotRecords of the game (frame) in play, oldest first."""
    # The shots of this game are the Shoot commands after the last NextGame.
    played = 0
    for command in session.commands:
        if isinstance(command, NextGame):
            played = 0
        elif isinstance(command, Shoot):
            played += 1
    return session.shots[len(session.shots) - played:]


def shot_log(session, race=None) -> list:
    """The current frame's shots in words, one line each ("3. Ann: Foul: ..."): the
    race's log in a race, else the shots since the last rematch."""
    if race is not None:
        return race.shot_log() or ["No shots yet in this frame."]
    records = frame_shots(session)
    lines = [f"{k}. {session.names[int(r.ruling.shooter)]}: "
             f"{describe_ruling(r.ruling, session.engine.apply(r.state_before, r.ruling), session.names)}"
             for k, r in enumerate(records, start=1)]
    return lines or ["No shots yet in this frame."]
