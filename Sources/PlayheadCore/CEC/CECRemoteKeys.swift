/// The TV remote's keys that reach a playback device as User Control Pressed (CEC 17.38's
/// UI command codes), as the console's commands.
public enum CECRemoteKeys {
    public static func command(forKey code: UInt8) -> String? {
        switch code {
        case 0x44: "play"
        case 0x45, 0x46: "pause"  // stop, pause: the place is kept
        case 0x61: "toggle"  // pause-play function
        case 0x4B: "next"  // forward
        case 0x4C: "previous"  // backward
        case 0x49: "seek +10"  // fast forward
        case 0x48: "seek -10"  // rewind
        default: nil
        }
    }
}
