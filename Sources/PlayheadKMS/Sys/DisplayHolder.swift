import Glibc
import PlayheadSys

/// Finds which process holds a DRM card, for the message when becoming master fails: the
/// kernel lists its clients in debugfs (with the master marked), else /proc shows who has the
/// device open.
enum DisplayHolder {
    static func find(card path: String) -> String? {
        let minor = path.split(separator: "card").last.flatMap { Int($0) } ?? 0
        if let clients = FileInput.readText("/sys/kernel/debug/dri/\(minor)/clients") {
            // Columns: command pid dev master a uid magic.
            for line in clients.split(separator: "\n").dropFirst() {
                let f = line.split(separator: " ", omittingEmptySubsequences: true)
                // The command column names the opening thread; /proc names the program.
                if f.count >= 4, f[3] == "y", let tid = Int32(f[1]) {
                    // The kernel records the opening thread: name its process.
                    let pid = processOf(thread: tid)
                    if pid == getpid() { continue }
                    let comm = FileInput.readText("/proc/\(pid)/comm")?.split(separator: "\n").first.map(String.init) ?? String(f[0])
                    return "\(comm) (pid \(pid))"
                }
            }
        }
        return openers(of: path).first
    }

    private static func processOf(thread tid: Int32) -> Int32 {
        let status = FileInput.readText("/proc/\(tid)/status") ?? ""
        for line in status.split(separator: "\n") where line.hasPrefix("Tgid:") {
            if let pid = Int32(line.dropFirst(5).trimmingPrefix(while: { $0 == " " || $0 == "\t" })) { return pid }
        }
        return tid
    }

    private static func openers(of path: String) -> [String] {
        guard let proc = opendir("/proc") else { return [] }
        defer { closedir(proc) }
        var found: [String] = []
        while let entry = readdir(proc) {
            let name = withUnsafeBytes(of: entry.pointee.d_name) { String(decoding: $0.prefix { $0 != 0 }, as: UTF8.self) }
            guard let pid = Int32(name), pid != getpid(), let fds = opendir("/proc/\(name)/fd") else { continue }
            defer { closedir(fds) }
            while let fd = readdir(fds) {
                let n = withUnsafeBytes(of: fd.pointee.d_name) { String(decoding: $0.prefix { $0 != 0 }, as: UTF8.self) }
                var target = [CChar](repeating: 0, count: 256)
                let len = readlink("/proc/\(name)/fd/\(n)", &target, 255)
                if len > 0, String(decoding: target.prefix(Int(len)).map { UInt8(bitPattern: $0) }, as: UTF8.self) == path {
                    let comm = FileInput.readText("/proc/\(name)/comm")?.split(separator: "\n").first.map(String.init) ?? "?"
                    found.append("\(comm) (pid \(pid))")
                    break
                }
            }
        }
        return found
    }
}
