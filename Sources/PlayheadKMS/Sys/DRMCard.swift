import CDRM
import Glibc
import PlayheadCore
import SystemPackage

/// An open DRM card: every libdrm call of the KMS output goes through here, and nothing from
/// libdrm leaves it but plain Swift values.
final class DRMCard: @unchecked Sendable {
    let path: String
    let fd: Int32
    /// The kernel's mode records, by connector, in the order of `KMSResources.Connector.modes`.
    private(set) var rawModes: [UInt32: [drmModeModeInfo]] = [:]
    /// Where the kernel writes a writeback fence fd during a commit.
    private let fenceSlot = UnsafeMutablePointer<Int32>.allocate(capacity: 1)

    private init(path: String, fd: Int32) {
        self.path = path
        self.fd = fd
    }

    deinit {
        close(fd)
        fenceSlot.deallocate()
    }

    static func open(_ path: String) throws(PlaybackError) -> DRMCard {
        let fd = Glibc.open(path, O_RDWR | O_CLOEXEC | O_NONBLOCK)
        guard fd >= 0 else {
            let e = errno
            if e == ENOENT { throw PlaybackError(.deviceFailed, "\(path): no such display card; see --display help for the cards") }
            if e == EACCES || e == EPERM {
                throw PlaybackError(.permissionDenied, "\(path): permission denied; run playhead as a member of the card's group (video) or give it access")
            }
            throw PlaybackError(.deviceFailed, "\(path): cannot open (\(Errno(rawValue: e))); check its permissions")
        }
        let card = DRMCard(path: path, fd: fd)
        guard drmSetClientCap(fd, UInt64(DRM_CLIENT_CAP_UNIVERSAL_PLANES), 1) == 0,
              drmSetClientCap(fd, UInt64(DRM_CLIENT_CAP_ATOMIC), 1) == 0 else {
            throw PlaybackError(.deviceFailed, "\(path): the driver has no atomic modesetting; playhead needs it (use a KMS driver with atomic support)")
        }
        // Writeback is optional: only capture needs it.
        _ = drmSetClientCap(fd, UInt64(DRM_CLIENT_CAP_WRITEBACK_CONNECTORS), 1)
        return card
    }

    /// Whether there is anything at `path` (a card the kernel has not made is not).
    static func exists(_ path: String) -> Bool { access(path, F_OK) == 0 }

    /// Becomes DRM master, or says who holds the display.
    func becomeMaster() throws(PlaybackError) {
        if drmIsMaster(fd) != 0 { return }
        guard drmSetMaster(fd) == 0 else {
            let holder = DisplayHolder.find(card: path).map { " by \($0)" } ?? ""
            throw PlaybackError(.deviceFailed, "\(path): the display is held\(holder); stop that program first")
        }
    }

    func dropMaster() { _ = drmDropMaster(fd) }

    // MARK: Reading the card

    func readResources() throws(PlaybackError) -> KMSResources {
        guard let res = drmModeGetResources(fd) else {
            throw PlaybackError(.deviceFailed, "\(path): cannot read the display resources; is it a KMS card?")
        }
        defer { drmModeFreeResources(res) }
        let crtcIDs = Array(UnsafeBufferPointer(start: res.pointee.crtcs, count: Int(res.pointee.count_crtcs)))
        let crtcs = crtcIDs.enumerated().map { KMSResources.CRTC(id: $0.element, index: $0.offset) }
        var connectors: [KMSResources.Connector] = []
        for id in UnsafeBufferPointer(start: res.pointee.connectors, count: Int(res.pointee.count_connectors)) {
            if let c = readConnector(id) { connectors.append(c) }
        }
        var planes: [KMSResources.Plane] = []
        if let pres = drmModeGetPlaneResources(fd) {
            defer { drmModeFreePlaneResources(pres) }
            for id in UnsafeBufferPointer(start: pres.pointee.planes, count: Int(pres.pointee.count_planes)) {
                if let p = readPlane(id) { planes.append(p) }
            }
        }
        return KMSResources(connectors: connectors, crtcs: crtcs, planes: planes)
    }

