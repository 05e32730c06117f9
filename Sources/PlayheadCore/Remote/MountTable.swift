/// Which block device holds a path, from /proc/self/mountinfo: the mount with the longest
/// mount point that is the path or one of its parents. Only devices under /dev (a tmpfs /data
/// has no disk to count writes on).
public enum MountTable {
    public static func device(holding path: String, mountInfo: String) -> String? {
        var best: (point: String, device: String)?
        for line in mountInfo.split(separator: "\n") {
            // ID PARENT MAJ:MIN ROOT POINT OPTIONS [OPTIONAL...] - TYPE SOURCE SUPER
            let fields = line.split(separator: " ")
            guard fields.count > 4, let dash = fields.firstIndex(of: "-"), dash + 2 < fields.count else { continue }
            let point = String(fields[4])
            let source = fields[dash + 2]
            guard covers(point, path) else { continue }
            if best == nil || point.count >= best!.point.count { best = (point, String(source)) }
        }
        // The deepest mount decides, even when it is no disk: /run's tmpfs is not the root's.
        guard let source = best?.device, source.hasPrefix("/dev/") else { return nil }
        return String(source.dropFirst(5))
    }

    private static func covers(_ point: String, _ path: String) -> Bool {
        point == "/" || path == point || path.hasPrefix(point + "/")
    }
}
