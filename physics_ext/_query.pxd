# The input validation that physics_ext._solver's batch runs in its threads (one shot per
# call, without the GIL), and the frozen-rail query of its single-shot entry; the Python
# entry points are in _query.pyx.

cdef int problem_of(const double[:, ::1] balls, const double[:, :, ::1] seg,
                    const double[:, ::1] seg_n, const double[:, ::1] outline,
                    const double[:, ::1] tip, const double[:, ::1] pocket,
                    double cushion_height, double tol, double max_speed, double rail_depth,
                    double rail_top_height, int* ball, int* detail) noexcept nogil

cdef void frozen_into(const double[:, ::1] balls, const double[:, :, ::1] seg,
                      const double[:, ::1] seg_n, const int[::1] seg_rail, int n_rails,
                      double cushion_height, double tol, unsigned char* touch) noexcept nogil
