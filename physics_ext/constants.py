"""Physical defaults of Breakshot, in one place, each with its source.

Units are SI throughout: metres, kilograms, seconds, radians. Symbols follow
`physics_ext/README.md` (u_s, u_r, u_sp, e_b, u_b, e_c, u_c, e_t, g).
Sources are abbreviated as in `shared/physics/PHYSICS.md` section 9.
"""
import math

# --- Gravity -----------------------------------------------------------------------------
G = 9.81  # m/s^2

# --- Ball-cloth ---------------------------------------------------------------------------
U_S = 0.2     # sliding friction; Alciatore 0.15-0.4, pooltool 0.2
U_R = 0.01    # rolling resistance (deceleration u_r g); Alciatore 0.005-0.015
# Spin-in-place friction in the Leckie & Greenspan form alpha_sp = 5 u_sp g / (2 R).
# 0.0127 gives alpha_sp = 10.9 rad/s^2 for a 57.15 mm ball, pooltool's value and inside
# Alciatore's measured 5-15 rad/s^2 (the often-copied 0.044 gives 38 rad/s^2, too fast).
U_SP = 0.0127

# --- Ball-ball ----------------------------------------------------------------------------
E_B = 0.95    # restitution; Alciatore 0.92-0.98
# Ball-ball friction (throw). The default model is speed-dependent: u_b(v) = a + b exp(-c v),
# v the sliding speed (m/s) of the two contact points at the impact, Alciatore's fit through
# Marlow's measurements (The Physics of Pocket Billiards, 1995, table 10): u_b = 0.11, 0.06
# and 0.01 at v = 0.1, 1 and 10 m/s times sin 45 deg (TP A.28 "Throw plots for all types of
# shots", on the throw analysis of TP A.14; pooltool's AlciatoreBallBallFriction has the
# same numbers). Params(ball_friction="constant") uses the constant U_B instead.
U_B_FIT_A = 9.951e-3   # friction of a fast-sliding contact (v -> infinity)
U_B_FIT_B = 0.108      # extra friction of a slow-sliding contact (v -> 0: a + b = 0.118)
U_B_FIT_C = 1.088      # s/m, decay of the extra friction with the sliding speed
U_B = 0.06    # constant ball-ball friction (the "constant" model); Alciatore TP A.14, 0.03-0.08

