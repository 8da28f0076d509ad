"""Rulings in words, for the HUD and the replay shot list: "Foul: opponent's ball hit
first. Yellow to play, one visit." Plain text from enum values; no Panda3D. Also the
balls as players call them ("the 5", "a red").

The tables hold English clauses marked with N_ and are translated where they are shown
(`_(FOUL_TEXT[foul])`), so a change of language reaches them."""
from __future__ import annotations

from game.i18n import N_, _
from game.rules import CUE, BallInHand, Colour, EndReason, Foul, Group, Player, colour_of

FOUL_TEXT = {
    Foul.CUE_BALL_POTTED: N_("cue ball potted"),
    Foul.CUE_BALL_OFF_TABLE: N_("cue ball off the table"),
    Foul.NO_CONTACT: N_("no ball hit"),
    Foul.DOUBLE_HIT: N_("double hit"),
    Foul.CUE_STRUCK_OTHER_BALL: N_("cue struck another ball"),
    Foul.OBJECT_BALL_OFF_TABLE: N_("ball off the table"),
    Foul.NO_CUSHION_AFTER_CONTACT: N_("no cushion after contact"),
    Foul.FAILED_BREAK: N_("failed break"),
    Foul.OPPONENT_BALL_FIRST: N_("opponent's ball hit first"),
    Foul.BLACK_FIRST: N_("black hit first"),
    Foul.JUMPED_OVER_BALL: N_("cue ball jumped over a ball"),
    Foul.OPPONENT_BALL_POTTED: N_("opponent's ball potted"),
    Foul.WRONG_BALL_FIRST: N_("lowest ball not hit first"),
    Foul.BREAK_TOO_FEW_CUSHION_BALLS: N_("fewer than four balls to a cushion on the break"),
    Foul.SCOOP_JUMP_OVER_BALL: N_("scoop jump over a ball"),
    Foul.PUSH_STROKE: N_("push stroke"),
    Foul.FERRULE_CONTACT: N_("ferrule contact"),
    Foul.NINE_OFF_TABLE: N_("9 ball off the table"),
}

END_TEXT = {
    EndReason.BLACK_POTTED: N_("{winner} pots the black and wins"),
    EndReason.BLACK_POTTED_EARLY: N_("black potted too early: {winner} wins"),
    EndReason.BLACK_POTTED_ON_FOUL: N_("black potted on a foul: {winner} wins"),
    EndReason.NINE_POTTED: N_("{winner} pots the 9 and wins"),
    EndReason.NINE_AND_CUE_BALL: N_("9 and cue ball down: {winner} wins"),
    EndReason.NINE_OFF_TABLE: N_("9 ball off the table: {winner} wins"),
    EndReason.THREE_FOULS: N_("three fouls in a row: {winner} wins"),
    EndReason.SLOW_PLAY: N_("slow play: {winner} wins"),
    EndReason.CONCEDED: N_("game conceded: {winner} wins"),
}

ZONE_TEXT = {
    BallInHand.D: N_("ball in hand in the D"),
    BallInHand.D_OPTIONAL: N_("may take the cue ball into the D"),
    BallInHand.ANYWHERE: N_("ball in hand"),
    BallInHand.BEHIND_HEAD_STRING: N_("ball in hand behind the head string"),
}


def _sentence(text: str) -> str:
    """`text` as a sentence: capital first letter, full stop."""
    return text[:1].upper() + text[1:] + "."


def player_label(state, player: Player, names) -> str:
    """A player's name, with his colour once 8-ball groups are decided."""
    group = state.group_of(player) if hasattr(state, "group_of") else None
    if group is Group.RED:
        return _("{name} (red)").format(name=names[int(player)])
    if group is Group.YELLOW:
        return _("{name} (yellow)").format(name=names[int(player)])
    return names[int(player)]


def describe_ruling(ruling, state_after, names) -> str:
    """One line saying what the ruling means for the players, in the current language."""
    parts = []
    if ruling.fouls:
        fouls = ", ".join(sorted(_(FOUL_TEXT[f]) for f in ruling.fouls))
        parts.append(_("Foul: {fouls}.").format(fouls=fouls))
    if getattr(ruling, "void_break", False):
        parts.append(_("The break missed the 1: re-rack, same player breaks."))
    if getattr(ruling, "rerack", False):
        parts.append(_("Re-rack."))
    if getattr(ruling, "push_out", False):
        parts.append(_("Push out."))
    if ruling.end_reason is not None:
        parts.append(_sentence(_(END_TEXT[ruling.end_reason]).format(
            winner=names[int(ruling.winner)])))
        return " ".join(parts)
    if getattr(ruling, "warning_issued", False):
        parts.append(_("Warning: {name} is on two fouls.").format(
            name=names[int(ruling.shooter)]))
    option = getattr(state_after, "option_pending", None)
    if option is not None:
        parts.append(_("{name} to play or pass.").format(name=names[int(option)]))
        return " ".join(parts)
    if getattr(state_after, "group_choice_pending", False):
        parts.append(_("{name} potted both colours: choose a group.").format(
            name=names[int(state_after.shooter)]))
        return " ".join(parts)
    who = player_label(state_after, ruling.next_player, names)
    visits = getattr(state_after, "visits_remaining", None)
    if visits is not None and ruling.next_player != ruling.shooter:
        turn = (_("{player} to play, two visits") if visits == 2
                else _("{player} to play, one visit")).format(player=who)
    else:
        turn = _("{player} to play").format(player=who)
    zone = ZONE_TEXT.get(ruling.ball_in_hand)
    if zone:
        turn = _("{turn}, {zone}").format(turn=turn, zone=_(zone))
    parts.append(_("{turn}.").format(turn=turn))
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
