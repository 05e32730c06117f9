import PlayheadCore
import PlayheadSys
import Synchronization

/// Watches the sound cards come and go: a card's control node appearing in or leaving /dev/snd
/// (inotify: boards have no udev) makes it read the kernel's card list again and report the
/// difference. Each card's control device tells when its jacks (headphones, HDMI) change or its
/// HDMI sink does (ELD). The ALSA sink reports a device that vanished mid-write through `report`.
public final class ALSARouteMonitor: AudioRouteMonitor, @unchecked Sendable {
    private let directory: String
    private let cardList: @Sendable () -> String?
    private let openControl: @Sendable (String) -> (any CardControlWatch)?
    private struct State {
        var routes: [AudioRoute] = []
        var handler: (@Sendable (AudioDeviceEvent) -> Void)?
        var stopping = false
    }
    private let state = Mutex(State())
    private var thread: WorkerThread?

    /// `directory`, `cardList` and `openControl` are parameters so tests can stand in for
    /// /dev/snd, /proc/asound/cards and the cards' control devices.
    public init(directory: String = "/dev/snd",
                cardList: @escaping @Sendable () -> String? = { FileInput.readText("/proc/asound/cards") },
                openControl: @escaping @Sendable (String) -> (any CardControlWatch)? = { try? CardControl(card: $0) }) {
        self.directory = directory
        self.cardList = cardList
        self.openControl = openControl
        let routes = SoundCardList.parse(cardList() ?? "")
        state.withLock { $0.routes = routes }
    }

    public func availableRoutes() -> [AudioRoute] { state.withLock { $0.routes } }

    /// One line per sound card: what --audio-device and --audio-preference take.
    public func describe() -> String {
        let routes = availableRoutes()
        if routes.isEmpty { return "no sound cards (none in /proc/asound/cards); load the sound driver, or use --audio-output null" }
        return routes.map { "\($0.name): --audio-device \($0.device)  (card id \($0.card) for --audio-preference)" }
            .joined(separator: "\n")
    }

    /// The watch is in place when this returns: a card plugged in right after is seen.
    public func start(_ handler: @escaping @Sendable (AudioDeviceEvent) -> Void) {
        state.withLock { $0.handler = handler }
        let watcher = DirectoryWatcher(path: directory)
        if watcher == nil { Log.warning("audio: cannot watch \(directory); sound cards plugged in later will not be noticed until it exists") }
        var watched: [String: Watched] = [:]
        followControls(&watched)
        let start = Start(watcher: watcher, watched: watched)
        thread = WorkerThread(name: "ph-routes") { [self] in run(start) }
    }

    /// Ends the thread; safe to call more than once.
    public func stop() {
        thread?.stop { state.withLock { $0.stopping = true } }
    }

    /// What `start` set up, handed to the thread (which alone touches it from then on).
    private struct Start: @unchecked Sendable {
        var watcher: DirectoryWatcher?
        var watched: [String: Watched]
    }

    /// A device that vanished under the sink (ENODEV): the card is gone for the policy too.
    public func report(lostDevice device: String) {
        let card = SoundCardList.card(ofDevice: device)
            ?? state.withLock { s in s.routes.first { $0.device == device }?.card }
        guard let card else { return }
        let handler = state.withLock { s -> (@Sendable (AudioDeviceEvent) -> Void)? in
            // Already gone (its control node vanished first): reported once is enough.
            guard s.routes.contains(where: { $0.card == card }) else { return nil }
            s.routes.removeAll { $0.card == card }
            return s.handler
        }
        handler?(.disappeared(card: card))
    }

    /// The cards' control devices, by card id, and what their jacks said last; only this
    /// thread touches them.
    private struct Watched {
        var control: any CardControlWatch
        var jacks: CardJacks
    }

    private func run(_ start: Start) {
        var watcher = start.watcher
        var watched = start.watched
        while !state.withLock({ $0.stopping }) {
            guard let w = watcher else {
                // /dev/snd appears with the first card: look for it now and then.
                MonotonicClock.sleep(milliseconds: 200)
                watcher = DirectoryWatcher(path: directory)
                if watcher != nil { rescan(); followControls(&watched) }
                continue
            }
            let cards = Array(watched.keys)
            let ready = DescriptorPoll.wait([w.descriptor] + cards.compactMap { watched[$0]?.control.descriptor }, milliseconds: 200)
            for (card, readiness) in zip(cards, ready.dropFirst()) where readiness != .idle {
                guard var entry = watched[card] else { continue }
                let changes = readiness == .failed ? CardControlChanges(gone: true) : entry.control.readChanges()
                if changes.gone {
                    // The card is going; its node's removal brings the rescan that reports it.
                    watched[card] = nil
                    continue
                }
                if changes.jacks, let event = entry.jacks.update(entry.control.jacks()) { send(event) }
                if changes.eld { send(.configurationChanged(card: card)) }
                watched[card] = entry
            }
            if ready.first == .readable, w.readNames().contains(where: { $0.hasPrefix("controlC") }) {
                rescan()
                followControls(&watched)
            }
        }
    }

    /// Opens the control device of each card newly listed (and reads its jacks), and lets go of
    /// those of cards gone. A card whose control cannot be opened is watched for coming and
    /// going only.
    private func followControls(_ watched: inout [String: Watched]) {
        let cards = Set(availableRoutes().map(\.card))
        for card in watched.keys where !cards.contains(card) { watched[card] = nil }
        for card in cards.sorted() where watched[card] == nil {
            guard let control = openControl(card) else { continue }
            var entry = Watched(control: control, jacks: CardJacks(card: card))
            if let event = entry.jacks.update(control.jacks()) { send(event) }
            watched[card] = entry
        }
    }

    private func send(_ event: AudioDeviceEvent) {
        let handler = state.withLock { $0.handler }
        handler?(event)
    }

    /// Reads the card list again and reports what changed. A card's node can appear a moment
    /// before the kernel lists it: a short, bounded retry catches up.
    private func rescan() {
        for attempt in 0..<5 {
            let now = SoundCardList.parse(cardList() ?? "")
            let (events, handler) = state.withLock { s in
                let events = SoundCardList.changes(from: s.routes, to: now)
                s.routes = now
                return (events, s.handler)
            }
            for e in events { handler?(e) }
            if !events.isEmpty || attempt == 4 { return }
            MonotonicClock.sleep(milliseconds: 50)
        }
    }
}
