import Logging

/// A test's scene could not be set: a setup step failed before anything was asserted.
public struct TestSetupError: Error, CustomStringConvertible {
    public let description: String
    public init(_ description: String) { self.description = description }
}

extension Logger {
    /// A logger that drops everything: tests assert on behaviour, not on log output.
    public static var quiet: Logger { Logger(label: "parlor.test", factory: { _ in SwiftLogNoOpLogHandler() }) }
}
