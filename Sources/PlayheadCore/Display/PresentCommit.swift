/// How the device took a commit.
public enum PresentCommit: Sendable, Hashable {
    /// Queued for the next vblank; `captureTicket` names the writeback capture that comes with
    /// it, when one was asked for and could be made.
    case queued(captureTicket: Int32?)
    /// Not committed: `reason` in the device's words. `cardGone`: nothing can be shown any more.
    case refused(reason: String, cardGone: Bool)
}
