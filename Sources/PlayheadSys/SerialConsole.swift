import PlayheadCore
#if canImport(Glibc)
import Glibc
#endif
import SystemPackage
import Synchronization

/// The serial console: a tty (or standard input and output) in raw mode with a prompt and line
/// editing (see LineEditor), or plain lines when it is not a terminal (a pipe). Replies, events
/// and log lines are shown between prompts without breaking the line being typed. The terminal
/// is put back as it was at `stop`.
public final class SerialConsole: Sendable {
    public let name: String
    private let input: Int32
    private let output: Int32
    private let ownsDescriptor: Bool
    private let mode: TerminalModeBox
    private let editor: Mutex<LineEditor>
    private let stopRequested = Atomic(false)
    private let worker = Mutex<WorkerThread?>(nil)

    /// `device`: a tty path, or "stdio" / "-" for standard input and output. `baud` applies to
    /// a tty path only.
    public init(device: String, baud: Int?, prompt: String = "playhead> ") throws(SerialConsoleError) {
        name = device
        editor = Mutex(LineEditor(prompt: prompt))
        if device == "stdio" || device == "-" {
            input = 0
            output = 1
            ownsDescriptor = false
            mode = TerminalModeBox(TerminalMode(fd: 0))
            try mode.value?.makeRaw(baud: nil)
            return
        }
        let fd = open(device, O_RDWR | O_NOCTTY | O_CLOEXEC)
        guard fd >= 0 else {
            let e = Sys.currentErrno
            let advice = e == .noSuchFileOrDirectory ? "check the console option's device name"
                : e == .permissionDenied ? "add playhead's user to the dialout group" : "check the device"
            throw SerialConsoleError("cannot open the console \(device): \(e); \(advice)")
        }
        input = fd
        output = fd
        ownsDescriptor = true
        mode = TerminalModeBox(TerminalMode(fd: fd))
        do { try mode.value?.makeRaw(baud: baud) } catch {
            close(fd)
            throw error
        }
    }

    /// Descriptors already open (tests: a pipe each way); neither is closed here.
    init(name: String, input: Int32, output: Int32) {
        self.name = name
        self.input = input
        self.output = output
        ownsDescriptor = false
        editor = Mutex(LineEditor())
        mode = TerminalModeBox(TerminalMode(fd: input))
    }

    deinit {
        stop()
        mode.value?.restore()
        if ownsDescriptor { close(input) }
    }

    public var isTerminal: Bool { mode.value != nil }

    /// On a pipe, a longer line is dropped up to its newline, with one error line.
    public static let maxLineBytes = 4096

    /// Reads on a thread of its own; `onLine` gets each finished line there, and what it returns
    /// is shown as the answer, followed by a fresh prompt.
    public func start(onLine: @escaping @Sendable (String) -> String?) {
        worker.withLock { w in
            guard w == nil else { return }
            if isTerminal { write(editor.withLock { $0.promptLine }) }
            w = WorkerThread(name: "ph-console") { [self] in run(onLine) }
        }
    }

    /// Ends reading and puts the terminal back; safe twice, from any thread.
    public func stop() {
        let w = worker.withLock { $0 }
        w?.stop { stopRequested.store(true, ordering: .releasing) }
        if w != nil, isTerminal { write("\r\n") }
        mode.value?.restore()
    }

    /// A reply, an event or a log line, above the line being typed. Its control characters are
    /// escaped here too, the last stop before the terminal, whatever its renderer did.
    public func show(_ text: String) {
        let text = ControlCharacters.escaped(text, keepingNewlines: true)
        // Once stopped the terminal is cooked again: plain lines, no prompt.
        if isTerminal && !stopRequested.load(ordering: .acquiring) {
            // Drawn while the editor is held: see `run`.
            editor.withLock { write($0.printAbove(text)) }
        } else {
            write(text + "\n")
        }
    }

    private func run(_ onLine: (String) -> String?) {
        var chunk = [UInt8](repeating: 0, count: 256)
        // Framed, not cleared when long: the tail of a cleared line would run as a command.
        var framer = LineFramer(limit: Self.maxLineBytes)
        while !stopRequested.load(ordering: .acquiring) {
            let ready = DescriptorPoll.wait([input], milliseconds: 100).first
            guard ready == .readable || ready == .failed else { continue }
            let n = chunk.withUnsafeMutableBytes { read(input, $0.baseAddress, $0.count) }
            if n < 0 && (errno == EINTR || errno == EAGAIN) { continue }
            if n <= 0 {
                // A pipe's end, or a tty that went away: nothing more will come.
                if n < 0 { Log.warning("console \(name): \(Sys.currentErrno); it stops reading") }
                return
            }
            if isTerminal {
                // The echo of what was typed is written while the editor is held: written after,
                // a line shown from another thread in between redrew the typed text before its
                // echo came, and the echo then repeated it ("playhead> papa"). What follows a
                // line's end (a paste of several lines) is written after that line's reply.
                let bytes = Array(chunk[0..<n])
                let rest = editor.withLock { editor -> [LineEditorOutput] in
                    let outputs = editor.feed(bytes)
                    let echoed = outputs.prefix { if case .write = $0 { return true }; return false }
                    for case .write(let text) in echoed { write(text) }
                    return Array(outputs.dropFirst(echoed.count))
                }
                for o in rest {
                    switch o {
                    case .write(let text): write(text)
                    case .submit(let line):
                        if let reply = onLine(line) { show(reply) } else { editor.withLock { write($0.promptLine) } }
                    }
                }
            } else {
                let events = chunk.withUnsafeBytes { framer.append(UnsafeRawBufferPointer(rebasing: $0[..<n])) }
                for event in events {
                    switch event {
                    case .line(let line):
                        if !line.allSatisfy(\.isWhitespace), let reply = onLine(line) { show(reply) }
                    case .overlong:
                        show("error: line longer than \(Self.maxLineBytes) bytes; ignored")
                    }
                }
            }
        }
    }

    private func write(_ text: String) {
        var bytes = Array(text.utf8)
        var offset = 0
        while offset < bytes.count {
            let n = bytes.withUnsafeMutableBytes { Glibc.write(output, $0.baseAddress! + offset, $0.count - offset) }
            if n < 0 && errno == EINTR { continue }
            if n <= 0 { return }
            offset += n
        }
    }
}

/// The saved terminal settings, shared by the console's threads (read only after init).
final class TerminalModeBox: @unchecked Sendable {
    let value: TerminalMode?
    init(_ value: TerminalMode?) { self.value = value }
}
