import Foundation
import Testing
import TestSupport

/// `parlor party`: separate `parlor` processes find a lobby over UDP, join it over encrypted TCP
/// and play Crazy Eights to the end, each by itself (`--autoplay`); and the same through a server.
@Suite(.timeLimit(.minutes(5)))
struct PartyCommandTests {
    @Test func fourTerminalsFindTheLobbyAndPlayAMatchToTheEnd() async throws {
        try await withTemporaryDirectory { directory in
            let discovery = try freeUDPPort()
            let host = try ParlorProcess(party("host", discovery, "--name", "Host", "--players", "4", "--target", "30"), in: directory)
            let joiners = try ["Ann", "Bo", "Cy"].map { try ParlorProcess(party("join", discovery, "--name", $0), in: directory) }
            #expect(try await host.waitForExit(timeout: .seconds(120)) == 0, "\(host.standardError)")
            let result = try #require(host.standardOutput.split(separator: "\n").first { $0.hasPrefix("Match over: ") })
            #expect(host.standardOutput.contains("Match started with 4 players."))
            for joiner in joiners {
                #expect(try await joiner.waitForExit(timeout: .seconds(30)) == 0, "\(joiner.standardError)")
                #expect(joiner.standardOutput.contains("Joined Host's lobby"), "\(joiner.standardOutput)")
                #expect(joiner.standardOutput.contains(String(result)), "\(joiner.standardOutput)")
            }
            // Each player's profile counted the match once.
            for name in ["Host", "Ann", "Bo", "Cy"] {
                let profile = try String(contentsOf: directory.appendingPathComponent(".parlor/party/\(name)/userProfile.json"), encoding: .utf8)
                #expect(profile.contains("\"totalGamesPlayed\":1") || profile.contains("\"totalGamesPlayed\" : 1"), "\(name): \(profile)")
            }
        }
    }

    /// Bots fill a private lobby over the network, passcode and all, and play the match with the host.
    @Test func aHostPlaysAMatchWithBotsAlone() async throws {
        try await withTemporaryDirectory { directory in
            let alone = try await ParlorProcess.run(
                party("host", try freeUDPPort(), "--name", "Solo", "--bots", "2", "--players", "3", "--target", "20", "--private", "99"),
                in: directory)
            #expect(alone.status == 0, "\(alone.stderr)")
            #expect(alone.stdout.contains("Match started with 3 players."), "\(alone.stdout)")
            #expect(alone.stdout.contains("Match over: "), "\(alone.stdout)")
        }
    }

    /// Two "machines" (network namespaces joined by a virtual cable): the lobby is announced by
    /// broadcast on that link and joined at the host's address there, not over loopback.
    @Test(.enabled(if: NetworkNamespaces.make().map { $0.remove(); return true } ?? false))
    func playersOnAnotherMachineFindTheLobbyAndPlay() async throws {
        let namespaces = try #require(NetworkNamespaces.make())
        defer { namespaces.remove() }
        try await withTemporaryDirectory { directory in
            let discovery = try freeUDPPort()
            let host = try ParlorProcess(
                party("host", discovery, "--name", "Host", "--players", "3", "--target", "30"), in: directory, through: namespaces.inside(0))
            let joiners = try ["Ann", "Bo"].map {
                try ParlorProcess(party("join", discovery, "--name", $0), in: directory, through: namespaces.inside(1))
            }
            #expect(try await host.waitForExit(timeout: .seconds(120)) == 0, "\(host.standardError)")
            let result = try #require(host.standardOutput.split(separator: "\n").first { $0.hasPrefix("Match over: ") })
            for joiner in joiners {
                #expect(try await joiner.waitForExit(timeout: .seconds(30)) == 0, "\(joiner.standardError)")
                #expect(joiner.standardOutput.contains(String(result)), "\(joiner.standardOutput)")
            }
            #expect(joiners.allSatisfy { $0.standardOutput.contains(" at \(namespaces.addresses[0]):") }, "joined at the host's address on the link")
        }
    }

