# The cue stroke's point impulse, in C (physics_ext/stroke.py has the model and its
# references): the one implementation behind stroke.strike() and the batch's strokes, so
# shoot() and shoot_batch() start every cue ball bit for bit alike. SI units, table frame.

from libc.math cimport sin, cos, atan, sqrt, hypot, exp, ceil, M_PI
from physics_ext._resolve cimport dot3, cross3


cdef inline double squirt(double side, double mass_ratio) noexcept nogil:
    """Squirt angle (rad) of contact side offset `side` (fraction of R) for ball mass over
    cue end mass `mass_ratio` (end-mass model, Alciatore TP A.31)."""
    return atan(2.5 * side * sqrt(1.0 - side * side)
                / (1.0 + mass_ratio + 2.5 * (1.0 - side * side)))


cdef inline void stroke_frame(double azimuth, double elevation, double* c, double* e_r,
                              double* e_u) noexcept nogil:
    """The stroke's unit vectors (stroke.py): c the cue axis, e_r the player's right, e_u
    "up" perpendicular to the cue."""
    cdef double cos_p = cos(azimuth), sin_p = sin(azimuth)
    cdef double cos_t = cos(elevation), sin_t = sin(elevation)
    c[0] = cos_t * cos_p
    c[1] = cos_t * sin_p
    c[2] = -sin_t
    e_r[0] = sin_p
    e_r[1] = -cos_p
    e_r[2] = 0.0
    e_u[0] = cos_p * sin_t
    e_u[1] = sin_p * sin_t
    e_u[2] = cos_t


cdef inline bint strike_motion(double azimuth, double elevation, double side, double height,
                               double cue_speed, double R, double m, double cue_mass,
                               double tip_restitution, double end_mass, double miscue_limit,
                               double miscue_fraction, double* velocity, double* omega,
                               double* alpha) noexcept nogil:
    """The cue ball's velocity (3, m/s) and angular velocity (3, rad/s) just after a
    stroke (azimuth, elevation in rad; side, height: contact offsets as fractions of R;
    cue_speed m/s) on a resting ball of radius R (m) and mass m (kg); `alpha` gets the
    squirt angle (rad). Returns whether the offset is beyond `miscue_limit` (then the ball
    gets `miscue_fraction` of the stroke with its offset pulled back onto the limit)."""
    cdef double c[3]
    cdef double e_r[3]
    cdef double e_u[3]
    cdef double a = side, b = height, offset, fraction = 1.0, speed, ca, sa, spin
    cdef bint miscue
    cdef int k
    stroke_frame(azimuth, elevation, c, e_r, e_u)
    offset = hypot(a, b)
    miscue = offset > miscue_limit
    if miscue:
        a = a * miscue_limit / offset
        b = b * miscue_limit / offset
        fraction = miscue_fraction
    speed = fraction * (1.0 + tip_restitution) * cue_speed / (
        1.0 + m / cue_mass + 2.5 * (a * a + b * b))
    alpha[0] = squirt(a, m / end_mass)
    ca = cos(alpha[0])
    sa = sin(alpha[0])
    spin = 2.5 * speed / R
    for k in range(3):
        velocity[k] = speed * (ca * c[k] - sa * e_r[k])
        omega[k] = spin * (a * e_u[k] - b * e_r[k])
    return miscue



