// The kernel's clock discipline (sys/timex.h, glibc's): whether a time service (chrony,
// linuxptp's phc2sys) keeps CLOCK_REALTIME synchronised, and how far off it says it may be.
// Glibc's Swift module leaves this header out.
#ifndef PLAYHEAD_CTIMEX_SHIM_H
#define PLAYHEAD_CTIMEX_SHIM_H

#include <sys/timex.h>

/// 1: synchronised, 0: not, -1: cannot be read. Read only (modes 0): nothing is changed.
static inline int playhead_clock_state(long *maxerror_us, long *esterror_us) {
    struct timex tx = {0};
    int state = adjtimex(&tx);
    if (state < 0) return -1;
    *maxerror_us = tx.maxerror;
    *esterror_us = tx.esterror;
    return (state == TIME_ERROR || (tx.status & STA_UNSYNC)) ? 0 : 1;
}

#endif
