import Glibc

/// The GPIO character devices, whichever libgpiod reads them.
enum GPIOChipPaths {
    /// /dev/gpiochip*, in number order.
    static func list() -> [String] {
        guard let dir = opendir("/dev") else { return [] }
        defer { closedir(dir) }
        var names: [String] = []
        while let entry = readdir(dir) {
            let name = withUnsafeBytes(of: entry.pointee.d_name) { raw in
                String(decoding: raw.prefix(while: { $0 != 0 }), as: UTF8.self)
            }
            if name.hasPrefix("gpiochip"), Int(name.dropFirst(8)) != nil { names.append(name) }
        }
        return names.sorted { Int($0.dropFirst(8))! < Int($1.dropFirst(8))! }.map { "/dev/" + $0 }
    }
}