cdef inline bint cue_ball_near(const double* rows, int n, int cue, const double* seg,
                               const double* seg_n, int n_seg, const double* tips, int n_tip,
                               double cushion_height, double tol) noexcept nogil:
    """Ball `cue` of the layout rows (n, 11: R, m, x, y, z, ...) is within 2 tol (m) of
    another ball, a cushion nose line (seg (n_seg, 2, 2) with unit normals seg_n; its foot
    not checked) or a jaw tip (tips (n_tip, 3): x, y, radius): the quick test before
    physics_ext.stroke.frozen_system, which looks within tol."""
    cdef const double* me = &rows[11 * cue]
    cdef double R = me[0], x = me[2], y = me[3], z = me[4], dx, dy, dz, s, reach, off
    cdef bint near = False
    cdef int j
    for j in range(n):
        if j != cue:
            dx = rows[11 * j + 2] - x
            dy = rows[11 * j + 3] - y
            dz = rows[11 * j + 4] - z
            if sqrt(dx * dx + dy * dy + dz * dz) - (rows[11 * j] + R) <= 2.0 * tol:
                near = True
    s = cushion_height / R - 1.0
    reach = R * sqrt(max(0.0, 1.0 - s * s))
    for j in range(n_seg):
        off = (seg_n[2 * j] * (x - seg[4 * j]) + seg_n[2 * j + 1] * (y - seg[4 * j + 1])
               - reach)
        if -2.0 * tol <= off <= 2.0 * tol:
            near = True
    for j in range(n_tip):
        dx = x - tips[3 * j]
        dy = y - tips[3 * j + 1]
        off = sqrt(dx * dx + dy * dy) - tips[3 * j + 2] - reach
        if -2.0 * tol <= off <= 2.0 * tol:
            near = True
    return near

# ---------------------------------------------------------------------------------------
# The stroke on a cue ball that touches other balls or a cushion (physics_ext/stroke.py,
# "Frozen cue ball"): the tip, the ball-ball and the ball-cushion contacts act together
# while the tip is on the ball, integrated in time with a fixed step. SI, table frame.

cdef enum:
    # bounds of the system one joint stroke integrates (stroke.py keeps within them; the
    # arrays below are sized by them: 16 balls, 64 contacts)
    JOINT_BALLS = 16
    JOINT_CONTACTS = 64
    JOINT_BALL_BALL = 0           # contact kinds
    JOINT_NOSE = 1                # a straight cushion nose or jaw face (a line at height h)
    JOINT_TIP = 2                 # a jaw tip (a vertical cylinder, touched at height h)
    # entries of the `law` array
    LAW_E_B = 0                   # ball-ball restitution
    LAW_UB_A = 1                  # ball-ball friction a + b exp(-c v)
    LAW_UB_B = 2
    LAW_UB_C = 3
    LAW_E_C = 4                   # cushion restitution
    LAW_U_C = 5                   # cushion friction
    LAW_U_S = 6                   # ball-slate sliding friction
    LAW_BALL_TIME = 7             # s, a free ball-ball contact's duration (sets stiffness)
    LAW_CUSHION_TIME = 8          # s, a free ball-cushion contact's duration (sets stiffness)
    LAW_STEPS = 9                 # steps in the shortest contact's duration
    LAW_MAX_TIME = 10             # s, the integration stops here whatever
    LAW_SIZE = 11


cdef inline double hysteretic(double delta, double* delta_max, double stiffness,
                              double restitution) noexcept nogil:
    """Force (N) of a one-sided linear contact compressed by delta (m): k delta while
    loading (delta beyond the largest compression so far, kept in delta_max), and on
    unloading k / e^2 (delta - delta_max (1 - e^2)), which vanishes at delta_max (1 - e^2):
    a free impact returns the fraction e^2 of the stored energy (restitution e) and no cycle
    gains energy."""
    cdef double d0
    if delta <= 0.0:
        return 0.0
    if delta >= delta_max[0]:
        delta_max[0] = delta
        return stiffness * delta
    d0 = delta_max[0] * (1.0 - restitution * restitution)
    if delta <= d0:
        return 0.0
    return stiffness * delta_max[0] * (delta - d0) / (delta_max[0] - d0)


cdef inline void _wall_point(int kind, const double* g, const double* x,
                             double* point) noexcept nogil:
    """The point of a cushion contact nearest the ball centre x: on the nose line through
    (g0, g1, g2) along the horizontal unit (g3, g4), or on the circle of radius g3 round
    the vertical axis (g0, g1) at height g2."""
    cdef double s, hx, hy, h
    if kind == JOINT_NOSE:
        s = (x[0] - g[0]) * g[3] + (x[1] - g[1]) * g[4]
        point[0] = g[0] + s * g[3]
        point[1] = g[1] + s * g[4]
    else:
        hx = x[0] - g[0]
        hy = x[1] - g[1]
        h = sqrt(hx * hx + hy * hy)
        point[0] = g[0] + g[3] * hx / h
        point[1] = g[1] + g[3] * hy / h
    point[2] = g[2]


