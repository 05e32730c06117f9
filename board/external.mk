include $(sort $(wildcard $(BR2_EXTERNAL_PLAYHEAD_PATH)/package/*/*.mk))
