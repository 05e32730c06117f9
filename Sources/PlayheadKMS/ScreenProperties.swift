import PlayheadCore

/// The connector's and CRTC's properties a modeset needs, looked up once.
struct ScreenProperties: Sendable, Hashable {
    let connectorCRTC: DRMProperty
    let crtcMode: DRMProperty
    let crtcActive: DRMProperty

    init(connectorCRTC: DRMProperty, crtcMode: DRMProperty, crtcActive: DRMProperty) {
        self.connectorCRTC = connectorCRTC
        self.crtcMode = crtcMode
        self.crtcActive = crtcActive
    }

    init(connector: [String: (id: UInt32, value: UInt64)], crtc: [String: (id: UInt32, value: UInt64)], device: String) throws(PlaybackError) {
        guard let connectorCRTC = connector["CRTC_ID"]?.id, let mode = crtc["MODE_ID"]?.id, let active = crtc["ACTIVE"]?.id else {
            throw PlaybackError(.deviceFailed, "\(device): the driver lacks atomic properties (CRTC_ID, MODE_ID, ACTIVE)")
        }
        self.init(connectorCRTC: DRMProperty(id: connectorCRTC, name: "CRTC_ID"), crtcMode: DRMProperty(id: mode, name: "MODE_ID"),
                  crtcActive: DRMProperty(id: active, name: "ACTIVE"))
    }
}
