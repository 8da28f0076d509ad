# Python's float built-ins in C, for compiled code that must choose as the Python it
# replaced chose (issue 30: bit for bit, signed zeros included).

cdef inline double pymax(double a, double b) noexcept nogil:
    """Python's max(a, b): b only when b > a."""
    return b if b > a else a


cdef inline double pymin(double a, double b) noexcept nogil:
    """Python's min(a, b): b only when b < a."""
    return b if b < a else a
