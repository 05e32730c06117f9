import PlayheadCore
import Testing

/// CEA-708's window commands and character sets, with bytes written here after CEA-708-E:
/// windows defined, shown, hidden, cleared and deleted; roll-up; the pen's moves; commands cut
/// at a block's end; hostile bytes.
@Suite struct CEA708ServiceTests {
    /// DefineWindow `n` with `rows` x `columns`, anchored at `point`; visible or not.
    static func define(_ n: UInt8, visible: Bool, rows: Int = 1, columns: Int = 32, point: UInt8 = 0,
                       relative: Bool = false, vertical: UInt8 = 0, horizontal: UInt8 = 0, priority: UInt8 = 0, style: UInt8 = 1) -> [UInt8] {
        [0x98 | n, (visible ? 0x20 : 0) | 0x18 | priority, (relative ? 0x80 : 0) | vertical, horizontal,
         point << 4 | UInt8(rows - 1), UInt8(columns - 1), style << 3 | 1]
    }

    static func text(_ s: String) -> [UInt8] { Array(s.utf8) }

    func lines(_ service: CEA708Service, _ n: Int) -> [String]? { service.windows[n]?.lines }

    @Test func aPopOnCaptionShowsOnlyWhenItsWindowIsDisplayed() {
        var s = CEA708Service()
        s.decode(Self.define(1, visible: false) + Self.text("HELLO"))
        #expect(lines(s, 1) == ["HELLO"])
        #expect(CEA708Dialogue.events(s.windows, wide: false).isEmpty)
        s.decode([0x89, 0x02])  // DisplayWindows 1
        #expect(CEA708Dialogue.events(s.windows, wide: false).map(\.text) == ["{\\an7\\q2\\pos(38,29)}HELLO"])
        s.decode([0x8a, 0x02])  // HideWindows 1
        #expect(CEA708Dialogue.events(s.windows, wide: false).isEmpty)
        s.decode([0x8b, 0x02])  // ToggleWindows 1
        #expect(CEA708Dialogue.events(s.windows, wide: false).count == 1)
        s.decode([0x88, 0x02])  // ClearWindows 1
        #expect(lines(s, 1) == nil)
        s.decode(Self.text("AGAIN") + [0x8c, 0x02])  // DeleteWindows 1
        #expect(s.windows[1] == nil)
        // Text for a deleted window goes nowhere.
        s.decode(Self.text("LOST"))
        #expect(s.windows.allSatisfy { $0 == nil })
    }

    @Test func rollUpRowsMoveUpAtTheLastRow() {
        var s = CEA708Service()
        s.decode(Self.define(0, visible: true, rows: 2) + Self.text("ONE") + [0x0d] + Self.text("TWO"))
        #expect(lines(s, 0) == ["ONE", "TWO"])
        s.decode([0x0d] + Self.text("THREE"))
        #expect(lines(s, 0) == ["TWO", "THREE"])
    }

    @Test func aOneRowWindowKeepsItsWidthAcrossACarriageReturn() {
        var s = CEA708Service()
        s.decode(Self.define(0, visible: true, rows: 1, columns: 8) + Self.text("ONE") + [0x0d] + Self.text("TWO"))
        #expect(lines(s, 0) == ["TWO"])
        #expect(s.windows[0]?.columnCount == 8)
    }

    @Test func thePenMovesBacksUpAndClears() {
        var s = CEA708Service()
        s.decode(Self.define(2, visible: true, rows: 3, columns: 10) + Self.text("ABCD") + [0x08] + Self.text("X"))
        #expect(lines(s, 2) == ["ABCX"])
        s.decode([0x92, 0x02, 0x03] + Self.text("Z"))  // SetPenLocation row 2, column 3
        #expect(lines(s, 2) == ["ABCX", "", "   Z"])
        s.decode([0x0e] + Self.text("Q"))  // HCR: the pen's row emptied
        #expect(lines(s, 2) == ["ABCX", "", "Q"])
        s.decode([0x0c])  // FF
        #expect(lines(s, 2) == nil)
    }

    @Test func charactersOfEverySetAreMapped() {
        var s = CEA708Service()
        s.decode(Self.define(0, visible: true, columns: 20) + [0x7f, 0xe9, 0x10, 0x35, 0x10, 0x39, 0x10, 0x25, 0x18, 0x20, 0xac])
        #expect(lines(s, 0) == ["\u{266A}\u{e9}\u{2022}\u{2122}\u{2026}\u{20AC}"])
        // Braces and backslashes are shown, not read by libass as overrides; leading spaces kept.
        s.decode([0x0c] + Self.text(" {\\i1}"))
        #expect(CEA708Dialogue.events(s.windows, wide: false).first?.text.hasSuffix("}\\h\\{\\\u{2060}i1\\}") == true)
    }

    @Test func aCommandCutAtABlocksEndIsFinishedByTheNext() {
        var s = CEA708Service()
        let define = Self.define(3, visible: true)
        s.decode(define.prefix(4))
        #expect(s.windows[3] == nil)
        s.decode(define.dropFirst(4) + Self.text("HI"))
        #expect(lines(s, 3) == ["HI"])
    }

    @Test func aWindowsAnchorPlacesItsEvent() {
        var s = CEA708Service()
        // Bottom middle, 90 % down and 50 % across, relative; then absolute on a wide picture.
        s.decode(Self.define(0, visible: true, point: 7, relative: true, vertical: 90, horizontal: 50) + Self.text("A"))
        #expect(CEA708Dialogue.events(s.windows, wide: false).map(\.text) == ["{\\an2\\q2\\pos(192,236)}A"])
        s.decode(Self.define(0, visible: true, point: 8, vertical: 74, horizontal: 209))
        #expect(CEA708Dialogue.events(s.windows, wide: true).map(\.text) == ["{\\an3\\q2\\pos(344,256)}A"])
    }

    @Test func higherPriorityWindowsAreDrawnAbove() {
        var s = CEA708Service()
        s.decode(Self.define(0, visible: true, priority: 5) + Self.text("LOW") + Self.define(1, visible: true, priority: 0) + Self.text("HIGH"))
        let events = CEA708Dialogue.events(s.windows, wide: false)
        #expect(events.map(\.layer) == [2, 7])
    }

    @Test func resetDeletesEveryWindow() {
        var s = CEA708Service()
        s.decode(Self.define(0, visible: true) + Self.text("A") + [0x8f] + Self.text("B"))
        #expect(s.windows.allSatisfy { $0 == nil })
    }

    @Test func hostileBytesNeverTrapAndKeepWindowsInBounds() {
        var rng = SplitMix(seed: 708)
        var s = CEA708Service()
        for _ in 0..<4_000 {
            let block = (0..<Int(rng.next() % 31)).map { _ in UInt8(truncatingIfNeeded: rng.next()) }
            s.decode(block)
            for w in s.windows.compactMap({ $0 }) {
                #expect(w.rowCount <= CEA708Window.maxRows && w.columnCount <= CEA708Window.maxColumns)
                #expect(w.penRow < w.rowCount && w.penColumn <= w.columnCount)
                #expect(w.rows.allSatisfy { $0.count == w.columnCount })
            }
            _ = CEA708Dialogue.events(s.windows, wide: true)
        }
    }
}

/// A small deterministic generator for the hostile bytes.
struct SplitMix {
    var state: UInt64
    init(seed: UInt64) { state = seed }
    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }
}
