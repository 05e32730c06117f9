/// The CEC messages playhead sends or answers (HDMI 1.4b's CEC supplement, CEC 15 and 16),
/// by their opcode byte, with the names `cec-ctl` prints for them.
public enum CECOpcode: UInt8, Sendable, CaseIterable {
    case featureAbort = 0x00
    case imageViewOn = 0x04
    case standby = 0x36
    case userControlPressed = 0x44
    case userControlReleased = 0x45
    case giveOSDName = 0x46
    case setOSDName = 0x47
    case routingChange = 0x80
    case activeSource = 0x82
    case givePhysicalAddress = 0x83
    case reportPhysicalAddress = 0x84
    case requestActiveSource = 0x85
    case setStreamPath = 0x86
    case deviceVendorID = 0x87
    case giveDeviceVendorID = 0x8C
    case menuRequest = 0x8D
    case menuStatus = 0x8E
    case giveDevicePowerStatus = 0x8F
    case reportPowerStatus = 0x90
    case inactiveSource = 0x9D
    case cecVersion = 0x9E
    case getCECVersion = 0x9F
    case abort = 0xFF

    public var name: String {
        switch self {
        case .featureAbort: "feature-abort"
        case .imageViewOn: "image-view-on"
        case .standby: "standby"
        case .userControlPressed: "user-control-pressed"
        case .userControlReleased: "user-control-released"
        case .giveOSDName: "give-osd-name"
        case .setOSDName: "set-osd-name"
        case .routingChange: "routing-change"
        case .activeSource: "active-source"
        case .givePhysicalAddress: "give-physical-addr"
        case .reportPhysicalAddress: "report-physical-addr"
        case .requestActiveSource: "request-active-source"
        case .setStreamPath: "set-stream-path"
        case .deviceVendorID: "device-vendor-id"
        case .giveDeviceVendorID: "give-device-vendor-id"
        case .menuRequest: "menu-request"
        case .menuStatus: "menu-status"
        case .giveDevicePowerStatus: "give-device-power-status"
        case .reportPowerStatus: "report-power-status"
        case .inactiveSource: "inactive-source"
        case .cecVersion: "cec-version"
        case .getCECVersion: "get-cec-version"
        case .abort: "abort"
        }
    }

    /// Messages that are themselves answers, or only make sense broadcast: a device never
    /// answers these with Feature Abort (CEC 12.2).
    var neverAborted: Bool {
        switch self {
        case .featureAbort, .reportPowerStatus, .reportPhysicalAddress, .setOSDName, .deviceVendorID,
             .cecVersion, .menuStatus, .activeSource, .inactiveSource, .routingChange, .userControlReleased: true
        default: false
        }
    }
}
