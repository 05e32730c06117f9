import CALSA
import SystemPackage
import PlayheadCore

/// One playback volume control of a card's mixer ("Master", "PCM", "Headphone"): the player's
/// volume goes there instead of into the samples, so the DAC keeps its full resolution.
public final class MixerControl {
    public let card: String
    public let element: String
    private var mixer: OpaquePointer?
    private let selem: OpaquePointer
    private let minimum: Int
    private let maximum: Int
    private let hasSwitch: Bool

    /// `card` as ALSA's control name (`hw:Dummy`, `default`). Throws a one-line reason naming
    /// the card and the control.
    public init(card: String, element: String) throws(ALSAError) {
        self.card = card
        self.element = element
        phd_alsa_quiet()
        var m: OpaquePointer?
        var rc = snd_mixer_open(&m, 0)
        guard rc == 0, let m else { throw ALSAError(operation: "open a mixer", device: card, returnCode: rc) }
        mixer = m
        rc = snd_mixer_attach(m, card)
        if rc == 0 { rc = snd_mixer_selem_register(m, nil, nil) }
        if rc == 0 { rc = snd_mixer_load(m) }
        guard rc == 0 else {
            snd_mixer_close(m)
            throw ALSAError(operation: "read the mixer", device: card, returnCode: rc)
        }
        var id: OpaquePointer?
        snd_mixer_selem_id_malloc(&id)
        defer { snd_mixer_selem_id_free(id) }
        snd_mixer_selem_id_set_index(id, 0)
        snd_mixer_selem_id_set_name(id, element)
        guard let found = snd_mixer_find_selem(m, id), snd_mixer_selem_has_playback_volume(found) != 0 else {
            snd_mixer_close(m)
            throw ALSAError(operation: "find a mixer control", device: card, errno: .noSuchFileOrDirectory,
                            message: "the mixer of '\(card)' has no volume control '\(element)'; list them with `amixer -D \(card) scontrols`")
        }
        selem = found
        var low = 0, high = 0
        snd_mixer_selem_get_playback_volume_range(found, &low, &high)
        minimum = low
        maximum = max(high, low + 1)
        hasSwitch = snd_mixer_selem_has_playback_switch(found) != 0
    }

    deinit {
        if let mixer { snd_mixer_close(mixer) }
    }

    /// Sets every channel to `volume` (0...1, linear over the control's range); 0 also
    /// switches the output off where the control has a switch. Returns whether it took.
    public func set(_ volume: Float) -> Bool {
        let v = min(max(volume, 0), 1)
        let raw = minimum + Int((Float(maximum - minimum) * v).rounded())
        var ok = snd_mixer_selem_set_playback_volume_all(selem, raw) == 0
        if hasSwitch { ok = snd_mixer_selem_set_playback_switch_all(selem, v > 0 ? 1 : 0) == 0 && ok }
        return ok
    }

    /// The first channel's volume, 0...1, as the card reports it.
    public func current() -> Float? {
        var raw = 0
        guard snd_mixer_selem_get_playback_volume(selem, SND_MIXER_SCHN_FRONT_LEFT, &raw) == 0 else { return nil }
        return Float(raw - minimum) / Float(maximum - minimum)
    }
}
