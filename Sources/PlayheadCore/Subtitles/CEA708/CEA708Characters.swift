/// CEA-708's character sets and the sizes of its C1 commands (CEA-708-E, 7.1).
public enum CEA708Characters {
    /// G0: ASCII, but for 0x7F, a music note.
    public static func g0(_ c: UInt8) -> Character {
        c == 0x7f ? "\u{266A}" : Character(Unicode.Scalar(c))
    }

    /// G1: ISO 8859-1's upper half.
    public static func g1(_ c: UInt8) -> Character { Character(Unicode.Scalar(c)) }

    /// G2 (after EXT1): the few signs assigned; nil for the unassigned codes.
    public static func g2(_ c: UInt8) -> Character? {
        switch c {
        case 0x20, 0x21: return " "  // transparent spaces
        case 0x25: return "\u{2026}"
        case 0x2a: return "\u{0160}"
        case 0x2c: return "\u{0152}"
        case 0x30: return "\u{2588}"
        case 0x31: return "\u{2018}"
        case 0x32: return "\u{2019}"
        case 0x33: return "\u{201C}"
        case 0x34: return "\u{201D}"
        case 0x35: return "\u{2022}"
        case 0x39: return "\u{2122}"
        case 0x3a: return "\u{0161}"
        case 0x3c: return "\u{0153}"
        case 0x3d: return "\u{2120}"
        case 0x3f: return "\u{0178}"
        case 0x76: return "\u{215B}"
        case 0x77: return "\u{215C}"
        case 0x78: return "\u{215D}"
        case 0x79: return "\u{215E}"
        case 0x7a: return "\u{2502}"
        case 0x7b: return "\u{2510}"
        case 0x7c: return "\u{2514}"
        case 0x7d: return "\u{2500}"
        case 0x7e: return "\u{2518}"
        case 0x7f: return "\u{250C}"
        default: return nil
        }
    }

    /// G3 (after EXT1): only 0xA0, the closed-caption sign, is assigned; no font has it, so
    /// it takes a space.
    public static func g3(_ c: UInt8) -> Character { " " }

    /// How many parameter bytes follow a C1 code (0x80-0x9F).
    public static func c1ParameterCount(_ c: UInt8) -> Int {
        switch c {
        case 0x88...0x8d: return 1  // ClearWindows ... Delay
        case 0x90, 0x92: return 2   // SetPenAttributes, SetPenLocation
        case 0x91: return 3         // SetPenColor
        case 0x97: return 4         // SetWindowAttributes
        case 0x98...0x9f: return 6  // DefineWindow
        default: return 0           // SetCurrentWindow, DelayCancel, Reset, reserved
        }
    }
}
