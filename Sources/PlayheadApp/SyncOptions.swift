import PlayheadCore

/// Sync groups (video walls, rows of screens), declared once. Off unless sync-group is set.
enum SyncOptions {
    static let group = OptionKey.text("sync-group", placeholder: "NAME", group: "sync",
                                      help: "play in step with the other players of this group on the network segment (docs/walls.md); off when unset",
                                      check: { name in
                                          let ok = !name.isEmpty && name.utf8.count <= SyncMessage.maxGroupBytes
                                              && name.allSatisfy { $0.isASCII && ($0.isLetter || $0.isNumber || "-_.".contains($0)) }
                                          return ok ? nil : "sync-group: '\(ControlCharacters.escaped(name))' is not a name of 1 to 64 letters, digits, '-', '_' and '.'"
                                      })
    static let role = OptionKey.choice("sync-role", default: SyncRole.auto, group: "sync",
                                       help: "leader (always leads), follower (never does) or auto (the group elects one, and a new one within 2 s when it goes)")
    static let address = OptionKey.text("sync-address", placeholder: "IPv4", default: "239.255.80.72", group: "sync",
                                        help: "the multicast address the group's members talk on")
    static let port = OptionKey.integer("sync-port", 1024...65535, default: 5572, group: "sync", help: "the UDP port the group's members talk on")
    static let interface = OptionKey.text("sync-interface", placeholder: "NAME", group: "sync",
                                          help: "the network interface to talk on (unset: the one the routing table picks)")
    static let keyFile = OptionKey.text("sync-key-file", placeholder: "FILE", group: "sync",
                                        help: "the group's shared key (a file of at least 16 bytes): members ignore datagrams not made with it")
    static let clock = OptionKey.text("sync-clock", placeholder: "auto|system|leader", default: "auto", group: "sync",
                                      help: "the group's clock: system (CLOCK_REALTIME kept in step by chrony or linuxptp), leader (estimated from ping and pong) or auto (system when the leader's clock is synchronised)",
                                      check: { ["auto", "system", "leader"].contains($0) ? nil : "sync-clock: '\(ControlCharacters.escaped($0))' is not auto, system or leader" })

    static let declarations: [OptionDeclaration] = [group.declaration, role.declaration, address.declaration, port.declaration,
                                                   interface.declaration, keyFile.declaration, clock.declaration]
}
