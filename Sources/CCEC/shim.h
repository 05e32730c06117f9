// The kernel's CEC framework (linux/cec.h, from linux-libc-dev): its structures import into
// Swift, its ioctl numbers (macros around sizeof) do not, so each is a constant function here.
#ifndef PLAYHEAD_CCEC_SHIM_H
#define PLAYHEAD_CCEC_SHIM_H

#include <linux/cec.h>
#include <sys/ioctl.h>

static inline unsigned long playhead_cec_adap_g_caps(void) { return CEC_ADAP_G_CAPS; }
static inline unsigned long playhead_cec_adap_g_log_addrs(void) { return CEC_ADAP_G_LOG_ADDRS; }
static inline unsigned long playhead_cec_adap_s_log_addrs(void) { return CEC_ADAP_S_LOG_ADDRS; }
static inline unsigned long playhead_cec_adap_g_phys_addr(void) { return CEC_ADAP_G_PHYS_ADDR; }
static inline unsigned long playhead_cec_transmit(void) { return CEC_TRANSMIT; }
static inline unsigned long playhead_cec_receive(void) { return CEC_RECEIVE; }
static inline unsigned long playhead_cec_dqevent(void) { return CEC_DQEVENT; }
static inline unsigned long playhead_cec_s_mode(void) { return CEC_S_MODE; }

#endif
