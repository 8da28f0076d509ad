"""Rulings in words, for the HUD and the replay shot list: "Foul: opponent's ball hit
first. Yellow to play, one visit.", "Potted the 3 and the 4. Ann plays on." Plain text
from enum values; no Panda3D. Also the balls as players call them ("the 5", "a red") and
lists of them joined as the language joins them ("the 3, the 4 and the 5").

Colour-blind play (`rings`, chosen in the view: game.view.world.marking rings the
yellows) words every 8-ball group and ball by its marking as well as its colour, as the
HUD names the groups (`group_name`): "Ann (yellow, ringed) to play", "Potted one plain
red.", "Takes red, plain and plays on."; without it, by colour alone.

The tables hold English clauses marked with N_ and are translated where they are shown
(`_(FOUL_TEXT[foul])`), so a change of language reaches them."""
from __future__ import annotations

from babel.lists import format_list

from game.i18n import N_, _, current_language, ngettext
from game.rules import CUE, BallInHand, Colour, EndReason, Foul, Group, Player, colour_of
from game.rules.eight_ball import EightBallState
from game.rules.nine_ball import OptionChoice
from game.session.commands import ChooseGroup, ChooseOption

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


def group_name(group: Group, rings: bool = False) -> str:
    """An 8-ball group as players read it: its colour, and with colour-blind play
    (`rings`) its marking as well (game.view.world.marking rings the yellows)."""
    if Group(group) is Group.RED:
        return _("red, plain") if rings else _("red")
    return _("yellow, ringed") if rings else _("yellow")


def player_label(state, player: Player, names, rings: bool = False) -> str:
    """A player's name, with his group once 8-ball groups are decided ("Ann (red)";
    `rings`: colour-blind play's words, "Ann (red, plain)")."""
    group = state.group_of(player) if hasattr(state, "group_of") else None
    if group is None:
        return names[int(player)]
    return _("{name} ({group})").format(name=names[int(player)],
                                        group=group_name(group, rings))


def describe_ruling(ruling, state_after, names, potted=(), answer=None,
                   shooter_named: bool = False, rings: bool = False) -> str:
    """What `ruling` means for the players, in the current language: its fouls, the balls
    `potted` on the shot (ball ids; the cue ball is left out: its pot is a foul), the
    balls spotted again, and who plays next from `state_after` (the rules state right
    after the ruling). `answer`: the ChooseOption or ChooseGroup command that answered the
    choice the shot left, if it has been answered: said instead of the question.
    `shooter_named`: the words follow the shooter's name (a shot log's "3. Ann: ..."), so
    his staying at the table is said without naming him again. `rings`: colour-blind
    play's words for the groups and balls (the module docstring)."""
    mode = "eight_ball" if isinstance(state_after, EightBallState) else "nine_ball"
    parts = []
    if ruling.fouls:
        fouls = ", ".join(sorted(_(FOUL_TEXT[f]) for f in ruling.fouls))
        parts.append(_("Foul: {fouls}.").format(fouls=fouls))
    balls = sorted(set(potted) - {CUE})
    if balls:
        parts.append(_("Potted {balls}.").format(balls=name_balls(mode, balls, rings)))
    elif not (ruling.fouls or ruling.end_reason is not None
              or any(getattr(ruling, flag, False)
                     for flag in ("push_out", "replay", "void_break", "rerack"))):
        parts.append(_("No ball potted."))
    spotted = [ball for ball, _spot in ruling.respots if ball != CUE]
    if spotted:
        parts.append(_capitalised(ngettext("{balls} is spotted again.",
                                           "{balls} are spotted again.", len(spotted))
                                  .format(balls=name_balls(mode, spotted, rings))))
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
    choice = _choice(ruling, state_after, names, answer, shooter_named, rings)
    parts.append(choice if choice is not None
                 else _next_turn(ruling, state_after, names, bool(balls), shooter_named, rings))
    return " ".join(parts)


def describe_shot(record, state_after, names, answer=None,
                  shooter_named: bool = False, rings: bool = False) -> str:
    """`describe_ruling` for `record` (a game.session ShotRecord), naming the balls its
    shot potted (`balls_potted`)."""
    return describe_ruling(record.ruling, state_after, names, balls_potted(record), answer,
                           shooter_named, rings)


def shot_lines(records, engine, names, commands, rings: bool = False) -> list:
    """`records` (ShotRecords, oldest first) in words, one numbered line each, the
    shooter's name first: "3. Ann: Potted the 3 and the 4. Plays on." `engine` gives
    the state after each ruling; `commands` (the session's) the choices answered;
    `rings`: colour-blind play's words."""
    answered = answers(commands)
    return [_("{number}. {name}: {ruling}").format(
                number=k, name=names[int(r.ruling.shooter)],
                ruling=describe_shot(r, engine.apply(r.state_before, r.ruling), names,
                                     answered.get(id(r.command)), shooter_named=True,
                                     rings=rings))
            for k, r in enumerate(records, start=1)]