    private func readConnector(_ id: UInt32) -> KMSResources.Connector? {
        guard let c = drmModeGetConnector(fd, id) else { return nil }
        defer { drmModeFreeConnector(c) }
        let type = c.pointee.connector_type
        let typeName = drmModeGetConnectorTypeName(type).map { String(cString: $0) } ?? "Unknown"
        let name = "\(typeName)-\(c.pointee.connector_type_id)"
        let raw = Array(UnsafeBufferPointer(start: c.pointee.modes, count: Int(c.pointee.count_modes)))
        rawModes[id] = raw
        let modes = raw.map { m in
            DisplayMode(width: Int(m.hdisplay), height: Int(m.vdisplay), refreshMillihertz: Self.refresh(m),
                        isPreferred: m.type & UInt32(DRM_MODE_TYPE_PREFERRED) != 0,
                        isInterlaced: m.flags & UInt32(DRM_MODE_FLAG_INTERLACE) != 0)
        }
        var possible: UInt32 = 0
        for e in UnsafeBufferPointer(start: c.pointee.encoders, count: Int(c.pointee.count_encoders)) {
            if let enc = drmModeGetEncoder(fd, e) {
                possible |= enc.pointee.possible_crtcs
                drmModeFreeEncoder(enc)
            }
        }
        let props = properties(of: id, type: UInt32(DRM_MODE_OBJECT_CONNECTOR))
        return KMSResources.Connector(
            id: id, name: name, isConnected: c.pointee.connection == DRM_MODE_CONNECTED,
            isWriteback: type == UInt32(DRM_MODE_CONNECTOR_WRITEBACK), modes: modes, possibleCRTCs: possible,
            currentCRTC: UInt32(props["CRTC_ID"]?.value ?? 0))
    }

    private func readPlane(_ id: UInt32) -> KMSResources.Plane? {
        guard let p = drmModeGetPlane(fd, id) else { return nil }
        defer { drmModeFreePlane(p) }
        let formats = UnsafeBufferPointer(start: p.pointee.formats, count: Int(p.pointee.count_formats)).map(FourCC.init(rawValue:))
        let kind: KMSResources.Plane.Kind
        switch properties(of: id, type: UInt32(DRM_MODE_OBJECT_PLANE))["type"]?.value {
        case UInt64(DRM_PLANE_TYPE_PRIMARY): kind = .primary
        case UInt64(DRM_PLANE_TYPE_CURSOR): kind = .cursor
        default: kind = .overlay
        }
        return KMSResources.Plane(id: id, kind: kind, formats: formats, possibleCRTCs: p.pointee.possible_crtcs)
    }

    /// The object's properties by name: their ids (for commits) and current values.
    func properties(of object: UInt32, type: UInt32) -> [String: (id: UInt32, value: UInt64)] {
        guard let props = drmModeObjectGetProperties(fd, object, type) else { return [:] }
        defer { drmModeFreeObjectProperties(props) }
        var table: [String: (id: UInt32, value: UInt64)] = [:]
        for i in 0..<Int(props.pointee.count_props) {
            guard let prop = drmModeGetProperty(fd, props.pointee.props[i]) else { continue }
            let name = withUnsafeBytes(of: prop.pointee.name) { String(decoding: $0.prefix { $0 != 0 }, as: UTF8.self) }
            table[name] = (prop.pointee.prop_id, props.pointee.prop_values[i])
            drmModeFreeProperty(prop)
        }
        return table
    }

    private static func refresh(_ m: drmModeModeInfo) -> Int {
        // From the pixel clock for accuracy (59.94 vs 60); vrefresh is rounded to whole hertz.
        let total = Int(m.htotal) * Int(m.vtotal)
        guard total > 0 else { return Int(m.vrefresh) * 1000 }
        var mhz = (Int(m.clock) * 1_000_000 + total / 2) / total
        if m.flags & UInt32(DRM_MODE_FLAG_INTERLACE) != 0 { mhz *= 2 }
        if m.vscan > 1 { mhz /= Int(m.vscan) }
        return mhz
    }

    func rawMode(_ mode: DisplayMode, connector: UInt32) -> drmModeModeInfo? {
        if let t = mode.timings { return Self.rawMode(t) }
        return rawModes[connector]?.first { m in
            Int(m.hdisplay) == mode.width && Int(m.vdisplay) == mode.height && Self.refresh(m) == mode.refreshMillihertz
        }
    }

