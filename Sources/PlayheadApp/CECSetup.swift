import PlayheadCEC
import PlayheadCore
import PlayheadSys

/// The TV over HDMI-CEC as the appliance sets it up: off unless cec-device is set.
enum CECSetup {
    static func make(_ settings: Settings) -> CECController? {
        guard let device = settings[CECOptions.device] else { return nil }
        guard let controller = CECController(device: device, osdName: settings[CECOptions.name], screenOn: true,
                                             clock: { MonotonicClock().now().nanoseconds }, log: { AppLog.notice($0) })
        else {
            AppLog.error("cec: no wake-up descriptor (out of descriptors); HDMI-CEC is off")
            return nil
        }
        return controller
    }

    /// A remote's key, as the console's command.
    static func run(_ line: String, on router: CommandRouter) {
        guard case .success(let command) = CommandGrammar.parse(line) else { return }
        if case .error(let why) = router.perform(command) { AppLog.warning("cec: \(line): \(why)") }
    }
}
