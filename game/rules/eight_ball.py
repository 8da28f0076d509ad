"""Red/yellow 8-ball (RULEBOOK section 3): the match state, the ruling of every shot, and
the declarations (group choice, agreed re-rack).

Use: `state = new_game(table, breaker, seed)`; place the cue ball with
`match.place_cue_ball` while `state.ball_in_hand` says so; after each shot
`ruling = rule_shot(state, facts)` and `state = apply(state, ruling)`; when
`state.group_choice_pending`, `choose_group` before the next shot.
"""
from __future__ import annotations

from dataclasses import dataclass
from typing import ClassVar

from physics_ext.table import TableSpec

from .balls import BLACK, CUE, EIGHT_BALL_SET, BallSet, Group, group_of_ball
from .facts import (ShotFacts, StrokeFault, balls_passed_over, cue_ball_off_table,
                    cue_ball_pocketed, driven_to_cushion, first_contact_candidates,
                    object_balls_pocketed)
from .frozen import evolve
from .layout import Layout
from .match import MatchState, Ruling, check_can_shoot, next_breaker, settle_layout
from .outcome import EndReason, Foul, Player, RulesError
from .racks import eight_ball_rack, rack_seed
from .respot import respot_eight_ball
from .variants import EightBallVariants
from .zones import BallInHand

# The table a game is played on when none is given (English 7 ft; a TableSpec is immutable, so
# every game shares this one).
DEFAULT_TABLE = TableSpec.english_seven_foot()

# R8-05: a break succeeds with a pot or this many distinct balls (cue ball included) to a
# cushion; the WEPF variant asks for four object balls instead.
BREAK_CUSHION_BALLS = 2
BREAK_CUSHION_OBJECT_BALLS_WEPF = 4

# R8-22, R8-X14: a second tip or ferrule contact is a double hit; R8-23: the cue touched
# another ball. A push has no counterpart in Seed 1 and is not a foul in this game.
_STROKE_FOULS = {StrokeFault.DOUBLE_HIT: Foul.DOUBLE_HIT,
                 StrokeFault.FERRULE: Foul.DOUBLE_HIT,
                 StrokeFault.STRUCK_OTHER_BALL: Foul.CUE_STRUCK_OTHER_BALL}


@dataclass(frozen=True)
class EightBallState(MatchState):
    """The state of a red/yellow 8-ball game (see MatchState for the common fields).

    red_player: who plays red (the other plays yellow); None while the table is open.
    visits_remaining: 1 or 2, counting the current visit (R8-X17).
    group_choice_pending: the shooter must choose his group before his next shot (R8-11).
    free_ball: variant free_ball_after_foul, this shot may play any colour first.
    """
    red_player: Player | None = None
    visits_remaining: int = 1
    group_choice_pending: bool = False
    free_ball: bool = False
    variants: EightBallVariants = EightBallVariants()

    ball_set: ClassVar[BallSet] = EIGHT_BALL_SET

    def group_of(self, player: Player) -> Group | None:
        if self.red_player is None:
            return None
        return Group.RED if player == self.red_player else Group.YELLOW

    def on_the_black(self, player: Player) -> bool:
        """No ball of the player's group is on the table (section 3 preamble)."""
        group = self.group_of(player)
        return group is not None and not (group.balls & self.object_balls_on_table)


@dataclass(frozen=True)
class EightBallRuling(Ruling):
    """The ruling of one 8-ball shot (see match.Ruling for the common fields).

    red_player, group_choice_pending, visits_remaining, free_ball: as in the state after.
    rerack: the balls were re-racked; is_break_next: the next shot is a break.
    """
    red_player: Player | None = None
    group_choice_pending: bool = False
    visits_remaining: int = 1
    free_ball: bool = False
    rerack: bool = False
    is_break_next: bool = False


def new_game(table: TableSpec | None = None, breaker: Player = Player.A, seed: int = 0,
             variants: EightBallVariants = EightBallVariants(),
             rack_number: int = 0) -> EightBallState:
    """R8-04: a racked table, the breaker with the cue ball in hand inside the D."""
    table = table or DEFAULT_TABLE
    return EightBallState(table=table, layout=_rack(table, seed, rack_number),
                          breaker=breaker, shooter=breaker, ball_in_hand=BallInHand.D,
                          seed=seed, rack_number=rack_number, variants=variants)


def next_game(state: EightBallState, winner_breaks: bool = False) -> EightBallState:
    """The next game of the match on a new rack (R8-X18: breaks alternate)."""
    return new_game(state.table, next_breaker(state, winner_breaks), state.seed,
                    state.variants, state.rack_number + 1)


def choose_group(state: EightBallState, player: Player, group: Group) -> EightBallState:
    """R8-11, R8-X05: the shooter who potted both colours on a legal shot picks a group."""
    if not state.group_choice_pending or player != state.shooter:
        raise RulesError(f"player {Player(player).name} has no group to choose")
    red = player if Group(group) is Group.RED else Player(player).other
    return evolve(state, red_player=red, group_choice_pending=False)


