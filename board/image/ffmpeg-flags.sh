# Sourced by ffmpeg.sh (x86_64) and ffmpeg-arm64.sh: the one list of what the appliance's own
# FFmpeg holds, so both images play the same things (subtitles too: the text, bitmap and
# caption decoders the subtitle layer draws, and the subtitle files' own demuxers). Changing it
# rebuilds both (their cache keys hash it). Names are configure's (ff_movtext_decoder is
# movtext, cc_dec is ccaption): a name it does not know is left out without a word.
# Still pictures (a folder's or a stick's photos, image= layers, the slate's picture): the
# image2 demuxer and the pipe ones that know a picture by its bytes, and their decoders (WebP's
# brings VP8's, which decodes its lossy pictures). Without them the images could show no
# picture at all. Live streams over UDP and RTP (MPEG-TS inside) need their protocols and RTP's
# demuxer (it brings SDP's), as playhead's help promises: `make image-test` runs the FFmpeg
# target's unit tests on this FFmpeg, so whatever they play the images play.
ffmpeg_flags=(
  --enable-shared --disable-static --disable-programs --disable-doc --disable-debug
  --disable-avdevice --disable-postproc --disable-autodetect --disable-everything
  --enable-version3 --enable-mbedtls --enable-zlib --enable-network
  --enable-demuxer=mov,matroska,mpegts,hls,mp3,aac,wav,flac,ogg,srt,webvtt,ass
  --enable-demuxer=image2,png_pipe,jpeg_pipe,webp_pipe,bmp_pipe,rtp
  --enable-decoder=h264,hevc,vp9,mpeg2video,mpeg4,aac,aac_latm,mp3,mp3float,mp2,mp2float,flac,vorbis,opus,pcm_s16le,pcm_s24le,pcm_f32le,png
  --enable-decoder=subrip,webvtt,ass,ssa,movtext,dvbsub,pgssub,dvdsub,ccaption
  --enable-decoder=mjpeg,webp,bmp
  --enable-parser=h264,hevc,vp9,mpegvideo,mpegaudio,aac,aac_latm,flac,vorbis,opus,mjpeg,png,webp,bmp
  --enable-protocol=file,pipe,http,https,tcp,tls,hls,crypto,data,udp,rtp
  --enable-filter=atempo,abuffer,abuffersink,aformat,aresample,anull
)
