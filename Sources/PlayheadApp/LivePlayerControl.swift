import Playhead
import PlayheadCore
import PlayheadSys
import PlayheadALSA
import PlayheadKMS
import Synchronization

/// The router's view of the real player and its outputs.
public final class LivePlayerControl: PlayerControl {
    let player: QueuePlayer
    let backend: any MediaBackend
    let drm: DRMVideoSink?
    let alsa: ALSAAudioSink?
    let monitor: ALSARouteMonitor?
    let drmCard: String?
    /// Where console screenshots go.
    let screenshots: ScreenshotFolder?
    /// With layers: where each went and why (DisplayController.notes).
    let layers: [String]
    /// Which playlist entry each queued item stands for.
    private let entryOfItem = Mutex<[ObjectIdentifier: (item: PlayerItem, id: Int)]>([:])
    /// An asset already opened (to read its frame rate), used for its location once.
    private let primed = Mutex<Asset?>(nil)

    public init(player: QueuePlayer, backend: any MediaBackend, drm: DRMVideoSink?, alsa: ALSAAudioSink?,
                monitor: ALSARouteMonitor?, drmCard: String?, screenshots: ScreenshotFolder? = nil, layers: [String] = []) {
        self.player = player
        self.backend = backend
        self.drm = drm
        self.alsa = alsa
        self.monitor = monitor
        self.drmCard = drmCard
        self.screenshots = screenshots
        self.layers = layers
    }

    public func prime(_ asset: Asset) { primed.withLock { $0 = asset } }

    private func asset(for location: String) -> Asset {
        if let asset = primed.withLock({ p -> Asset? in
            guard let a = p, a.url == location else { return nil }
            p = nil
            return a
        }) { return asset }
        return Asset(url: location, backend: backend)
    }

    public func play() { player.play() }
    public func pause() { player.pause() }
    public var isPaused: Bool { player.rate == 0 }
    public var defaultRate: Double {
        get { player.defaultRate }
        set { player.defaultRate = newValue }
    }
    public func setRate(_ rate: Double) { player.setRate(PlaybackRate(rate)) }

    public func requestRate(_ rate: Double) -> String? {
        do throws(CapabilityRefusal) {
            try player.requestRate(PlaybackRate(rate))
            return nil
        } catch {
            return error.message
        }
    }

    public func step(by count: Int) -> String? {
        do throws(CapabilityRefusal) {
            try player.step(byCount: count)
            return nil
        } catch {
            return error.message
        }
    }
    public func selectionGroups() -> [MediaSelectionGroup] { player.currentItem?.mediaSelectionGroups ?? [] }
    public func currentSelection() -> MediaSelection { player.currentItem?.currentMediaSelection ?? MediaSelection() }

    public func select(_ option: MediaSelectionOption?, in group: MediaSelectionGroup) -> String? {
        guard let item = player.currentItem else { return "nothing plays" }
        do throws(SelectionRefusal) {
            try item.select(option, in: group)
            return nil
        } catch {
            return error.message
        }
    }

    public var volume: Float {
        get { player.volume }
        set { player.volume = newValue }
    }
    public var isMuted: Bool {
        get { player.isMuted }
        set { player.isMuted = newValue }
    }
    public func setLooping(_ on: Bool) { player.setLooping(on) }

    public func currentSeconds() -> Double? {
        guard player.currentItem != nil else { return nil }
        let t = player.currentTime()
        return t.isNumeric ? t.seconds : nil
    }

    public func durationSeconds() -> Double? {
        guard let d = player.currentItem?.duration, d.isNumeric else { return nil }
        return d.seconds
    }

    public func seek(toSeconds seconds: Double, exact: Bool) {
        let t = MediaTime(seconds: seconds, preferredTimescale: 1000)
        if exact {
            player.seek(to: t, toleranceBefore: .zero, toleranceAfter: .zero, completion: nil)
        } else {
            player.seek(to: t, completion: nil)
        }
    }

    public func beginInterruption(duck: Float?) { player.beginInterruption(ducking: duck) }
    public func endInterruption(shouldResume: Bool) { player.endInterruption(shouldResume: shouldResume) }

    public var currentEntryID: Int? {
        guard let item = player.currentItem else { return nil }
        return entryOfItem.withLock { $0[ObjectIdentifier(item)]?.id }
    }

    public func play(entries: [Playlist.Entry]) {
        // The map and the engine's queue change in one step: two callers each posting after
        // the lock could leave the map of one and the queue of the other.
        entryOfItem.withLock { map in
            let current = player.currentItem
            var next: [ObjectIdentifier: (item: PlayerItem, id: Int)] = [:]
            let items = entries.enumerated().map { i, e -> PlayerItem in
                // The item that plays now stays itself, so an edit elsewhere does not restart it.
                if i == 0, let current, map[ObjectIdentifier(current)]?.id == e.id { return current }
                return PlayerItem(asset: asset(for: e.location), stillDuration: StillPicture.duration(seconds: e.duration), title: e.title)
            }
            for (item, e) in zip(items, entries) { next[ObjectIdentifier(item)] = (item, e.id) }
            map = next
            player.replaceQueue(with: items)
        }
    }

    public func advance() { player.advanceToNextItem() }

    public func play(at itemTime: Int64, host: Int64, rate: PlaybackRate) {
        player.setRate(rate, time: MediaTime(nanoseconds: itemTime), atHostTime: HostTime(nanoseconds: host))
    }

