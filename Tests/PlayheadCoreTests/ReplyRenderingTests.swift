import PlayheadCore
import Testing

@Suite struct ReplyRenderingTests {
    let status = ReplyValue.object([
        .init("state", .string("playing")), .init("item", .string("/m/a \"b\".mp4")), .init("time", .seconds(1.23456)),
        .init("duration", .seconds(nil)), .init("muted", .bool(false)), .init("dropped", .int(3)),
        .init("queue", .list([.object([.init("n", .int(1)), .init("current", .bool(true))])])),
        .init("routes", .list([])),
    ])

    @Test func jsonIsOneLineInOrder() {
        #expect(Reply.ok(status).rendered(as: .json)
            == #"{"ok":true,"reply":{"state":"playing","item":"/m/a \"b\".mp4","time":1.235,"duration":null,"muted":false,"dropped":3,"queue":[{"n":1,"current":true}],"routes":[]}}"#)
        #expect(Reply.error("bad\nthing").rendered(as: .json) == #"{"ok":false,"error":"bad\nthing"}"#)
        #expect(Reply.done.rendered(as: .json) == #"{"ok":true,"reply":null}"#)
    }

    @Test func textIsOneFieldPerLine() {
        #expect(Reply.ok(status).rendered(as: .text) == """
            state: playing
            item: /m/a "b".mp4
            time: 1.235
            duration: -
            muted: no
            dropped: 3
            queue:
              n=1 current=yes
            routes: (none)
            """)
        #expect(Reply.done.rendered(as: .text) == "ok")
        #expect(Reply.error("no such item").rendered(as: .text) == "error: no such item")
    }

    @Test func controlCharactersAreEscaped() {
        #expect(ReplyValue.string("a\u{1}b\u{7F}").json == #""a\u0001b\u007f""#)
        #expect(ReplyValue.double(.nan).json == "null")
        #expect(ReplyValue.double(2).json == "2")
    }
}
