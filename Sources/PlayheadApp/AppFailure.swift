/// Why playhead cannot go on, with the exit status that says so.
public struct AppFailure: Error, Sendable {
    public let status: Int32
    public let message: String
}
