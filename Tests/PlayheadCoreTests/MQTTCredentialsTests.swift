import PlayheadCore
import Testing

@Suite struct MQTTCredentialsTests {
    @Test func oneLineUserColonPassword() throws {
        #expect(try MQTTCredentials.parse("screen:pa:ss\n", path: "/c").get() == MQTTCredentials(username: "screen", password: "pa:ss"))
        #expect(try MQTTCredentials.parse("screen:pw\r\n", path: "/c").get() == MQTTCredentials(username: "screen", password: "pw"))
        #expect(try MQTTCredentials.parse("screen:", path: "/c").get() == MQTTCredentials(username: "screen", password: ""))
    }

    @Test func aBadFileIsNamedInOneLine() {
        for text in ["", "\n", "a:b\nc:d", "nocolon", ":pw", "a:b\u{1B}"] {
            guard case .failure(let e) = MQTTCredentials.parse(text, path: "/data/mqtt\u{1B}") else {
                Issue.record("\(text) was taken")
                continue
            }
            #expect(e.description.contains("/data/mqtt\\u{1B}"))
            #expect(!e.description.contains("\n"))
        }
    }
}
