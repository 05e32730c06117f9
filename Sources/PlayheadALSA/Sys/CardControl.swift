import CALSA
import SystemPackage
import PlayheadCore

/// A card's control device (`hw:CARD=<id>`), opened without blocking and subscribed to element
/// events: jack controls (`Headphone Jack`, `HDMI/DP,pcm=3 Jack`, iface CARD, boolean) and the
/// HDMI `ELD` bytes (iface PCM), whose sink counts as a jack plugged in (HDMISinkInfo). Every libasound ctl call of the route monitor is here; used by
/// the monitor's thread only.
public final class CardControl: CardControlWatch {
    public let card: String
    private let handle: OpaquePointer
    private let event: OpaquePointer
    public let descriptor: Int32

    public init(card: String) throws(ALSAError) {
        self.card = card
        phd_alsa_quiet()
        let name = "hw:CARD=\(card)"
        var raw: OpaquePointer?
        var rc = snd_ctl_open(&raw, name, SND_CTL_NONBLOCK)
        guard rc >= 0, let raw else { throw ALSAError(operation: "open the control device", device: name, returnCode: rc) }
        var e: OpaquePointer?
        rc = snd_ctl_event_malloc(&e)
        guard rc >= 0, let e else {
            snd_ctl_close(raw)
            throw ALSAError(operation: "allocate a control event", device: name, errno: .noMemory)
        }
        rc = snd_ctl_subscribe_events(raw, 1)
        // A hw control device has exactly one descriptor: the /dev/snd/controlC<N> node.
        var p = pollfd()
        if rc >= 0 { rc = snd_ctl_poll_descriptors(raw, &p, 1) == 1 ? 0 : -22 }
        guard rc >= 0 else {
            snd_ctl_event_free(e)
            snd_ctl_close(raw)
            throw ALSAError(operation: "subscribe to control events", device: name, returnCode: rc)
        }
        handle = raw
        event = e
        descriptor = p.fd
    }

    deinit {
        snd_ctl_event_free(event)
        snd_ctl_close(handle)
    }

    public func jacks() -> [String: Bool] {
        var list: OpaquePointer?
        guard snd_ctl_elem_list_malloc(&list) >= 0, let list else { return [:] }
        defer { snd_ctl_elem_list_free(list) }
        // Twice: once for the count, once with room for the entries.
        guard snd_ctl_elem_list(handle, list) >= 0 else { return [:] }
        let count = snd_ctl_elem_list_get_count(list)
        guard count > 0, snd_ctl_elem_list_alloc_space(list, count) >= 0 else { return [:] }
        defer { snd_ctl_elem_list_free_space(list) }
        guard snd_ctl_elem_list(handle, list) >= 0 else { return [:] }
        var states: [String: Bool] = [:]
        for i in 0..<snd_ctl_elem_list_get_used(list) {
            guard let cName = snd_ctl_elem_list_get_name(list, i) else { continue }
            let name = String(cString: cName), numid = snd_ctl_elem_list_get_numid(list, i)
            switch snd_ctl_elem_list_get_interface(list, i) {
            case SND_CTL_ELEM_IFACE_CARD:
                guard Self.isJack(name), let plugged = readBoolean(numid: numid) else { continue }
                states[name] = plugged
            case SND_CTL_ELEM_IFACE_PCM where name == "ELD":
                // An HDMI output with no jack control (vc4-hdmi) tells of a TV only here.
                guard let bytes = readBytes(numid: numid) else { continue }
                states["HDMI sink ELD,dev=\(snd_ctl_elem_list_get_device(list, i))"] = HDMISinkInfo(eld: bytes) != nil
            default: continue
            }
        }
        return states
    }

    public func readChanges() -> CardControlChanges {
        var changes = CardControlChanges()
        // Bounded, so a card flooding events cannot hold the monitor; the rest wait for the
        // next poll, which returns at once.
        for _ in 0..<64 {
            let rc = snd_ctl_read(handle, event)
            if rc == 0 || rc == -11 || rc == -4 { break }  // EAGAIN: drained, EINTR
            if rc < 0 { changes.gone = true; break }  // ENODEV: the card went away
            guard snd_ctl_event_get_type(event) == SND_CTL_EVENT_ELEM,
                  let cName = snd_ctl_event_elem_get_name(event) else { continue }
            let name = String(cString: cName)
            let iface = snd_ctl_event_elem_get_interface(event)
            if iface == SND_CTL_ELEM_IFACE_CARD && Self.isJack(name) { changes.jacks = true }
            // Only a new value is a new sink; the element being added or removed is not.
            let mask = snd_ctl_event_elem_get_mask(event)
            let newValue = mask != UInt32(bitPattern: -1) && mask & UInt32(SND_CTL_EVENT_MASK_VALUE) != 0
            if iface == SND_CTL_ELEM_IFACE_PCM && name == "ELD" && newValue {
                changes.eld = true
                // A sink that came or went: the card's usability is read again with its jacks.
                changes.jacks = true
            }
        }
        return changes
    }

    /// The names drivers give jack controls (snd_jack): `<what> Jack`.
    static func isJack(_ name: String) -> Bool { name.hasSuffix(" Jack") && name.count > 5 }

    /// A BYTES element's value (an ELD: at most 512 bytes, as the kernel's SND_CTL bytes).
    private func readBytes(numid: UInt32) -> [UInt8]? {
        readElement(numid: numid, type: SND_CTL_ELEM_TYPE_BYTES) { info, value in
            let count = min(Int(snd_ctl_elem_info_get_count(info)), 512)
            return snd_ctl_elem_value_get_bytes(value).map { Array(UnsafeRawBufferPointer(start: $0, count: count)) }
        }
    }

    private func readBoolean(numid: UInt32) -> Bool? {
        readElement(numid: numid, type: SND_CTL_ELEM_TYPE_BOOLEAN) { _, value in snd_ctl_elem_value_get_boolean(value, 0) != 0 }
    }

    /// Element `numid`'s value, read when it is of `type`, handed with its info to `take`.
    private func readElement<T>(numid: UInt32, type: snd_ctl_elem_type_t, _ take: (OpaquePointer, OpaquePointer) -> T?) -> T? {
        var id: OpaquePointer?, info: OpaquePointer?, value: OpaquePointer?
        defer {
            if let id { snd_ctl_elem_id_free(id) }
            if let info { snd_ctl_elem_info_free(info) }
            if let value { snd_ctl_elem_value_free(value) }
        }
        guard snd_ctl_elem_id_malloc(&id) >= 0, snd_ctl_elem_info_malloc(&info) >= 0,
              snd_ctl_elem_value_malloc(&value) >= 0, let info, let value else { return nil }
        snd_ctl_elem_id_set_numid(id, numid)
        snd_ctl_elem_info_set_id(info, id)
        guard snd_ctl_elem_info(handle, info) >= 0, snd_ctl_elem_info_get_type(info) == type else { return nil }
        snd_ctl_elem_value_set_id(value, id)
        guard snd_ctl_elem_read(handle, value) >= 0 else { return nil }
        return take(info, value)
    }
}
