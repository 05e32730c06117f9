/// The card operations that putting the screen back needs: DRMCard, or a fake in tests.
protocol RestoringCard {
    func commit(_ values: [AtomicValue], allowModeset: Bool) -> AtomicCommitError?
    /// Puts a saved CRTC back on the connector; false when the kernel refused or there was
    /// nothing to put back (no mode, no framebuffer).
    func restore(_ saved: DRMCard.SavedCRTC, connector: UInt32) -> Bool
    func destroyBlob(_ id: UInt32)
    func dropMaster()
}

/// Leaves the display as playhead found it, in the one safe order: the writeback connector let
/// go first (it holds our CRTC), then the saved picture put back, or, when there was none or
/// the kernel refuses it, our planes, connector and CRTC turned off, so that no buffer of ours
/// stays on screen after its memory is freed; then our buffers, the mode blob and DRM master
/// let go.
struct ScreenRestore {
    var saved: DRMCard.SavedCRTC?
    var connector: UInt32
    var crtc: UInt32
    /// Our planes showing nothing (see PlaneProperties.off).
    var planesOff: [AtomicValue]
    var properties: ScreenProperties
    /// The writeback connector and its CRTC_ID property, when a capture attached it.
    var writeback: (connector: UInt32, crtcProperty: DRMProperty)?
    var modeBlob: UInt32

    /// `releaseBuffers` frees our buffers once none is on screen, while we are still master.
    /// Returns whether the earlier picture is back (false: the screen was turned off).
    @discardableResult
    func run(on card: some RestoringCard, releaseBuffers: () -> Void) -> Bool {
        if let wb = writeback {
            _ = card.commit([AtomicValue(object: wb.connector, property: wb.crtcProperty, value: 0)], allowModeset: true)
        }
        let back = saved.map { card.restore($0, connector: connector) } ?? false
        if !back {
            _ = card.commit(planesOff + [
                AtomicValue(object: connector, property: properties.connectorCRTC, value: 0),
                AtomicValue(object: crtc, property: properties.crtcActive, value: 0),
                AtomicValue(object: crtc, property: properties.crtcMode, value: 0),
            ], allowModeset: true)
        }
        releaseBuffers()
        if modeBlob != 0 { card.destroyBlob(modeBlob) }
        card.dropMaster()
        return back
    }
}

extension DRMCard: RestoringCard {
    func commit(_ values: [AtomicValue], allowModeset: Bool) -> AtomicCommitError? {
        commit(values, allowModeset ? .allowModeset : [])
    }
}
