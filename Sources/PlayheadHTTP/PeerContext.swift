import Hummingbird

/// A request's context with the address it came from, which the login throttle counts by.
public struct PeerContext: RequestContext {
    public var coreContext: CoreRequestContextStorage
    public let peer: String

    public init(source: ApplicationRequestContextSource) {
        coreContext = .init(source: source)
        peer = source.channel.remoteAddress?.ipAddress ?? "unknown"
    }

    /// Large enough for a command or a login; uploads read their body as a stream instead.
    public var maxUploadSize: Int { 64 * 1024 }
}
