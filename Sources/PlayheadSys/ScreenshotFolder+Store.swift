import PlayheadCore

/// Console screenshots go through the display's capture plan as a store.
extension ScreenshotFolder: ScreenshotStore {}
