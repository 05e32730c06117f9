#if canImport(Glibc)
import Glibc
#endif
import CCEC
import PlayheadCore
import SystemPackage

/// One `/dev/cecN` of the kernel's CEC framework, opened non-blocking: the kernel claims a
/// playback device's logical address in the background and says so as an event; frames come in
/// through `receive`, and so do the results of `transmit`. The kernel's CEC core answers what
/// it handles itself (physical address, CEC version, vendor ID, OSD name); every other frame
/// for us comes here (exclusive follower).
final class CECAdapter {
    enum Received {
        case frame(CECMessage)
        case sent(CECMessage, acknowledged: Bool)
    }

    let path: String
    /// `vivid (vivid-000-vid-out0)`, for `cec`.
    let name: String
    private(set) var fd: Int32
    /// The addresses asked for, kept to ask again (nil: the driver claims its own).
    private var wanted: cec_log_addrs?

    private init(path: String, fd: Int32, name: String) {
        self.path = path
        self.fd = fd
        self.name = name
    }

    static func open(_ path: String, osdName: String) -> Result<CECAdapter, CECError> {
        let fd = Glibc.open(path, O_RDWR | O_NONBLOCK | O_CLOEXEC)
        guard fd >= 0 else {
            let e = Errno(rawValue: errno)
            return .failure(CECError("cannot open the CEC adapter \(path): \(e); check cec-device (ls /dev/cec*), or load the HDMI driver that makes it"))
        }
        var caps = cec_caps()
        guard ioctl(fd, playhead_cec_adap_g_caps(), &caps) == 0 else {
            let e = Errno(rawValue: errno)
            Glibc.close(fd)
            return .failure(CECError("\(path) is not a CEC adapter (\(e)); set cec-device to one of /dev/cec*"))
        }
        let adapter = CECAdapter(path: path, fd: fd, name: "\(text(caps.driver)) (\(text(caps.name)))")
        if let problem = adapter.configure(osdName: osdName, setsAddresses: caps.capabilities & UInt32(CEC_CAP_LOG_ADDRS) != 0) {
            adapter.close()
            return .failure(problem)
        }
        return .success(adapter)
    }

    /// `setsAddresses`: the adapter leaves its logical addresses to its user (CEC_CAP_LOG_ADDRS).
    private func configure(osdName: String, setsAddresses: Bool) -> CECError? {
        var mode = UInt32(CEC_MODE_INITIATOR | CEC_MODE_EXCL_FOLLOWER)
        guard ioctl(fd, playhead_cec_s_mode(), &mode) == 0 else {
            return CECError("\(path): cannot follow the bus (\(Errno(rawValue: errno))); another program (cec-follower?) may have it")
        }
        // An adapter whose driver claims its addresses itself is taken as it is.
        guard setsAddresses else { return nil }
        var addrs = cec_log_addrs()
        addrs.cec_version = UInt8(CEC_OP_CEC_VERSION_1_4)
        addrs.num_log_addrs = 1
        addrs.vendor_id = CEC_VENDOR_ID_NONE
        withUnsafeMutableBytes(of: &addrs.osd_name) { raw in
            for (i, b) in osdName.utf8.prefix(14).enumerated() { raw[i] = b }
        }
        addrs.primary_device_type.0 = UInt8(CEC_OP_PRIM_DEVTYPE_PLAYBACK)
        addrs.log_addr_type.0 = UInt8(CEC_LOG_ADDR_TYPE_PLAYBACK)
        addrs.all_device_types.0 = UInt8(CEC_OP_ALL_DEVTYPE_PLAYBACK)
        wanted = addrs
        if ioctl(fd, playhead_cec_adap_s_log_addrs(), &addrs) == 0 { return nil }
        // Addresses left by an earlier run (or cec-ctl) are cleared first: the kernel refuses
        // new ones over them with EBUSY.
        guard errno == EBUSY else { return CECError("\(path): cannot claim a playback address (\(Errno(rawValue: errno)))") }
        var none = cec_log_addrs()
        var again = addrs
        guard ioctl(fd, playhead_cec_adap_s_log_addrs(), &none) == 0, ioctl(fd, playhead_cec_adap_s_log_addrs(), &again) == 0 else {
            return CECError("\(path): cannot claim a playback address (\(Errno(rawValue: errno))); another program configured it")
        }
        return nil
    }

