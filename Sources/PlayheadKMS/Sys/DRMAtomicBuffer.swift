import CDRM
import Glibc
import SystemPackage

/// libdrm's atomic request, owned: freed when this goes.
final class DRMAtomicBuffer: AtomicBackend {
    private let fd: Int32
    private let request: drmModeAtomicReqPtr

    /// Nil when libdrm could not allocate one.
    init?(fd: Int32) {
        guard let request = drmModeAtomicAlloc() else { return nil }
        self.fd = fd
        self.request = request
    }

    deinit { drmModeAtomicFree(request) }

    func add(object: UInt32, property: UInt32, value: UInt64) -> Errno? {
        // The new count of values, or a negative errno.
        let r = drmModeAtomicAddProperty(request, object, property, value)
        return r < 0 ? Errno(rawValue: -r) : nil
    }

    func commit(_ flags: AtomicCommitFlags, userData: UInt64) -> Errno? {
        var raw: UInt32 = 0
        if flags.contains(.testOnly) { raw |= UInt32(DRM_MODE_ATOMIC_TEST_ONLY) }
        if flags.contains(.allowModeset) { raw |= UInt32(DRM_MODE_ATOMIC_ALLOW_MODESET) }
        if flags.contains(.nonBlocking) { raw |= UInt32(DRM_MODE_ATOMIC_NONBLOCK) }
        if flags.contains(.pageFlipEvent) { raw |= UInt32(DRM_MODE_PAGE_FLIP_EVENT) }
        let r = phd_atomic_commit(fd, request, raw, userData)
        return r < 0 ? Errno(rawValue: -r) : nil
    }
}
