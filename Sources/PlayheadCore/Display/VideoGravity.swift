/// How a picture fills the screen (AVLayerVideoGravity).
public enum VideoGravity: String, Sendable, CaseIterable {
    /// Stretch to the whole screen, aspect ratio ignored.
    case resize
    /// Fit inside the screen, aspect ratio kept, black bars where it does not reach.
    case resizeAspect
    /// Fill the screen, aspect ratio kept, the overflow cropped.
    case resizeAspectFill
}
