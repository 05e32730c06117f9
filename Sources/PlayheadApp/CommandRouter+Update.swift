import Playhead
import PlayheadSys

/// `update`: playhead never installs anything itself (it runs as its own user and the slots
/// are root's). It hands a checked request to the root update agent (board/image/rauc/
/// update-agent) and reads back what the agent says; docs/updates.md.
extension CommandRouter {
    func update(_ word: String?, force: Bool) -> Reply {
        let settings = self.settings
        let dir = settings[AppOptions.updateDir]
        let found = updateReport(dir)
        guard let word else { return .ok(found?.reply ?? Self.noUpdateAgent(dir)) }
        guard let report = found else {
            return .error("update: no update agent on this system (\(dir)/agent is missing); bundles are installed on the board images")
        }
        if report.install["state"] == "installing" {
            return .error("update: an install is under way (\(report.install["progress"].map { $0 + "%" } ?? "installing")); `update` shows how far it got")
        }
        let folders = RemovableMedia.roots(from: settings[AppOptions.updateFolders])
        let source: UpdateSource
        switch UpdateSource.parse(word, folders: folders) {
        case .failure(let e): return .error(e.message)
        case .success(let s): source = s
        }
        // The option's own check has passed; a value that still does not read is the default.
        let reboot = UpdateReboot.parse(settings[AppOptions.updateReboot]) ?? .now
        // The agent reads the time of day in the schedule's zone; the option's check keeps the
        // name inside the zone folder.
        let zone = settings[ScheduleOptions.timezone].flatMap { ScheduleOptions.zoneNameProblem($0) == nil ? $0 : nil }
        let request = UpdateRequest(source: source, force: force, reboot: reboot, zone: zone)
        let path = settings[AppOptions.updateRequest]
        do {
            try AtomicFile.write(request.line, to: path, mode: 0o600)
        } catch {
            return .error("update: cannot hand the request to the update agent (\(error)); is \(path)'s folder playhead's?")
        }
        AppLog.notice("update: asked the update agent to install \(source.text)\(force ? " (forced)" : ""), reboot \(reboot)")
        return .ok(.object([
            .init("update", .string("asked")),
            .init("source", .string(source.text)),
            .init("force", .bool(force)),
            .init("reboot", .string(reboot.description)),
            .init("follow", .string("the console shows the install; `update` or `status` say how far it got")),
        ]))
    }

    /// Nil when no agent runs (no `agent` file in its folder).
    func updateReport(_ dir: String) -> UpdateReport? {
        func text(_ name: String) -> String? {
            if case .text(let t) = FileInput.read(dir + "/" + name, limit: 8192) { return t }
            return nil
        }
        guard text("agent") != nil else { return nil }
        return UpdateReport(slotsText: text("slots"), installText: text("state"), fallbackText: text("failed"))
    }

    static func noUpdateAgent(_ dir: String) -> ReplyValue {
        .string("no update agent on this system (\(dir)/agent is missing)")
    }
}
