@testable import PlayheadSys
import Testing

/// Which client gives way when every slot is taken: the one that has said nothing for longest
/// (a forgotten `nc` session), never the newcomer (a script that wants to pause now).
@Suite struct ControlSocketSlotsTests {
    @Test func theLongestIdleClientGivesWayToANewOne() {
        var slots = ControlSocketSlots(capacity: 3)
        #expect(slots.admit(1) == .admitted)
        #expect(slots.admit(2) == .admitted)
        #expect(slots.admit(3) == .admitted)
        slots.touch(1)
        #expect(slots.admit(4) == .admittedClosing(2))
        slots.touch(3)
        #expect(slots.admit(5) == .admittedClosing(1))
        #expect(slots.count == 3)
    }

    @Test func aClientThatLeftFreesItsSlot() {
        var slots = ControlSocketSlots(capacity: 2)
        _ = slots.admit(1)
        _ = slots.admit(2)
        slots.remove(1)
        #expect(slots.admit(3) == .admitted)
        #expect(slots.admit(4) == .admittedClosing(2))
    }
}