def balls_potted(record) -> list:
    """The object balls `record`'s shot potted, in id order: those the facts have
    pocketed that the ruling keeps off the table or spots again. A ball that had come to
    rest and then dropped is put back by the 9-ball rules (R9-25): not potted. On a
    re-rack every pocketed ball was potted before the new rack."""
    ruling = record.ruling
    pocketed = set(record.facts.pocketed_balls) - {CUE}
    if getattr(ruling, "rerack", False) or getattr(ruling, "void_break", False):
        return sorted(pocketed)
    spotted = {ball for ball, _spot in ruling.respots}
    return sorted(b for b in pocketed if b not in ruling.layout or b in spotted)


def answers(commands) -> dict:
    """{id(Shoot command): the ChooseOption or ChooseGroup command right after it} over a
    session's `commands`: the choices the shots left, as they were answered."""
    return {id(shot): choice for shot, choice in zip(commands, commands[1:])
            if isinstance(choice, (ChooseOption, ChooseGroup))}


def _choice(ruling, state_after, names, answer, shooter_named: bool,
            rings: bool) -> str | None:
    """The choice the shot left (play or pass, a group) as a question, or as answered by
    `answer`; None when it left none."""
    option = getattr(state_after, "option_pending", None)
    if option is not None:
        chooser, pusher = names[int(option)], names[int(option.other)]
        if answer is None:
            return _("{name} to play or pass.").format(name=chooser)
        if answer.choice is OptionChoice.PLAY:
            return _("{name} plays on from here.").format(name=chooser)
        return _("{name} passes: {other} plays again from here.").format(name=chooser,
                                                                        other=pusher)
    if getattr(state_after, "group_choice_pending", False):
        name = names[int(state_after.shooter)]
        if answer is None:
            return _("{name} potted both colours: choose a group.").format(name=name)
        group = group_name(answer.group, rings)
        if shooter_named:
            return _("Takes {group} and plays on.").format(group=group)
        return _("{name} takes {group} and plays on.").format(name=name, group=group)
    return None


def _next_turn(ruling, state_after, names, potted: bool, shooter_named: bool,
               rings: bool) -> str:
    """Who plays next: "Bob to play, two visits, ball in hand in the D."; the shooter
    staying at the table "plays on" after a pot, else (a second visit, a re-rack) "plays
    again"."""
    stays = ruling.next_player == ruling.shooter
    who = player_label(state_after, ruling.next_player, names, rings)
    visits = getattr(state_after, "visits_remaining", None)
    if stays and shooter_named:
        turn = _("plays on") if potted else _("plays again")
    elif stays:
        turn = (_("{player} plays on") if potted else _("{player} plays again")).format(
            player=who)
    elif visits is not None:
        turn = (_("{player} to play, two visits") if visits == 2
                else _("{player} to play, one visit")).format(player=who)
    else:
        turn = _("{player} to play").format(player=who)
    zone = ZONE_TEXT.get(ruling.ball_in_hand)
    if zone:
        turn = _("{turn}, {zone}").format(turn=turn, zone=_(zone))
    return _capitalised(_("{turn}.").format(turn=turn))


def _capitalised(text: str) -> str:
    return text[:1].upper() + text[1:]


def name_balls(mode: str, balls, rings: bool = False) -> str:
    """Object balls `balls` (ids) as players list them, joined as the language joins a
    list: in 9-ball by number, "the 3, the 4 and the 5"; in 8-ball by colour, "2 reds,
    one yellow and the black" (`rings`, colour-blind play: "2 plain reds, one ringed
    yellow and the black")."""
    balls = sorted(balls)
    if mode == "eight_ball":
        reds, yellows, blacks = (sum(colour_of(b) is c for b in balls)
                                 for c in (Colour.RED, Colour.YELLOW, Colour.BLACK))
        if rings:
            red = ngettext("one plain red", "{n} plain reds", reds)
            yellow = ngettext("one ringed yellow", "{n} ringed yellows", yellows)
        else:
            red = ngettext("one red", "{n} reds", reds)
            yellow = ngettext("one yellow", "{n} yellows", yellows)
        items = ([red.format(n=reds)] if reds else []) + (
            [yellow.format(n=yellows)] if yellows else []) + [_("the black")] * blacks
    else:
        items = [ball_name(mode, b) for b in balls]
    return format_list(items, locale=LIST_LOCALE.get(current_language(),
                                                      current_language()))


# Babel's list patterns per language spoken: British English joins without the serial
# comma ("the 3, the 4 and the 5"), as the game's English is British ("colour").
LIST_LOCALE = {"en": "en_GB"}


def ball_name(mode: str, ball: int, rings: bool = False) -> str:
    """Ball id `ball` of `mode` as players call it: "the cue ball"; in 9-ball by its
    number, "the 5"; in 8-ball by its colour, "a red", "a yellow", "the black" (`rings`,
    colour-blind play: "a plain red", "a ringed yellow")."""
    if ball == CUE:
        return _("the cue ball")
    if mode == "eight_ball":
        colour = colour_of(ball)
        if colour is Colour.RED:
            return _("a plain red") if rings else _("a red")
        if colour is Colour.YELLOW:
            return _("a ringed yellow") if rings else _("a yellow")
        return _("the black")
    return _("the {number}").format(number=ball)
