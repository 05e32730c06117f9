import PlayheadCore
import PlayheadSys

/// `display off|on` for a screen of layers. The display thread owns the card, so it switches
/// the CRTC: off as on a screen alone (inactive, the mode and every plane kept: DPMS off), and
/// on by giving every plane the picture it showed last. Each layer's present loop learns of it
/// through `isScreenOff` (KMSDriver.checkHotplug) and drops its frames while the screen is off;
/// a flip it gave just before it learned is answered at once, as if shown, so no layer waits
/// for an event an inactive CRTC never sends.
extension LayeredCommits {
    /// Asks the display thread to switch the screen (any thread).
    func requestPower(_ on: Bool) {
        lock.withLock { powerWanted = on }
        wake.signal()
    }

    var isScreenOff: Bool { lock.withLock { screenIsOff } }

    /// On the display thread, at each pass: a switch asked for is carried out and told.
    func followPowerRequest() {
        let on: Bool? = lock.withLock {
            defer { powerWanted = nil }
            guard let wanted = powerWanted, wanted == screenIsOff else { return nil }
            return wanted
        }
        guard let on else { return }
        if on ? switchOn() : switchOff() { powerChanged?() }
    }

    private func switchOff() -> Bool {
        do throws(PlaybackError) {
            try screen.switchOff()
        } catch {
            Log.warning("display: \(error.message); the screen of layers stays on")
            return false
        }
        lock.withLock { screenIsOff = true }
        Log.info("display: off (the CRTC is inactive, its mode \(screen.plan.mode) and the layers' planes kept)")
        return true
    }

    /// The mode set again with each plane's last picture (a hidden layer's plane off) and the
    /// composed layers drawn again from their latest buffers.
    private func switchOn() -> Bool {
        let (planes, hiddenNow) = lock.withLock { () -> ([AtomicValue], Set<Int>) in
            let planes = shownValues.keys.sorted().flatMap { hidden.contains($0) ? offValues[$0] ?? [] : shownValues[$0] ?? [] }
            return (planes, hidden)
        }
        let composed = compositor.map { c in c.values(for: c.composedLayers.map { (layer: $0, buffer: Int?.none) }, hidden: hiddenNow) ?? [] } ?? []
        do throws(PlaybackError) {
            try screen.modeset(plane: planes + composed)
        } catch {
            Log.warning("display: \(error.message); the screen of layers stays off")
            return false
        }
        lock.withLock { screenIsOff = false }
        Log.info("display: on (\(screen.plan.mode), each layer's last picture back)")
        return true
    }

    /// A batch the display thread would commit while the screen is off: each layer is answered
    /// as if the commit went out, and the flip is taken as shown at once.
    func passWhileOff(_ batch: [CommitBatcher.Entry]) {
        lock.withLock {
            for entry in batch where entry != Self.visibilityEntry { answers[entry.layer] = (nil, nil) }
            lock.broadcast()
        }
        flipped(FlipEvent(userData: 0, vblankNanoseconds: clock.now().nanoseconds, sequence: 0))
    }
}
