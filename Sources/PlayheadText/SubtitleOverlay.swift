import PlayheadCore
import PlayheadSys
import Synchronization

/// A subtitle layer: the cues of the subtitle track chosen for another layer's item, drawn by
/// libass over the layer's whole size inside a safe margin (text), or as the stream placed its
/// pictures on the video (bitmaps: DVB, PGS), and handed to the layer's sink a
/// moment before what shows changes, due at the change. It looks at the player at each change of the cues (at the player's
/// rate), and at least ten times a second for seeks, pauses and item changes. Loading a track
/// and drawing run on the overlay's own thread (`ph-subs`), never on a player's.
public final class SubtitleOverlay: Sendable {
    private let size: PixelSize
    private let font: String
    private let marginPercent: Int
    private let sink: any VideoSink
    private let moment: @Sendable () -> SubtitleMoment?
    private let load: @Sendable (String) -> Result<SubtitleSource, PlaybackError>
    private let log: @Sendable (String) -> Void
    private let note: @Sendable (String) -> Void
    private let clock: any HostClock
    private let thread = TickingThread()
    private let state = Mutex(State())
    private let drawn = Atomic(0)

    /// What draws a loaded track.
    private enum Drawer: Sendable {
        case text(ASSRenderer)
        /// Pictures: drawn again when the cues shown change (`shown`, their starts).
        case bitmaps
    }

    private struct State: Sendable {
        /// The track loaded (nil: none asked for), and what draws it (nil: it could not be read).
        var track: String?
        var drawer: Drawer?
        var schedule = SubtitleSchedule()
        var shown: [Int64]?
        var showing = false
        var frame: Int64 = 0
        /// A film's own stream, read as it plays, and how far (nil: read whole, or given up).
        var feed: (any SubtitleCueFeed)?
        var window = SubtitleFeedWindow()
        /// How far ahead changes are drawn: kept across tracks (the board's speed stays).
        var lead = SubtitleLead()
        /// Whether a fed track's first picture was drawn at its reading (`warmUp`).
        var picturesWarmed = false
    }

    /// `moment`: the track to show and where its item is, nil when none is chosen. `load`: the
    /// track's cues, or a feed of them (opened and read on this overlay's thread). `log`: one line for a track that cannot be;
    /// `note`: what was loaded and each change drawn, for the debug log.
    /// `marginPercent`: the part of each edge kept clear (`TextStyle.margin`). `clock`: what
    /// drawings are timed by and pictures made due on.
    public init(size: PixelSize, font: String, marginPercent: Int, sink: any VideoSink, moment: @escaping @Sendable () -> SubtitleMoment?,
                load: @escaping @Sendable (String) -> Result<SubtitleSource, PlaybackError>,
                log: @escaping @Sendable (String) -> Void, note: @escaping @Sendable (String) -> Void = { _ in },
                clock: any HostClock = MonotonicClock()) {
        self.size = size
        self.font = font
        self.marginPercent = marginPercent
        self.sink = sink
        self.moment = moment
        self.load = load
        self.log = log
        self.note = note
        self.clock = clock
    }

    public func start() {
        thread.start(name: "ph-subs") { [self] in tick() }
    }

    /// Ends the thread, a feed's read under way cut short; the sink is its owner's to close.
    /// Again does nothing.
    public func stop() {
        state.withLock { $0.feed }?.abort()
        thread.stop()
    }

    /// How many pictures were handed to the sink.
    public var drawnCount: Int { drawn.load(ordering: .relaxed) }

