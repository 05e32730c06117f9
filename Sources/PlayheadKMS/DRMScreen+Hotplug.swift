import PlayheadCore
import PlayheadSys

extension DRMScreen {
    /// Listens for the kernel's hot-plug news from now on; says when there is no display yet
    /// and when no news can be had.
    func watchHotplug() {
        if !plan.isConnected { Log.info(hotplug.waitingLine) }
        uevents = UeventSocket()
        if uevents == nil { Log.warning("display: no kernel uevents here; unplugging the display will not be noticed") }
    }

    /// The connector as the kernel sees it now (reading it makes the driver probe it again).
    func readConnector() -> (isConnected: Bool, modes: [DisplayMode])? {
        guard let resources = try? card.readResources(),
              let c = resources.connectors.first(where: { $0.id == plan.connector.id }) else { return nil }
        return hotplug.forced?.apply(isConnected: c.isConnected, modes: c.modes) ?? (c.isConnected, c.modes)
    }

    /// What a connector that came or went asks for (said here), when the kernel told of one.
    func hotplugAction() -> DisplayHotplug.Action? {
        guard let uevents, uevents.drain().contains(where: { $0.isDisplayHotplug(card: cardName) }),
              let now = readConnector() else { return nil }
        let action = hotplug.connectorRead(isConnected: now.isConnected, modes: now.modes)
        switch action {
        case .hide(let line)?, .show(_, let line)?: Log.info(line)
        case nil: break
        }
        return action
    }

    /// A display is there but its mode could not be set: waiting for a usable one.
    func markUnusable() { _ = hotplug.connectorRead(isConnected: false, modes: []) }

    /// With `--display-mode match`: the mode that fits a frame of another rate or size (said
    /// here), when `switching` (`--display-mode-switch items`) lets it change.
    func contentAction(for frame: VideoFrame, switching: Bool) -> DisplayHotplug.Action? {
        // Pictures without a rate (the restart slate, a still) do not move the mode.
        guard hotplug.request == .matchContent, let rate = frame.nominalFrameRate else { return nil }
        let size = frame.picture.uprightDisplaySize
        guard rate != hotplug.contentFrameRate || size != hotplug.contentSize else { return nil }
        let modes = switching ? readConnector()?.modes ?? [] : []
        guard case .show(let mode, let line)? = hotplug.contentChanged(frameRate: rate, size: size, modes: modes, switching: switching) else {
            return nil
        }
        Log.info(line)
        return .show(mode, line)
    }
}
