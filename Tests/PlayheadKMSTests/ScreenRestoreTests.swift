import SystemPackage
import Testing
@testable import PlayheadKMS

/// Leaving the screen on a fake card that records every call and takes or refuses the saved
/// CRTC as told.
@Suite struct ScreenRestoreTests {
    final class FakeCard: RestoringCard {
        enum Call: Equatable {
            case commit([AtomicValue])
            case restore(crtc: UInt32, framebuffer: UInt32, connector: UInt32)
            case releaseBuffers
            case destroyBlob(UInt32)
            case dropMaster
        }
        var calls: [Call] = []
        let takesSavedCRTC: Bool
        init(takesSavedCRTC: Bool) { self.takesSavedCRTC = takesSavedCRTC }

        func commit(_ values: [AtomicValue], allowModeset: Bool) -> AtomicCommitError? {
            calls.append(.commit(values))
            return allowModeset ? nil : .refused(.invalidArgument)
        }
        func restore(_ saved: DRMCard.SavedCRTC, connector: UInt32) -> Bool {
            calls.append(.restore(crtc: saved.crtc, framebuffer: saved.framebuffer, connector: connector))
            return takesSavedCRTC
        }
        func destroyBlob(_ id: UInt32) { calls.append(.destroyBlob(id)) }
        func dropMaster() { calls.append(.dropMaster) }
    }

    // Property ids as vkms numbers them on the board.
    static let fb = DRMProperty(id: 17, name: "FB_ID"), planeCRTC = DRMProperty(id: 18, name: "CRTC_ID")
    static let connectorCRTC = DRMProperty(id: 20, name: "CRTC_ID"), mode = DRMProperty(id: 21, name: "MODE_ID")
    static let active = DRMProperty(id: 22, name: "ACTIVE")
    let props = ScreenProperties(connectorCRTC: connectorCRTC, crtcMode: mode, crtcActive: active)
    let planeOff = [AtomicValue(object: 31, property: fb, value: 0), AtomicValue(object: 31, property: planeCRTC, value: 0)]
    let saved = DRMCard.SavedCRTC(crtc: 33, framebuffer: 42, x: 0, y: 0, mode: nil)

    func restore(saved: DRMCard.SavedCRTC?, writeback: Bool = false, card: FakeCard) -> Bool {
        ScreenRestore(saved: saved, connector: 35, crtc: 33, planesOff: planeOff, properties: props,
                      writeback: writeback ? (connector: 37, crtcProperty: DRMProperty(id: 23, name: "CRTC_ID")) : nil, modeBlob: 90)
            .run(on: card) { card.calls.append(.releaseBuffers) }
    }

    var turnedOff: FakeCard.Call {
        .commit([AtomicValue(object: 31, property: Self.fb, value: 0), AtomicValue(object: 31, property: Self.planeCRTC, value: 0),
                 AtomicValue(object: 35, property: Self.connectorCRTC, value: 0), AtomicValue(object: 33, property: Self.active, value: 0),
                 AtomicValue(object: 33, property: Self.mode, value: 0)])
    }

    @Test func theEarlierPictureGoesBackAndNothingOfOursStays() {
        let card = FakeCard(takesSavedCRTC: true)
        #expect(restore(saved: saved, card: card))
        #expect(card.calls == [.restore(crtc: 33, framebuffer: 42, connector: 35), .releaseBuffers, .destroyBlob(90), .dropMaster])
    }

    @Test func withNothingSavedTheScreenIsTurnedOffBeforeTheBuffersGo() {
        let card = FakeCard(takesSavedCRTC: true)
        #expect(!restore(saved: nil, card: card))
        #expect(card.calls == [turnedOff, .releaseBuffers, .destroyBlob(90), .dropMaster])
    }

    @Test func aRefusedRestoreTurnsTheScreenOff() {
        let card = FakeCard(takesSavedCRTC: false)
        #expect(!restore(saved: saved, card: card))
        #expect(card.calls == [.restore(crtc: 33, framebuffer: 42, connector: 35), turnedOff, .releaseBuffers, .destroyBlob(90), .dropMaster])
    }

    @Test func anAttachedWritebackIsLetGoFirst() {
        let card = FakeCard(takesSavedCRTC: true)
        #expect(restore(saved: saved, writeback: true, card: card))
        #expect(card.calls.first == .commit([AtomicValue(object: 37, property: DRMProperty(id: 23, name: "CRTC_ID"), value: 0)]))
        #expect(card.calls.count == 5)
    }
}
