import DequeModule

/// What waits to go to the broker, bounded: a dead or slow broker costs memory up to the bound
/// and never a wait. When it is full the oldest message that is not the status goes, and is
/// counted; the status is never queued twice: only the latest one is kept, as only the latest
/// matters.
public struct OutgoingQueue: Sendable, Equatable {
    public struct Message: Sendable, Equatable {
        public let topic: String
        public let payload: [UInt8]
        public let retained: Bool
        /// MQTT 5 correlation data, for a reply.
        public let correlation: [UInt8]?

        public init(topic: String, payload: [UInt8], retained: Bool = false, correlation: [UInt8]? = nil) {
            self.topic = topic
            self.payload = payload
            self.retained = retained
            self.correlation = correlation
        }

        public init(topic: String, text: String, retained: Bool = false, correlation: [UInt8]? = nil) {
            self.init(topic: topic, payload: Array(text.utf8), retained: retained, correlation: correlation)
        }
    }

    public let capacity: Int
    private var messages: Deque<Message> = []
    private var status: Message?
    /// Messages dropped because the queue was full, since the start.
    public private(set) var dropped = 0

    public init(capacity: Int = 256) {
        precondition(capacity > 0)
        self.capacity = capacity
    }

    public var count: Int { messages.count + (status == nil ? 0 : 1) }
    public var isEmpty: Bool { count == 0 }

    public mutating func append(_ m: Message) {
        if messages.count >= capacity - 1 {
            // One place is the status's.
            messages.removeFirst()
            dropped += 1
        }
        messages.append(m)
    }

    /// The status replaces any status still waiting.
    public mutating func setStatus(_ m: Message) { status = m }

    /// The status first (a screen's state is what a dashboard most wants), then the rest in order.
    public mutating func next() -> Message? {
        if let s = status {
            status = nil
            return s
        }
        return messages.popFirst()
    }
}
