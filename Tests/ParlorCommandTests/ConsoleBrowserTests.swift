import Foundation
import Testing
import TestSupport

/// The operator console in a real browser: headless Chromium through Playwright
/// (Tests/Tools/console/console_browser.py and its `scenario_*.py`) against a real `parlor serve`
/// on embedded SQLite, with an admin and a moderator made by `parlor admin create`. Every page a
/// scenario opens is status-checked, validated as HTML and screenshotted; the paths are printed.
/// The limits bound a hang, not a speed: alone it takes half a minute, but a loaded CI run took
/// six minutes from the suite's start (starting the binary four times and Chromium beside 1,500 tests).
@Suite(.timeLimit(.minutes(20))) struct ConsoleBrowserTests {
    /// Settings the console's scenarios need from the server (a JSON config file).
    static let settings: [String: any Sendable] = [
        "bcrypt_cost": 4
    ]

    @Test func theConsoleWorksInARealBrowser() async throws {
        guard try TestTools.available(python: true, chromium: true), let python = TestTools.python, let chromium = TestTools.chromium else { return }
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("parlor-console-\(UUID().uuidString.prefix(8))")
        let out = directory.appendingPathComponent("screenshots")
        try FileManager.default.createDirectory(at: out, withIntermediateDirectories: true)
        let config = directory.appendingPathComponent("config.json")
        try JSONSerialization.data(withJSONObject: Self.settings).write(to: config)
        let data = directory.appendingPathComponent("data").path
        let common = ["--data-dir", data, "--config", config.path]
        let migrated = try await ParlorProcess.run(["migrate"] + common, in: directory)
        #expect(migrated.status == 0, "\(migrated.stderr)")
        let staff = [("console_admin", "admin"), ("console_moderator", "moderator")]
        for (name, role) in staff {
            let made = try await ParlorProcess.run(
                ["admin", "create", "--username", name, "--role", role] + common, in: directory,
                environment: ["PARLOR_ADMIN_PASSWORD": "console password 123"])
            #expect(made.status == 0, "\(made.stderr)")
        }
        let server = try ParlorProcess(["serve", "--port", "0"] + common, in: directory)
        let port = try await server.waitUntilListening()
        let spec: [String: Any] = [
            "base": "http://127.0.0.1:\(port)", "chromium": chromium.path, "out": out.path,
            "admin": ["login": "console_admin", "password": "console password 123"],
            "moderator": ["login": "console_moderator", "password": "console password 123"],
            "scenarios": NSNull(),
        ]
        let specText = String(decoding: try JSONSerialization.data(withJSONObject: spec), as: UTF8.self)
        let script = TestTools.packageRoot.appendingPathComponent("Tests/Tools/console/console_browser.py")
        let browser = try ParlorProcess([script.path, specText], executable: python.path, in: directory)
        let status = try await browser.waitForExit(timeout: .seconds(1100))
        print(browser.standardOutput)
        print(browser.standardError)
        #expect(status == 0, "\(browser.standardError)")
        let shots = browser.standardOutput.split(separator: "\n").filter { $0.hasSuffix(".png") }
        #expect(shots.count >= 10, "every scenario saves its pages")
        for shot in shots { #expect(FileManager.default.fileExists(atPath: String(shot)), "\(shot)") }
        server.send(SIGTERM)
        try await server.waitForExit()
    }
}
