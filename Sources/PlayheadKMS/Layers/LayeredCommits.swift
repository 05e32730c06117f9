import PlayheadCore
import PlayheadSys
import SystemPackage

/// The one commit per refresh of a screen shared by several layers. Each layer's present loop
/// flips through its own channel as it would flip the screen alone; this thread ("ph-display")
/// owns the card's events and commits what the layers gave, together, as CommitBatcher decides:
/// a little before the next vblank, every layer's flip for that refresh in one commit. A layer's
/// flip call returns once its values went out (at most a refresh later), with the kernel's
/// answer, so a refusal reaches the layer that asked as it does on a screen of its own.
final class LayeredCommits: @unchecked Sendable {
    let screen: DRMScreen
    let clock = MonotonicClock()
    let lock = ConditionLock()
    let wake: WakeSignal
    private var thread: WorkerThread?
    // Guarded by `lock`:
    private var batcher: CommitBatcher
    /// Flips given but not yet seen by the thread.
    private var given: [CommitBatcher.Entry] = []
    /// Each layer's plane values for its latest flip, until committed.
    private var values: [Int: [AtomicValue]] = [:]
    /// The layer whose latest flip asks for a capture of the screen.
    private var capturing: Int?
    /// Each layer's answer to its latest flip, once committed.
    var answers: [Int: (AtomicCommitError?, Int32?)] = [:]
    private var events: [Int: [FlipEvent]] = [:]
    /// Per layer: flips given, and flips shown (their event came).
    private var givenCount: [Int: Int] = [:]
    private var shownCount: [Int: Int] = [:]
    private var stopping = false
    /// Set by the display thread when the card's descriptor failed (the card unplugged): it is
    /// not polled again, or the poll would return at once forever.
    private var cardFailed = false
    /// The display thread's own copy of the fence of a capture in progress, and since when:
    /// commits are held until it signals (see CommitBatcher.hold), at most as long as a capture
    /// is waited for.
    private var heldFence: Int32 = -1
    private var heldSince: Int64 = 0
    /// The layers drawn together in software, if any: their flips' values are not the card's;
    /// the display thread draws them into one picture on the lowest plane at each commit.
    var compositor: LayerCompositor?
    /// Hidden layers (AVPlayerLayer's isHidden): a plane's layer is switched off, a composed one
    /// left out of the picture; they play on. `changed`: not yet committed.
    var hidden: Set<Int> = []
    private var changed: Set<Int> = []
    /// Each layer on a plane of its own: its plane switched off, and its latest values (shown
    /// again with them).
    var offValues: [Int: [AtomicValue]] = [:]
    var shownValues: [Int: [AtomicValue]] = [:]
    /// `display off|on` asked for (any thread), and whether the display thread switched the CRTC
    /// off: flips given while it is off are answered at once, as if shown, and nothing is
    /// committed (see LayeredCommits+Power).
    var powerWanted: Bool?
    var screenIsOff = false
    /// Set before `start`: tells each layer's present loop to look at the screen again.
    var powerChanged: (@Sendable () -> Void)?
    /// The entry that carries a change of visibility to the batcher, as a flip no layer waits for.
    static let visibilityEntry = CommitBatcher.Entry(layer: -1, tag: 0)

    init(screen: DRMScreen) throws(PlaybackError) {
        guard let wake = WakeSignal() else { throw PlaybackError(.deviceFailed, "out of descriptors for the display's thread") }
        self.screen = screen
        self.wake = wake
        batcher = CommitBatcher(refreshNanoseconds: screen.refreshNanoseconds)
    }

    /// Before `start`: the composed layers' compositor.
    func compose(with compositor: LayerCompositor) { self.compositor = compositor }

    /// Before `start`: a layer on a plane of its own, as the modeset shows it, and its plane off.
    func place(layer: Int, first: [AtomicValue], off: [AtomicValue]) {
        shownValues[layer] = first
        offValues[layer] = off
    }

    func isVisible(_ layer: Int) -> Bool { lock.withLock { !hidden.contains(layer) } }

