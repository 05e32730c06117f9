/// One of a CEA-708 service's eight windows: where it is anchored on the screen, its grid of
/// rows and columns, the text written into that grid and the pen that writes it. Colours,
/// fonts, borders, effects and justification are not kept: the layer draws every caption in one
/// style, its lines aligned by the window's anchor point.
public struct CEA708Window: Sendable, Equatable {
    /// The window's point that its anchor places: 0 upper left ... 8 lower right, row by row.
    public var anchorPoint = 0
    /// Relative (percent of the safe area) or absolute (75 rows of fifths, 160 or 210 columns).
    public var relative = false
    public var anchorVertical = 0
    public var anchorHorizontal = 0
    public var priority = 0
    public var visible = false
    public var rowLock = true
    public var columnLock = true
    public var wordWrap = false
    public private(set) var rows: [[Character]]
    public private(set) var penRow = 0
    public private(set) var penColumn = 0

    /// What a decoder must be able to show: 15 rows, 42 columns (16:9).
    public static let maxRows = 15
    public static let maxColumns = 42

    public init(rowCount: Int, columnCount: Int) {
        rows = Array(repeating: Array(repeating: " ", count: Self.clamp(columnCount, Self.maxColumns)),
                     count: Self.clamp(rowCount, Self.maxRows))
    }

    static func clamp(_ n: Int, _ most: Int) -> Int { min(max(n, 1), most) }

    public var rowCount: Int { rows.count }
    public var columnCount: Int { rows.first?.count ?? 0 }

    /// A DefineWindow for a window already there: its grid takes the new size, its text kept
    /// where it still fits.
    public mutating func resize(rowCount: Int, columnCount: Int) {
        let r = Self.clamp(rowCount, Self.maxRows), c = Self.clamp(columnCount, Self.maxColumns)
        rows = (0..<r).map { n in
            let old = n < rows.count ? rows[n] : []
            return (0..<c).map { $0 < old.count ? old[$0] : " " }
        }
        penRow = min(penRow, r - 1)
        penColumn = min(penColumn, c - 1)
    }

    /// Writes one character at the pen and moves it on. Past the last column: wrapped to the
    /// next row with word wrap, the grid widened when its columns are not locked, else dropped.
    public mutating func write(_ c: Character) {
        if penColumn >= columnCount {
            if wordWrap {
                carriageReturn()
            } else if !columnLock {
                while penColumn >= columnCount, columnCount < Self.maxColumns {
                    for n in rows.indices { rows[n].append(" ") }
                }
            }
        }
        guard penRow < rowCount, penColumn < columnCount else { return }
        rows[penRow][penColumn] = c
        penColumn += 1
    }

    /// CR: the pen to the next row's start; from the last row, the rows roll up one (or the
    /// grid grows by one when its rows are not locked).
    public mutating func carriageReturn() {
        penColumn = 0
        if penRow + 1 < rowCount {
            penRow += 1
        } else if !rowLock, rowCount < Self.maxRows {
            rows.append(Array(repeating: " ", count: columnCount))
            penRow += 1
        } else {
            // The width taken before the roll: a window of one row has none left after it.
            let width = columnCount
            rows.removeFirst()
            rows.append(Array(repeating: " ", count: width))
        }
    }

    /// HCR: the pen's row emptied, the pen to its start.
    public mutating func clearRow() {
        rows[penRow] = Array(repeating: " ", count: columnCount)
        penColumn = 0
    }

    /// BS: the character before the pen erased, the pen on it.
    public mutating func backspace() {
        guard penColumn > 0 else { return }
        penColumn -= 1
        if penColumn < columnCount { rows[penRow][penColumn] = " " }
    }

    /// FF and ClearWindows: all text gone, the pen home.
    public mutating func clear() {
        rows = Array(repeating: Array(repeating: " ", count: columnCount), count: rowCount)
        penRow = 0
        penColumn = 0
    }

    /// SetPenLocation, held inside the grid.
    public mutating func movePen(row: Int, column: Int) {
        penRow = min(max(row, 0), rowCount - 1)
        penColumn = min(max(column, 0), columnCount - 1)
    }

    /// The text as shown: each row without its trailing spaces; the empty rows above the first
    /// and below the last with text left out (nil when there is no text at all).
    public var lines: [String]? {
        let text = rows.map { String($0).replacingTrailingSpaces() }
        guard let first = text.firstIndex(where: { !$0.isEmpty }), let last = text.lastIndex(where: { !$0.isEmpty }) else { return nil }
        return Array(text[first...last])
    }
}

extension String {
    fileprivate func replacingTrailingSpaces() -> String {
        var s = Substring(self)
        while s.last == " " { s = s.dropLast() }
        return String(s)
    }
}