    @Test func aWrongPasscodeAndAnOlderAppAreRefused() async throws {
        try await withTemporaryDirectory { directory in
            let discovery = try freeUDPPort()
            let host = try ParlorProcess(party("host", discovery, "--name", "Host", "--private", "4321"), in: directory)
            defer { host.send(SIGKILL) }
            // A party's own failures have a status of their own (76), apart from a crash (70).
            let wrong = try await ParlorProcess.run(party("join", discovery, "--name", "Eve", "--passcode", "0000"), in: directory)
            #expect(wrong.status == 76 && wrong.stderr.contains("Refused: Wrong passcode"), "\(wrong.status) \(wrong.stdout)\(wrong.stderr)")
            let old = try await ParlorProcess.run(
                party("join", discovery, "--name", "Old", "--passcode", "4321", "--app-version", "0.9.0"), in: directory)
            #expect(old.status == 76 && old.stderr.contains("Refused: Unsupported Game Version"), "\(old.status) \(old.stdout)\(old.stderr)")
            // No passcode and nobody to ask (a script): said before trying, not "Wrong passcode".
            let none = try await ParlorProcess.run(party("join", discovery, "--name", "Ned"), in: directory)
            #expect(none.status == 76, "\(none.status) \(none.stdout)\(none.stderr)")
            #expect(none.stderr.contains("is private: join with --passcode PASSCODE") && !none.stderr.contains("Wrong passcode"), "\(none.stderr)")
            let lost = try await ParlorProcess.run(party("join", discovery, "--name", "Lost", "--lobby", "nosuchlobby", "--wait", "2"), in: directory)
            #expect(lost.status == 66 && lost.stderr.contains("no lobby 'nosuchlobby' heard"), "\(lost.stderr)")
        }
    }

    /// The host vanishes (SIGKILL, no goodbye): its joiner waits out the 5 s grace, then ends.
    @Test func aJoinerEndsCleanlyWhenTheHostIsKilled() async throws {
        try await withTemporaryDirectory { directory in
            let discovery = try freeUDPPort()
            let host = try ParlorProcess(party("host", discovery, "--name", "Host", "--players", "3"), in: directory)
            let joiner = try ParlorProcess(party("join", discovery, "--name", "Ann"), in: directory)
            try await waitFor("Joined Host's lobby", in: joiner)
            host.send(SIGKILL)
            let killed = ContinuousClock.now
            #expect(try await joiner.waitForExit(timeout: .seconds(30)) == 76)
            let waited = ContinuousClock.now - killed
            #expect(joiner.standardError.contains("The session ended: The host left"), "\(joiner.standardError)")
            #expect(waited >= .seconds(4), "ended after \(waited), before the host's grace period")
        }
    }

    /// A joiner's process dies mid-match: the host plays its seat meanwhile, and the same player,
    /// started again, rejoins its seat and the match ends for everyone.
    @Test func aJoinerKilledMidMatchIsPlayedByTheHostAndRejoins() async throws {
        try await withTemporaryDirectory { directory in
            let discovery = try freeUDPPort()
            let host = try ParlorProcess(
                party("host", discovery, "--name", "Host", "--players", "3", "--target", "500", "--client-silence", "2"), in: directory)
            let ann = try ParlorProcess(party("join", discovery, "--name", "Ann"), in: directory)
            let bo = try ParlorProcess(party("join", discovery, "--name", "Bo"), in: directory)
            try await waitFor("Match started.", in: bo)
            ann.send(SIGKILL)
            try await waitFor("Ann is away: the host plays their seat.", in: host)
            // A lobby in play is not offered to newcomers; its player names it to rejoin.
            let again = try ParlorProcess(party("join", discovery, "--name", "Ann", "--lobby", "Host"), in: directory)
            try await waitFor("Ann is back.", in: host)
            #expect(try await host.waitForExit(timeout: .seconds(180)) == 0, "\(host.standardError)")
            #expect(host.standardOutput.contains("The host played "), "\(host.standardOutput)")
            let result = try #require(host.standardOutput.split(separator: "\n").first { $0.hasPrefix("Match over: ") })
            for joiner in [bo, again] {
                #expect(try await joiner.waitForExit(timeout: .seconds(30)) == 0, "\(joiner.standardError)")
                #expect(joiner.standardOutput.contains(String(result)), "\(joiner.standardOutput)")
            }
            #expect(again.standardOutput.contains("Joined Host's lobby"))
        }
    }