    /// A mode the connector does not list, from its timings (a forced mode, an EDID from a
    /// file), as the kernel takes a user-defined one.
    static func rawMode(_ t: ModeTimings) -> drmModeModeInfo {
        var m = drmModeModeInfo()
        m.clock = UInt32(clamping: t.clockKilohertz)
        (m.hdisplay, m.hsync_start, m.hsync_end, m.htotal) = (UInt16(clamping: t.hDisplay), UInt16(clamping: t.hSyncStart),
                                                               UInt16(clamping: t.hSyncEnd), UInt16(clamping: t.hTotal))
        (m.vdisplay, m.vsync_start, m.vsync_end, m.vtotal) = (UInt16(clamping: t.vDisplay), UInt16(clamping: t.vSyncStart),
                                                               UInt16(clamping: t.vSyncEnd), UInt16(clamping: t.vTotal))
        m.vrefresh = UInt32((t.refreshMillihertz + 500) / 1000)
        m.flags = UInt32(t.hSyncPositive ? DRM_MODE_FLAG_PHSYNC : DRM_MODE_FLAG_NHSYNC)
            | UInt32(t.vSyncPositive ? DRM_MODE_FLAG_PVSYNC : DRM_MODE_FLAG_NVSYNC)
            | (t.isInterlaced ? UInt32(DRM_MODE_FLAG_INTERLACE) : 0)
        m.type = UInt32(DRM_MODE_TYPE_USERDEF)
        let name = Array("\(t.hDisplay)x\(t.vDisplay)\(t.isInterlaced ? "i" : "")".utf8.prefix(31))
        withUnsafeMutableBytes(of: &m.name) { raw in
            for (i, byte) in name.enumerated() { raw[i] = byte }
        }
        return m
    }

    // MARK: Commits

    func createModeBlob(_ mode: drmModeModeInfo) throws(PlaybackError) -> UInt32 {
        var m = mode
        var id: UInt32 = 0
        let r = withUnsafePointer(to: &m) { drmModeCreatePropertyBlob(fd, $0, MemoryLayout<drmModeModeInfo>.size, &id) }
        guard r == 0 else { throw PlaybackError(.deviceFailed, "\(path): the kernel refused mode \(mode.hdisplay)x\(mode.vdisplay)") }
        return id
    }

    func destroyBlob(_ id: UInt32) { _ = drmModeDestroyPropertyBlob(fd, id) }

    /// Commits like `commit`, and also asks for a writeback out-fence through `fence` of
    /// `fenceObject`. Returns nil and the fence fd (-1: none), or why the commit did not happen.
    func commitWithFence(_ values: [AtomicValue], fenceObject: UInt32, fence: DRMProperty, _ flags: AtomicCommitFlags,
                         userData: UInt64) -> (AtomicCommitError?, Int32) {
        fenceSlot.pointee = -1
        let slot = AtomicValue(object: fenceObject, property: fence, value: UInt64(UInt(bitPattern: fenceSlot)))
        let e = commit(values + [slot], flags, userData: userData)
        return (e, e == nil ? fenceSlot.pointee : -1)
    }

    /// Waits for a sync-file fence to signal, then closes it.
    func waitFence(_ fence: Int32, timeoutMilliseconds: Int32) -> Bool {
        defer { close(fence) }
        var p = pollfd(fd: fence, events: Int16(POLLIN), revents: 0)
        return poll(&p, 1, timeoutMilliseconds) == 1
    }

    /// A fence nobody will wait for.
    func closeFence(_ fence: Int32) { close(fence) }

    /// A second descriptor of `fence`, for a thread that waits on it while another one closes
    /// the first; -1 when out of descriptors.
    func duplicateFence(_ fence: Int32) -> Int32 { fcntl(fence, F_DUPFD_CLOEXEC, 0) }

    /// Commits the property values, all or none (see AtomicRequest); nil when the kernel took them.
    func commit(_ values: [AtomicValue], _ flags: AtomicCommitFlags = [], userData: UInt64 = 0) -> AtomicCommitError? {
        guard let buffer = DRMAtomicBuffer(fd: fd) else { return .refused(.noMemory) }
        var request = AtomicRequest(buffer)
        request.add(values)
        return request.commit(flags, userData: userData)
    }

    // MARK: Buffers

    func createDumbBuffer(width: Int, height: Int, bitsPerPixel: Int) throws(PlaybackError) -> DumbBuffer {
        var handle: UInt32 = 0, pitch: UInt32 = 0, size: UInt64 = 0
        let r = phd_create_dumb(fd, UInt32(width), UInt32(height), UInt32(bitsPerPixel), &handle, &pitch, &size)
        guard r == 0 else { throw PlaybackError(.deviceFailed, "\(path): cannot allocate a \(width)x\(height) buffer (\(Errno(rawValue: -r)))") }
        var offset: UInt64 = 0
        guard phd_map_dumb(fd, handle, &offset) == 0,
              let base = mmap(nil, Int(size), PROT_READ | PROT_WRITE, MAP_SHARED, fd, off_t(offset)), base != MAP_FAILED else {
            _ = phd_destroy_dumb(fd, handle)
            throw PlaybackError(.deviceFailed, "\(path): cannot map a display buffer into memory")
        }
        return DumbBuffer(card: self, handle: handle, pitch: Int(pitch), width: width, height: height,
                          memory: MappedMemory(base: base, count: Int(size)))
    }

    func destroyDumb(handle: UInt32) { _ = phd_destroy_dumb(fd, handle) }

