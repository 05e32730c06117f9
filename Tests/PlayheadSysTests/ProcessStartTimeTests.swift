import Testing
@testable import PlayheadSys

@Suite struct ProcessStartTimeTests {
    @Test func theStartIsTheTwentySecondFieldInTicks() {
        // A command name with a space and a parenthesis of its own, as /proc prints it.
        let stat = "412 (my (odd) name) S 1 412 412 0 -1 4194560 300 0 0 0 5 3 0 0 20 0 1 0 1234 8839168 400 18446744073709551615 1 1 0 0 0 0 0 0 0 0 0 0 17 1 0 0 0 0 0"
        #expect(ProcessStartTime.seconds(stat: stat, ticksPerSecond: 100) == 12.34)
    }

    @Test func aShortOrStrangeLineIsNil() {
        #expect(ProcessStartTime.seconds(stat: "1 (init) S 0 1 1", ticksPerSecond: 100) == nil)
        #expect(ProcessStartTime.seconds(stat: "no parenthesis here", ticksPerSecond: 100) == nil)
        #expect(ProcessStartTime.seconds(stat: "1 (init) S 0 1 1 0 -1 0 0 0 0 0 0 0 0 0 20 0 1 0 x 0", ticksPerSecond: 100) == nil)
        #expect(ProcessStartTime.seconds(stat: "1 (init) S 0 1 1 0 -1 0 0 0 0 0 0 0 0 0 20 0 1 0 5 0", ticksPerSecond: 0) == nil)
    }

    @Test func thisProcessStartedAfterTheKernelAndBeforeNow() throws {
        let started = try #require(ProcessStartTime.ofThisProcess())
        let uptime = try #require(FileInput.readText("/proc/uptime").flatMap { $0.split(separator: " ").first }.flatMap { Double($0) })
        #expect(started > 0)
        #expect(started <= uptime)
        #expect(started <= ProcessStartTime.now())
    }
}
