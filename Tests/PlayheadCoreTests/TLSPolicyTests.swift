import PlayheadCore
import Testing

/// An HTTPS item waits while the board's clock line does not say synchronised; plain HTTP,
/// files, a desktop without a clock line and a policy that checks nothing never wait.
@Suite struct TLSPolicyTests {
    let policy = TLSPolicy(verify: true, caFile: TLSPolicy.systemBundle, clockFile: "/run/playhead/clock")
    let secure = try! MediaLocation("https://media.example/show.mp4")
    let plain = try! MediaLocation("http://media.example/show.mp4")
    let restored = ClockReport(synchronised: false, sinceEpochSeconds: 1_790_000_000, source: "saved:/data/clock")
    let synced = ClockReport(synchronised: true, sinceEpochSeconds: 1_790_000_000, source: "ntp:10.0.2.2")

    @Test func anHTTPSItemWaitsForTheClockAndSaysWhy() throws {
        let held = try #require(policy.hold(secure, clock: .line(restored)))
        #expect(held.code == .connectionFailed)
        #expect(held.message.contains("https://media.example/show.mp4") && held.message.contains("from saved:/data/clock")
            && held.message.contains("waits for a trusted clock"))
        #expect(policy.hold(secure, clock: .line(nil))?.message.contains("has no clock line") == true)
        #expect(policy.hold(secure, clock: .line(ClockReport(synchronised: false, sinceEpochSeconds: 0, source: "none")))?.message
            .contains("the time is not set") == true)
        #expect(policy.hold(secure, clock: .line(synced)) == nil)
    }

    @Test func nothingElseWaits() throws {
        #expect(policy.hold(plain, clock: .line(restored)) == nil)
        #expect(policy.hold(try MediaLocation("/media/usb/show.mp4"), clock: .line(restored)) == nil)
        #expect(policy.hold(secure, clock: .noClockFile) == nil)
        #expect(TLSPolicy.unchecked.hold(secure, clock: .line(restored)) == nil)
        var noFile = policy
        noFile.clockFile = nil
        #expect(noFile.hold(secure, clock: .line(restored)) == nil)
    }
}
