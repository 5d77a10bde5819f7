import Foundation
import ParlorTestSupport
import ServerTestSupport
import Testing
import TestSupport

/// The link pages in a real browser with JavaScript off (Chromium through Playwright,
/// `Tests/Tools/link_pages.py`): what a person sees, the "open in the app" link, a hostile name
/// shown as text, and a screenshot of each page at a phone's and a laptop's width.
@Suite struct LinkPagesBrowserTests {
    @Test func thePagesReadRightInABrowserWithoutScript() async throws {
        guard try TestTools.available(python: true, chromium: true), let python = TestTools.python, let chromium = TestTools.chromium else { return }
        // Kept after the test, so the screenshots can be looked at; the paths are printed.
        let out = FileManager.default.temporaryDirectory.appendingPathComponent("parlor-link-pages-\(UUID().uuidString.prefix(8))")
        try FileManager.default.createDirectory(at: out, withIntermediateDirectories: true)
        try await withLinkServer { server in
            let guests = [try await server.play.guest(), try await server.play.guest()]
            try await server.rename(guests[0], to: LinkPageTests.hostile)
            let (_, code) = try await server.invite(by: guests[0])
            let tournament = try await server.play.tournament(fee: 2500, extra: #","max_entries":120"#)
            let (game, frames) = try await server.finishedGame(guests, turns: 6)
            let replay = game.uuidString.lowercased()
            let pages: [[String: Any]] = [
                ["name": "invite", "path": "/i/\(code)", "status": 200, "open": "quortex://i/\(code)",
                 "texts": [code, "\(LinkPageTests.hostile) invited you to play Quortex", "Get the app on the App Store"]],
                ["name": "invite-missing", "path": "/i/ZZZZZZ", "status": 404, "texts": ["Invite not found", "unknown or has expired"]],
                ["name": "tournament", "path": "/t/\(tournament)", "status": 200, "open": "topdog://t/\(tournament)",
                 "texts": ["Test Best Ball", "$25.00", "120 of 120"]],
                ["name": "replay", "path": "/r/\(replay)", "status": 200, "open": "quortex://r/\(replay)", "frames": frames,
                 "texts": ["\(frames) frames", LinkPageTests.hostile]],
            ]
            let spec: [String: Any] = ["base": try server.play.url().absoluteString, "chromium": chromium.path, "out": out.path, "pages": pages]
            let specText = String(decoding: try JSONSerialization.data(withJSONObject: spec), as: UTF8.self)
            let script = TestTools.packageRoot.appendingPathComponent("Tests/Tools/link_pages.py")
            let result = try await run(python, [script.path, specText])
            print(result.output)
            #expect(result.status == 0, "\(result.errors)")
            let shots = result.output.split(separator: "\n").map(String.init)
            #expect(shots.count == pages.count * 2)
            for shot in shots { #expect(FileManager.default.fileExists(atPath: shot), "\(shot)") }
        }
    }

    /// Runs a program to its end without holding a thread while it runs.
    private func run(_ program: URL, _ arguments: [String]) async throws -> (status: Int32, output: String, errors: String) {
        let process = Process()
        process.executableURL = program
        process.arguments = arguments
        let output = Pipe()
        let errors = Pipe()
        process.standardOutput = output
        process.standardError = errors
        let status: Int32 = try await withCheckedThrowingContinuation { continuation in
            process.terminationHandler = { continuation.resume(returning: $0.terminationStatus) }
            do { try process.run() } catch { continuation.resume(throwing: error) }
        }
        let printed = String(decoding: output.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        let complained = String(decoding: errors.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        return (status, printed.trimmingCharacters(in: .whitespacesAndNewlines), complained)
    }
}