# --- Ball-cushion: Mathavan 2010 (the default) -------------------------------------------
# Mathavan, Jackson & Parkin, "A theoretical analysis of billiard ball dynamics under cushion
# impacts", Proc. IMechE C 224 (2010) 1863: two contacts (rubber and slate) with sliding
# friction, the impulse integrated over compression and restitution (README "Ball-cushion").
# Fitted to their high-speed camera measurements of snooker balls on a snooker table
# (Mathavan, Jackson & Parkin, Am. J. Phys. 77 (2009) 788, square rolling impacts):
# e_e = 0.98, u_w = 0.14 (with u_s = 0.212, M = 0.1406 kg, R = 26.25 mm, nose at 7R/5);
# the rolling ball then comes back at 0.911 of its speed; measured (Mathavan 2010 Fig. 7(a),
# 11 impacts below 2 m/s): 0.925 on average, sd 0.021.
MATHAVAN_E_E = 0.98     # restitution (ratio of the normal force's works at I), snooker
MATHAVAN_U_W = 0.14     # ball-cushion sliding friction, snooker (Mathavan 2010)
# Pool tables. e_e and u_w trade off in a square rebound (a livelier rubber with more grip
# returns the same speed); the two pool measurements found fix them together:
# - Sudo & Shibata (2002, "Experimental Analysis of Billiard Ball Collision and Motion",
#   J. Visualization 22 Suppl. 1: 153, Fig. 3) measured a cushion restitution of 0.856
#   (regression below 1.8 m/s; 0.745 over all their speeds) for a pool ball on a pool
#   table: the square rebound of a rolling ball, which fixes e_e for a given u_w. (With the
#   pool nose at 63.5 % of the diameter, sin of the contact angle 0.27 instead of snooker's
#   0.4, Mathavan's snooker e_e = 0.98 would return 0.96.)
# - Yamazaki (blog, November 2018, "クッションに浅い球の反射係数": three banks into a
#   Brunswick pool table's cushion, filmed and tracked frame by frame; taken as rolling) measured the paths
#   leaving at 8, 8 and 10 degrees from the cushion for 15, 15 and 16 degrees in: the shallow
#   rebound's angle, which the cushion's grip (u_w) sets. With Mathavan's snooker u_w = 0.14
#   (and e_e = 0.867 for Sudo's 0.856) the solver sends them out at 7.2, 7.2 and 7.7 degrees,
#   and his speed ratios (mean frame speeds, 14 frames after over 7 before, at 30 frames/s)
#   come out 0.881, 0.873, 0.852 against his 0.85, 0.83, 0.83; u_w = 0.20 with e_e = 0.90 sends
#   them out at 8.0, 8.0 and 8.7 degrees, ratios 0.854, 0.845, 0.824, and keeps Sudo's 0.856
#   (tests/physics/test_cushion_angle_measured.py). A player's measurement of three shots,
#   the only oblique rebounds measured on a pool table that were found.
# The slate's friction is the cloth's u_s.
U_W = 0.20
E_E = 0.90
# Speed dependence: the model is rigid, so its rebound ratio is the same at every speed. The
# measured ratio falls at speed: Mathavan 2010 Fig. 7(a), 19 square rolling impacts on a snooker
# table at 0.26-3.40 m/s (high-speed camera; the points read from the figure, table in
# tests/physics/test_cushion_measured.py): about 0.92 up to 2 m/s, 0.89-0.90 at 2.3-2.5 m/s,
# 0.80-0.84 at 2.7-3.4 m/s. e_e falls linearly above the knee, e_e (1 - E_E_FALL (v - E_E_KNEE)),
# v the normal speed; knee and fall are the least-squares fit of the solver (snooker geometry,
# Mathavan's e_e = 0.98, u_w = 0.14, u_s = 0.212) to those 19 ratios: RMS 0.021, the published
# scatter 0.02 (before, knee 2.5 m/s and 0.104 s/m from the paper's "rigid below 2.5 m/s":
# RMS 0.031, 0.055 off at 2.7 m/s). The same fall is assumed on pool tables (no pool
# measurement of the ratio against speed was found; Sudo & Shibata's all-speed regression,
# 0.745 against 0.856 below 1.8 m/s, shows the pool cushion's ratio falling too).
# Above 3.4 m/s, the fastest measured, e_e is held at its value there (E_E_TOP_MPS in
# _cushion.pxd): the fall is not extrapolated (it would reach 0 at about 12 m/s).
E_E_KNEE = 2.1          # m/s
E_E_FALL = 0.105        # s/m

# --- Ball-cushion: Han 2005 impulse at the nose (Params(cushion_model="han_2005")) --------
E_C = 0.85    # restitution; pooltool default with the Han model
U_C = 0.2     # cushion friction; pooltool default

# --- Ball-slate ---------------------------------------------------------------------------
E_T = 0.5     # restitution of a ball landing on (or driven into) the slate; Alciatore

# --- Ball-rail top (issue 16: a jumped ball lands on the rail) ----------------------------
# The rail top is the flat top of the cushion and the wooden rail cap behind it, at the
# cushion nose height (physics_ext/README.md, "Rail tops"). No measurement of a pool ball
# on a rail cap was found: these are assumptions, stated as such. A phenolic ball on a
# lacquered hardwood cap screwed to the rail bounces livelier than on cloth over slate
# (E_T = 0.5) and deader than on a rigid floor (a ball on hard linoleum over concrete,
# ~0.8): 0.6. Sliding friction as on the cloth (Alciatore's ball-cloth 0.15-0.4 brackets
# hard smooth surfaces too): 0.2. Rolling resistance on hard wood, half the cloth's: 0.005
# (the bottom of Alciatore's 0.005-0.015 range for cloth, which is softer).
E_RAIL = 0.6     # ball-rail top restitution [ASSUMPTION]
U_RAIL = 0.2     # ball-rail top sliding friction [ASSUMPTION]
U_R_RAIL = 0.005  # ball-rail top rolling resistance (deceleration u g) [ASSUMPTION]

