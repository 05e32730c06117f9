import PlayheadTestSupport
import Glibc
@testable import PlayheadSys
import Testing

/// A datagram socket stands in for systemd's notify socket.
@Suite(.timeLimit(.minutes(1))) struct ServiceNotifierTests {
    @Test func sendsEachMessageAsOneDatagram() async throws {
        let dir = TemporaryDirectory()
        let manager = try DatagramTestReceiver(path: dir.file("notify"))
        let notifier = try #require(ServiceNotifier(socket: manager.path))
        #expect(notifier.send("READY=1\nSTATUS=playing demo.mp4"))
        #expect(notifier.send("WATCHDOG=1"))
        #expect(try await manager.receive() == "READY=1\nSTATUS=playing demo.mp4")
        #expect(try await manager.receive() == "WATCHDOG=1")
    }

    @Test func reachesAnAbstractSocket() async throws {
        let name = "@playhead-notify-test-\(getpid())"
        let manager = try DatagramTestReceiver(path: name, abstract: true)
        // Abstract: no file by that name appears (in the directory the tests run in).
        #expect(access(name, F_OK) != 0)
        let notifier = try #require(ServiceNotifier(socket: name))
        #expect(notifier.send("READY=1"))
        #expect(try await manager.receive() == "READY=1")
    }

    @Test func watchdogIntervalIsKeptOnlyForThisProcess() {
        let mine = ServiceNotifier(socket: "/run/notify", watchdogMicroseconds: "20000000", watchdogPID: "\(getpid())")
        #expect(mine?.watchdogNanoseconds == 20_000_000_000)
        let unnamed = ServiceNotifier(socket: "/run/notify", watchdogMicroseconds: "500000")
        #expect(unnamed?.watchdogNanoseconds == 500_000_000)
        let other = ServiceNotifier(socket: "/run/notify", watchdogMicroseconds: "20000000", watchdogPID: "\(getpid() + 1)")
        #expect(other != nil && other?.watchdogNanoseconds == nil)
        #expect(ServiceNotifier(socket: "/run/notify", watchdogMicroseconds: "0")?.watchdogNanoseconds == nil)
        #expect(ServiceNotifier(socket: "") == nil)
        #expect(ServiceNotifier(socket: "@") == nil)
    }

    @Test func aRestartedManagerIsReachedAgain() async throws {
        let dir = TemporaryDirectory()
        let path = dir.file("notify")
        var manager: DatagramTestReceiver? = try DatagramTestReceiver(path: path)
        let notifier = try #require(ServiceNotifier(socket: path))
        #expect(notifier.send("A"))
        #expect(try await manager?.receive() == "A")
        manager = nil
        #expect(!notifier.send("lost"))
        manager = try DatagramTestReceiver(path: path)
        #expect(notifier.send("B"))
        #expect(try await manager?.receive() == "B")
    }
}