    /// Shows or hides a layer at the next refresh, whether or not any layer flips then.
    func setVisible(_ visible: Bool, layer: Int) {
        lock.withLock {
            let was = !hidden.contains(layer)
            guard was != visible else { return }
            if visible { hidden.remove(layer) } else { hidden.insert(layer) }
            changed.insert(layer)
            given.append(Self.visibilityEntry)
            wake.signal()
        }
    }

    func start() {
        thread = WorkerThread(name: "ph-display") { [self] in run() }
    }

    /// Commits made, and how many carried more than one layer's flip (for `display`).
    var counts: (commits: Int, shared: Int) { lock.withLock { (batcher.commits, batcher.sharedCommits) } }

    /// Layer `layer`'s flips given and shown, for the log at the end.
    func flips(layer: Int) -> (given: Int, shown: Int) { lock.withLock { (givenCount[layer] ?? 0, shownCount[layer] ?? 0) } }

    func channel(layer: Int) -> any FlipChannel { LayerChannel(commits: self, layer: layer) }

    // MARK: A layer's present thread

    func flip(layer: Int, _ plane: [AtomicValue], userData: UInt64, capture: Bool) -> (AtomicCommitError?, fence: Int32?) {
        let answer: (AtomicCommitError?, Int32?) = lock.withLock {
            guard !stopping else { return (.refused(.resourceBusy), nil) }
            given.append(CommitBatcher.Entry(layer: layer, tag: userData))
            givenCount[layer, default: 0] += 1
            values[layer] = plane
            if capture { capturing = layer } else if capturing == layer { capturing = nil }
            answers[layer] = nil
            wake.signal()
            while answers[layer] == nil && !stopping { lock.wait() }
            return answers.removeValue(forKey: layer) ?? (.refused(.resourceBusy), nil)
        }
        return answer
    }

    func waitForFlips(layer: Int, timeoutMilliseconds: Int32) -> [FlipEvent] {
        let until = clock.now().nanoseconds + Int64(timeoutMilliseconds) * 1_000_000
        return lock.withLock {
            while events[layer, default: []].isEmpty && !stopping {
                if !lock.wait(untilMonotonic: until) { break }
            }
            return events.removeValue(forKey: layer) ?? []
        }
    }

    // MARK: The display thread

    private func run() {
        defer { releaseFence() }
        while true {
            let deadline: Int64? = lock.withLock { stopping ? -1 : batcher.deadline }
            if deadline == -1 { return }
            let fenceLimit = heldFence >= 0 ? heldSince + Int64(WritebackCapture.waitMilliseconds) * 1_000_000 : nil
            let until = [deadline, fenceLimit].compactMap { $0 }.min()
            // Rounded up: waking before the time would only spin.
            let timeout = until.map { Int32(clamping: max(0, ($0 - clock.now().nanoseconds + 999_999) / 1_000_000)) } ?? 1000
            let ready = DescriptorPoll.wait([cardFailed ? -1 : screen.card.fd, wake.descriptor, heldFence], milliseconds: timeout)
            if ready[1] != .idle { wake.drain() }
            followPowerRequest()
            if ready[0] == .failed, !cardFailed {
                cardFailed = true
                Log.warning("display: \(screen.card.path) failed; the layers' flips are given up after \(CommitBatcher.flipTimeoutNanoseconds / 1_000_000) ms each")
            }
            if heldFence >= 0, ready[2] != .idle || clock.now().nanoseconds >= fenceLimit! {
                releaseFence()
                let batch = lock.withLock { batcher.release(now: clock.now().nanoseconds) }
                if let batch { commit(batch) }
            }
            // Flips given since the last pass join the waiting ones first, so that an event
            // read below takes them along.
            let now = clock.now().nanoseconds
            let batch: [CommitBatcher.Entry]? = lock.withLock {
                defer { given = [] }
                return batcher.submit(given, now: now)
            }
            if let batch { commit(batch) }
            if ready[0] == .readable {
                for flip in screen.card.waitForFlips(timeoutMilliseconds: 0) { flipped(flip) }
            }
            let due: [CommitBatcher.Entry]? = lock.withLock {
                let now = clock.now().nanoseconds
                return batcher.expire(now: now).next ?? batcher.tick(now: now)
            }
            if let due { commit(due) }
        }
    }

