import PlayheadCore
import Testing

@Suite struct MQTTAddressTests {
    @Test func schemesGiveTheirPorts() throws {
        #expect(try MQTTAddress.parse("mqtt://broker.local").get() == MQTTAddress(tls: false, host: "broker.local", port: 1883))
        #expect(try MQTTAddress.parse("mqtts://10.0.0.2").get() == MQTTAddress(tls: true, host: "10.0.0.2", port: 8883))
        #expect(try MQTTAddress.parse("mqtt://127.0.0.1:18830/").get() == MQTTAddress(tls: false, host: "127.0.0.1", port: 18830))
        #expect(try MQTTAddress.parse("mqtts://[::1]:9000").get() == MQTTAddress(tls: true, host: "::1", port: 9000))
        #expect(MQTTAddress(tls: true, host: "::1", port: 9000).description == "mqtts://[::1]:9000")
    }

    @Test func hostileTextIsRefusedInOneLine() {
        let bad = ["http://x", "mqtt://", "mqtt://user:pw@host", "mqtt://host:0", "mqtt://host:65536", "mqtt://host:12a",
                   "mqtt://host/path", "mqtt://ho st", "mqtt://host\u{1B}[2J", "mqtt://-host", "mqtt://a:1:2", "mqtt://[zz]",
                   "mqtt://" + String(repeating: "a", count: 400), "MQTT://host", "mqtt://host?x=1"]
        for text in bad {
            guard case .failure(let e) = MQTTAddress.parse(text) else {
                Issue.record("\(text) was taken")
                continue
            }
            #expect(!e.description.contains("\n") && !e.description.contains("\u{1B}"), "\(e)")
        }
    }

    @Test func aUserInTheURLPointsToTheCredentialsFile() {
        guard case .failure(let e) = MQTTAddress.parse("mqtt://me:secret@host") else { return #expect(Bool(false)) }
        #expect(e.description.contains("mqtt-credentials"))
        #expect(!e.description.contains("secret"), "a password is never echoed")
    }
}
