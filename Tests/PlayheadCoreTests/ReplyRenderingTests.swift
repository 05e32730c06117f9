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

/// Names and titles come from files and playlists: a terminal must never act on them.
@Suite struct ReplyEscapingTests {
    let hostile = ReplyValue.object([
        .init("item", .string("/m/\u{1B}[2Jclip.mp4")),
        .init("queue", .list([.object([.init("title", .string("T\u{9B}31m")), .init("n", .int(1))])])),
        .init("names", .list([.string("b\u{7}ell"), .string("Café 東京")])),
    ])

    @Test func textRepliesEscapeControlCharactersButKeepTheirLines() {
        #expect(Reply.ok(hostile).rendered(as: .text) == #"""
            item: /m/\u{1B}[2Jclip.mp4
            queue:
              title=T\u{9B}31m n=1
            names:
              b\u{7}ell
              Café 東京
            """#)
        #expect(Reply.error("no such file /m/\u{1B}]0;x\u{7}\nnext").rendered(as: .text) == #"error: no such file /m/\u{1B}]0;x\u{7}\nnext"#)
    }

    @Test func jsonEscapesC1AsWellAsC0() {
        #expect(Reply.ok(.string("T\u{9B}31m\u{1B}")).rendered(as: .json) == #"{"ok":true,"reply":"T\u009b31m\u001b"}"#)
        #expect(Reply.ok(.string("Café 東京")).rendered(as: .json) == #"{"ok":true,"reply":"Café 東京"}"#)
    }
}

/// A reply larger than a client may leave unread would get a script that reads it all
/// disconnected: past the limit it becomes one error line instead.
@Suite struct ReplyBoundTests {
    @Test func aReplyPastTheLimitIsOneErrorLineInItsFormat() {
        let big = Reply.ok(.list((1...500).map { .string("/media/clip-\($0).mp4") }))
        let json = big.rendered(as: .json), text = big.rendered(as: .text)
        #expect(Reply.bounded(json, limit: 1000, format: .json)
            == #"{"ok":false,"error":"the reply is \#(json.utf8.count) bytes, more than the 1000 a reply may be; ask for less"}"#)
        #expect(Reply.bounded(text, limit: 1000, format: .text)
            == "error: the reply is \(text.utf8.count) bytes, more than the 1000 a reply may be; ask for less")
        #expect(Reply.bounded(json, limit: json.utf8.count, format: .json) == json)
    }
}