# --- Balls --------------------------------------------------------------------------------
POOL_BALL_RADIUS = 0.05715 / 2     # WPA: 2 1/4 in diameter
POOL_BALL_MASS = 0.163             # WPA: 156-170 g, mid value
BLACKBALL_OBJECT_RADIUS = 0.0508 / 2   # WEPF: 2 in (the 8-ball seed's "50 mm" rounded)
BLACKBALL_OBJECT_MASS = 0.116          # WEPF: 116 +- 2 g
BLACKBALL_CUE_RADIUS = 0.0476 / 2      # WEPF: 1 7/8 in
BLACKBALL_CUE_MASS = 0.094             # WEPF: 94 +- 2 g

# --- Tables -------------------------------------------------------------------------------
# WPA 9 ft table: playing surface nose to nose 100 x 50 in.
NINE_FOOT_LENGTH = 2.540
NINE_FOOT_WIDTH = 1.270
NINE_FOOT_CORNER_MOUTH = 0.1159        # WPA corner 4.5-4.625 in (114.3-117.5 mm), mid value
NINE_FOOT_SIDE_MOUTH = 0.1286          # WPA side 5-5.125 in (127-130.2 mm), mid value
NINE_FOOT_CUSHION_HEIGHT = 0.0363      # nose at 63.5 % of the 57.15 mm ball diameter
# Rails (WPA equipment specifications): "the rail width must be between 4 and 7 1/2 inches
# including the rubber cushions"; the cloth-covered cushion is 1 7/8 - 2 in wide from the
# nose to the outer edge of the feather strip; the sights are centred on the rail cap 3 11/16
# in from the nose. So the cushion is 49.2 mm (mid value) and the wooden cap 115 mm, the
# sights on it 44.5 mm from its inner edge: 164 mm from nose to outer edge (6.5 in), inside
# WPA's range (the cap's width is an assumption: WPA sets only the total). The generated
# table model (game.modelgen) draws these widths.
NINE_FOOT_CUSHION_WIDTH = 0.0492
NINE_FOOT_RAIL_WIDTH = 0.115
# The rubber rises from its nose to the rail cap: the cap (the rail top a jumped ball lands
# on) stands this much above the nose, on both tables (9 ft: 45.3 mm, 79 % of the ball's
# diameter; an assumption from the drawn profile: no specification gives the cap height).
# The solver takes the rise as a vertical face at the nose line (README "Rail tops").
CUSHION_RISE = 0.009
# English 7 ft pub table: 6 x 3 ft playing area (inside WEPF's min 6 x 3 ft, max 7 x 3.5 ft).
# Pockets are tighter than American ones; WEPF gives templates, not numbers: these openings
# are about 1.75 and 1.9 object-ball diameters (an assumption, documented in the README).
ENGLISH_LENGTH = 1.8288
ENGLISH_WIDTH = 0.9144
ENGLISH_CORNER_MOUTH = 0.089
ENGLISH_SIDE_MOUTH = 0.097
ENGLISH_CUSHION_HEIGHT = 0.0323        # 63.5 % of the 50.8 mm object ball
# Pub tables have narrower rails than 9 ft tables; WEPF sets no width: an assumption
# (a 42 mm cushion and a 90 mm cap, 132 mm in all).
ENGLISH_CUSHION_WIDTH = 0.042
ENGLISH_RAIL_WIDTH = 0.090
# Baulk line at 1/5 of the length (WEPF); the D radius in the snooker proportion 11.5/70 of
# the width (WEPF sets no number for pool tables: an assumption).
ENGLISH_BAULK_FRACTION = 0.2
ENGLISH_D_RADIUS_FRACTION = 11.5 / 70.0

# Pocket cut (jaw) angles between cushion nose and jaw face: WPA corner 142 deg, side 104 deg.
CORNER_JAW_ANGLE = math.radians(142.0)
SIDE_JAW_ANGLE = math.radians(104.0)
JAW_RADIUS = 0.005            # rounding of the jaw tip (m): a hard rubber nose, a few mm
# Shelf: distance from the mouth line to the edge of the hole, on the pocket axis.
# WPA corner shelf 1 5/8 - 1 7/8 in, side 0 - 3/8 in.
CORNER_SHELF = 0.044
SIDE_SHELF = 0.005
# Radius of the hole in the slate: a ball is pocketed when its centre passes over it.
# Corner holes are about 4.5 in across on 9 ft tables; side holes slightly larger.
CORNER_HOLE_RADIUS_FRACTION = 0.5     # of the corner mouth
SIDE_HOLE_RADIUS_FRACTION = 0.5       # of the side mouth

