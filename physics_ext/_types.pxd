# C types of the solver's hot loop. Units SI; frame: the table frame of physics_ext/table.py
# (x along the table, y across, z up, cloth at z = 0).

# Motion states: the same values as physics_ext.types.MotionState.
cdef enum:
    ST_STATIONARY = 0
    ST_SPINNING = 1
    ST_ROLLING = 2
    ST_SLIDING = 3
    ST_AIRBORNE = 4
    ST_POCKETED = 5
    ST_OFF_TABLE = 6

# Event kinds: the same values as physics_ext.types.EventKind.
cdef enum:
    EV_BALL_BALL = 0
    EV_CUSHION = 1
    EV_JAW_TIP = 2
    EV_POCKET = 3
    EV_TRANSITION = 4
    EV_SLATE = 5
    EV_OFF_TABLE = 6
    EV_RAIL_TOP = 8       # (7 is PASS_OVER, added in Python)
    EV_NONE = -1
    # the solver's own kinds, recorded as others: a ball on a rail top leaves it (recorded
    # as TRANSITION), or rests on it (recorded as OFF_TABLE)
    EV_RAIL_LEAVE = 100
    EV_RAIL_REST = 101

# Event flags: the same values as physics_ext.types.EventFlag.
cdef enum:
    FLAG_TOUCHING = 1
    FLAG_PRESSED = 2

# Rails: the same values as physics_ext.table.Rail (and the index of each rail's nose segment).
cdef enum:
    RAIL_RIGHT_HEAD = 0
    RAIL_RIGHT_FOOT = 1
    RAIL_FOOT = 2
    RAIL_LEFT_FOOT = 3
    RAIL_LEFT_HEAD = 4
    RAIL_HEAD = 5

# Ball-cushion models: the values of physics_ext.types.CUSHION_MODELS' codes.
cdef enum:
    CUSHION_HAN_2005 = 0
    CUSHION_MATHAVAN_2010 = 1

ctypedef struct Params:
    double u_s        # ball-cloth sliding friction
    double u_r        # rolling resistance
    double u_sp       # spin-in-place friction (alpha_sp = 5 u_sp g / 2R)
    double e_b        # ball-ball restitution
    double u_b        # ball-ball friction u_b(v) = u_b + u_b_slow exp(-u_b_decay v), v the
                      # contact points' sliding speed (m/s); (u_b, 0, 0) for a constant u_b
    double e_c        # ball-cushion restitution (Han 2005)
    double u_c        # ball-cushion friction (Han 2005)
    double e_t        # ball-slate restitution
    double g          # gravity, m/s^2
    double u_b_slow   # extra ball-ball friction of a slow-sliding contact (see u_b)
    double u_b_decay  # s/m, its decay with the sliding speed (see u_b)
    double e_rail     # ball-rail top restitution
    double u_rail     # ball-rail top sliding friction
    double u_r_rail   # ball-rail top rolling resistance
    int cushion_model # CUSHION_HAN_2005 (e_c, u_c) or CUSHION_MATHAVAN_2010 (e_e, u_w, u_s)
    double e_e        # Mathavan's cushion restitution (work ratio) up to e_e_knee
    double u_w        # Mathavan's ball-cushion sliding friction
    double e_e_knee   # m/s: normal speed above which e_e falls (the rubber gives)
    double e_e_fall   # s/m: e_e's relative fall per m/s above e_e_knee

ctypedef struct BallProps:
    double R          # radius, m
    double m          # mass, kg
    double inertia    # moment of inertia 2/5 m R^2, kg m^2
    double rho        # horizontal centre-to-nose distance at cushion contact, R cos(theta_a), m
    double sin_a      # sin(theta_a): cushion nose height above the ball centre over R
    double cos_a      # cos(theta_a)
    double alpha_sp   # spin deceleration of omega_z on the cloth, rad/s^2
    double z_rail     # centre height of the ball resting on a rail top, rail top + R, m
                      # (set by the solver's run, which knows the rail top)

# A ball's current motion: closed form from t0 until t_end (its next transition).
ctypedef struct Traj:
    int state
    double t0         # start of this piece, s
    double t_end      # time the motion law changes by itself (INFINITY if never), s
    double r[3]       # position at t0, m
    double v[3]       # velocity at t0, m/s
    double w[3]       # angular velocity at t0, rad/s
    double a[3]       # constant linear acceleration, m/s^2
    double dw[2]      # d(omega_x, omega_y)/dt while sliding, rad/s^2
    double box[4]     # x_min, x_max, y_min, y_max of the centre over [t0, t_end], m

# Static geometry of the table boundary.
ctypedef struct Geometry:
    int n_seg
    int n_tip
    int n_pocket
    const double* seg        # (n_seg, 2, 2) end points
    const double* seg_n      # (n_seg, 2) unit normals towards the balls
    const int* seg_rail      # (n_seg,)
    const double* tip        # (n_tip, 3) x, y, radius
    const int* tip_rail      # (n_tip,)
    const double* pocket     # (n_pocket, 3) x, y, radius
    double inner[4]          # x_min, x_max, y_min, y_max: the nose lines (playing surface)
    double outer[4]          # x_min, x_max, y_min, y_max: the rails' outer edges
    double cushion_height    # the noses' height above the cloth, m
    double rail_top_height   # the rail tops' height, m: the rubber rises from the nose to
                             # it as a vertical face at the nose line (>= cushion_height)
    double rail_depth        # width of a rail top, nose line to outer edge, m
    int n_rail               # rail tops: along segments 0 .. n_rail - 1 (the rail noses)

# A row of physics_ext.types.EVENT_DTYPE (packed, as numpy lays it out): a typed view of an
# event log array.
ctypedef packed struct EventRow:
    double time
    int kind
    int ball
    int other
    int feature
    int rail
    int state
    double speed
    int flags
