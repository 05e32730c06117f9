#ifndef PLAYHEAD_CFFMPEG_SHIM_H
#define PLAYHEAD_CFFMPEG_SHIM_H
#include <libavformat/avformat.h>
#include <libavcodec/avcodec.h>
#include <libavfilter/avfilter.h>
#include <libavfilter/buffersink.h>
#include <libavfilter/buffersrc.h>
#include <libavutil/avutil.h>
#include <libavutil/channel_layout.h>
#include <libavutil/display.h>
#include <libavutil/imgutils.h>
#include <libavutil/opt.h>
#include <libavutil/pixdesc.h>
#include <libavutil/sha.h>
#include <libavutil/hmac.h>
#include <libswscale/swscale.h>
#include <libswresample/swresample.h>
#endif