    /// One look at the player: loads, draws and hands over what changed; how long to wait.
    func tick() -> Int64 {
        guard let now = moment() else {
            clearIfShowing()
            state.withLock { $0.track = nil; $0.drawer = nil; $0.feed = nil }
            return SubtitleTiming.longest
        }
        // Drawn for where the item will be a lead ahead, and due then: a picture handed over
        // due at once is late by the time it is drawn and converted.
        let lead = currentLead()
        let target = now.milliseconds + Int64((Double(lead / 1_000_000) * max(0, now.rate)).rounded())
        var loaded = state.withLock { $0.track == now.track }
        if !loaded { open(now) }
        if feed(to: target, moment: now) { loaded = false }
        let (drawer, schedule) = state.withLock { ($0.drawer, $0.schedule) }
        let started = clock.now().nanoseconds
        guard let drawer else { return SubtitleTiming.longest }
        let drawn: (pixels: [UInt8], pieces: Int)?
        switch drawer {
        case .text(let renderer):
            let (changed, bitmaps) = renderer.render(at: target)
            drawn = changed || !loaded ? (SubtitleCanvas.draw(bitmaps, size: size), bitmaps.count) : nil
        case .bitmaps:
            let cues = schedule.shown(at: target)
            let starts = cues.map(\.startMilliseconds)
            let changed = state.withLock { s in
                defer { s.shown = starts }
                return s.shown != starts
            }
            drawn = changed ? (SubtitleCanvas.draw(cues, size: size, video: now.videoSize, pixelAspect: now.videoPixelAspect),
                               cues.reduce(0) { $0 + $1.images.count }) : nil
        }
        if let drawn {
            let took = clock.now().nanoseconds - started
            let frame = state.withLock { s -> Int64 in
                s.frame += 1
                s.showing = drawn.pieces > 0
                s.lead.drew(nanoseconds: took)
                return s.frame
            }
            show(drawn.pixels, frame: frame, due: HostTime(nanoseconds: started + lead))
            note("subtitles: \(drawn.pieces) pieces drawn for \(target) ms at \(now.milliseconds) ms in \(took / 1_000_000) ms")
        }
        return SubtitleTiming.wait(at: target, rate: now.rate, schedule: schedule)
    }

    private func open(_ moment: SubtitleMoment) {
        let track = moment.track
        clearIfShowing()
        var drawer: Drawer?
        var schedule = SubtitleSchedule()
        var feed: (any SubtitleCueFeed)?
        switch load(track) {
        case .failure(let e):
            log("subtitles: \(e.message); none shown for it")
        case .success(.whole(let text)) where text.schedule.cues.contains(where: \.isBitmap):
            drawer = .bitmaps
            schedule = text.schedule
            warmUp(text.schedule.cues.first(where: \.isBitmap), moment: moment)
            note("subtitles: \(text.schedule.cues.count) \(text.codec) pictures loaded")
        case .success(.whole(let text)):
            do {
                let r = try renderer(header: text.header)
                for cue in text.schedule.cues { r.add(cue) }
                // The first drawing loads the font and lays out its glyphs: done now, thrown
                // away, so that the first cue is not late (on the emulated arm64 board it came
                // 160-260 ms late, after its drawing, not before).
                if let first = text.schedule.cues.first { _ = r.render(at: first.startMilliseconds) }
                drawer = .text(r)
                schedule = text.schedule
                note("subtitles: \(text.schedule.cues.count) \(text.codec) cues loaded")
            } catch {
                log("subtitles: \(error.message); none shown")
            }
        case .success(.feed(let f)):
            do {
                drawer = f.isBitmap ? .bitmaps : .text(try renderer(header: f.header))
                feed = f
                note("subtitles: \(f.codec) \(f.isBitmap ? "pictures" : "cues") read as the item plays")
            } catch {
                log("subtitles: \(error.message); none shown")
            }
        }
        if schedule.leftOut > 0 {
            log("subtitles: \(track): \(schedule.leftOut) cues past \(schedule.capacity) or \(schedule.imageByteCapacity >> 20) MB "
                + "of pictures left out; the track is too large to keep whole")
        }
        state.withLock {
            $0.track = track
            $0.drawer = drawer
            $0.schedule = schedule
            $0.shown = nil
            $0.feed = feed
            $0.window = SubtitleFeedWindow()
            $0.picturesWarmed = false
        }
    }

