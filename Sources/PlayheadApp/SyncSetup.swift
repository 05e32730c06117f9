import PlayheadCore
import PlayheadFFmpeg
import PlayheadSys

/// A sync group as the appliance sets it up: off unless sync-group is set. A fault in the set-up
/// (no such interface, a key file that cannot be read) is said in one line and leaves the
/// player playing alone.
enum SyncSetup {
    static let minimumKeyBytes = 16

    static func make(_ settings: Settings) -> SyncRunner? {
        guard let group = settings[SyncOptions.group] else { return nil }
        let key: [UInt8]
        if let path = settings[SyncOptions.keyFile] {
            let name = ControlCharacters.escaped(path)
            switch FileInput.read(path, limit: 4096) {
            case .missing: return refuse(group, "the key file \(name) does not exist")
            case .tooLarge: return refuse(group, "the key file \(name) is over 4096 bytes")
            case .unreadable(let why): return refuse(group, "the key file \(name) cannot be read (\(why))")
            case .text(let text):
                let trimmed = Array(text.utf8.reversed().drop { $0 == 10 || $0 == 13 }.reversed())
                guard trimmed.count >= minimumKeyBytes else {
                    return refuse(group, "the key file \(name) holds \(trimmed.count) bytes; give it at least \(minimumKeyBytes) (`head -c 32 /dev/urandom | base64 > FILE`)")
                }
                key = trimmed
            }
        } else {
            AppLog.warning("sync \(group): no sync-key-file; any device on the network that knows the group's name can steer this player")
            key = Array(("playhead sync group " + group).utf8)
        }
        let socket: MulticastSocket
        do {
            socket = try MulticastSocket(group: settings[SyncOptions.address], port: UInt16(settings[SyncOptions.port]),
                                         interface: settings[SyncOptions.interface])
        } catch {
            return refuse(group, error.description)
        }
        guard let hmac = HMACSHA256(key: key) else { return refuse(group, "no memory for the key") }
        let me = UInt64.random(in: 1...UInt64.max)
        let choice = SyncMember.ClockChoice(rawValue: settings[SyncOptions.clock]) ?? .auto
        let member = SyncMember(me: me, group: group, role: settings[SyncOptions.role], choice: choice)
        guard let runner = SyncRunner(group: group, socket: socket, seal: SyncSeal(mac: { hmac.tag($0) }), member: member, me: me) else {
            return refuse(group, "no wake-up descriptor (out of descriptors)")
        }
        AppLog.notice("sync \(group): \(settings[SyncOptions.role].rawValue) member \(SyncMember.name(me)) on \(settings[SyncOptions.address]):\(settings[SyncOptions.port])"
                      + (settings[SyncOptions.interface].map { " (\($0))" } ?? ""))
        return runner
    }

    private static func refuse(_ group: String, _ why: String) -> SyncRunner? {
        AppLog.error("sync \(group): \(why); playing alone")
        return nil
    }
}
