@_exported import PlayheadCore
