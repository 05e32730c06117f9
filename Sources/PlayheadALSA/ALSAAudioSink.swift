import DequeModule
import PlayheadCore
import PlayheadSys
import SystemPackage

/// Plays through ALSA. The engine's writes land in a bounded queue; the sink's own thread waits
/// on the device (poll, through snd_pcm_wait) and writes a period at a time. What has been
/// heard comes from the device's delay, so the player's clock follows the sound. The last
/// buffer's worth of written samples is kept, so that a pause without hardware support, a
/// vanished device or a move to another device loses nothing.
public final class ALSAAudioSink: AudioSink, AudioRouting, @unchecked Sendable {
    public let format: AudioFormat
    public let bufferCapacityFrames: Int
    /// Called (from the audio thread, under the sink's lock: it must only hand the news on)
    /// when the device vanishes, with the ALSA device name.
    public var onDeviceLost: (@Sendable (String) -> Void)? {
        get { lock.withLock { deviceLostHandler } }
        set { lock.withLock { deviceLostHandler = newValue } }
    }

    private let lock = ConditionLock()
    private let open: (String) throws(ALSAError) -> any PCMOutput
    /// Carries the heard position forward between the device's reports (tests hold it still).
    private let clock: any HostClock
    // Guarded by `lock`:
    private var device: any PCMOutput
    private var route: AudioRoute?
    private var queue = Deque<Float>()
    private var history = Deque<Float>()
    private var accepted: Int64 = 0
    private var position: PlayedPosition
    private var paused = false
    private var pausedInDevice = false
    private var lost = false
    /// Counts drops and prepares by other threads (flush, pause, resume, move): a wait that
    /// spanned one may fail with the state it left behind (alsa-lib answers EIO for a stream
    /// prepared again under its poll), which is not the device going away.
    private var resets = 0
    private var stopping = false
    private var closed = false
    private var failed: PlaybackError?
    private var stats = ALSAStatistics()
    private var thread: WorkerThread?
    private var interruptionHandler: (@Sendable (Bool) -> Void)?
    private var deviceLostHandler: (@Sendable (String) -> Void)?
    /// A suspended device waits for `resume` on the audio thread, outside the lock.
    private var resumePending = false
    /// The mixer control that takes the player's volume, by name, when one is configured.
    private var mixerElement: String?
    private var mixer: MixerControl?
    private var heldBack = HeldBackStartWatch()

    /// `open` makes a device by ALSA name (tests give fakes).
    /// `onDeviceLost` is in place before the audio thread starts.
    public init(route: AudioRoute?, device: any PCMOutput, clock: any HostClock = MonotonicClock(),
                onDeviceLost: (@Sendable (String) -> Void)? = nil,
                open: @escaping (String) throws(ALSAError) -> any PCMOutput) {
        self.device = device
        deviceLostHandler = onDeviceLost
        self.clock = clock
        self.route = route
        self.open = open
        format = AudioFormat(sampleRate: device.sampleRate, channels: device.channels)
        bufferCapacityFrames = device.bufferFrames * 2
        position = PlayedPosition(sampleRate: device.sampleRate)
        thread = WorkerThread(name: "ph-alsa") { [self] in run() }
    }

    deinit { close() }

    /// Sends the player's volume to `element` of the card in use (and of each card moved to);
    /// without it, or when the card lacks it, the engine scales the samples.
    public func useMixer(_ element: String) throws(ALSAError) {
        let card = lock.withLock { route.map { "hw:\($0.card)" } ?? "default" }
        let control = try MixerControl(card: card, element: element)
        lock.withLock {
            mixerElement = element
            mixer = control
        }
    }

    public func setInterruptionHandler(_ handler: @escaping @Sendable (Bool) -> Void) {
        lock.withLock { interruptionHandler = handler }
    }

    public func applyHardwareVolume(_ volume: Float) -> Bool {
        guard let mixer = lock.withLock({ mixer }) else { return false }
        return mixer.set(volume)
    }

    public var name: String { lock.withLock { "alsa \(device.name) \(device.sampleFormat.rawValue) \(device.sampleRate) Hz \(device.channels) ch" } }
    /// The ALSA device name the sound went to.
    public var deviceName: String { lock.withLock { device.name } }
    public var failure: PlaybackError? { lock.withLock { failed } }
    public var currentRoute: AudioRoute? { lock.withLock { route } }
    public var statistics: ALSAStatistics { lock.withLock { stats } }

    public var statisticsSummary: String {
        lock.withLock {
            stats.summary(device: device.name, format: device.sampleFormat.rawValue, rate: device.sampleRate,
                          period: device.periodFrames, buffer: device.bufferFrames)
        }
    }

