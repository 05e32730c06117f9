/// A device's power as Report Power Status says it (CEC 17.21); `unknown` until one came.
public enum CECPowerStatus: Sendable, Equatable, CustomStringConvertible {
    case unknown, on, standby, turningOn, turningStandby

    public init(operand: UInt8) {
        switch operand {
        case 0: self = .on
        case 1: self = .standby
        case 2: self = .turningOn
        case 3: self = .turningStandby
        default: self = .unknown
        }
    }

    public var description: String {
        switch self {
        case .unknown: "unknown"
        case .on: "on"
        case .standby: "standby"
        case .turningOn: "turning on"
        case .turningStandby: "turning to standby"
        }
    }
}
