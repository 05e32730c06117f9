import Testing
@testable import PlayheadApp
