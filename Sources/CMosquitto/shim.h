// libmosquitto (Debian's libmosquitto-dev), the MQTT client: its API and the MQTT 5 property
// and reason-code numbers (mqtt_protocol.h), which mosquitto.h alone does not bring in.
#ifndef PLAYHEAD_CMOSQUITTO_SHIM_H
#define PLAYHEAD_CMOSQUITTO_SHIM_H

#include <mosquitto.h>
#include <mqtt_protocol.h>

#endif