    public func write(_ samples: ArraySlice<Float>) -> Int {
        let channels = format.channels
        return lock.withLock {
            let now = clock.now().nanoseconds
            let held = accepted - position.played(now: now)
            let room = max(0, bufferCapacityFrames - Int(held))
            let frames = min(room, samples.count / channels)
            guard frames > 0 else { return 0 }
            queue.append(contentsOf: samples.prefix(frames * channels))
            accepted += Int64(frames)
            lock.broadcast()
            return frames
        }
    }

    public func writtenFrames() -> Int64 { lock.withLock { accepted } }
    public func playedFrames() -> Int64 { lock.withLock { position.played(now: clock.now().nanoseconds) } }

    public func pause() {
        lock.withLock {
            guard !paused else { return }
            paused = true
            resets += 1
            let now = clock.now().nanoseconds
            if !lost, device.canPause, device.pause(true) == .ok {
                pausedInDevice = true
                position.hold(now: now)
            } else {
                // No hardware pause: drop the device's buffer and queue again what it had not
                // played, so resuming starts exactly where the sound stopped.
                if !lost { device.drop() }
                requeueUnplayed(now: now)
            }
            lock.broadcast()
        }
    }

    public func resume() {
        lock.withLock {
            guard paused else { return }
            paused = false
            resets += 1
            if pausedInDevice {
                pausedInDevice = false
                if device.pause(false) != .ok { device.drop(); requeueUnplayed(now: clock.now().nanoseconds) ; _ = device.prepare() }
            } else if !lost {
                _ = device.prepare()
            }
            lock.broadcast()
        }
    }

    public func flush() {
        lock.withLock {
            resets += 1
            if !lost {
                device.drop()
                _ = device.prepare()
            }
            pausedInDevice = false
            queue.removeAll()
            history.removeAll()
            accepted = 0
            position.reset()
            lock.broadcast()
        }
    }

    public func move(to next: AudioRoute) throws(PlaybackError) {
        let opened: any PCMOutput
        do { opened = try open(next.device) } catch {
            throw PlaybackError(error.errno == .resourceBusy ? .deviceBusy : .deviceFailed, error.advice)
        }
        // The new card's own control of the same name, or none (software volume) without one.
        let element = lock.withLock { mixerElement }
        let control = element.flatMap { try? MixerControl(card: "hw:\(next.card)", element: $0) }
        lock.withLock {
            if !lost { device.drop() }
            requeueUnplayed(now: clock.now().nanoseconds)
            device = opened
            route = next
            if mixerElement != nil { mixer = control }
            lost = false
            pausedInDevice = false
            stats.moves += 1
            if paused == false { _ = device.prepare() }
            lock.broadcast()
        }
    }

    /// Waits (at most `milliseconds`) until everything written has been heard: the end of the
    /// queue should not cut off its last sound.
    public func drain(milliseconds: Int = 1000) {
        let deadline = clock.now().nanoseconds + Int64(milliseconds) * 1_000_000
        lock.withLock {
            // A last sound too short to reach the start threshold is started by the audio
            // thread (HeldBackStartWatch), as any such sound is.
            while !lost && !paused && clock.now().nanoseconds < deadline
                    && (!queue.isEmpty || position.played(now: clock.now().nanoseconds) < position.written
                        || deviceHoldsSound()) {
                _ = lock.wait(untilMonotonic: min(deadline, clock.now().nanoseconds + 10_000_000))
            }
        }
    }

    /// Under the lock: whether the device itself still holds unheard frames. The estimate
    /// carried forward between its reports can run ahead of it: the loopback card's pointer
    /// moves in timer ticks, and a drain on the estimate alone cut the last 16 ms of a tone.
    private func deviceHoldsSound() -> Bool {
        if case .frames(let d) = device.delay() { return d > 0 }
        return false
    }

    /// Stops the audio thread and lets the device go. Safe to call more than once.
    public func close() {
        thread?.stop {
            lock.withLock {
                stopping = true
                lock.broadcast()
            }
        }
        lock.withLock {
            if !lost && !closed { device.drop() }
            closed = true
        }
    }

    // MARK: The audio thread