# --- Touching a cushion (EventFlag.TOUCHING) --------------------------------------------------
# R9-27, R9-X13, R8-X03 (WPA 8.6): a ball frozen to a cushion has not been driven to it unless
# it leaves the cushion and returns. Whether it left is what an official can see: referees
# call a ball frozen when they cannot see light between it and the cushion (AzBilliards
# referees' thread "Frozen to the Cushion or not?", https://forums.azbilliards.com/
# showthread.php?p=6521795). A contact with a cushion the ball has not gone further than
# this from since its last contact with it is flagged TOUCHING: 1 mm, about the smallest
# gap an official or a camera resolves during play:
# - the eye resolves 1 arcminute (normal acuity, the Snellen 20/20 standard: letters of
#   5 arcmin with strokes of 1 arcmin), 0.29 mm per metre: 0.3-0.9 mm for a referee standing
#   at the table 1-3 m from the ball (and a gap open for milliseconds is seen less still:
#   the eye sums light over about 0.1 s, Bloch's law);
# - an overhead camera's view of a nine-foot table (2.87 m over the rails) in HD video (1920
#   pixels a line, ITU-R BT.709) is 1.5 mm a pixel.
# The solver's hops of a frozen ball driven square into its cushion are micrometres at
# 0.8-2 m/s, 0.17-0.39 mm at 4-6 m/s (the rubber's rebound shared with the cue ball), after
# which it may creep 0.7-1.05 mm off; a ball struck 10 degrees off square at 4 m/s bounces
# 3 mm off and its spin brings it back (a fresh contact); a ball that leaves a cushion in
# play goes centimetres from it.
VISIBLE_GAP_M = 1e-3

# --- Solver limits --------------------------------------------------------------------------
MAX_EVENTS_DEFAULT = 20000     # hard cap per shot; a real break has a few hundred

# --- Cue (stroke model: physics_ext/stroke.py; PHYSICS.md 1.1, 5) ----------------------------
CUE_MASS = 0.567              # kg; pooltool default, inside the 18-21 oz (0.51-0.60 kg) range
CUE_TIP_RADIUS = 0.0106       # m, radius of the tip's dome; pooltool default
CUE_SHAFT_RADIUS = 0.0065     # m, shaft (ferrule) radius at the tip: a 13 mm shaft
# Tip-ball friction of a chalked tip. It sets the miscue limit mu / sqrt(1 + mu^2) = 0.514
# (CueSpec.miscue_limit derives it, so it has one source).
CUE_TIP_FRICTION = 0.6
# Tip-ball restitution: Alciatore TP A.30 gives 0.71-0.75 for leather tips (0.81-0.87
# phenolic). Leckie & Greenspan and pooltool use 1 (elastic), ~15 % more ball speed for the
# same cue speed [DISAGREE]; the stroke model keeps e_tip explicit.
CUE_TIP_RESTITUTION = 0.75
# Squirt end mass (Alciatore TP A.31): the part of the shaft that moves with the tip during
# the hit. pooltool's default is a thirtieth of the ball mass; low-deflection shafts have less.
CUE_END_MASS = POOL_BALL_MASS / 30
# Miscue outcome: the tip skids off the ball, so the ball gets only this fraction of the
# velocity and spin that a stroke at the miscue limit (same offset direction) would give.
CUE_MISCUE_FRACTION = 0.2
# Tip contact time (s): how long the tip stays on the ball. Jacksonville Project high-speed
# video (Billiards Digest, April 1999: "about 0.001 second"); Alciatore's FAQ "How long is the
# tip in contact with the cue ball?" (HSV A.77-A.81, A.147-A.151): 1-2 ms for most tips and
# speeds, as low as 0.8 ms (hard tip, fast), up to 2-3 ms (soft tip, slow).
CUE_TIP_CONTACT_TIME = 1.0e-3
# Follow-through (m): how far past the point where it met the ball the tip travels before the
# player's stroke stops it. An assumption: a few inches is the usual teaching; a jab stroke
# is shorter, a long follow-through twice as long (Stroke.follow_through sets it per stroke).
CUE_FOLLOW_THROUGH = 0.10
# Longest follow-through (s after the strike): the cue has stopped by then, however slow it
# was left (issue 27: a cue slowed by a ball bouncing back into the tip crept on at mm/s for
# up to a minute). The follow-through is the forearm's swing forward from the elbow (the
# pendulum stroke: Alciatore, TP B.4 "Stroke speed and acceleration vs. distance"; "the arm
# below the elbow", Briesath), braked by the player's muscles and limited by the range of
# motion. A forearm swinging freely from the vertical reaches its turning point a quarter of
# its pendulum period after passing it, whatever its speed; braking only stops it sooner.
# The forearm-and-hand segment (Winter, "Biomechanics and Motor Control of Human Movement",
# table 4.1: length 0.146 H from the elbow to the wrist, centre of mass at 0.682 of it,
# radius of gyration about the elbow 0.827 of it) of a 1.75 m player: period
# 2 pi sqrt(0.827^2 L / (0.682 g)) = 1.01 s, a quarter 0.25 s. A derived bound, not a timed
# stroke: no published measurement of the follow-through's duration was found.
CUE_FOLLOW_THROUGH_TIME = 0.25
# Length of shaft (m) behind the tip's rim checked for contacts with the balls after the
# strike: the ferrule (about 25 mm) and the shaft just behind it, which a ball bouncing off
# the slate under a steep cue reaches. Further back the shaft only moves along its own axis.
CUE_SHAFT_CHECK_LENGTH = 0.15
# Largest accepted cue speed (m/s). A power break gives the ball 11-13.4 m/s (PHYSICS 1.2),
# about 10 m/s of cue speed with the defaults above; 15 leaves headroom and refuses typos.
MAX_CUE_SPEED = 15.0

