/// A CEA-708 screen as ASS, drawn by libass as CEA-608's are: the same script size and style
/// as FFmpeg's 608 decoder gives (384x288, monospace, white on an opaque black box), each
/// visible window one event placed by its anchor on the safe-title area (the middle 80 %),
/// drawn above the windows of lower priority.
public enum CEA708Dialogue {
    public static let header = """
        [Script Info]
        ScriptType: v4.00+
        PlayResX: 384
        PlayResY: 288
        ScaledBorderAndShadow: yes

        [V4+ Styles]
        Format: Name, Fontname, Fontsize, PrimaryColour, SecondaryColour, OutlineColour, BackColour, Bold, Italic, Underline, StrikeOut, ScaleX, ScaleY, Spacing, Angle, BorderStyle, Outline, Shadow, Alignment, MarginL, MarginR, MarginV, Encoding
        Style: Default,Monospace,16,&Hffffff,&Hffffff,&H0,&H0,0,0,0,0,100,100,0,0,3,1,0,2,10,10,10,0

        [Events]
        Format: Layer, Start, End, Style, Name, MarginL, MarginR, MarginV, Effect, Text

        """

    /// One shown window: its ASS layer and the event's text (with its place).
    public struct Event: Sendable, Equatable {
        public var layer: Int
        public var text: String
    }

    /// What the visible windows show. `wide`: a 16:9 picture, whose absolute anchors count
    /// 210 columns across, not 160.
    public static func events(_ windows: [CEA708Window?], wide: Bool) -> [Event] {
        windows.compactMap { w -> Event? in
            guard let w, w.visible, let lines = w.lines else { return nil }
            let across = w.relative ? 100.0 : wide ? 210.0 : 160.0
            let down = w.relative ? 100.0 : 75.0
            let x = 38.4 + 307.2 * min(Double(w.anchorHorizontal) / across, 1)
            let y = 28.8 + 230.4 * min(Double(w.anchorVertical) / down, 1)
            // 708's anchor points run left to right from the top; ASS's \an from the bottom.
            let an = [7, 8, 9, 4, 5, 6, 1, 2, 3][w.anchorPoint]
            let text = lines.map(escaped).joined(separator: "\\N")
            return Event(layer: 7 - w.priority, text: "{\\an\(an)\\q2\\pos(\(Int(x.rounded())),\(Int(y.rounded())))}\(text)")
        }
    }

    /// The dialogue line of an event for FFmpeg's field order ("ReadOrder,Layer,Style,...").
    public static func dialogue(_ e: Event, readOrder: Int) -> String {
        "\(readOrder),\(e.layer),Default,,0,0,0,,\(e.text)"
    }

    /// Caption text as ASS text: braces and backslashes shown, not read as overrides; leading
    /// spaces kept (libass would drop them).
    static func escaped(_ line: String) -> String {
        var out = ""
        var leading = true
        for c in line {
            if leading, c == " " {
                out += "\\h"
                continue
            }
            leading = false
            switch c {
            case "{", "}": out += "\\\(c)"
            case "\\": out += "\\\u{2060}"
            default: out.append(c)
            }
        }
        return out
    }
}