    public func playingPlace(atHost host: Int64) -> PlayingPlace {
        guard let (item, time) = player.currentItemAndTime(atHostTime: HostTime(nanoseconds: host)) else {
            return PlayingPlace(entryID: nil, itemNanoseconds: nil, durationNanoseconds: 0)
        }
        let duration = item.duration
        return PlayingPlace(entryID: entryOfItem.withLock { $0[ObjectIdentifier(item)]?.id }, itemNanoseconds: time?.nanoseconds,
                            durationNanoseconds: duration.isNumeric && duration > .zero ? duration.nanoseconds : 0)
    }

    public var exactRate: PlaybackRate { player.exactRate }

    public func holdSlate(saying text: String) { player.holdSlate(saying: text) }

    public func routes() -> [AudioRoute] { monitor?.availableRoutes() ?? [] }
    public var currentRoute: AudioRoute? { alsa?.currentRoute }
    public func overrideRoute(to route: AudioRoute) { player.overrideOutputRoute(to: route) }

    public func setScreenPower(_ on: Bool, keepingSound: Bool) -> String? {
        guard let drm else { return "there is no screen to switch \(on ? "on" : "off") (video-output is null)" }
        let blank = !on && keepingSound && soundOverHDMI
        if blank && !drm.hasWholeScreen {
            return "a screen of layers cannot go black with its sound kept over HDMI yet (the HDMI sound needs the picture's signal); "
                + "screen-off-sound = pause switches it off, `pause` stops its pictures"
        }
        drm.setScreenPower(on, blank: blank)
        return nil
    }

    /// The sound goes to an HDMI card (its own definition, or a route a person calls HDMI).
    var soundOverHDMI: Bool {
        guard let alsa else { return false }
        return SoundCardList.isOwnHDMIDefinition(alsa.deviceName) || alsa.currentRoute?.name == "HDMI"
    }

    public var isScreenOff: Bool? { drm?.isScreenOff }

    public func display() -> ReplyValue {
        guard let drm else { return .object([.init("output", .string("null"))]) }
        let inventory = DisplayInventory.describe(card: drmCard).split(separator: "\n").map { ReplyValue.string(String($0)) }
        let name = drm.name
        var fields: [ReplyValue.Field] = [
            .init("output", .string("drm")),
            .init("mode", .string(name.hasPrefix("drm ") ? String(name.dropFirst(4)) : name)),
            .init("scaler", .string(drm.scalerDescription)),
        ]
        if let window = drm.window.field { fields.append(.init(window.name, .string(window.value))) }
        return .object(fields + [
            .init("writeback", .bool(drm.canCapture)),
            // What a screenshot shows: the composed screen, or the picture as decoded.
            .init("screenshots", .string(drm.canCapture ? "screen" : "picture")),
            .init("counters", .string(drm.statistics.summary)),
            .init("cards", .list(inventory)),
        ] + (layers.isEmpty ? [] : [.init("layers", .list(layers.map { .string($0) }))]))
    }

    public func pictureWindow() -> PictureWindow { drm?.window ?? .whole }

    public func displayMode() -> ReplyValue {
        guard let drm else { return .null }
        let name = drm.name
        return .string(name.hasPrefix("drm ") ? String(name.dropFirst(4)) : name)
    }

    public func screenshot() -> Result<String, CommandError> {
        guard let drm else { return .failure(CommandError("screenshots need --video-output drm")) }
        guard let screenshots else { return .failure(CommandError("no screenshot-dir is set")) }
        let path: String
        do throws(PlaybackError) { path = try screenshots.reserve() } catch { return .failure(CommandError(error.message)) }
        if drm.canCapture {
            drm.screenshot(to: path, atFrame: drm.statistics.presented + 2, folder: screenshots)
        } else if !drm.screenshotOfShownPicture(to: path, folder: screenshots) {
            screenshots.abandon(path, because: "nothing shown yet")
            return .failure(CommandError("nothing has been shown yet, so there is no picture to save; ask again once playing"))
        }
        return .success(path)
    }

    public func screenshotOutcome(_ path: String, waitingMilliseconds: Int) -> String? {
        guard let screenshots else { return "no screenshot-dir is set" }
        return screenshots.outcome(of: path, waitingMilliseconds: waitingMilliseconds)
    }

    public func statistics() -> [ReplyValue.Field] {
        let s = player.statistics
        var fields: [ReplyValue.Field] = [
            .init("presented", .int(s.framesPresented)), .init("dropped", .int(s.framesDropped)),
            .init("late", .int(s.framesLate)), .init("audio-frames", .int(s.audioFramesWritten)),
            .init("stalls", .int(s.stalls)),
            .init("restarts", .int(s.restarts)),
            .init("av-offset-ms", .double((Double(s.lastPictureOffsetNanoseconds) / 1e3).rounded() / 1e3)),
        ]
        if let alsa {
            let a = alsa.statistics
            fields += [.init("underruns", .int(a.underruns)), .init("suspends", .int(a.suspends)), .init("sound", .string(alsa.statisticsSummary))]
        }
        if let drm { fields.append(.init("display", .string(drm.statistics.summary))) }
        return fields
    }

    public func wedgeForTesting(seconds: Double) { player.wedgeForTesting(seconds: seconds) }

    public func state() -> PlayerState {
        PlayerState.decide(playerFailed: player.status == .failed, item: player.currentItem?.status, timeControl: player.timeControl)
    }
}
