/* lw_signals.h - a report when a signal ends the program (lw_signals.c). */
#ifndef LW_SIGNALS_H
#define LW_SIGNALS_H

#include <signal.h>

#include "lw_base.h"

LW_HIDDEN void lw_signals_start(void); /* at start: report when a signal ends the program */
LW_HIDDEN int lw_signal_real_sigaction(int sig, const struct sigaction *act, struct sigaction *old);
LW_HIDDEN const char *lw_signal_name(int sig); /* "SIGTERM", or "signal" */

#endif
