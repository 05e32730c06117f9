import SystemPackage
import Testing
@testable import PlayheadKMS

/// An atomic request keeps its first failed property add, skips the rest, and is then never
/// committed: the commit names the property instead (wlroots' atomic.c).
@Suite struct AtomicRequestTests {
    final class FakeBackend: AtomicBackend {
        var added: [UInt32] = []
        var commits: [AtomicCommitFlags] = []
        /// The property whose add fails, and how.
        var failing: (property: UInt32, errno: Errno)?
        var refusal: Errno?

        func add(object: UInt32, property: UInt32, value: UInt64) -> Errno? {
            if let failing, failing.property == property { return failing.errno }
            added.append(property)
            return nil
        }

        func commit(_ flags: AtomicCommitFlags, userData: UInt64) -> Errno? {
            commits.append(flags)
            return refusal
        }
    }

    let values = ["FB_ID", "CRTC_ID", "SRC_X", "SRC_Y", "SRC_W", "SRC_H"].enumerated().map { i, name in
        AtomicValue(object: 31, property: DRMProperty(id: UInt32(17 + i), name: name), value: UInt64(i))
    }

    @Test func aFailedAddIsKeptAndTheRequestIsNotCommitted() {
        let backend = FakeBackend()
        backend.failing = (property: 21, errno: .noMemory)  // SRC_W
        var request = AtomicRequest(backend)
        request.add(values)
        // The adds before it went in; none after it was tried.
        #expect(backend.added == [17, 18, 19, 20])
        let error = request.commit([.nonBlocking, .pageFlipEvent], userData: 1)
        #expect(error == .propertyNotAdded(DRMProperty(id: 21, name: "SRC_W"), object: 31, .noMemory))
        #expect(backend.commits.isEmpty)
        #expect(error?.description == "SRC_W of object 31 could not be added to the request: \(Errno.noMemory)")
        #expect(error?.cardGone == false)
    }

    @Test func aWholeRequestIsCommittedAndARefusalIsTheKernels() {
        let backend = FakeBackend()
        var request = AtomicRequest(backend)
        request.add(values)
        #expect(request.commit(.testOnly) == nil)
        #expect(backend.added.count == 6 && backend.commits == [.testOnly])
        backend.refusal = .operationNotSupportedByDevice
        let error = request.commit([.nonBlocking, .pageFlipEvent])
        #expect(error == .refused(.operationNotSupportedByDevice))
        #expect(error?.cardGone == true)
        #expect(error?.description == Errno.operationNotSupportedByDevice.description)
    }
}
