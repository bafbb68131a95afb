"""Give the memory of drawn boards back to the system as soon as it is freed.

A board is drawn in buffers of several megabytes. glibc's malloc raises its threshold for serving an allocation from
a mapping of its own each time such a buffer is freed, and from then on serves them from its heap, where memory
freed below the heap's top stays with the process: over a whole game with pictures on, a process kept about 0.7 MB
more per move (a Campaign Trail demo peaked at 315 MB, Presidential Election's at 335 MB). Fixing the threshold at
64 KiB serves every such buffer from its own mapping, returned whole when freed (`bench/bench_memory.py`).
Elsewhere than glibc nothing changes.
"""
from __future__ import annotations

import ctypes
import ctypes.util
import sys

M_MMAP_THRESHOLD = -3  # mallopt's parameter number in glibc's malloc.h
OWN_MAPPING_FROM = 64 * 1024  # bytes: a board's buffers and Pillow's image blocks are far larger


def return_large_buffers() -> bool:
    """Ask malloc to map every allocation of OWN_MAPPING_FROM bytes or more on its own; whether it agreed."""
    if not sys.platform.startswith("linux"):
        return False
    try:
        libc = ctypes.CDLL(ctypes.util.find_library("c") or "libc.so.6")
    except OSError:
        return False
    mallopt = getattr(libc, "mallopt", None)  # musl has none
    if mallopt is None:
        return False
    mallopt.argtypes, mallopt.restype = [ctypes.c_int, ctypes.c_int], ctypes.c_int
    return mallopt(M_MMAP_THRESHOLD, OWN_MAPPING_FROM) == 1