    func flipped(_ flip: FlipEvent) {
        let next: [CommitBatcher.Entry]? = lock.withLock {
            let (shown, next) = batcher.flipped(vblank: flip.vblankNanoseconds, now: clock.now().nanoseconds)
            for entry in shown where entry != Self.visibilityEntry {
                shownCount[entry.layer, default: 0] += 1
                events[entry.layer, default: []].append(FlipEvent(userData: entry.tag, vblankNanoseconds: flip.vblankNanoseconds,
                                                                  sequence: flip.sequence))
            }
            if !shown.isEmpty { lock.broadcast() }
            return next
        }
        if let next { commit(next) }
    }

    /// One commit of every layer's values in `batch`, with the capture one of them asked for.
    private func commit(_ batch: [CommitBatcher.Entry]) {
        let (planes, captureLayer, hiddenNow, redraw): ([AtomicValue], Int?, Set<Int>, [Int]) = lock.withLock {
            var planes: [AtomicValue] = []
            for entry in batch where entry != Self.visibilityEntry {
                let given = values.removeValue(forKey: entry.layer) ?? []
                guard compositor?.isComposed(entry.layer) != true else { continue }
                if !given.isEmpty { shownValues[entry.layer] = given }
                planes += hidden.contains(entry.layer) ? offValues[entry.layer] ?? [] : given
            }
            // Layers shown or hidden since the last commit, that did not flip in this one.
            var redraw: [Int] = []
            for layer in changed where !batch.contains(where: { $0.layer == layer }) {
                if compositor?.isComposed(layer) == true {
                    redraw.append(layer)
                } else {
                    planes += (hidden.contains(layer) ? offValues[layer] : shownValues[layer]) ?? []
                }
            }
            changed = []
            let layer = capturing.flatMap { c in batch.contains { $0.layer == c } ? c : nil }
            if layer != nil { capturing = nil }
            return (planes, screenIsOff ? nil : layer, hidden, redraw)
        }
        // A composed layer's flip names its buffer; one that is not a buffer (Int32.max) commits
        // what it shows.
        let flips = batch.filter { $0 != Self.visibilityEntry }.map { entry in
            (layer: entry.layer, buffer: entry.tag < UInt64(Int32.max) ? Int(entry.tag) : nil)
        } + redraw.map { (layer: $0, buffer: Int?.none) }
        let composed = compositor?.values(for: flips, hidden: hiddenNow) ?? []
        if lock.withLock({ screenIsOff }) {
            passWhileOff(batch)
            return
        }
        if planes.isEmpty && composed.isEmpty {
            // A change of visibility an earlier commit carried already: nothing to commit.
            lock.withLock { _ = batcher.refused(now: clock.now().nanoseconds) }
            return
        }
        let (error, fence) = screen.flip(planes + composed, userData: UInt64(batch.count), capture: captureLayer != nil)
        if error == nil, let fence, heldFence < 0 {
            heldFence = screen.card.duplicateFence(fence)
            heldSince = clock.now().nanoseconds
        }
        lock.withLock {
            if heldFence >= 0 { batcher.hold() }
            if error != nil { _ = batcher.refused(now: clock.now().nanoseconds) }
            for entry in batch where entry != Self.visibilityEntry { answers[entry.layer] = (error, entry.layer == captureLayer ? fence : nil) }
            lock.broadcast()
        }
    }

    private func releaseFence() {
        guard heldFence >= 0 else { return }
        screen.card.closeFence(heldFence)
        heldFence = -1
    }

    /// After every layer's present thread has ended: the thread stops, and any layer still
    /// waiting is answered.
    func stop() {
        lock.withLock {
            stopping = true
            lock.broadcast()
        }
        thread?.stop { wake.signal() }
        thread = nil
    }
}