# --- Cue: a stroke on a cue ball touching a ball or a cushion (stroke.py, "Frozen cue ball";
# issue 27 point 2). The tip, the ball-ball and the ball-cushion contacts act together over
# the tip's contact time, integrated in time.
# Balls closer than this (m, between surfaces; or a ball this close to a cushion nose or jaw)
# touch at the strike: the rules' "frozen" (api.FROZEN_TOL_M is this); _cue.pyx takes it (FROZEN_M)
# to tell a frozen first contact from a push.
CUE_FROZEN_GAP = 1e-6
# Ball-ball contact during the strike: a linear spring whose free contact of the two balls
# would last this long (s), 1/20 of the tip's: the rigid-contact limit. Alciatore (FAQ "Why
# does the OB separate from the CB slightly with a straight center-ball hit into a frozen
# CB?") films the two balls leaving the tip together, still touching, and parting only
# slightly afterwards; TP A.15's directions are met best in this limit. The Hertz contact of
# phenolic balls (E 5.84 GPa, nu 0.34: 0.2-0.35 ms) is only 3-5 times shorter than the tip's
# pulse: with it the pair rings during the pulse and springs apart at up to 27 % of its
# speed, which the video does not show. Halving this time moves the directions by < 0.5 deg.
CUE_FROZEN_BALL_TIME = 5e-5
# Ball-cushion contact during the strike: a linear spring whose free contact with the ball
# lasts this long (s). An estimate, no published duration was found: the rubber gives a few
# millimetres ("the cue ball sinks into the cushion", National Billiard Academy, "Runnin' down
# the rails"); 4 ms is a 0.17 kg ball on about 9e4 N/m, 2.8 mm deep at 2 m/s. The cushion is
# then soft beside the 1 ms tip, so a cue ball frozen to a rail and struck into it compresses
# the rubber and comes back off it, as players' kicks off a frozen rail do. A rigid cushion
# (Mathavan, Jackson & Parkin, Proc. IMechE C 224, 2010, for the impulse at ordinary speeds)
# would hold the ball on the rail and send it along it instead.
CUE_FROZEN_CUSHION_TIME = 4e-3
# Fixed time step: the shortest contact duration of the system over this many steps; and the
# longest the integration runs (s) whatever happens (the solver takes over what is left).
CUE_FROZEN_STEPS = 50
CUE_FROZEN_MAX_TIME = 0.05
