/// What the line editor asks of its terminal, in order.
public enum LineEditorOutput: Sendable, Hashable {
    /// Bytes for the terminal: echo, redraw, a bell.
    case write(String)
    /// A finished line.
    case submit(String)
}
