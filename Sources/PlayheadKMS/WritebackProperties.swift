/// The writeback connector that can share our CRTC, and its properties, looked up once.
struct WritebackProperties: Sendable, Hashable {
    var connector: UInt32
    var crtc: DRMProperty
    var framebuffer: DRMProperty
    var fence: DRMProperty

    init?(connector: UInt32, table: [String: (id: UInt32, value: UInt64)]) {
        guard let crtc = table["CRTC_ID"]?.id, let fb = table["WRITEBACK_FB_ID"]?.id,
              let fence = table["WRITEBACK_OUT_FENCE_PTR"]?.id else { return nil }
        self.connector = connector
        self.crtc = DRMProperty(id: crtc, name: "CRTC_ID")
        self.framebuffer = DRMProperty(id: fb, name: "WRITEBACK_FB_ID")
        self.fence = DRMProperty(id: fence, name: "WRITEBACK_OUT_FENCE_PTR")
    }
}
