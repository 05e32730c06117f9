/// A GPIO chip as the kernel lists it, for finding the map's lines and for `gpio`.
public struct GPIOChipInfo: Sendable, Hashable {
    public struct Line: Sendable, Hashable {
        public let offset: Int
        public let name: String?
        /// Who holds it (`playhead`, a kernel driver), nil when free.
        public let consumer: String?
        public let isOutput: Bool
        /// Its logical value when it could be read (lines playhead holds, free inputs).
        public var value: Bool?

        public init(offset: Int, name: String?, consumer: String?, isOutput: Bool, value: Bool? = nil) {
            self.offset = offset
            self.name = name
            self.consumer = consumer
            self.isOutput = isOutput
            self.value = value
        }
    }

    /// `gpiochip0`; `path` is /dev/gpiochip0; `label` is the driver's (`pinctrl-bcm2711`).
    public let name: String
    public let label: String
    public let path: String
    public var lines: [Line]

    public init(name: String, label: String, path: String, lines: [Line]) {
        self.name = name
        self.label = label
        self.path = path
        self.lines = lines
    }

    public func matches(_ chip: String) -> Bool { chip == name || chip == label || chip == path }
}
