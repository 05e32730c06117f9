import Testing
@testable import PlayheadCore

struct CardJacksTests {
    @Test func aCardWithoutJacksIsAlwaysUsable() {
        var jacks = CardJacks(card: "USB")
        #expect(jacks.isPlugged)
        #expect(jacks.update([:]) == nil)
        #expect(jacks.isPlugged)
    }

    @Test func theFirstReadingReportsACardWithNothingPluggedIn() {
        var jacks = CardJacks(card: "PCH")
        #expect(jacks.update(["Headphone Jack": false]) == .jack(card: "PCH", control: "Headphone Jack", plugged: false))
        #expect(!jacks.isPlugged)
    }

    @Test func onlyChangesOfTheWholeCardAreReported() {
        var jacks = CardJacks(card: "PCH")
        #expect(jacks.update(["Headphone Jack": true, "Line Out Jack": false]) == nil)
        // The line out comes in while the headphones are in: still usable, nothing to say.
        #expect(jacks.update(["Headphone Jack": true, "Line Out Jack": true]) == nil)
        #expect(jacks.update(["Headphone Jack": false, "Line Out Jack": true]) == nil)
        #expect(jacks.update(["Headphone Jack": false, "Line Out Jack": false])
                == .jack(card: "PCH", control: "Line Out Jack", plugged: false))
        #expect(jacks.update(["Headphone Jack": true, "Line Out Jack": false])
                == .jack(card: "PCH", control: "Headphone Jack", plugged: true))
    }

    @Test func aJackControlRemovedLeavesACardWithoutJacksUsable() {
        var jacks = CardJacks(card: "HDMI")
        #expect(jacks.update(["HDMI/DP,pcm=3 Jack": false]) != nil)
        #expect(jacks.update([:]) == .jack(card: "HDMI", control: "HDMI/DP,pcm=3 Jack", plugged: true))
    }
}
