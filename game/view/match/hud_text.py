"""The HUD's words, from the session's rules state (plain Python, no Panda3D): the title,
each player's panel, whose turn it is, the last shot's ruling and the shot log. A ruling's
sentences are `game.session.describe`'s.
"""
from __future__ import annotations

from dataclasses import dataclass

from game.i18n import _, ngettext
from game.rules import BLACK, BallInHand, Group, Player
from game.session import NextGame, Shoot
from game.session.describe import (END_TEXT, ZONE_TEXT, answers, describe_shot, group_name,
                                   player_label, shot_lines)
from game.tables.modes import MODE_TITLES

@dataclass(frozen=True)
class PlayerPanel:
    """One player's panel: name line, detail line (group and balls left, visits, fouls),
    whether he is at the table, whether his line is a warning (on two fouls), and the
    balls still on the table it shows (ids, in the order drawn) with those to hit
    (`marked`)."""
    name: str
    detail: str
    at_table: bool
    warning: bool = False
    balls: tuple = ()
    marked: frozenset = frozenset()


def title(session, race=None) -> str:
    """"9-Ball - game 2 - Ann 1 : 0 Bob"; in a race (game.race.Race), "9-Ball - race to
    3 - frame 2 - Ann 1 : 0 Bob"."""
    a, b = session.shown_names
    won = session.games_won
    game = sum(won) + (0 if session.state.game_over else 1)
    where = _("game {number}").format(number=game) if race is None else (
        _("race to {frames}  -  frame {number}").format(frames=race.frames_to_win,
                                                        number=race.frame_number))
    return _("{mode}  -  {where}  -  {a} {wa} : {wb} {b}").format(
        mode=_(MODE_TITLES[session.mode]), where=where, a=a, wa=won[0], wb=won[1], b=b)


def match_summary(summary, names) -> str:
    """A finished race (game.race.MatchSummary) in two lines, one per player: frames,
    shots, balls potted, longest run, fouls."""
    return "\n".join(_("{name}: {figures}").format(name=name, figures=", ".join((
        ngettext("{n} frame", "{n} frames", p.frames_won).format(n=p.frames_won),
        ngettext("{n} shot", "{n} shots", p.shots).format(n=p.shots),
        ngettext("{n} ball potted", "{n} balls potted", p.balls_potted).format(
            n=p.balls_potted),
        _("best run {n}").format(n=p.longest_run),
        ngettext("{n} foul", "{n} fouls", sum(p.fouls.values())).format(
            n=sum(p.fouls.values())))))
        for name, p in zip(names, summary.players))


def panels(session, rings: bool = False) -> tuple:
    """(Player.A's panel, Player.B's panel); `rings`: colour-blind play, the group names
    say which group is ringed (`group_name`)."""
    return tuple(_panel(session, Player(p), rings) for p in (0, 1))


def _panel(session, player: Player, rings: bool = False) -> PlayerPanel:
    state = session.state
    at_table = not state.game_over and deciding_player(session) is player
    name = session.shown_names[int(player)]
    balls, marked = balls_shown(session, player, at_table)
    if session.mode == "eight_ball":
        return PlayerPanel(name, _eight_ball_detail(state, player, rings), at_table, False,
                           balls, marked)
    fouls = state.consecutive_fouls[int(player)]
    detail = _("fouls in a row: {count}").format(count=fouls)
    warned = bool(state.warned[int(player)])
    if warned:
        detail = _("{detail} - WARNING: a third loses").format(detail=detail)
    return PlayerPanel(name, detail, at_table, warned, balls, marked)


