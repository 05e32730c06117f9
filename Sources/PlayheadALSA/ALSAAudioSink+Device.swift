import PlayheadCore

extension ALSAAudioSink {
    /// Opens `name` on real ALSA with a buffer of about `bufferMilliseconds`.
    public convenience init(device name: String, bufferMilliseconds: Int = 50, format wanted: AudioFormat = .standard,
                            onDeviceLost: (@Sendable (String) -> Void)? = nil) throws(ALSAError) {
        let pcm = try PCMDevice(name: name, rate: wanted.sampleRate, channels: wanted.channels, bufferMilliseconds: bufferMilliseconds)
        let rate = pcm.sampleRate, channels = pcm.channels
        let card = SoundCardList.card(ofDevice: name) ?? name
        self.init(route: AudioRoute(device: name, name: card, card: card), device: pcm, onDeviceLost: onDeviceLost) { (next: String) throws(ALSAError) -> any PCMOutput in
            let d = try PCMDevice(name: next, rate: rate, channels: channels, bufferMilliseconds: bufferMilliseconds)
            guard d.sampleRate == rate, d.channels == channels else {
                throw ALSAError(operation: "play \(rate) Hz \(channels) ch (it offers \(d.sampleRate) Hz \(d.channels) ch; use a plughw: device)", device: next, errno: .invalidArgument)
            }
            return d
        }
    }
}
