import Foundation

/// The outside programs some tests drive, installed by `scripts/test-tools`: a Python with
/// aiosmtpd and Playwright, and Chromium. Without them a test reports it could not run (and skips);
/// with `PARLOR_TEST_REQUIRE_TOOLS=1`, as CI sets, their absence fails the test instead.
public enum TestTools {
    /// The package's root folder, found from this file's place in it.
    public static let packageRoot: URL = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

    /// Whether a missing tool fails rather than skips.
    public static var required: Bool { ProcessInfo.processInfo.environment["PARLOR_TEST_REQUIRE_TOOLS"] == "1" }

    /// The Python of `.build/test-venv`, or `PARLOR_TEST_PYTHON`; nil when neither exists.
    public static var python: URL? {
        if let path = ProcessInfo.processInfo.environment["PARLOR_TEST_PYTHON"] { return URL(fileURLWithPath: path) }
        let venv = packageRoot.appendingPathComponent(".build/test-venv/bin/python3")
        return FileManager.default.isExecutableFile(atPath: venv.path) ? venv : nil
    }

    /// Chromium's executable: `PARLOR_TEST_CHROMIUM`, or `chromium` on the PATH.
    public static var chromium: URL? {
        let environment = ProcessInfo.processInfo.environment
        if let path = environment["PARLOR_TEST_CHROMIUM"] { return URL(fileURLWithPath: path) }
        for folder in (environment["PATH"] ?? "/usr/bin").split(separator: ":") {
            let candidate = URL(fileURLWithPath: String(folder)).appendingPathComponent("chromium")
            if FileManager.default.isExecutableFile(atPath: candidate.path) { return candidate }
        }
        return nil
    }

    /// Whether the tools a test needs are here; throws when they are missing and required. Use as
    /// `guard try TestTools.available(python: true, chromium: true) else { return }`.
    public static func available(python needsPython: Bool = true, chromium needsChromium: Bool = false) throws -> Bool {
        var missing: [String] = []
        if needsPython, python == nil { missing.append("the test Python (.build/test-venv)") }
        if needsChromium, chromium == nil { missing.append("chromium") }
        guard !missing.isEmpty else { return true }
        let message = "missing \(missing.joined(separator: " and ")): run scripts/test-tools"
        if required { throw TestSetupError(message) }
        print("skipped: \(message)")
        return false
    }
}
