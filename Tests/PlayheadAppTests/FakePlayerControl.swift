import Glibc
import Playhead
@testable import PlayheadApp
import Synchronization

/// Records what the router asked, and plays the part of a player just enough to answer.
final class FakePlayerControl: PlayerControl {
    struct State {
        var calls: [String] = []
        var paused = true
        var defaultRate = 1.0
        var volume: Float = 1
        var muted = false
        var time: Double? = 5
        var duration: Double? = 60
        var queue: [Playlist.Entry] = []
        var route: AudioRoute?
        var looping = false
        /// The length of each queue handed over, in the order they arrived.
        var appliedSizes: [Int] = []
        var window: PictureWindow = .whole
        /// What a rate or a step is refused with (nil: taken), as an item's capabilities would.
        var refusal: String?
        var groups: [MediaSelectionGroup] = []
        var selection = MediaSelection()
        /// The next item comes (at 0.1 s) the next time the rate is read: an item change in the
        /// middle of a sync group's look at the player.
        var itemChangesAtRateRead = false
    }
    let s = Mutex(State())
    /// How often `play(entries:)` gives the processor away before it takes the queue, as a
    /// player that takes its time would: it widens any gap between an edit and its hand-over.
    let yieldsInPlay: Int

    init(yieldsInPlay: Int = 0) { self.yieldsInPlay = yieldsInPlay }
    let availableRoutes = [AudioRoute(device: "hw:Loopback,0,0", name: "Loopback PCM", card: "Loopback"),
                           AudioRoute(device: "hw:Dummy,0,0", name: "Dummy PCM", card: "Dummy")]

    var calls: [String] { s.withLock { $0.calls } }
    var queue: [String] { s.withLock { $0.queue.map(\.location) } }
    var appliedQueueSizes: [Int] { s.withLock { $0.appliedSizes } }
    func record(_ c: String) { s.withLock { $0.calls.append(c) } }

    func play() { s.withLock { $0.paused = false; $0.calls.append("play") } }
    func pause() { s.withLock { $0.paused = true; $0.calls.append("pause") } }
    var isPaused: Bool { s.withLock { $0.paused } }
    var defaultRate: Double {
        get { s.withLock { $0.defaultRate } }
        set { s.withLock { $0.defaultRate = newValue } }
    }
    func setRate(_ rate: Double) { s.withLock { $0.paused = false; $0.calls.append("rate \(rate)") } }
    func requestRate(_ rate: Double) -> String? {
        if let refusal = s.withLock({ $0.refusal }) { return refusal }
        setRate(rate)
        return nil
    }
    func step(by count: Int) -> String? {
        s.withLock { s in
            if let refusal = s.refusal { return refusal }
            s.paused = true
            s.calls.append("step \(count)")
            return nil
        }
    }
    func selectionGroups() -> [MediaSelectionGroup] { s.withLock { $0.groups } }
    func currentSelection() -> MediaSelection { s.withLock { $0.selection } }
    func select(_ option: MediaSelectionOption?, in group: MediaSelectionGroup) -> String? {
        s.withLock { s in
            s.selection[group.characteristic] = option
            s.calls.append("select \(group.characteristic.consoleWord) \(option.map { "\($0.trackID)" } ?? "off")")
            return nil
        }
    }
    var volume: Float {
        get { s.withLock { $0.volume } }
        set { s.withLock { $0.volume = newValue } }
    }
    var isMuted: Bool {
        get { s.withLock { $0.muted } }
        set { s.withLock { $0.muted = newValue } }
    }
    func setLooping(_ on: Bool) { s.withLock { $0.looping = on } }
    func currentSeconds() -> Double? { s.withLock { $0.queue.isEmpty ? nil : $0.time } }
    func durationSeconds() -> Double? { s.withLock { $0.duration } }
    func seek(toSeconds seconds: Double, exact: Bool) { record("seek \(seconds) \(exact ? "exact" : "fast")") }
    func play(at itemTime: Int64, host: Int64, rate: PlaybackRate) {
        s.withLock { $0.paused = false; $0.calls.append("play at \(itemTime) host \(host) rate \(rate)") }
    }
    func playingPlace(atHost host: Int64) -> PlayingPlace {
        s.withLock {
            PlayingPlace(entryID: $0.queue.first?.id, itemNanoseconds: $0.paused ? nil : $0.time.map { Int64($0 * 1e9) },
                         durationNanoseconds: $0.duration.map { Int64($0 * 1e9) } ?? 0)
        }
    }
    func holdSlate(saying text: String) { s.withLock { $0.paused = true; $0.calls.append("slate \(text)") } }
    var exactRate: PlaybackRate {
        s.withLock { s in
            if s.itemChangesAtRateRead {
                s.itemChangesAtRateRead = false
                s.queue.removeFirst()
                s.time = 0.1
            }
            return s.paused ? .paused : .normal
        }
    }
    func beginInterruption(duck: Float?) { record("interruption begin") }
    func endInterruption(shouldResume: Bool) { record("interruption end") }
    var currentEntryID: Int? { s.withLock { $0.queue.first?.id } }
    func play(entries: [Playlist.Entry]) {
        for _ in 0..<yieldsInPlay { sched_yield() }
        s.withLock {
            $0.queue = entries
            $0.appliedSizes.append(entries.count)
            $0.calls.append("queue " + entries.map(\.location).joined(separator: ","))
        }
    }
    func advance() {
        s.withLock {
            if !$0.queue.isEmpty { $0.queue.removeFirst() }
            $0.calls.append("advance")
        }
    }
    func routes() -> [AudioRoute] { availableRoutes }
    /// The sink names its device as it was opened, not as the card list does.
    var currentRoute: AudioRoute? { s.withLock { $0.route ?? AudioRoute(device: "hw:0,0", name: "Loopback PCM", card: "Loopback") } }
    func overrideRoute(to route: AudioRoute) { s.withLock { $0.route = route; $0.calls.append("route \(route.card)") } }
    func pictureWindow() -> PictureWindow { s.withLock { $0.window } }
    func display() -> ReplyValue { .object([.init("output", .string("drm")), .init("mode", .string("640x480@60"))]) }
    func setScreenPower(_ on: Bool, keepingSound: Bool) -> String? {
        record("screen \(on ? "on" : "off")")
        return nil
    }

    var isScreenOff: Bool? { s.withLock { $0.calls.last { $0.hasPrefix("screen ") } == "screen off" } }

    func screenshot() -> Result<String, CommandError> { .success("/run/playhead/screenshots/screenshot-000001.png") }
    func screenshotOutcome(_ path: String, waitingMilliseconds: Int) -> String? { "no picture in a fake" }
    func statistics() -> [ReplyValue.Field] { [.init("dropped", .int(2)), .init("late", .int(1)), .init("stalls", .int(0))] }
    func state() -> PlayerState { isPaused ? .paused : .playing }
    func wedgeForTesting(seconds: Double) {}
}
