public enum MediaType: String, Sendable, Hashable, CaseIterable {
    case video, audio, subtitle, data, other
}
