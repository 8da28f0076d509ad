# The input validation that physics_ext._solver's batch runs in its threads (one shot per
# call, without the GIL); the Python entry points are in _query.pyx.

cdef int problem_of(const double[:, ::1] balls, const double[:, :, ::1] seg,
                    const double[:, ::1] seg_n, const double[:, ::1] outline,
                    const double[:, ::1] tip, const double[:, ::1] pocket,
                    double cushion_height, double tol, double max_speed, double rail_depth,
                    double rail_top_height, int* ball, int* detail) noexcept nogil
