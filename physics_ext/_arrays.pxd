# numpy arrays read by pointer in the per-shot code (issue 30): a typed memoryview's
# buffer parse costs a fraction of a microsecond per array and call, which a single shot
# pays for every array it reads.

cimport numpy as cnp


cdef inline cnp.ndarray as_c(object a, int type_num):
    """`a` as an aligned, C-contiguous, native-order array of numpy type `type_num`: itself
    when it is one already (the solver's logs, the strike's vectors and the table's arrays
    are), else a converted copy. Keep it alive while its data pointer is used."""
    if (cnp.PyArray_Check(a) and cnp.PyArray_TYPE(<cnp.ndarray> a) == type_num
            and cnp.PyArray_ISCARRAY_RO(<cnp.ndarray> a)
            and cnp.PyArray_ISNOTSWAPPED(<cnp.ndarray> a)):
        return <cnp.ndarray> a
    return <cnp.ndarray> cnp.PyArray_FROM_OTF(a, type_num, cnp.NPY_ARRAY_IN_ARRAY)


cdef inline const double* f64(cnp.ndarray a) noexcept:
    """The data of a float64 array from as_c."""
    return <const double*> cnp.PyArray_DATA(a)


cdef inline const int* i32(cnp.ndarray a) noexcept:
    """The data of an int32 array from as_c."""
    return <const int*> cnp.PyArray_DATA(a)


cdef inline object as_log(object events, object row):
    """`events` as a C-contiguous array of the structured dtype `row` (EVENT_DTYPE, whose
    rows are physics_ext._types.EventRow): itself when it is one already (the solver's logs
    are), else a converted copy. Keep it alive while its data pointer is used."""
    if (cnp.PyArray_Check(events) and (events.dtype is row or events.dtype == row)
            and cnp.PyArray_IS_C_CONTIGUOUS(<cnp.ndarray> events)):
        return events
    return cnp.PyArray_FROM_O(events).astype(row, order="C")
