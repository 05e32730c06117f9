/// One CEA-708 service of a video's captions, timed: each picture's cc_data (in display order,
/// with the picture's time) in, cues out. A cue is what one window shows from one change of the
/// screen to the next; a Delay command puts what follows it that much later, until it runs
/// out or is cancelled.
public struct CEA708Captions: Sendable {
    public let service: Int
    public let wide: Bool
    private var assembler = DTVCCPacketAssembler()
    private var decoder = CEA708Service()
    private var shown: [CEA708Dialogue.Event] = []
    private var cues = SubtitleCueCollector()
    private var readOrder = 0
    private var delayUntil = Int64.min
    private var lastChange = Int64.min

    /// Service 1 is the main one (2, where there is one, a second language).
    public init(service: Int = 1, wide: Bool) {
        self.service = service
        self.wide = wide
    }

    /// One picture's triplets, shown at `milliseconds`.
    public mutating func add(_ triplets: [UInt8], atMilliseconds milliseconds: Int64) {
        for packet in assembler.add(triplets) {
            for block in DTVCCPacketAssembler.serviceBlocks(of: packet) where block.service == service {
                decoder.decode(block.bytes)
                if let tenths = decoder.takeDelay() {
                    delayUntil = tenths == 0 ? .min : milliseconds + Int64(tenths) * 100
                }
                changed(at: max(milliseconds, delayUntil, lastChange))
            }
        }
    }

    private mutating func changed(at t: Int64) {
        let now = CEA708Dialogue.events(decoder.windows, wide: wide)
        guard now != shown else { return }
        shown = now
        lastChange = t
        cues.show(now.map { event in
            readOrder += 1
            return SubtitleCue(startMilliseconds: t, durationMilliseconds: 0, dialogue: CEA708Dialogue.dialogue(event, readOrder: readOrder))
        }, at: t)
    }

    /// The cues ended so far, taken out; what shows now stays until the next change.
    public mutating func takeClosed() -> [SubtitleCue] { cues.takeClosed() }

    /// The whole schedule: what still shows at the end shows for the collector's last cue's time.
    public mutating func finish() -> SubtitleSchedule { cues.finish() }
}
