import Playhead
import PlayheadCore
import PlayheadALSA
import PlayheadKMS

/// A layer other than the main one, as the outputs opened it: its place on the screen, and its
/// sound on the bus when it is heard (nil: muted, or no sound card).
struct OtherLayer: Sendable {
    var spec: LayerSpec
    var sink: DRMVideoSink
    var sound: LayerSoundSink?
    /// Its own sound card (`card=`), not mixed.
    var card: ALSAAudioSink?
    /// Its frame's size on the screen: what a text layer is drawn at.
    var size: PixelSize
    /// The players it starts together with (its `group=`).
    var startGroup: StartGroupMember?
    /// Its place in the board's decode budget (`decode-capacity`).
    var decodeBudget: DecodeBudgetMember?
}
