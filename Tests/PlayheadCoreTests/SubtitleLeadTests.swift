import PlayheadCore
import Testing

@Suite struct SubtitleLeadTests {
    @Test func aFastBoardDrawsATenthAhead() {
        var lead = SubtitleLead()
        #expect(lead.nanoseconds(displayLead: 0) == 100_000_000)
        lead.drew(nanoseconds: 5_000_000)
        #expect(lead.nanoseconds(displayLead: 40_000_000) == 100_000_000)
    }

    @Test func theDisplaysLeadAndTheLongestRecentDrawingAddUp() {
        var lead = SubtitleLead()
        lead.drew(nanoseconds: 120_000_000)
        lead.drew(nanoseconds: 30_000_000)
        #expect(lead.nanoseconds(displayLead: 60_000_000) == 180_000_000)
    }

    @Test func neverMoreThanTheLongest() {
        var lead = SubtitleLead()
        lead.drew(nanoseconds: 270_000_000)
        #expect(lead.nanoseconds(displayLead: 118_000_000) == SubtitleLead.longest)
    }

    @Test func aSlowDrawingIsForgottenAfterEightMore() {
        var lead = SubtitleLead()
        lead.drew(nanoseconds: 250_000_000)
        for _ in 1..<SubtitleLead.remembered { lead.drew(nanoseconds: 10_000_000) }
        #expect(lead.nanoseconds(displayLead: 0) == 250_000_000)
        lead.drew(nanoseconds: 10_000_000)
        #expect(lead.nanoseconds(displayLead: 0) == 100_000_000)
    }
}