    /// Hybrid mode: the same commands with `--server` play the match through a real `parlor serve`.
    @Test func theSameFourPlayThroughAServerInHybridMode() async throws {
        try await withTemporaryDirectory { directory in
            let server = try ParlorProcess(["serve", "--port", "0"], in: directory, environment: ["PARLOR_RATE_LIMITS": "off"])
            let url = "http://127.0.0.1:\(try await server.waitUntilListening())"
            let host = try ParlorProcess(["party", "host", "--autoplay", "--server", url, "--name", "Host", "--players", "4"], in: directory)
            try await waitFor("Invite code ", in: host)
            let line = try #require(host.standardOutput.split(separator: "\n").first { $0.hasPrefix("Invite code ") })
            let code = String(line.dropFirst("Invite code ".count).prefix { $0 != ":" })
            let joiners = try ["Ann", "Bo", "Cy"].map {
                try ParlorProcess(["party", "join", "--autoplay", "--server", url, "--code", code, "--name", $0], in: directory)
            }
            #expect(try await host.waitForExit(timeout: .seconds(180)) == 0, "\(host.standardError)")
            let result = try #require(host.standardOutput.split(separator: "\n").first { $0.hasPrefix("Match over: ") })
            for joiner in joiners {
                #expect(try await joiner.waitForExit(timeout: .seconds(60)) == 0, "\(joiner.standardError)")
                #expect(joiner.standardOutput.contains(String(result)), "\(joiner.standardOutput)")
            }
            // The same profiles as local play count the match, once.
            for name in ["Host", "Ann", "Bo", "Cy"] {
                let profile = try String(contentsOf: directory.appendingPathComponent(".parlor/party/\(name)/userProfile.json"), encoding: .utf8)
                #expect(profile.contains("\"totalGamesPlayed\":1") || profile.contains("\"totalGamesPlayed\" : 1"), "\(name): \(profile)")
            }
            server.send(SIGTERM)
            #expect(try await server.waitForExit() == 0)
        }
    }

    private func party(_ command: String, _ discovery: Int, _ arguments: String...) -> [String] {
        ["party", command, "--autoplay", "--discovery-port", "\(discovery)"] + arguments
    }

    private func waitFor(_ text: String, in process: ParlorProcess, timeout: Duration = .seconds(60)) async throws {
        let deadline = ContinuousClock.now + timeout
        while !process.standardOutput.contains(text) {
            guard ContinuousClock.now < deadline else { throw ProcessFailure("no '\(text)' within \(timeout):\n\(process.standardOutput)\(process.standardError)") }
            try await Task.sleep(for: .milliseconds(50))
        }
    }

    /// A UDP port nothing listens on now, so parallel tests announce lobbies on ports of their own.
    private func freeUDPPort() throws -> Int {
        let descriptor = socket(AF_INET, Int32(SOCK_DGRAM.rawValue), 0)
        guard descriptor >= 0 else { throw ProcessFailure("socket: \(errno)") }
        defer { close(descriptor) }
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_addr.s_addr = INADDR_ANY
        let bound = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { bind(descriptor, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) }
        }
        guard bound == 0 else { throw ProcessFailure("bind: \(errno)") }
        var length = socklen_t(MemoryLayout<sockaddr_in>.size)
        _ = withUnsafeMutablePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { getsockname(descriptor, $0, &length) }
        }
        return Int(UInt16(bigEndian: address.sin_port))
    }
}
