/// What a DRM card offers, read once into plain values: the planner decides on these, and a
/// fake device in tests is just a table of them.
public struct KMSResources: Sendable, Hashable {
    public var connectors: [Connector]
    public var crtcs: [CRTC]
    public var planes: [Plane]

    public init(connectors: [Connector], crtcs: [CRTC], planes: [Plane]) {
        self.connectors = connectors
        self.crtcs = crtcs
        self.planes = planes
    }

    public struct Connector: Sendable, Hashable {
        public var id: UInt32
        /// Type and index, as the kernel names it: `HDMI-A-1`, `Virtual-1`, `Writeback-1`.
        public var name: String
        public var isConnected: Bool
        public var isWriteback: Bool
        public var modes: [DisplayMode]
        /// Bit i set: the connector can be driven by CRTC index i (through its encoders).
        public var possibleCRTCs: UInt32
        /// The CRTC driving it now (0: none), so the state can be restored on exit.
        public var currentCRTC: UInt32

        public init(id: UInt32, name: String, isConnected: Bool, isWriteback: Bool = false, modes: [DisplayMode],
                    possibleCRTCs: UInt32, currentCRTC: UInt32 = 0) {
            self.id = id
            self.name = name
            self.isConnected = isConnected
            self.isWriteback = isWriteback
            self.modes = modes
            self.possibleCRTCs = possibleCRTCs
            self.currentCRTC = currentCRTC
        }
    }

    public struct CRTC: Sendable, Hashable {
        public var id: UInt32
        public var index: Int
        public init(id: UInt32, index: Int) {
            self.id = id
            self.index = index
        }
    }

    public struct Plane: Sendable, Hashable {
        public enum Kind: String, Sendable, Hashable { case primary, overlay, cursor }
        public var id: UInt32
        public var kind: Kind
        public var formats: [FourCC]
        public var possibleCRTCs: UInt32

        public init(id: UInt32, kind: Kind, formats: [FourCC], possibleCRTCs: UInt32) {
            self.id = id
            self.kind = kind
            self.formats = formats
            self.possibleCRTCs = possibleCRTCs
        }
    }
}