def agree_rerack(state: EightBallState) -> EightBallState:
    """R8-X19: both players agreed to re-rack a stalemate; the same breaker breaks."""
    if state.game_over:
        raise RulesError("the game is over")
    return _racked(state, state.breaker, visits=1)


def rule_shot(state: EightBallState, facts: ShotFacts) -> EightBallRuling:
    """The ruling of one shot played from `state` (section 3a)."""
    check_can_shoot(state, facts)
    if state.group_choice_pending:
        raise RulesError("the shooter must choose his group before shooting (R8-11)")
    pots = object_balls_pocketed(facts)
    if state.is_break and BLACK in pots:
        return _black_on_break(state)
    fouls = _fouls(state, facts)
    if state.is_break and not _break_succeeded(state, facts):
        fouls.add(Foul.FAILED_BREAK)
    fouls = frozenset(fouls)
    if BLACK in pots:
        return _black_potted(state, facts, fouls)
    if Foul.FAILED_BREAK in fouls and state.variants.failed_break_rerack:
        rerack = _racked(state, state.shooter.other, visits=2)
        return _rerack_ruling(state, rerack, fouls)
    if fouls:
        return _after_foul(state, facts, fouls)
    return _after_legal_shot(state, facts)


def apply(state: EightBallState, ruling: EightBallRuling) -> EightBallState:
    """The state after `ruling`."""
    return evolve(
        state, layout=ruling.layout, shooter=ruling.next_player,
        ball_in_hand=ruling.ball_in_hand, is_break=ruling.is_break_next,
        rack_number=state.rack_number + int(ruling.rerack), red_player=ruling.red_player,
        visits_remaining=ruling.visits_remaining,
        group_choice_pending=ruling.group_choice_pending, free_ball=ruling.free_ball,
        winner=ruling.winner, end_reason=ruling.end_reason)


# ---- fouls -------------------------------------------------------------------------------

def _fouls(state: EightBallState, facts: ShotFacts) -> set:
    """Every foul of the shot (R8-14..R8-23, variant cushion_after_contact)."""
    fouls = {_STROKE_FOULS[f] for f in facts.stroke_faults if f in _STROKE_FOULS}
    if cue_ball_pocketed(facts):
        fouls.add(Foul.CUE_BALL_POTTED)                      # R8-14
    if cue_ball_off_table(facts):
        fouls.add(Foul.CUE_BALL_OFF_TABLE)                   # R8-21
    if facts.off_table - {CUE}:
        fouls.add(Foul.OBJECT_BALL_OFF_TABLE)                # R8-21, R8-X12
    candidates = first_contact_candidates(facts)
    if not candidates:
        fouls.add(Foul.NO_CONTACT)                           # R8-16
    elif not state.is_break and not any(_legal_first(state, b) for b in candidates):
        # R8-15, R8-18 (R8-08: anything goes on the break); R8-X07 benefit of the doubt.
        fouls.add(Foul.BLACK_FIRST if facts.first_contact == BLACK
                  else Foul.OPPONENT_BALL_FIRST)
    if balls_passed_over(facts):
        # R8-17, R8-X14: any jump, legal-looking, scoop or miscue alike
        fouls.add(Foul.JUMPED_OVER_BALL)
    if _opponent_balls(state) & object_balls_pocketed(facts):
        fouls.add(Foul.OPPONENT_BALL_POTTED)                 # R8-19, R8-X08
    if (state.variants.cushion_after_contact and not state.is_break and candidates
            and not facts.pocketed and not driven_to_cushion(facts, after_first_contact=True)):
        fouls.add(Foul.NO_CUSHION_AFTER_CONTACT)             # variant (WEPF), R8-X16
    return fouls


def _legal_first(state: EightBallState, ball: int) -> bool:
    """May `ball` be the cue ball's first contact (R8-09, R8-15, R8-18, R8-X06)?"""
    shooter = state.shooter
    if state.on_the_black(shooter) and ball == BLACK:
        return True
    if ball == BLACK:
        return False
    group = state.group_of(shooter)
    return group is None or state.free_ball or group_of_ball(ball) is group


def _opponent_balls(state: EightBallState) -> frozenset:
    """The opponent's balls for R8-19: none on an open table, none on a free ball."""
    group = state.group_of(state.shooter)
    if group is None or state.free_ball:
        return frozenset()
    return group.other.balls


def _break_succeeded(state: EightBallState, facts: ShotFacts) -> bool:
    """R8-05, R8-X03: a pot, or enough distinct balls that touched a cushion (a ball that
    left the table counts as having touched one)."""
    if object_balls_pocketed(facts):
        return True
    cushioned = driven_to_cushion(facts)
    if state.variants.break_four_object_balls:
        return len(cushioned - {CUE}) >= BREAK_CUSHION_OBJECT_BALLS_WEPF
    return len(cushioned) >= BREAK_CUSHION_BALLS


# ---- outcomes ----------------------------------------------------------------------------

