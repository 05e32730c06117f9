import PlayheadCore
import Testing

@Suite struct CommandPayloadTests {
    @Test func oneLineComesThrough() throws {
        #expect(try CommandPayload.line(Array("pause".utf8), limit: 4096).get() == "pause")
        #expect(try CommandPayload.line(Array("seek +10\r\n".utf8), limit: 4096).get() == "seek +10")
    }

    @Test func hostilePayloadsAreRefused() {
        #expect(throws: FleetError.self) { try CommandPayload.line(nil, limit: 4096).get() }
        #expect(throws: FleetError.self) { try CommandPayload.line(Array(repeating: 0x61, count: 4097), limit: 4096).get() }
        #expect(throws: FleetError.self) { try CommandPayload.line([0xFF, 0xFE], limit: 4096).get() }
        #expect(throws: FleetError.self) { try CommandPayload.line(Array("pause\nquit".utf8), limit: 4096).get() }
        #expect(throws: FleetError.self) { try CommandPayload.line(Array("pause\r\nquit".utf8), limit: 4096).get() }
        #expect(throws: FleetError.self) { try CommandPayload.line(Array("pause\rquit".utf8), limit: 4096).get() }
        #expect(throws: FleetError.self) { try CommandPayload.line(Array(" \n".utf8), limit: 4096).get() }
    }

    @Test func theErrorIsTheConsolesJSON() {
        #expect(CommandPayload.errorJSON("too long") == "{\"ok\":false,\"error\":\"too long\"}")
    }
}
