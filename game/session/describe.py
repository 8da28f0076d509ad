"""Rulings in words, for the HUD and the replay shot list: "Foul: opponent's ball hit
first. Yellow to play, one visit." Plain text from enum values; no Panda3D. Also the
balls as players call them ("the 5", "a red")."""
from __future__ import annotations

from game.i18n import _
from game.rules import CUE, BallInHand, Colour, EndReason, Foul, Group, Player, colour_of

FOUL_TEXT = {
    Foul.CUE_BALL_POTTED: "cue ball potted",
    Foul.CUE_BALL_OFF_TABLE: "cue ball off the table",
    Foul.NO_CONTACT: "no ball hit",
    Foul.DOUBLE_HIT: "double hit",
    Foul.CUE_STRUCK_OTHER_BALL: "cue struck another ball",
    Foul.OBJECT_BALL_OFF_TABLE: "ball off the table",
    Foul.NO_CUSHION_AFTER_CONTACT: "no cushion after contact",
    Foul.FAILED_BREAK: "failed break",
    Foul.OPPONENT_BALL_FIRST: "opponent's ball hit first",
    Foul.BLACK_FIRST: "black hit first",
    Foul.JUMPED_OVER_BALL: "cue ball jumped over a ball",
    Foul.OPPONENT_BALL_POTTED: "opponent's ball potted",
    Foul.WRONG_BALL_FIRST: "lowest ball not hit first",
    Foul.BREAK_TOO_FEW_CUSHION_BALLS: "fewer than four balls to a cushion on the break",
    Foul.SCOOP_JUMP_OVER_BALL: "scoop jump over a ball",
    Foul.PUSH_STROKE: "push stroke",
    Foul.FERRULE_CONTACT: "ferrule contact",
    Foul.NINE_OFF_TABLE: "9 ball off the table",
}

END_TEXT = {
    EndReason.BLACK_POTTED: "{winner} pots the black and wins",
    EndReason.BLACK_POTTED_EARLY: "black potted too early: {winner} wins",
    EndReason.BLACK_POTTED_ON_FOUL: "black potted on a foul: {winner} wins",
    EndReason.NINE_POTTED: "{winner} pots the 9 and wins",
    EndReason.NINE_AND_CUE_BALL: "9 and cue ball down: {winner} wins",
    EndReason.NINE_OFF_TABLE: "9 ball off the table: {winner} wins",
    EndReason.THREE_FOULS: "three fouls in a row: {winner} wins",
    EndReason.SLOW_PLAY: "slow play: {winner} wins",
    EndReason.CONCEDED: "game conceded: {winner} wins",
}

ZONE_TEXT = {
    BallInHand.D: "ball in hand in the D",
    BallInHand.D_OPTIONAL: "may take the cue ball into the D",
    BallInHand.ANYWHERE: "ball in hand",
    BallInHand.BEHIND_HEAD_STRING: "ball in hand behind the head string",
}


def _sentence(text: str) -> str:
    """`text` as a sentence: capital first letter, full stop."""
    return text[:1].upper() + text[1:] + "."


def player_label(state, player: Player, names) -> str:
    """A player's name, with his colour once 8-ball groups are decided."""
    group = state.group_of(player) if hasattr(state, "group_of") else None
    if group is Group.RED:
        return f"{names[int(player)]} (red)"
    if group is Group.YELLOW:
        return f"{names[int(player)]} (yellow)"
    return names[int(player)]


def describe_ruling(ruling, state_after, names) -> str:
    """One line saying what the ruling means for the players."""
    parts = []
    if ruling.fouls:
        parts.append("Foul: " + ", ".join(sorted(FOUL_TEXT[f] for f in ruling.fouls)) + ".")
    if getattr(ruling, "void_break", False):
        parts.append("The break missed the 1: re-rack, same player breaks.")
    if getattr(ruling, "rerack", False):
        parts.append("Re-rack.")
    if getattr(ruling, "push_out", False):
        parts.append("Push out.")
    if ruling.end_reason is not None:
        parts.append(_sentence(END_TEXT[ruling.end_reason].format(
            winner=names[int(ruling.winner)])))
        return " ".join(parts)
    if getattr(ruling, "warning_issued", False):
        parts.append(f"Warning: {names[int(ruling.shooter)]} is on two fouls.")
    option = getattr(state_after, "option_pending", None)
    if option is not None:
        parts.append(f"{names[int(option)]} to play or pass.")
        return " ".join(parts)
    if getattr(state_after, "group_choice_pending", False):
        parts.append(f"{names[int(state_after.shooter)]} potted both colours: choose a group.")
        return " ".join(parts)
    turn = f"{player_label(state_after, ruling.next_player, names)} to play"
    visits = getattr(state_after, "visits_remaining", None)
    if visits is not None and ruling.next_player != ruling.shooter:
        turn += ", two visits" if visits == 2 else ", one visit"
    zone = ZONE_TEXT.get(ruling.ball_in_hand)
    if zone:
        turn += f", {zone}"
    parts.append(turn + ".")
    return " ".join(parts)


def ball_name(mode: str, ball: int) -> str:
    """Ball id `ball` of `mode` as players call it: "the cue ball"; in 9-ball by its
    number, "the 5"; in 8-ball by its colour, "a red", "a yellow", "the black"."""
    if ball == CUE:
        return _("the cue ball")
    if mode == "eight_ball":
        return {Colour.RED: _("a red"), Colour.YELLOW: _("a yellow"),
                Colour.BLACK: _("the black")}[colour_of(ball)]
    return _("the {number}").format(number=ball)
