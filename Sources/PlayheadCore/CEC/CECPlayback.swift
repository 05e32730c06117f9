/// Playhead as an HDMI-CEC playback device, decided apart from the bus: events in (the adapter
/// configured, the screen switched, a frame received or sent, time passing), frames to send and
/// lines to log out. The kernel's CEC core claims the logical address and answers the
/// messages it handles itself; the rest a playback device must answer are answered here.
///
/// The TV follows the screen: when the screen goes on, Image View On and Active Source wake it
/// and switch it to us; when it goes off, Standby. The wanted state is sent again whenever the
/// adapter is configured anew (the cable plugged, the TV on late), and the TV's power is asked
/// every `pollInterval` and on each change.
public struct CECPlayback: Sendable {
    public enum Event: Sendable, Equatable {
        case configured(logical: UInt8, physical: CECPhysicalAddress)
        case unconfigured
        /// A physical address but no logical one after a change: a claim under way (at open, at
        /// a cable plugged in) or one that came to nothing, which the kernel gives up (a poll
        /// that timed out, seen under emulation) and does not make again by itself.
        case unclaimed(physical: CECPhysicalAddress)
        case screen(on: Bool)
        case received(CECMessage)
        case sent(CECMessage, acknowledged: Bool)
    }

    public enum Action: Sendable, Equatable {
        case transmit(CECMessage)
        case log(String)
        /// A TV remote's key as a console command.
        case command(String)
        /// The playback address to be claimed again, still unclaimed a while after `.unclaimed`
        /// (an adapter busy with a claim under way leaves it be).
        case claimAgain
    }

    public let osdName: String
    public let pollInterval: Int64
    public private(set) var logical: UInt8?
    public private(set) var physical = CECPhysicalAddress.invalid
    public private(set) var screenOn: Bool
    public private(set) var activeSource = false
    public private(set) var tvPower = CECPowerStatus.unknown
    /// The frames last sent and received, newest last, for `cec`.
    public private(set) var recent: [String] = []
    private var nextPoll: Int64?
    private var tvAnswers = true
    /// The first claim again comes `reclaimDelay` after a claim came to nothing, each next one
    /// twice as late, at most a minute: a bus that never answers is not asked in a loop.
    public let reclaimDelay: Int64
    private var reclaimAt: Int64?
    private var reclaims = 0

    public init(osdName: String, screenOn: Bool = true, pollInterval: Int64 = 10_000_000_000, reclaimDelay: Int64 = 2_000_000_000) {
        self.osdName = String(osdName.unicodeScalars.filter { $0.isASCII && $0.value >= 0x20 }.prefix(14))
        self.screenOn = screenOn
        self.pollInterval = pollInterval
        self.reclaimDelay = reclaimDelay
    }

    /// When `tick` next has something to do.
    public var nextDeadline: Int64? { logical == nil ? reclaimAt : nextPoll }

    public mutating func step(_ event: Event, now: Int64) -> [Action] {
        switch event {
        case .configured(let l, let p):
            // The same address again (lost events said so): nothing to send; a TV someone
            // switched off by hand stays off.
            reclaimAt = nil
            reclaims = 0
            guard logical != l || physical != p else { return [] }
            logical = l
            physical = p
            nextPoll = now + pollInterval
            return [.log("cec: playback device \(l) at \(p); the TV goes \(screenOn ? "on" : "to standby") with the screen")]
                + sent(screenOn ? wake() : sleep()) + sent([ask(.giveDevicePowerStatus)])
        case .unconfigured:
            reclaimAt = nil
            return lose("no TV on the cable, or it gives no physical address; waiting for one")
        case .unclaimed(let p):
            if reclaimAt == nil {
                reclaimAt = now + min(reclaimDelay << min(reclaims, 8), 60_000_000_000)
                reclaims += 1
            }
            return lose("at \(p): taken away, or its claim given up; claiming one again")
        case .screen(let on):
            guard on != screenOn else { return [] }
            screenOn = on
            guard logical != nil else { return [] }
            return sent(on ? wake() : sleep()) + sent([ask(.giveDevicePowerStatus)])
        case .received(let m):
            remember("rx \(m)")
            let notes = notice(m)
            return notes + sent(answer(m))
        case .sent(let m, let acknowledged):
            return afterSending(m, acknowledged: acknowledged)
        }
    }

    /// Time passing: the TV's power asked again when due, or the address claimed again.
    public mutating func tick(now: Int64) -> [Action] {
        if logical == nil, let due = reclaimAt, now >= due {
            reclaimAt = nil
            return [.claimAgain]
        }
        guard logical != nil, let due = nextPoll, now >= due else { return [] }
        nextPoll = now + pollInterval
        return sent([ask(.giveDevicePowerStatus)])
    }

    private mutating func lose(_ why: String) -> [Action] {
        let was = logical
        logical = nil
        activeSource = false
        tvPower = .unknown
        return was == nil ? [] : [.log("cec: no logical address (\(why))")]
    }