    private func renderer(header: String) throws(PlaybackError) -> ASSRenderer {
        let margin = PixelSize(width: size.width * marginPercent / 100, height: size.height * marginPercent / 100)
        return try ASSRenderer(size: size, safeMargin: margin, fontPath: font, header: header)
    }

    /// A fed track read on to a window ahead of `target`, or started again where a seek went
    /// (what was read is forgotten, and drawn anew). True when what was drawn must be drawn again.
    private func feed(to target: Int64, moment: SubtitleMoment) -> Bool {
        let (feed, window, drawer) = state.withLock { ($0.feed, $0.window, $0.drawer) }
        guard let feed, let drawer else { return false }
        var restarted = false
        do throws(PlaybackError) {
            var window = window
            var renderer: ASSRenderer?
            if case .text(let r) = drawer { renderer = r }
            let until: Int64
            switch window.step(at: target) {
            case .none: return false
            case .read(let u): until = u
            case .restart(let at, let u):
                try feed.restart(at: at)
                window.restarted(at: at)
                if renderer != nil { renderer = try self.renderer(header: feed.header) }
                restarted = true
                until = u
                note("subtitles: read again from \(at) ms (the item jumped to \(target) ms)")
            }
            let first = window.knownUntil == window.from
            let read = try feed.read(until: until)
            window.advanced(until: until, by: read)
            for cue in read.cues { renderer?.add(cue) }
            // As for a track read whole: the font loaded before the first cue is due.
            if first, let cue = read.cues.first, let renderer { _ = renderer.render(at: cue.startMilliseconds) }
            // Pictures: their first may come in a later reading than the first.
            if renderer == nil, !state.withLock({ $0.picturesWarmed }), let cue = read.cues.first(where: \.isBitmap) {
                warmUp(cue, moment: moment)
                state.withLock { $0.picturesWarmed = true }
            }
            state.withLock { s in
                if restarted {
                    s.schedule = SubtitleSchedule()
                    s.shown = nil
                    if let renderer { s.drawer = .text(renderer) }
                }
                for cue in read.cues { s.schedule.add(cue) }
                s.window = window
            }
        } catch {
            log("subtitles: \(error.message); the cues read so far stay, no more are read")
            state.withLock { $0.feed = nil }
        }
        return restarted
    }

    /// A track's first picture drawn and thrown away, as the text's first drawing is: the first
    /// drawing of pictures is the slowest (on the emulated arm64 board under load 272 ms, and its
    /// cue came late). Its time counts towards the lead: the pictures' drawings are all alike.
    private func warmUp(_ cue: SubtitleCue?, moment: SubtitleMoment) {
        guard let cue, cue.isBitmap else { return }
        let started = clock.now().nanoseconds
        _ = SubtitleCanvas.draw([cue], size: size, video: moment.videoSize, pixelAspect: moment.videoPixelAspect)
        let took = clock.now().nanoseconds - started
        state.withLock { $0.lead.drew(nanoseconds: took) }
    }

    /// How far ahead a change is drawn now: the display's lead and the layer's drawings.
    private func currentLead() -> Int64 {
        state.withLock { $0.lead }.nanoseconds(displayLead: sink.presentationLeadNanoseconds)
    }

    private func clearIfShowing() {
        let frame = state.withLock { s -> Int64? in
            guard s.showing else { return nil }
            s.showing = false
            s.frame += 1
            return s.frame
        }
        if let frame {
            show([UInt8](repeating: 0, count: size.width * size.height * 4), frame: frame,
                 due: HostTime(nanoseconds: clock.now().nanoseconds + currentLead()))
        }
    }

    /// Shown at `due` and kept until the next.
    private func show(_ pixels: [UInt8], frame: Int64, due: HostTime) {
        let second = MediaTime(value: 1, timescale: 1)
        var picture = VideoFrame(pts: MediaTime(value: frame, timescale: 1), duration: second, isKeyframe: true,
                                 picture: TextPicture(size: size, pixels: pixels))
        picture.showsEvenLate = true
        sink.present(picture, dueAt: due)
        drawn.add(1, ordering: .relaxed)
    }
}
