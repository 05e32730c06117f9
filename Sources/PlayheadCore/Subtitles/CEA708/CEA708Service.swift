/// One CEA-708 caption service's decoder (CEA-708-E, section 7 and 8): its code sets and
/// window commands applied to eight windows. Bytes in, in the order they were sent; what the
/// screen shows is `screen`. A command cut short at a service block's end is finished by the
/// next block, as the standard lets encoders split them. Every parameter is range-checked:
/// hostile bytes give a wrong caption at worst.
public struct CEA708Service: Sendable {
    public private(set) var windows: [CEA708Window?] = Array(repeating: nil, count: 8)
    private var current: Int?
    private var pending: [UInt8] = []
    /// The last DLY (tenths of a second: what follows shows that much later) or DLC (0) not
    /// yet taken by whoever times the screen.
    private var delay: Int?

    public init() {}

    /// Applies a service block's bytes.
    public mutating func decode<C: Collection<UInt8>>(_ bytes: C) {
        var buffer = pending
        buffer.append(contentsOf: bytes)
        pending = []
        var i = 0
        while i < buffer.count {
            let used = step(buffer[i...])
            if used == 0 { break }  // a command whose parameters come in the next block
            i += used
        }
        // A command's parameters are 6 bytes at most: more left over is not a command.
        if buffer.count - i <= 16 { pending = Array(buffer[i...]) }
    }

    /// The delay the service asked for since the last call: tenths of a second, 0 for a
    /// cancelled one, nil for none.
    public mutating func takeDelay() -> Int? {
        defer { delay = nil }
        return delay
    }

    /// One code at the start of `b`: how many bytes it took, 0 when its parameters are not all there.
    private mutating func step(_ b: ArraySlice<UInt8>) -> Int {
        let c = b[b.startIndex]
        func has(_ n: Int) -> Bool { b.count >= n }
        switch c {
        case 0x10:
            guard has(2) else { return 0 }
            return extended(b)
        case 0x00...0x0f:
            control(c)
            return 1
        case 0x11...0x17:
            return has(2) ? 2 : 0
        case 0x18:
            // P16: a 16-bit character, taken as Unicode where it is one.
            guard has(3) else { return 0 }
            let v = UInt32(b[b.startIndex + 1]) << 8 | UInt32(b[b.startIndex + 2])
            write(Unicode.Scalar(v).map(Character.init) ?? "?")
            return 3
        case 0x19...0x1f:
            return has(3) ? 3 : 0
        case 0x20...0x7f:
            write(CEA708Characters.g0(c))
            return 1
        case 0x80...0x9f:
            let n = 1 + CEA708Characters.c1ParameterCount(c)
            guard has(n) else { return 0 }
            command(c, Array(b.prefix(n).dropFirst()))
            return n
        default:
            write(CEA708Characters.g1(c))
            return 1
        }
    }

    /// EXT1 and what follows it: G2 and G3 characters; C2 and C3 codes are skipped by their sizes.
    private mutating func extended(_ b: ArraySlice<UInt8>) -> Int {
        let c = b[b.startIndex + 1]
        var size: Int
        switch c {
        case 0x00...0x1f: size = 2 + Int(c >> 3)
        case 0x20...0x7f:
            if let g2 = CEA708Characters.g2(c) { write(g2) }
            return 2
        case 0x80...0x87: size = 6
        case 0x88...0x8f: size = 7
        case 0x90...0x9f:
            guard b.count >= 3 else { return 0 }
            size = 3 + Int(b[b.startIndex + 2] & 0x1f)
        default:
            write(CEA708Characters.g3(c))
            return 2
        }
        return b.count >= size ? size : 0
    }

    private mutating func control(_ c: UInt8) {
        guard let w = current, windows[w] != nil else { return }
        switch c {
        case 0x08: windows[w]?.backspace()
        case 0x0c: windows[w]?.clear()
        case 0x0d: windows[w]?.carriageReturn()
        case 0x0e: windows[w]?.clearRow()
        default: break  // NUL, ETX and the reserved codes
        }
    }

    private mutating func write(_ c: Character) {
        guard let w = current else { return }
        windows[w]?.write(c)
    }

    private mutating func command(_ c: UInt8, _ p: [UInt8]) {
        switch c {
        case 0x80...0x87:
            if windows[Int(c & 7)] != nil { current = Int(c & 7) }
        case 0x88: each(p[0]) { $0.clear() }
        case 0x89: each(p[0]) { $0.visible = true }
        case 0x8a: each(p[0]) { $0.visible = false }
        case 0x8b: each(p[0]) { $0.visible.toggle() }
        case 0x8c:
            for n in 0..<8 where p[0] & (1 << n) != 0 {
                windows[n] = nil
                if current == n { current = nil }
            }
        case 0x8d: delay = Int(p[0])
        case 0x8e: delay = 0
        case 0x8f:
            windows = Array(repeating: nil, count: 8)
            current = nil
            delay = 0
        case 0x92:
            guard let w = current else { return }
            windows[w]?.movePen(row: Int(p[0] & 0x0f), column: Int(p[1] & 0x3f))
        case 0x97:
            guard let w = current else { return }
            // Justification is not kept: ASS aligns an event's lines by its anchor, which the
            // window's anchor point gives.
            windows[w]?.wordWrap = p[2] & 0x40 != 0
        case 0x98...0x9f:
            define(Int(c & 7), p)
        default: break  // pen attributes and colours, reserved codes
        }
    }

    private mutating func each(_ mask: UInt8, _ change: (inout CEA708Window) -> Void) {
        for n in 0..<8 where mask & (1 << n) != 0 {
            if var w = windows[n] {
                change(&w)
                windows[n] = w
            }
        }
    }

    /// DefineWindow: made (empty, pen home) or changed in place; then the current window.
    private mutating func define(_ n: Int, _ p: [UInt8]) {
        let rowCount = Int(p[3] & 0x0f) + 1, columnCount = Int(p[4] & 0x3f) + 1
        var w = windows[n] ?? CEA708Window(rowCount: rowCount, columnCount: columnCount)
        if windows[n] != nil { w.resize(rowCount: rowCount, columnCount: columnCount) }
        w.visible = p[0] & 0x20 != 0
        w.rowLock = p[0] & 0x10 != 0
        w.columnLock = p[0] & 0x08 != 0
        w.priority = Int(p[0] & 0x07)
        w.relative = p[1] & 0x80 != 0
        w.anchorVertical = Int(p[1] & 0x7f)
        w.anchorHorizontal = Int(p[2])
        w.anchorPoint = min(Int(p[3] >> 4), 8)
        // Style 0 keeps an existing window's attributes (a new one takes style 1); every
        // predefined style sets word wrap off.
        let style = Int(p[5] >> 3 & 0x07)
        if windows[n] == nil || style != 0 {
            w.wordWrap = false
        }
        windows[n] = w
        current = n
    }
}
