/// What a route monitor sees happen to the sound devices, before any policy decides about it.
public enum AudioDeviceEvent: Sendable, Hashable {
    /// A card (and its playback device) appeared: plugged in, or its driver loaded.
    case appeared(AudioRoute)
    /// The card with this id went away (unplugged, driver removed, ENODEV while writing).
    case disappeared(card: String)
    /// A `... Jack` control on the card changed (`control` names it) so that the card became
    /// usable or stopped being so: `plugged` is whether any of its jacks reports a plug now.
    case jack(card: String, control: String, plugged: Bool)
    /// Something about the card changed that may change what it can play (HDMI ELD).
    case configurationChanged(card: String)
}