cdef inline void _friction(double* v_i, double* w_i, const double* r_i, double m_i,
                           double I_i, double* v_j, double* w_j, const double* r_j,
                           double m_j, double I_j, const double* n, double limit,
                           double law_a, double law_b, double law_c, double* force) noexcept nogil:
    """Coulomb friction over one step at a contact with unit normal n (from i towards j;
    r_i, r_j: the contact point from each centre; body j fixed when m_j == 0): the
    tangential impulse that stops the contact points' slip, at most (a + b exp(-c slip))
    times `limit` (the normal impulse of the step). Applied to the velocities; `force`
    gets the impulse on i (N s)."""
    cdef double u[3]
    cdef double t[3]
    cdef double slip, inv, mu, j, scale
    cdef int k
    cross3(w_i, r_i, u)
    for k in range(3):
        u[k] += v_i[k]
    if m_j > 0.0:
        cross3(w_j, r_j, t)
        for k in range(3):
            u[k] -= v_j[k] + t[k]
    slip = dot3(u, n)
    for k in range(3):
        u[k] -= slip * n[k]
    slip = sqrt(dot3(u, u))
    force[0] = force[1] = force[2] = 0.0
    if slip <= 0.0 or limit <= 0.0:
        return
    # the slip a unit tangential impulse removes (the contact points' inverse mass)
    inv = 1.0 / m_i + dot3(r_i, r_i) / I_i
    if m_j > 0.0:
        inv += 1.0 / m_j + dot3(r_j, r_j) / I_j
    mu = law_a + law_b * exp(-law_c * slip)
    j = slip / inv
    if j > mu * limit:
        j = mu * limit
    scale = -j / slip
    for k in range(3):
        force[k] = scale * u[k]
    cross3(r_i, force, t)
    for k in range(3):
        v_i[k] += force[k] / m_i
        w_i[k] += t[k] / I_i
    if m_j > 0.0:
        cross3(r_j, force, t)
        for k in range(3):
            v_j[k] -= force[k] / m_j
            w_j[k] -= t[k] / I_j