    private var me: UInt8 { logical ?? CECMessage.broadcast }

    private func ask(_ opcode: CECOpcode) -> CECMessage { CECMessage(from: me, to: CECMessage.tv, opcode) }

    private mutating func wake() -> [CECMessage] {
        activeSource = true
        return [ask(.imageViewOn), CECMessage(from: me, to: CECMessage.broadcast, .activeSource, physical.operands)]
    }

    private mutating func sleep() -> [CECMessage] {
        activeSource = false
        return [ask(.standby)]
    }

    private mutating func sent(_ messages: [CECMessage]) -> [Action] {
        for m in messages { remember("tx \(m)") }
        return messages.map { .transmit($0) }
    }

    private mutating func remember(_ line: String) {
        recent = Array((recent + [line]).suffix(12))
    }

    private mutating func answer(_ m: CECMessage) -> [CECMessage] {
        guard let logical, m.initiator != logical, let opcode = m.opcode else { return [] }
        let toMe = m.destination == logical
        guard toMe || m.isBroadcast else { return [] }
        let reply = { (op: CECOpcode, operands: [UInt8]) in CECMessage(from: logical, to: m.initiator, op, operands) }
        switch CECOpcode(rawValue: opcode) {
        case .giveDevicePowerStatus where toMe:
            return [reply(.reportPowerStatus, [screenOn ? 0 : 1])]
        case .reportPowerStatus where m.initiator == CECMessage.tv:
            if let s = m.operands.first { tvPower = CECPowerStatus(operand: s) }
            return []
        case .requestActiveSource where activeSource:
            return [CECMessage(from: logical, to: CECMessage.broadcast, .activeSource, physical.operands)]
        case .setStreamPath where m.physicalAddress() == physical:
            activeSource = true
            return [CECMessage(from: logical, to: CECMessage.broadcast, .activeSource, physical.operands)]
        case .activeSource, .routingChange, .setStreamPath:
            // Another device's (frames from ourselves never get here).
            activeSource = false
            return []
        case .givePhysicalAddress where toMe:
            return [CECMessage(from: logical, to: CECMessage.broadcast, .reportPhysicalAddress, physical.operands + [4])]
        case .giveOSDName where toMe:
            return [reply(.setOSDName, Array(osdName.utf8))]
        case .getCECVersion where toMe:
            return [reply(.cecVersion, [0x05])]
        case .menuRequest where toMe:
            return [reply(.menuStatus, [0x01])]
        case .userControlPressed, .userControlReleased, .standby, .featureAbort:
            return []
        default:
            // Directed messages a playback device does not take are refused (CEC 12.2), never
            // an answer or a broadcast.
            guard toMe, !(CECOpcode(rawValue: opcode)?.neverAborted ?? false) else { return [] }
            return [reply(.featureAbort, [opcode, 0x00])]
        }
    }

    /// What a frame tells that is worth a line, or a command: the TV's power changing, a key of
    /// its remote, a refusal, a standby.
    private func notice(_ m: CECMessage) -> [Action] {
        guard let logical, m.initiator != logical, m.destination == logical || m.isBroadcast else { return [] }
        switch m.known {
        case .reportPowerStatus where m.initiator == CECMessage.tv:
            let now = m.operands.first.map(CECPowerStatus.init(operand:)) ?? .unknown
            return now == tvPower ? [] : [.log("cec: the TV is \(now)")]
        case .userControlPressed where m.destination == logical:
            guard let key = m.operands.first else { return [] }
            guard let command = CECRemoteKeys.command(forKey: key) else {
                return [.log("cec: the remote's key 0x\(String(key, radix: 16)) does nothing here")]
            }
            return [.log("cec: the remote's key 0x\(String(key, radix: 16)): \(command)"), .command(command)]
        case .featureAbort where m.destination == logical:
            let what = m.operands.first.map { o in CECOpcode(rawValue: o)?.name ?? "0x\(String(o, radix: 16))" } ?? "?"
            let reasons = ["unrecognized opcode", "not in the right mode", "cannot provide the source", "invalid operand", "refused"]
            let why = m.operands.count > 1 && Int(m.operands[1]) < reasons.count ? reasons[Int(m.operands[1])] : "reason unknown"
            return [.log("cec: device \(m.initiator) refused \(what) (\(why))")]
        case .standby:
            return [.log("cec: device \(m.initiator) asked for standby; the screen stays as it is (`display off` switches it off)")]
        default:
            return []
        }
    }

    private mutating func afterSending(_ m: CECMessage, acknowledged: Bool) -> [Action] {
        guard m.known == .giveDevicePowerStatus else {
            return acknowledged ? [] : [.log("cec: \(m) was not acknowledged")]
        }
        guard acknowledged != tvAnswers else { return [] }
        tvAnswers = acknowledged
        if !acknowledged { tvPower = .unknown }
        return [.log(acknowledged ? "cec: the TV answers again" : "cec: the TV does not answer (switched off at the wall, or no CEC)")]
    }
}
