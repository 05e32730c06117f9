import CALSA
import SystemPackage
import Glibc
import PlayheadCore

/// An open ALSA playback device. Every libasound PCM call of the sink goes through here.
public final class PCMDevice: PCMOutput {
    public let name: String
    public private(set) var sampleFormat: PCMSampleFormat = .signed16
    public private(set) var sampleRate = 48_000
    public private(set) var channels = 2
    public private(set) var bufferFrames = 0
    public private(set) var periodFrames = 0
    public private(set) var canPause = false
    private var pcm: OpaquePointer?

    /// Opens `name` and negotiates: the best sample format it takes, the rate and channels
    /// nearest those asked (the device's own rate wins: the sources resample), and a buffer of
    /// about `bufferMilliseconds` in four periods.
    public init(name: String, rate: Int, channels wanted: Int, bufferMilliseconds: Int) throws(ALSAError) {
        self.name = name
        phd_alsa_quiet()
        var handle: OpaquePointer?
        var rc = snd_pcm_open(&handle, name, SND_PCM_STREAM_PLAYBACK, SND_PCM_NONBLOCK)
        guard rc == 0, let handle else { throw ALSAError(operation: "open", device: name, returnCode: rc) }
        pcm = handle
        var hw: OpaquePointer?
        snd_pcm_hw_params_malloc(&hw)
        defer { snd_pcm_hw_params_free(hw) }
        rc = snd_pcm_hw_params_any(handle, hw)
        guard rc >= 0 else { throw ALSAError(operation: "read its hardware parameters", device: name, returnCode: rc) }
        rc = snd_pcm_hw_params_set_access(handle, hw, SND_PCM_ACCESS_RW_INTERLEAVED)
        guard rc == 0 else { throw ALSAError(operation: "set interleaved access", device: name, returnCode: rc) }
        guard let format = PCMSampleFormat.allCases.first(where: { snd_pcm_hw_params_test_format(handle, hw, Self.alsaFormat($0)) == 0 }) else {
            throw ALSAError(operation: "find a sample format (float, S32 or S16)", device: name, errno: .invalidArgument)
        }
        snd_pcm_hw_params_set_format(handle, hw, Self.alsaFormat(format))
        var ch = UInt32(wanted)
        rc = snd_pcm_hw_params_set_channels_near(handle, hw, &ch)
        guard rc == 0 else { throw ALSAError(operation: "set \(wanted) channels", device: name, returnCode: rc) }
        var r = UInt32(rate), dir: Int32 = 0
        rc = snd_pcm_hw_params_set_rate_near(handle, hw, &r, &dir)
        guard rc == 0 else { throw ALSAError(operation: "set a rate near \(rate) Hz", device: name, returnCode: rc) }
        var buffer = snd_pcm_uframes_t(max(64, Int(r) * bufferMilliseconds / 1000))
        snd_pcm_hw_params_set_buffer_size_near(handle, hw, &buffer)
        var period = buffer / 4
        snd_pcm_hw_params_set_period_size_near(handle, hw, &period, &dir)
        rc = snd_pcm_hw_params(handle, hw)
        guard rc == 0 else { throw ALSAError(operation: "apply the hardware parameters", device: name, returnCode: rc) }
        snd_pcm_hw_params_get_buffer_size(hw, &buffer)
        snd_pcm_hw_params_get_period_size(hw, &period, &dir)
        canPause = snd_pcm_hw_params_can_pause(hw) != 0
        var sw: OpaquePointer?
        snd_pcm_sw_params_malloc(&sw)
        defer { snd_pcm_sw_params_free(sw) }
        snd_pcm_sw_params_current(handle, sw)
        // Start once half the buffer is full: a start with one period queued underruns at once
        // under load.
        snd_pcm_sw_params_set_start_threshold(handle, sw, buffer / 2)
        snd_pcm_sw_params_set_avail_min(handle, sw, period)
        rc = snd_pcm_sw_params(handle, sw)
        guard rc == 0 else { throw ALSAError(operation: "apply the software parameters", device: name, returnCode: rc) }
        sampleFormat = format
        sampleRate = Int(r)
        channels = Int(ch)
        bufferFrames = Int(buffer)
        periodFrames = Int(period)
    }

    deinit {
        if let pcm { snd_pcm_close(pcm) }
    }

    private static func alsaFormat(_ f: PCMSampleFormat) -> snd_pcm_format_t {
        switch f {
        case .float32: return SND_PCM_FORMAT_FLOAT_LE
        case .signed32: return SND_PCM_FORMAT_S32_LE
        case .signed16: return SND_PCM_FORMAT_S16_LE
        }
    }

    private static func outcome(_ rc: Int) -> PCMOutcome { rc >= 0 ? .ok : .from(errno: Int32(-rc)) }

    public func waitForRoom(milliseconds: Int32) -> PCMOutcome {
        let rc = snd_pcm_wait(pcm, milliseconds)
        if rc == 0 { return .timedOut }
        return Self.outcome(Int(rc))
    }

    public func available() -> PCMResult {
        let n = snd_pcm_avail_update(pcm)
        return n >= 0 ? .frames(Int(n)) : .outcome(Self.outcome(Int(n)))
    }

    public func delay() -> PCMResult {
        var d: snd_pcm_sframes_t = 0
        let rc = snd_pcm_delay(pcm, &d)
        return rc == 0 ? .frames(max(0, Int(d))) : .outcome(Self.outcome(Int(rc)))
    }

    public func write(_ bytes: UnsafeRawBufferPointer, frames: Int) -> PCMResult {
        let n = snd_pcm_writei(pcm, bytes.baseAddress, snd_pcm_uframes_t(frames))
        return n >= 0 ? .frames(Int(n)) : .outcome(Self.outcome(Int(n)))
    }

    public func pause(_ on: Bool) -> PCMOutcome { Self.outcome(Int(snd_pcm_pause(pcm, on ? 1 : 0))) }
    public func prepare() -> PCMOutcome { Self.outcome(Int(snd_pcm_prepare(pcm))) }
    public func resume() -> PCMOutcome { Self.outcome(Int(snd_pcm_resume(pcm))) }
    public func start() -> PCMOutcome { Self.outcome(Int(snd_pcm_start(pcm))) }
    public func drop() { snd_pcm_drop(pcm) }
}

extension ALSAError {
    /// One line naming the device and what to do.
    public var advice: String {
        if let message { return message }
        let reason = String(cString: snd_strerror(-errno.rawValue))
        switch errno {
        case .noSuchFileOrDirectory, .operationNotSupportedByDevice, .noSuchAddressOrDevice:
            return "cannot \(operation) ALSA device '\(device)': \(reason); list devices with `aplay -L` and pass one with --audio-device"
        case .resourceBusy:
            return "cannot \(operation) ALSA device '\(device)': it is busy (another program plays on it); stop that program or choose another device"
        default:
            return "cannot \(operation) ALSA device '\(device)': \(reason)"
        }
    }
}