cdef inline bint joint_strike(double azimuth, double elevation, double side, double height,
                              double cue_speed, double cue_mass, double tip_restitution,
                              double contact_time, double end_mass, double miscue_limit,
                              double miscue_fraction, int n, const double* radius,
                              const double* mass, const double* position,
                              const unsigned char* on_cloth, int n_contacts,
                              const int* kind, const int* first, const int* second,
                              const double* geometry, const double* law, double* velocity,
                              double* omega, double* alpha, double* out,
                              double* compression) noexcept nogil:
    """The stroke on ball 0 of a system of n <= JOINT_BALLS touching balls (radius,
    mass, position (n, 3); on_cloth: resting on the slate) with n_contacts contacts:
    kind JOINT_BALL_BALL between balls first and second, or a cushion (JOINT_NOSE,
    JOINT_TIP) touching ball first, geometry 6 numbers each (_wall_point). law: LAW_*.
    The stroke's arguments as strike_motion's, contact_time the tip's (s).

    velocity, omega (n, 3): the balls' motion before (in) and after (out) the stroke.
    alpha: the squirt angle (rad). out: [cue speed along its axis after, duration (s),
    steps, 1 if the integration ended with every contact parted]. compression
    (n_contacts, 2): each contact's largest compression (m; 0: it carried no force) and
    largest closing speed (m/s) while compressed. Returns the miscue flag.

    Model (stroke.py, "Frozen cue ball"): the cue (mass M, along its axis c) meets the
    ball through the tip, a one-sided linear spring whose free contact with this ball
    lasts contact_time (a half-sine pulse; restitution e_tip by the hysteretic law); the
    ball takes the tip's force as the point model takes its impulse (along the squirt
    direction, torque rho x c). Balls touch through stiff linear springs (a free contact
    of the pair lasts law[LAW_BALL_TIME], restitution e_b), cushions through linear
    springs (law[LAW_CUSHION_TIME], e_c); each contact has Coulomb friction; the slate carries the downward part of the
    contact forces on a ball resting on it, with its friction u_s. Semi-implicit Euler,
    a fixed step: the shortest contact's duration over law[LAW_STEPS]."""
    cdef double c[3]
    cdef double e_r[3]
    cdef double e_u[3]
    cdef double c_a[3]
    cdef double rho[3]
    cdef double rxc[3]
    cdef double x[48]
    cdef double inertia[16]
    cdef double fz[16]
    cdef double vz[16]
    cdef double rest[64]
    cdef double dmax[64]
    cdef double stiff[64]
    cdef double load[64]
    cdef double closing[64]
    cdef double nrm[3]
    cdef double p[3]
    cdef double r_i[3]
    cdef double r_j[3]
    cdef double f[3]
    cdef double tq[3]
    cdef double bottom[3]
    cdef double zero[3]
    cdef double a = side, b = height, offset, m0 = mass[0], s, cue_v, mu_tip, k_tip
    cdef double tip_delta = 0.0, tip_max = 0.0, tip_force, rate, dt, shortest, d, duration
    cdef double m_red, time = 0.0, imp
    cdef bint miscue, parted = False
    cdef long step = 0, max_steps
    cdef int i, j, k, q
    zero[0] = zero[1] = zero[2] = 0.0
    bottom[0] = bottom[1] = 0.0
    stroke_frame(azimuth, elevation, c, e_r, e_u)
    offset = hypot(a, b)
    miscue = offset > miscue_limit
    cue_v = cue_speed
    if miscue:
        # the weak outcome of the point model: the stroke at the limit, scaled (it is
        # linear in the cue speed)
        a = a * miscue_limit / offset
        b = b * miscue_limit / offset
        cue_v = miscue_fraction * cue_speed
    s = sqrt(1.0 - a * a - b * b)
    alpha[0] = squirt(a, m0 / end_mass)
    for k in range(3):
        c_a[k] = cos(alpha[0]) * c[k] - sin(alpha[0]) * e_r[k]
        rho[k] = radius[0] * (a * e_r[k] + b * e_u[k] - s * c[k])
    cross3(rho, c, rxc)
    for i in range(n):
        inertia[i] = 0.4 * mass[i] * radius[i] * radius[i]
        for k in range(3):
            x[3 * i + k] = position[3 * i + k]
    # the tip: a free contact with this ball lasts contact_time (pulse of the reduced mass
    # of the cue and the ball's effective mass at the contact point along c)
    mu_tip = 1.0 / (1.0 / cue_mass + (1.0 + 2.5 * (a * a + b * b)) / m0)
    k_tip = mu_tip * (M_PI * (1.0 + tip_restitution) / (2.0 * contact_time)) ** 2
    shortest = contact_time
    for q in range(n_contacts):
        dmax[q] = 0.0
        closing[q] = 0.0
        i = first[q]
        if kind[q] == JOINT_BALL_BALL:
            j = second[q]
            rest[q] = law[LAW_E_B]
            duration = law[LAW_BALL_TIME]
            m_red = mass[i] * mass[j] / (mass[i] + mass[j])
        else:
            rest[q] = law[LAW_E_C]
            duration = law[LAW_CUSHION_TIME]
            m_red = mass[i]
        # linear: a free contact of the pair (the ball and the fixed cushion) lasts duration
        stiff[q] = m_red * (M_PI * (1.0 + rest[q]) / (2.0 * duration)) ** 2
        if duration < shortest:
            shortest = duration
        # the contact's distance at the start: touching, unloaded
        if kind[q] == JOINT_BALL_BALL:
            for k in range(3):
                p[k] = x[3 * second[q] + k] - x[3 * i + k]
        else:
            _wall_point(kind[q], &geometry[6 * q], &x[3 * i], p)
            for k in range(3):
                p[k] = x[3 * i + k] - p[k]
        load[q] = sqrt(dot3(p, p))
    dt = shortest / law[LAW_STEPS]
    max_steps = <long>ceil(law[LAW_MAX_TIME] / dt)
    while step < max_steps:
        step += 1
        time += dt
        # the tip
        tip_force = hysteretic(tip_delta, &tip_max, k_tip, tip_restitution)
        if tip_force > 0.0:
            imp = tip_force * dt
            cue_v -= imp / cue_mass
            for k in range(3):
                velocity[k] += imp * c_a[k] / m0
                omega[k] += imp * rxc[k] / inertia[0]
        for i in range(n):
            fz[i] = 0.0
            vz[i] = velocity[3 * i + 2]
        # the contacts: normal force, then friction limited by its impulse
        parted = tip_force == 0.0
        for q in range(n_contacts):
            i = first[q]
            if kind[q] == JOINT_BALL_BALL:
                j = second[q]
                for k in range(3):
                    nrm[k] = x[3 * j + k] - x[3 * i + k]
            else:
                j = -1
                _wall_point(kind[q], &geometry[6 * q], &x[3 * i], p)
                for k in range(3):
                    nrm[k] = p[k] - x[3 * i + k]
            d = sqrt(dot3(nrm, nrm))
            for k in range(3):
                nrm[k] /= d                       # from ball i towards the other body
            rate = 0.0                            # closing speed along the normal
            for k in range(3):
                rate += (velocity[3 * i + k] - (velocity[3 * j + k] if j >= 0 else 0.0)
                         ) * nrm[k]
            imp = hysteretic(load[q] - d, &dmax[q], stiff[q], rest[q]) * dt
            if imp > 0.0 and rate > closing[q]:
                closing[q] = rate
            if imp > 0.0:
                parted = False
                for k in range(3):
                    r_i[k] = d * nrm[k] if j < 0 else radius[i] * nrm[k]
                    r_j[k] = -radius[j] * nrm[k] if j >= 0 else 0.0
                    velocity[3 * i + k] -= imp * nrm[k] / mass[i]
                fz[i] -= imp * nrm[2]
                if j >= 0:
                    for k in range(3):
                        velocity[3 * j + k] += imp * nrm[k] / mass[j]
                    fz[j] += imp * nrm[2]
                    _friction(&velocity[3 * i], &omega[3 * i], r_i, mass[i], inertia[i],
                              &velocity[3 * j], &omega[3 * j], r_j, mass[j], inertia[j],
                              nrm, imp, law[LAW_UB_A], law[LAW_UB_B], law[LAW_UB_C], f)
                    fz[i] += f[2]
                    fz[j] -= f[2]
                else:
                    _friction(&velocity[3 * i], &omega[3 * i], r_i, mass[i], inertia[i],
                              zero, zero, zero, 0.0, 1.0, nrm, imp, law[LAW_U_C], 0.0, 0.0, f)
                    fz[i] += f[2]
            elif rate > 0.0:
                parted = False                    # parted only when no contact is closing
        # the slate carries the downward part of the contact impulses on a resting ball
        for i in range(n):
            if on_cloth[i] and fz[i] < 0.0:
                velocity[3 * i + 2] = vz[i]           # exactly: no rounding into the slate
                bottom[2] = -radius[i]
                nrm[0] = nrm[1] = 0.0
                nrm[2] = -1.0
                _friction(&velocity[3 * i], &omega[3 * i], bottom, mass[i], inertia[i],
                          zero, zero, zero, 0.0, 1.0, nrm, -fz[i], law[LAW_U_S], 0.0, 0.0, f)
        # positions, and the tip's compression along c
        for i in range(n):
            for k in range(3):
                x[3 * i + k] += dt * velocity[3 * i + k]
        cross3(&omega[0], rho, tq)
        rate = cue_v - (dot3(&velocity[0], c_a) + dot3(tq, c))
        tip_delta += dt * rate
        if parted and tip_max > 0.0 and rate <= 0.0:
            break
    out[0] = cue_v
    out[1] = time
    out[2] = <double>step
    out[3] = 1.0 if parted else 0.0
    for q in range(n_contacts):
        compression[2 * q] = dmax[q]
        compression[2 * q + 1] = closing[q]
    return miscue
