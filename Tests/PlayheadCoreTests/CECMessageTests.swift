import Testing
@testable import PlayheadCore

/// Frames as the CEC specification's examples and `cec-ctl` write them.
@Suite struct CECMessageTests {
    @Test func framesAreWrittenHeaderOpcodeOperands() {
        // Playback device 1 (logical 4) wakes the TV and says it is the source at 1.0.0.0.
        #expect(CECMessage(from: 4, to: 0, .imageViewOn).bytes == [0x40, 0x04])
        #expect(CECMessage(from: 4, to: 15, .activeSource, CECPhysicalAddress(0x1000).operands).bytes == [0x4F, 0x82, 0x10, 0x00])
        #expect(CECMessage(from: 4, to: 0, .standby).bytes == [0x40, 0x36])
        #expect(CECMessage(from: 4, to: 15, .reportPhysicalAddress, [0x21, 0x00, 0x04]).bytes == [0x4F, 0x84, 0x21, 0x00, 0x04])
        #expect(CECMessage(from: 4, to: 0, .featureAbort, [0x8A, 0x00]).description == "40:00:8a:00 (feature-abort 4->0)")
        // 14 operands at most: 16 bytes in a frame.
        #expect(CECMessage(from: 4, to: 0, .setOSDName, Array(repeating: 0x41, count: 20)).bytes.count == 16)
    }

    @Test func framesAreReadBack() throws {
        let report = try #require(CECMessage(bytes: [0x04, 0x90, 0x01]))
        #expect(report.initiator == 0 && report.destination == 4 && report.known == .reportPowerStatus && report.operands == [1])
        #expect(CECPowerStatus(operand: report.operands[0]) == .standby)
        let path = try #require(CECMessage(bytes: [0x0F, 0x86, 0x21, 0x00]))
        #expect(path.isBroadcast && path.physicalAddress()?.description == "2.1.0.0")
        let poll = try #require(CECMessage(bytes: [0x44]))
        #expect(poll.opcode == nil && poll.description == "44 (poll 4->4)")
        #expect(CECMessage(bytes: [0x40, 0xA5])?.description == "40:a5 (opcode 0xa5 4->0)")
        #expect(CECMessage(bytes: []) == nil)
        #expect(CECMessage(bytes: Array(repeating: 0, count: 17)) == nil)
        #expect(CECMessage(bytes: [0x40])?.physicalAddress() == nil)
    }

    @Test func physicalAddressesAreFourHexDigits() {
        #expect(CECPhysicalAddress(0x1000).description == "1.0.0.0")
        #expect(CECPhysicalAddress(0xA0B1).description == "a.0.b.1")
        #expect(CECPhysicalAddress.invalid.description == "f.f.f.f" && !CECPhysicalAddress.invalid.isValid)
    }
}
