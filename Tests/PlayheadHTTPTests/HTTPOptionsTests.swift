import PlayheadCore
@testable import PlayheadHTTP
import Testing

@Suite struct HTTPOptionsTests {
    @Test func listenAddressesParse() throws {
        #expect(try HTTPOptions.parseListen("127.0.0.1:8080").get() == ("127.0.0.1", 8080))
        #expect(try HTTPOptions.parseListen(":80").get() == ("0.0.0.0", 80))
        #expect(try HTTPOptions.parseListen("[::1]:9000").get() == ("::1", 9000))
        #expect(throws: CommandError.self) { try HTTPOptions.parseListen("localhost").get() }
        #expect(throws: CommandError.self) { try HTTPOptions.parseListen("1.2.3.4:70000").get() }
    }
}
