import PlayheadCore
import Testing

@Suite struct FleetTopicsTests {
    @Test func theDefaultPrefixIsTheCleanedHostName() throws {
        let t = try FleetTopics.make(prefix: nil, hostname: "lobby+1/#\u{7}", groups: nil).get()
        #expect(t.prefix == "playhead/lobby_1___")
        #expect(t.command == "playhead/lobby_1___/command")
        #expect(t.status == "playhead/lobby_1___/status")
        #expect(t.online == "playhead/lobby_1___/online")
        #expect(t.reply == "playhead/lobby_1___/reply")
        #expect(t.events == "playhead/lobby_1___/events")
        #expect(try FleetTopics.make(prefix: nil, hostname: "", groups: nil).get().prefix == "playhead/player")
        #expect(try FleetTopics.make(prefix: nil, hostname: "+/#", groups: nil).get().prefix == "playhead/player")
    }

    @Test func groupsEachHaveACommandTopic() throws {
        let t = try FleetTopics.make(prefix: "site/hall/p1", hostname: "x", groups: "lobby, all,lobby").get()
        #expect(t.groups == ["lobby", "all"])
        #expect(t.commandTopics == ["site/hall/p1/command", "playhead/group/lobby/command", "playhead/group/all/command"])
        #expect(t.clientID == "playhead-site-hall-p1")
    }

    @Test func namesThatWouldAddLevelsOrWildcardsAreRefused() {
        for prefix in ["a/+", "#", "a//b", "/a", "a/", "a b", "a/b/c/d/e", "a\u{1B}b", ""] {
            #expect(throws: FleetError.self, "\(prefix)") { try FleetTopics.make(prefix: prefix, hostname: "x", groups: nil).get() }
        }
        for group in ["a/b", "+", "x#", "a\u{0}"] {
            #expect(throws: FleetError.self, "\(group)") { try FleetTopics.make(prefix: nil, hostname: "x", groups: group).get() }
        }
    }

    @Test func responseTopicsFromOutsideAreChecked() {
        #expect(FleetTopics.isPublishable("clients/abc/replies"))
        #expect(!FleetTopics.isPublishable(""))
        #expect(!FleetTopics.isPublishable("a/+/b"))
        #expect(!FleetTopics.isPublishable("a/#"))
        #expect(!FleetTopics.isPublishable("a\u{1B}"))
        #expect(!FleetTopics.isPublishable(String(repeating: "a", count: 300)))
    }
}
