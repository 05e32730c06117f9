import PlayheadCore

/// The fleet over MQTT, declared once (help, options file, `get`). Off unless mqtt-url is set.
public enum MQTTOptions {
    public static let url = OptionKey.text("mqtt-url", placeholder: "mqtt[s]://HOST[:PORT]", group: "mqtt",
                                          help: "an MQTT broker to publish status and events on and take commands from (docs/fleet.md); off when unset",
                                          check: { text in
                                              if case .failure(let e) = MQTTAddress.parse(text) { return e.description }
                                              return nil
                                          })
    public static let credentials = OptionKey.text("mqtt-credentials", placeholder: "FILE", group: "mqtt",
                                                  help: "a file holding one line USER:PASSWORD for the broker")
    public static let caFile = OptionKey.text("mqtt-ca-file", placeholder: "FILE", group: "mqtt",
                                             help: "for mqtts://: the certificate authority the broker's certificate must come from (else the system's)")
    public static let prefix = OptionKey.text("mqtt-prefix", placeholder: "TOPIC", group: "mqtt",
                                             help: "where this player's topics go (default playhead/HOSTNAME)")
    public static let groups = OptionKey.text("mqtt-groups", placeholder: "NAME,...", group: "mqtt",
                                             help: "groups this player takes commands for, on playhead/group/NAME/command")
    public static let keepAlive = OptionKey.integer("mqtt-keepalive", 5...60, default: 10, group: "mqtt",
                                                   help: "seconds between pings; the broker marks the player offline after one and a half times this without a word")

    public static let declarations: [OptionDeclaration] = [
        url.declaration, credentials.declaration, caFile.declaration, prefix.declaration, groups.declaration, keepAlive.declaration,
    ]
}