def balls_shown(session, player: Player, at_table: bool) -> tuple:
    """(balls, marked): the balls on the table `player`'s panel shows, in order, and
    those among them he must hit. 8-ball with groups: his group's balls, or the black
    (marked) once he is on it. 9-ball, and the 8-ball open table: the whole rack, in
    the panel of the player at the table only (9-ball lowest first, the lowest marked;
    8-ball reds, yellows, the black)."""
    state = session.state
    on = state.object_balls_on_table
    if session.mode == "eight_ball":
        group = state.group_of(player)
        if group is not None:
            left = sorted(group.balls & on)
            if left or BLACK not in on:
                return tuple(left), frozenset()
            return (BLACK,), frozenset({BLACK})
        if not at_table:
            return (), frozenset()
        return (tuple(sorted(Group.RED.balls & on)) + tuple(sorted(Group.YELLOW.balls & on))
                + tuple({BLACK} & on)), frozenset()
    if not at_table or not on:
        return (), frozenset()
    return tuple(sorted(on)), frozenset({min(on)})


def _eight_ball_detail(state, player: Player, rings: bool = False) -> str:
    group = state.group_of(player)
    if group is None:
        detail = _("open table")
    else:
        colour = group_name(group, rings)
        if state.on_the_black(player):
            detail = _("{group}: on the black").format(group=colour)
        else:
            left = len(group.balls & state.object_balls_on_table)
            detail = ngettext("{group}: {count} left", "{group}: {count} left", left).format(
                group=colour, count=left)
    if not state.game_over and state.shooter is player and state.visits_remaining == 2:
        detail = _("{detail}  -  2 visits").format(detail=detail)
    return detail


def deciding_player(session) -> Player:
    """Who must act now: the shooter, or the player who chooses play or pass."""
    option = session.option_pending
    return option if option is not None else session.state.shooter


def turn(session, rings: bool = False) -> str:
    """What is asked of whom, right now; `rings`: colour-blind play's group names."""
    state = session.state
    if state.game_over:
        return _("Game over: {how}.").format(how=_(END_TEXT[state.end_reason]).format(
            winner=session.shown_names[int(state.winner)]))
    who = player_label(state, deciding_player(session), session.shown_names, rings)
    if session.option_pending is not None:
        return _("{who}: play from here, or pass the shot back?").format(who=who)
    if session.group_choice_pending:
        return _("{who} potted both colours: choose a group.").format(who=who)
    if state.ball_in_hand.lifts_cue_ball and session.needs_cue_ball_placement:
        return _("{who}: {zone}. Place the cue ball.").format(
            who=who, zone=_(ZONE_TEXT[state.ball_in_hand]))
    if state.is_break:
        line = _("{who} to break").format(who=who)
    elif session.mode == "nine_ball":
        line = _("{who} to play the {ball}").format(who=who, ball=state.lowest_ball)
    elif state.on_the_black(state.shooter):
        line = _("{who} to play the black").format(who=who)
    else:
        line = _("{who} to play").format(who=who)
    if state.ball_in_hand is BallInHand.D_OPTIONAL:
        line = _("{line} (may take the cue ball into the D)").format(line=line)
    if session.push_out_available:
        line = _("{line}; a push out may be declared").format(line=line)
    return _("{line}.").format(line=line)


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


def ruling_line(session, record, rings: bool = False) -> str:
    """The ruling of `record` (a ShotRecord of `session`) in words, with the balls it
    potted; once the choice it left (play or pass, a group) is answered, the answer
    instead of the question. `rings`: colour-blind play's words for groups and balls."""
    state_after = session.engine.apply(record.state_before, record.ruling)
    return describe_shot(record, state_after, session.shown_names,
                         answers(session.commands).get(id(record.command)), rings=rings)


def shot_log(session, race=None, unseen: int = 0, rings: bool = False) -> list:
    """The current frame's shots in words, one line each ("3. Ann: Potted the 5. Plays
    on."): the race's log in a race, else the shots since the last rematch. The last
    `unseen` shots (one still being played back) are left out: their rulings are not
    told yet. `rings`: colour-blind play's words for groups and balls."""
    if race is not None:
        lines = race.shot_log(rings=rings)
        return lines[:len(lines) - unseen] or [_("No shots yet in this frame.")]
    records = frame_shots(session)
    records = records[:len(records) - unseen]
    lines = shot_lines(records, session.engine, session.shown_names, session.commands, rings)
    return lines or [_("No shots yet in this frame.")]
