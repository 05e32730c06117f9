/// The link to the broker: disconnected, connecting, connected. Events in, actions out, times
/// passed in (monotonic nanoseconds); the thread that owns the client carries the actions out.
///
/// A refused or lost connection is tried again after a back-off that starts at 1 s and
/// doubles to 60 s, so a broker that is down is not hammered by a fleet of players, and one
/// good connection starts the back-off again from 1 s. An attempt that neither succeeds nor
/// fails within `connectTimeout` (a broker that accepts TCP and says nothing) counts as failed.
public struct MQTTLink: Sendable, Equatable {
    public enum Phase: Sendable, Equatable {
        case disconnected(retryAt: Int64)
        case connecting(since: Int64)
        case connected(since: Int64)
    }

    public enum Event: Sendable, Equatable {
        /// Time passed; nothing else happened.
        case tick
        /// The broker accepted the connection (CONNACK success).
        case connected
        /// The attempt failed before it got going (resolution, refused, the CONNACK said no).
        case failed(String)
        /// An established connection ended.
        case lost(String)
    }

    public enum Action: Sendable, Equatable {
        /// Open a new connection (closing whatever is left of the old one).
        case connect
        /// Just connected: subscribe to the command topics and publish `online` and the status.
        case announce
        case log(String)
    }

    public private(set) var phase: Phase = .disconnected(retryAt: 0)
    public private(set) var backoff: Int64 = MQTTLink.firstBackoff
    /// Connections made after the first one.
    public private(set) var reconnects = 0
    /// Attempts that failed, and links lost.
    public private(set) var failures = 0
    private var everConnected = false
    /// The last reason said, so a broker that stays down is said once, not every minute.
    private var lastProblem: String?

    public static let firstBackoff: Int64 = 1_000_000_000
    public static let maxBackoff: Int64 = 60_000_000_000
    public static let connectTimeout: Int64 = 10_000_000_000

    public init() {}

    public var isConnected: Bool { if case .connected = phase { true } else { false } }

    /// When `tick` next has something to do.
    public var nextDeadline: Int64? {
        switch phase {
        case .disconnected(let at): at
        case .connecting(let since): since + Self.connectTimeout
        case .connected: nil
        }
    }

    public mutating func step(_ event: Event, now: Int64) -> [Action] {
        switch (phase, event) {
        case (.disconnected(let at), .tick) where now >= at:
            phase = .connecting(since: now)
            return [.connect]
        case (.connecting(let since), .tick) where now >= since + Self.connectTimeout:
            return fail("no answer from the broker in \(Self.connectTimeout / 1_000_000_000) s", now: now)
        case (.connecting, .connected):
            phase = .connected(since: now)
            backoff = Self.firstBackoff
            if everConnected { reconnects += 1 }
            everConnected = true
            lastProblem = nil
            return [.log(reconnects == 0 ? "mqtt: connected" : "mqtt: connected again"), .announce]
        case (.connecting, .failed(let why)), (.connecting, .lost(let why)):
            return fail(why, now: now)
        case (.connected, .lost(let why)), (.connected, .failed(let why)):
            failures += 1
            phase = .disconnected(retryAt: now + backoff)
            lastProblem = why
            return [.log("mqtt: lost the broker (\(why)); trying again in \(seconds(backoff))")]
        default:
            return []
        }
    }

    private mutating func fail(_ why: String, now: Int64) -> [Action] {
        failures += 1
        phase = .disconnected(retryAt: now + backoff)
        let wait = backoff
        backoff = min(backoff * 2, Self.maxBackoff)
        defer { lastProblem = why }
        guard why != lastProblem else { return [] }
        return [.log("mqtt: cannot connect (\(why)); trying again in \(seconds(wait)), then less often")]
    }

    private func seconds(_ ns: Int64) -> String { "\(ns / 1_000_000_000) s" }
}
