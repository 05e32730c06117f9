import PlayheadCore
import PlayheadFFmpeg
import PlayheadSys
import Synchronization

/// A sync group's member on a thread of its own (`ph-sync`): it reads the group's datagrams,
/// steps SyncMember twenty times a second, sends what it says and hands corrections to the
/// router, which only posts them to the player. Nothing here waits on the engine, and the
/// engine never waits on the network.
final class SyncRunner: Sendable {
    struct Shared: Sendable {
        var member: SyncMember
        var stopping = false
        var sent = 0
        var sendFailures = 0
        var refused = 0
    }

    let group: String
    private let socket: MulticastSocket
    private let wake: WakeSignal
    private let seal: Mutex<SyncSeal>
    private let shared: Mutex<Shared>
    private let worker = Mutex<WorkerThread?>(nil)
    private let sequence = Atomic<UInt32>(0)
    private let me: UInt64

    init?(group: String, socket: MulticastSocket, seal: SyncSeal, member: SyncMember, me: UInt64) {
        guard let wake = WakeSignal() else { return nil }
        self.group = group
        self.socket = socket
        self.wake = wake
        self.seal = Mutex(seal)
        self.me = me
        shared = Mutex(Shared(member: member))
    }

    static func clocks() -> SyncClocks {
        let discipline = WallClock.discipline()
        return SyncClocks(monotonic: MonotonicClock().now().nanoseconds, realtime: WallClock.nanoseconds(),
                          realtimeSynchronised: discipline?.synchronised ?? false)
    }

    /// `look` and `apply` are the router's (they only read the playlist and post to the player).
    func start(look: @escaping @Sendable (Int64) -> SyncLook, apply: @escaping @Sendable (SyncCorrection) -> Void) {
        worker.withLock { w in
            guard w == nil else { return }
            w = WorkerThread(name: "ph-sync") { [self] in run(look: look, apply: apply) }
        }
    }

    func stop() {
        let w = worker.withLock { $0 }
        w?.stop { [self] in
            shared.withLock { $0.stopping = true }
            wake.signal()
        }
    }

    private func run(look: @Sendable (Int64) -> SyncLook, apply: @Sendable (SyncCorrection) -> Void) {
        let interests = [DescriptorPoll.Interest(fd: socket.descriptor), DescriptorPoll.Interest(fd: wake.descriptor)]
        while !shared.withLock({ $0.stopping }) {
            let ready = DescriptorPoll.wait(interests, milliseconds: 50)
            if ready.count > 1, !ready[1].isEmpty { wake.drain() }
            var actions: [SyncMember.Action] = []
            while let datagram = socket.receive() {
                let clocks = Self.clocks()
                guard let message = seal.withLock({ $0.open(datagram, group: group, now: clocks.monotonic) }) else { continue }
                // A pong is answered at once, so the leader's stamps stay next to the receipt.
                let answers = shared.withLock { $0.member.received(message, clocks: clocks) }
                carryOut(answers, apply: apply)
            }
            let clocks = Self.clocks()
            let seen = look(clocks.monotonic)
            actions = shared.withLock { s in
                s.refused = seal.withLock { $0.refused }
                return s.member.tick(clocks: clocks, look: seen)
            }
            carryOut(actions, apply: apply)
        }
    }

    private func carryOut(_ actions: [SyncMember.Action], apply: @Sendable (SyncCorrection) -> Void) {
        for action in actions {
            switch action {
            case .send(let body):
                let n = sequence.add(1, ordering: .relaxed).newValue
                let bytes = seal.withLock { $0.seal(SyncMessage(sender: me, sequence: n, group: group, body: body)) }
                let ok = socket.send(bytes)
                shared.withLock { ok ? ($0.sent += 1) : ($0.sendFailures += 1) }
            case .correct(let c):
                AppLog.debug("sync \(group): \(c)")
                apply(c)
            case .log(let line):
                AppLog.notice(line)
            }
        }
    }

    /// `status`'s sync part.
    func report() -> ReplyValue {
        let s = shared.withLock { $0 }
        let m = s.member
        var fields: [ReplyValue.Field] = [
            .init("group", .string(group)), .init("role", .string(m.election.role.rawValue)),
            .init("leads", .bool(m.election.leading)),
            .init("leader", .optional(m.election.leader.map { SyncMember.name($0) })),
            .init("members", .int(m.election.members)),
            .init("clock", .string(m.clockInUse)),
        ]
        if !m.election.leading {
            fields.append(.init("offset-ms", m.follower.offset.map { .double(Double($0 / 10_000) / 100) } ?? .null))
            fields.append(.init("jumps", .int(m.follower.jumps)))
            fields.append(.init("nudges", .int(m.follower.nudges)))
            if let d = m.estimateAgainstSystem { fields.append(.init("estimate-vs-system-us", .int(Int(d / 1000)))) }
        }
        fields.append(.init("datagrams-refused", .int(s.refused)))
        if s.sendFailures > 0 { fields.append(.init("send-failures", .int(s.sendFailures))) }
        return .object(fields)
    }
}
