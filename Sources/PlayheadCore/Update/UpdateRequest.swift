/// What playhead hands the root update agent: one line in a file only playhead writes and
/// only the agent takes. The agent trusts none of it and checks every word again.
public struct UpdateRequest: Sendable, Hashable {
    public var source: UpdateSource
    /// Install a bundle older than the running system.
    public var force: Bool
    public var reboot: UpdateReboot
    /// The zone a time of day is read in (`timezone`, a name already checked), so that the
    /// agent's clock says the same local time as the schedule's; nil: the system's own zone.
    public var zone: String?

    public init(source: UpdateSource, force: Bool, reboot: UpdateReboot, zone: String? = nil) {
        self.source = source
        self.force = force
        self.reboot = reboot
        self.zone = zone
    }

    /// `install SOURCE force=yes|no reboot=now|HH:MM`, with ` zone=NAME` after a time of day
    /// in a zone of its own, and a newline.
    public var line: String {
        var words = "install \(source.text) force=\(force ? "yes" : "no") reboot=\(reboot)"
        if case .at = reboot, let zone, !zone.isEmpty { words += " zone=\(zone)" }
        return words + "\n"
    }
}
