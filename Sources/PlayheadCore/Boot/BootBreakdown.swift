/// Where a boot's seconds went, from the kernel's start to the first frame on screen: each stage
/// is the time from the mark before it to its own. The marks come from the boot's scripts
/// (`/run/boot-marks`, written by the early boot and rcS), from the kernel (when playhead
/// started) and from playhead itself; a mark a board does not have (no early boot on the emulated board) is
/// left out, and the stage after it covers its time too.
public struct BootBreakdown: Sendable, Equatable {
    /// The stages in the order a boot passes them, and the mark that ends each.
    public enum Mark: String, Sendable, CaseIterable {
        case initStarted = "init"
        case earlyBootDone = "early-boot"
        case initScriptsDone = "rcS"
        case playheadStarted = "playhead"
        case mainEntered = "main"
        case optionsRead = "options"
        case outputsOpen = "outputs"
        case firstItemOpen = "open"
        case firstFrame = "first-frame"

        /// What the time up to this mark was spent on, in the console's line.
        public var stage: String {
            switch self {
            case .initStarted: "kernel"
            case .earlyBootDone: "early boot"
            case .initScriptsDone: "init scripts"
            case .playheadStarted: "to playhead"
            case .mainEntered: "loading"
            case .optionsRead: "options"
            case .outputsOpen: "outputs"
            case .firstItemOpen: "open"
            case .firstFrame: "first frame"
            }
        }
    }

    public struct Stage: Sendable, Equatable {
        public let mark: Mark
        public let seconds: Double
    }

    public let stages: [Stage]
    /// Seconds since the kernel started at the last mark.
    public let total: Double

    /// `marks`: seconds since the kernel started, by mark. A mark earlier than the one before it
    /// (a script's clock read late, a hand-written file) is left out rather than shown negative.
    public init(marks: [Mark: Double]) {
        var stages: [Stage] = []
        var previous = 0.0
        for mark in Mark.allCases {
            guard let at = marks[mark], at.isFinite, at >= previous else { continue }
            stages.append(Stage(mark: mark, seconds: at - previous))
            previous = at
        }
        self.stages = stages
        total = previous
    }

    /// The marks the boot's scripts wrote, one `NAME SECONDS` per line (seconds from
    /// /proc/uptime): `init` (the first script PID 1 ran), `early-boot` and `rcS`; unknown
    /// names and malformed lines are skipped, the first of a name kept.
    public static func scriptMarks(_ text: String) -> [Mark: Double] {
        var marks: [Mark: Double] = [:]
        for line in text.split(separator: "\n").prefix(64) {
            let words = line.split(separator: " ")
            guard words.count == 2, let mark = Mark(rawValue: String(words[0])),
                  mark == .initStarted || mark == .earlyBootDone || mark == .initScriptsDone,
                  let seconds = Double(words[1]), seconds.isFinite, seconds >= 0, marks[mark] == nil else { continue }
            marks[mark] = seconds
        }
        return marks
    }

    /// One line for the console: `kernel 1.20 s, early boot 2.10 s, ... = 8.30 s since the kernel started`.
    public var line: String {
        stages.map { "\($0.mark.stage) \(Self.format($0.seconds)) s" }.joined(separator: ", ")
            + " = \(Self.format(total)) s since the kernel started"
    }

    static func format(_ seconds: Double) -> String {
        let hundredths = Int((seconds * 100).rounded())
        let fraction = hundredths % 100
        return "\(hundredths / 100)." + (fraction < 10 ? "0" : "") + "\(fraction)"
    }
}