    private func run() {
        var cpuStart = Self.threadCPU()
        var scratch = PCMScratch()
        while true {
            let device: (any PCMOutput)? = lock.withLock {
                // A pending resume goes first: the engine pauses for the suspend meanwhile.
                while !stopping && !resumePending && (paused || lost || queue.isEmpty) {
                    if !paused && !lost && queue.isEmpty { measureWhileDry() }
                    // A real wait, on the monotonic clock whatever clock the position runs on:
                    // a test's held clock made it return at once, and the thread spin.
                    _ = lock.wait(untilMonotonic: MonotonicClock().now().nanoseconds + 20_000_000)
                }
                return stopping ? nil : self.device
            }
            guard let device else { break }
            if lock.withLock({ resumePending }) {
                resumeAfterSuspend(device)
                continue
            }
            // The wait is outside the lock: the engine keeps writing meanwhile.
            let before = lock.withLock { resets }
            let waited = device.waitForRoom(milliseconds: 100)
            lock.withLock {
                guard device === self.device, !paused, !lost, resets == before else { return }
                if waited != .ok && waited != .timedOut { handle(waited); return }
                let room: Int
                switch device.available() {
                case .frames(let n): room = n
                case .outcome(let o): handle(o); return
                }
                let channels = format.channels
                let frames = min(room, queue.count / channels, max(device.periodFrames, 1) * 2)
                guard frames > 0 else { measure(); return }
                let taken = scratch.write(queue.prefix(frames * channels), frames: frames, format: device.sampleFormat, to: device)
                switch taken {
                case .frames(let n):
                    let samples = n * channels
                    history.append(contentsOf: queue.prefix(samples))
                    queue.removeFirst(samples)
                    let keep = device.bufferFrames * channels * 2
                    if history.count > keep { history.removeFirst(history.count - keep) }
                    position.wrote(n)
                    heldBack.reset()
                    stats.writes += 1
                    stats.framesWritten += Int64(n)
                    measure()
                case .outcome(let o):
                    handle(o)
                }
            }
            let cpu = Self.threadCPU()
            lock.withLock { stats.audioThreadCPUNanoseconds += cpu - cpuStart }
            cpuStart = cpu
        }
    }

    /// Under the lock: reads the device's delay into the played position; the delay, or nil.
    @discardableResult
    private func measure() -> Int? {
        switch device.delay() {
        case .frames(let d):
            position.measure(delay: d, now: clock.now().nanoseconds)
            return d
        case .outcome(let o):
            if o != .wouldBlock { handle(o) }
            return nil
        }
    }

    /// Under the lock, with nothing queued: measures, and starts a device that holds frames
    /// under its start threshold (`HeldBackStartWatch`).
    private func measureWhileDry() {
        guard let d = measure(), heldBack.observe(delay: d, now: clock.now().nanoseconds) else { return }
        // A device that started meanwhile answers EBADFD: not trouble.
        if case let o = device.start(), o == .gone || o == .underrun || o == .suspended { handle(o) }
    }

    /// Under the lock: the one place device trouble is dealt with.
    private func handle(_ outcome: PCMOutcome) {
        let now = clock.now().nanoseconds
        switch outcome {
        case .ok, .timedOut, .wouldBlock:
            break
        case .underrun:
            stats.underruns += 1
            if queue.isEmpty { stats.starved += 1 }
            position.drained(now: now)
            _ = device.prepare()
        case .suspended:
            guard !resumePending else { return }
            stats.suspends += 1
            // The engine pauses for the suspend and plays on once the device is back; the
            // handler only queues the news (we hold the lock). The audio thread waits for the
            // device outside the lock (resumeAfterSuspend).
            resumePending = true
            interruptionHandler?(true)
        case .gone, .failed:
            if case .failed(let e) = outcome {
                Log.warning("audio: \(device.name) failed (\(e)); treating it as gone")
            } else if !lost {
                Log.warning("audio: \(device.name) stopped answering (unplugged, or its driver removed)")
            }
            guard !lost else { return }
            lost = true
            stats.lost += 1
            requeueUnplayed(now: now)
            let name = device.name
            // Called under the lock: the callback must only hand the news on (a route monitor
            // queues it for the engine), never call back into this sink.
            deviceLostHandler?(name)
        }
    }

    /// On the audio thread, without the lock: waits (up to a second on the sink's clock) for a
    /// suspended device to wake. One that resumes keeps its buffer; one that must be prepared again has lost it,
    /// and only then is the unheard sound queued again (else it would play twice).
    private func resumeAfterSuspend(_ device: any PCMOutput) {
        var resumed = device.resume()
        let deadline = clock.now().nanoseconds + 1_000_000_000
        while resumed == .wouldBlock && clock.now().nanoseconds < deadline && !lock.withLock({ stopping }) {
            MonotonicClock.sleep(milliseconds: 10)
            resumed = device.resume()
        }
        lock.withLock {
            resumePending = false
            if device === self.device, !lost, resumed != .ok {
                _ = device.prepare()
                requeueUnplayed(now: clock.now().nanoseconds)
            }
            // Ended even when the device moved or vanished meanwhile: the engine waits for it.
            interruptionHandler?(false)
            lock.broadcast()
        }
    }

    /// Under the lock: puts what was written but not heard back at the front of the queue.
    private func requeueUnplayed(now: Int64) {
        let unheard = Int(position.written - position.played(now: now)) * format.channels
        let back = min(unheard, history.count)
        if back > 0 {
            let tail = Array(history.suffix(back))
            history.removeLast(back)
            queue.insert(contentsOf: tail, at: 0)
        }
        position.rewind(now: now)
    }


    private static func threadCPU() -> Int64 { MonotonicClock.threadCPUNanoseconds() }
}