    func addFramebuffer(_ buffer: DumbBuffer, format: FourCC) throws(PlaybackError) -> UInt32 {
        try addFramebuffer(buffer, format: format, size: PixelSize(width: buffer.width, height: buffer.height),
                           planes: [(offset: 0, pitch: buffer.pitch)])
    }

    /// A framebuffer of `size` pixels whose planes (at most four) all lie in `buffer`.
    func addFramebuffer(_ buffer: DumbBuffer, format: FourCC, size: PixelSize, planes: [(offset: Int, pitch: Int)]) throws(PlaybackError) -> UInt32 {
        var handles = [UInt32](repeating: 0, count: 4)
        var pitches = [UInt32](repeating: 0, count: 4)
        var offsets = [UInt32](repeating: 0, count: 4)
        for (i, plane) in planes.prefix(4).enumerated() {
            handles[i] = buffer.handle
            pitches[i] = UInt32(plane.pitch)
            offsets[i] = UInt32(plane.offset)
        }
        var id: UInt32 = 0
        let r = drmModeAddFB2(fd, UInt32(size.width), UInt32(size.height), format.rawValue, handles, pitches, offsets, &id, 0)
        guard r == 0 else { throw PlaybackError(.deviceFailed, "\(path): cannot make a \(size) \(format) framebuffer (\(Errno(rawValue: -r)))") }
        return id
    }

    /// The names and values of an enum property ("ITU-R BT.709 YCbCr" -> 1).
    func enumValues(ofProperty id: UInt32) -> [String: UInt64] {
        guard let prop = drmModeGetProperty(fd, id) else { return [:] }
        defer { drmModeFreeProperty(prop) }
        var values: [String: UInt64] = [:]
        for i in 0..<Int(prop.pointee.count_enums) {
            let e = prop.pointee.enums[i]
            let name = withUnsafeBytes(of: e.name) { String(decoding: $0.prefix { $0 != 0 }, as: UTF8.self) }
            values[name] = e.value
        }
        return values
    }

    func removeFramebuffer(_ id: UInt32) { _ = drmModeRmFB(fd, id) }

    // MARK: Events

    /// Waits up to `timeoutMilliseconds` for page-flip completions.
    func waitForFlips(timeoutMilliseconds: Int32) -> [FlipEvent] {
        var p = pollfd(fd: fd, events: Int16(POLLIN), revents: 0)
        guard poll(&p, 1, timeoutMilliseconds) > 0 else { return [] }
        var raw = [phd_flip](repeating: phd_flip(), count: 8)
        let n = raw.withUnsafeMutableBufferPointer { phd_read_flips(fd, $0.baseAddress, 8) }
        guard n > 0 else { return [] }
        return raw.prefix(Int(n)).map { FlipEvent(userData: $0.user_data, vblankNanoseconds: Int64($0.time_ns), sequence: $0.sequence) }
    }
}

extension DRMCard {
    /// What a CRTC showed before playhead took it (legacy view: enough to put it back).
    struct SavedCRTC {
        var crtc: UInt32
        var framebuffer: UInt32
        var x: UInt32
        var y: UInt32
        var mode: drmModeModeInfo?
    }

    func saveCRTC(_ id: UInt32) -> SavedCRTC? {
        guard let c = drmModeGetCrtc(fd, id) else { return nil }
        defer { drmModeFreeCrtc(c) }
        return SavedCRTC(crtc: id, framebuffer: c.pointee.buffer_id, x: c.pointee.x, y: c.pointee.y,
                         mode: c.pointee.mode_valid != 0 ? c.pointee.mode : nil)
    }

    /// Puts a saved CRTC back on `connector`; returns whether the kernel took it.
    func restore(_ saved: SavedCRTC, connector: UInt32) -> Bool {
        guard var mode = saved.mode, saved.framebuffer != 0 else { return false }
        var conn = connector
        return drmModeSetCrtc(fd, saved.crtc, saved.framebuffer, saved.x, saved.y, &conn, 1, &mode) == 0
    }
}

extension DRMCard {
    func connectorProperties(_ id: UInt32) -> [String: (id: UInt32, value: UInt64)] {
        properties(of: id, type: UInt32(DRM_MODE_OBJECT_CONNECTOR))
    }

    func crtcProperties(_ id: UInt32) -> [String: (id: UInt32, value: UInt64)] {
        properties(of: id, type: UInt32(DRM_MODE_OBJECT_CRTC))
    }

    func planeProperties(_ id: UInt32) -> [String: (id: UInt32, value: UInt64)] {
        properties(of: id, type: UInt32(DRM_MODE_OBJECT_PLANE))
    }
}