def _black_on_break(state: EightBallState) -> EightBallRuling:
    """R8-07, R8-X04: re-rack, the same player breaks again; nothing else on the shot
    counts. He keeps the visits he was breaking with (a repeated opening shot)."""
    return _rerack_ruling(state, _racked(state, state.shooter, state.visits_remaining),
                              frozenset())


def _black_potted(state: EightBallState, facts: ShotFacts, fouls: frozenset) -> EightBallRuling:
    """R8-20, R8-24, R8-X09, R8-X10, R8-X11: the black potted after the break ends the
    game; only a shooter on the black at the start of the shot, without a foul, wins."""
    shooter = state.shooter
    if not state.on_the_black(shooter):
        winner, reason = shooter.other, EndReason.BLACK_POTTED_EARLY
    elif fouls:
        winner, reason = shooter.other, EndReason.BLACK_POTTED_ON_FOUL
    else:
        winner, reason = shooter, EndReason.BLACK_POTTED
    return EightBallRuling(shooter=shooter, fouls=fouls, next_player=shooter,
                           ball_in_hand=BallInHand.NONE, layout=settle_layout(state, facts),
                           red_player=state.red_player, winner=winner, end_reason=reason)


def _after_foul(state: EightBallState, facts: ShotFacts, fouls: frozenset) -> EightBallRuling:
    """R8-13, R8-25, R8-26, R8-X01, R8-X05: the turn passes; one visit (two after a failed
    break or with the variant); balls potted stay down, balls off the table are respotted;
    the cue ball is in hand in the D only when it was potted or left the table."""
    variants = state.variants
    cue_gone = cue_ball_pocketed(facts) or cue_ball_off_table(facts)
    if cue_gone:
        zone = BallInHand.D
    elif variants.ball_in_hand_baulk_after_any_foul:
        zone = BallInHand.D_OPTIONAL
    else:
        zone = BallInHand.NONE
    two_visits = Foul.FAILED_BREAK in fouls or variants.two_visits_after_foul
    layout, respots = _respotted(state, facts)
    return EightBallRuling(shooter=state.shooter, fouls=fouls, next_player=state.shooter.other,
                           ball_in_hand=zone, layout=layout, respots=respots,
                           red_player=state.red_player, visits_remaining=2 if two_visits else 1,
                           free_ball=variants.free_ball_after_foul)


def _after_legal_shot(state: EightBallState, facts: ShotFacts) -> EightBallRuling:
    """R8-10, R8-11, R8-12, R8-X17: groups decided by a legal pot; the shooter continues
    after a pot; a miss ends the visit, and the second of two visits follows at once."""
    shooter = state.shooter
    pots = object_balls_pocketed(facts)
    red_player, choice = state.red_player, False
    if red_player is None:
        colours = {group_of_ball(b) for b in pots} - {None}
        if len(colours) == 2:
            choice = True
        elif colours == {Group.RED}:
            red_player = shooter
        elif colours == {Group.YELLOW}:
            red_player = shooter.other
    if pots:
        next_player, visits = shooter, state.visits_remaining
    elif state.visits_remaining == 2:
        next_player, visits = shooter, 1
    else:
        next_player, visits = shooter.other, 1
    return EightBallRuling(shooter=shooter, fouls=frozenset(), next_player=next_player,
                           ball_in_hand=BallInHand.NONE, layout=settle_layout(state, facts),
                           red_player=red_player, group_choice_pending=choice,
                           visits_remaining=visits)


def _respotted(state: EightBallState, facts: ShotFacts) -> tuple:
    """The layout after a foul: the cue ball lifted if it is in hand, then the object
    balls that left the table respotted (R8-21, R8-X13). Returns (layout, respots)."""
    layout = settle_layout(state, facts)
    if cue_ball_pocketed(facts) or cue_ball_off_table(facts):
        layout = layout.without([CUE])
    respots = respot_eight_ball(state.table, facts.off_table - {CUE}, layout, state.ball_set)
    return layout.with_balls(respots), respots


def _rack(table, seed: int, rack_number: int) -> Layout:
    """The triangle of the match's rack_number-th rack (R8-04)."""
    return Layout._of(eight_ball_rack(table, rack_seed(seed, rack_number)))


def _racked(state: EightBallState, breaker: Player, visits: int) -> EightBallState:
    """A fresh rack with `breaker` to break, cue ball in hand in the D, groups open."""
    return evolve(
        state, layout=_rack(state.table, state.seed, state.rack_number + 1),
        shooter=breaker, ball_in_hand=BallInHand.D, is_break=True,
        rack_number=state.rack_number + 1, red_player=None, visits_remaining=visits,
        group_choice_pending=False, free_ball=False)


def _rerack_ruling(state: EightBallState, racked: EightBallState,
                       fouls: frozenset) -> EightBallRuling:
    """The ruling that leads from `state` to the re-racked state `racked`."""
    return EightBallRuling(shooter=state.shooter, fouls=fouls, next_player=racked.shooter,
                           ball_in_hand=racked.ball_in_hand, layout=racked.layout,
                           visits_remaining=racked.visits_remaining, rerack=True,
                           is_break_next=True)