    /// Asks the kernel to claim the address again, after a claim that came to nothing (it does
    /// not try again by itself). Busy (a claim under way, or done meanwhile) is left as it is:
    /// clearing it would cut a claim short.
    /// True when asked, false when busy.
    func claimAgain() -> Result<Bool, CECError> {
        guard var addrs = wanted else { return .success(false) }
        if ioctl(fd, playhead_cec_adap_s_log_addrs(), &addrs) == 0 { return .success(true) }
        if errno == EBUSY { return .success(false) }
        return .failure(CECError("\(path): cannot claim a playback address again (\(Errno(rawValue: errno)))"))
    }

    /// The adapter's state now: its logical address (nil while none is claimed) and physical one.
    func state() -> (logical: UInt8?, physical: CECPhysicalAddress) {
        var addrs = cec_log_addrs()
        var phys: UInt16 = 0xFFFF
        _ = ioctl(fd, playhead_cec_adap_g_phys_addr(), &phys)
        guard ioctl(fd, playhead_cec_adap_g_log_addrs(), &addrs) == 0, addrs.log_addr_mask != 0 else {
            return (nil, CECPhysicalAddress(phys))
        }
        return (addrs.log_addr.0, CECPhysicalAddress(phys))
    }

    /// Takes the queued events; true when the addresses changed (or events were lost).
    func takeEvents() -> Bool {
        var changed = false
        var event = cec_event()
        while ioctl(fd, playhead_cec_dqevent(), &event) == 0 {
            if event.event == UInt32(CEC_EVENT_STATE_CHANGE) || event.event == UInt32(CEC_EVENT_LOST_MSGS) { changed = true }
        }
        return changed
    }

    /// One frame received or one transmit's result; nil when none is waiting.
    func receive() -> Received? {
        var msg = cec_msg()
        guard ioctl(fd, playhead_cec_receive(), &msg) == 0 else { return nil }
        let length = Int(min(msg.len, 16))
        let bytes = withUnsafeBytes(of: msg.msg) { Array($0.prefix(length)) }
        guard let m = CECMessage(bytes: bytes) else { return nil }
        if msg.tx_status != 0 { return .sent(m, acknowledged: msg.tx_status & UInt8(CEC_TX_STATUS_OK) != 0) }
        return .frame(m)
    }

    /// Queues a frame; its result comes through `receive`.
    func transmit(_ m: CECMessage) -> CECError? {
        var msg = cec_msg()
        let bytes = m.bytes
        msg.len = UInt32(bytes.count)
        withUnsafeMutableBytes(of: &msg.msg) { raw in
            for (i, b) in bytes.enumerated() { raw[i] = b }
        }
        guard ioctl(fd, playhead_cec_transmit(), &msg) == 0 else {
            return CECError("\(path): \(m) not sent (\(Errno(rawValue: errno)))")
        }
        return nil
    }

    /// Sleeps until a frame or an event is waiting here, `wake` is readable, or `milliseconds`
    /// pass. Events come as POLLPRI, which the shared readiness poll does not ask for. True when
    /// the adapter failed (its device went away: unplugged, its driver unloaded).
    static func wait(_ adapter: CECAdapter?, wake: Int32, milliseconds: Int32) -> Bool {
        var fds = [pollfd(fd: wake, events: Int16(POLLIN), revents: 0)]
        if let adapter { fds.append(pollfd(fd: adapter.fd, events: Int16(POLLIN | POLLPRI), revents: 0)) }
        let n = fds.withUnsafeMutableBufferPointer { poll($0.baseAddress, nfds_t($0.count), milliseconds) }
        return n > 0 && fds.count > 1 && fds[1].revents & Int16(POLLERR | POLLHUP | POLLNVAL) != 0
    }

    func close() {
        guard fd >= 0 else { return }
        Glibc.close(fd)
        fd = -1
    }

    private static func text<T>(_ tuple: T) -> String {
        withUnsafeBytes(of: tuple) { raw in String(decoding: raw.prefix(while: { $0 != 0 }), as: UTF8.self) }
    }
}
