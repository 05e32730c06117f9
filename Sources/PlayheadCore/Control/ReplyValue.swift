/// A structured answer to a console or socket command, rendered as text for people or as one
/// JSON line for scripts. Objects keep their fields in order, so text output reads the same
/// every time.
public indirect enum ReplyValue: Sendable, Hashable {
    case null
    case bool(Bool)
    case int(Int64)
    case double(Double)
    case string(String)
    case list([ReplyValue])
    case object([Field])

    public struct Field: Sendable, Hashable {
        public let name: String
        public let value: ReplyValue
        public init(_ name: String, _ value: ReplyValue) {
            self.name = name
            self.value = value
        }
    }

    public static func int(_ v: Int) -> ReplyValue { .int(Int64(v)) }
    public static func optional(_ s: String?) -> ReplyValue { s.map { .string($0) } ?? .null }

    /// Seconds with millisecond precision: media times and durations.
    public static func seconds(_ v: Double?) -> ReplyValue {
        guard let v, v.isFinite else { return .null }
        return .double((v * 1000).rounded() / 1000)
    }

    public subscript(name: String) -> ReplyValue? {
        guard case .object(let fields) = self else { return nil }
        return fields.first { $0.name == name }?.value
    }
}
