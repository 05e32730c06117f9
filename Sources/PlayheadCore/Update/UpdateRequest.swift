/// What playhead hands the root update agent: one line in a file only playhead writes and
/// only the agent takes. The agent trusts none of it and checks every word again.
public struct UpdateRequest: Sendable, Hashable {
    public var source: UpdateSource
    /// Install a bundle older than the running system.
    public var force: Bool
    public var reboot: UpdateReboot

    public init(source: UpdateSource, force: Bool, reboot: UpdateReboot) {
        self.source = source
        self.force = force
        self.reboot = reboot
    }

    /// `install SOURCE force=yes|no reboot=now|HH:MM`, and a newline.
    public var line: String {
        "install \(source.text) force=\(force ? "yes" : "no") reboot=\(reboot)\n"
    }
}
