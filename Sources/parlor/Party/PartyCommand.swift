import ArgumentParser
import CrazyEights
import Foundation
import GameCore
import GameSession
import PartyFeature
import PartyNetwork

/// `parlor party host|join|list`: OneForTheBoys between terminals on one network (or through a
/// Parlor server with `--server`): a lobby with ready, kick and the host's settings, then the game.
struct PartyCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "party", abstract: "Play Crazy Eights with people on the same network.",
        subcommands: [PartyHost.self, PartyJoin.self, PartyList.self])

    /// The party app's version as lobbies compare it (major must match, joiner not older).
    static let appVersion = SemanticVersion(major: 1, minor: 0, patch: 0)
}

/// What every `party` command takes.
struct PartyOptions: ParsableArguments {
    @Option(help: "Your name at the table; your profile (stats) is kept in .parlor/party/NAME/.")
    var name = ProcessInfo.processInfo.hostName.split(separator: ".").first.map(String.init) ?? "Player"

    @Option(help: "The UDP port lobbies are announced on.")
    var discoveryPort = UDPLobbyDiscovery.defaultPort

    @Flag(help: "Play by yourself with the heuristic bot, printing one line per event (for scripts and tests).")
    var autoplay = false

    @Flag(help: "No colours (also when NO_COLOR is set or output is not a terminal).")
    var noColor = false

    @Option(help: .hidden)
    var appVersion: String?

    func validate() throws {
        guard name.range(of: "^[A-Za-z0-9 _-]{1,20}$", options: .regularExpression) != nil else {
            throw ValidationError("--name is 1 to 20 letters, digits, spaces, '-' or '_'")
        }
        guard (1...65_535).contains(discoveryPort) else { throw ValidationError("--discovery-port must be 1 to 65535") }
        if let appVersion, SemanticVersion(appVersion) == nil { throw ValidationError("--app-version must read like 1.2.3") }
    }

    var version: SemanticVersion { appVersion.flatMap(SemanticVersion.init) ?? PartyCommand.appVersion }

    var discovery: UDPLobbyDiscovery { UDPLobbyDiscovery(port: discoveryPort) }

    /// Profile stats directory for `name`.
    var profileDirectory: URL {
        URL(fileURLWithPath: ".parlor/party", isDirectory: true).appendingPathComponent(name.replacingOccurrences(of: " ", with: "_"))
    }
}

struct PartyHost: AsyncParsableCommand {
    static let configuration = CommandConfiguration(commandName: "host", abstract: "Open a lobby for people nearby to join.")

    @OptionGroup var options: PartyOptions

    @Option(help: "The game: crazy-eights.")
    var game = "crazy-eights"

    @Option(name: .customLong("private"), help: "Make the lobby private: joiners need this passcode.")
    var passcode: String?

    @Option(help: "Bots that join the lobby at once (they play over the network like anyone).")
    var bots = 0

    @Option(help: "With --autoplay: start once this many players (you included) are in and ready.")
    var players = 2

    @Option(help: "The TCP port joiners connect to (0: any free port).")
    var port = 0

    @Option(help: "Rules: classic or party.")
    var preset = CrazyEightsSettings.Preset.classic.rawValue

    @Option(help: "The score that ends the match.")
    var target = 100

    @Option(help: "Play through this Parlor server instead of the local network (hybrid mode).")
    var server: String?

    @Option(help: .hidden)
    var clientSilence: Int?

    func validate() throws {
        guard game == "crazy-eights" || game == "crazy_eights" else { throw ValidationError("the party games are: crazy-eights") }
        guard (0...7).contains(bots) else { throw ValidationError("--bots must be 0 to 7") }
        guard (2...8).contains(players), bots + 1 <= players || !options.autoplay else {
            throw ValidationError("--players must be 2 to 8 and at least --bots + 1")
        }
        guard (0...65_535).contains(port) else { throw ValidationError("--port must be 0 to 65535") }
        guard CrazyEightsSettings.Preset(rawValue: preset) != nil else { throw ValidationError("--preset is classic or party") }
        guard target >= 1 else { throw ValidationError("--target must be at least 1") }
        if let passcode { guard (1...32).contains(passcode.count) else { throw ValidationError("--private takes 1 to 32 characters") } }
    }

    func run() async throws {
        try await reportingFailures {
            var settings = CrazyEightsSettings(preset: CrazyEightsSettings.Preset(rawValue: preset) ?? .classic)
            settings.targetScore = target
            if let server {
                try await HybridParty(options: options, server: server).host(players: players, settings: settings)
                return
            }
            var timeouts = SessionTimeouts()
            if let clientSilence { timeouts.clientSilence = .seconds(max(clientSilence, 1)) }
            try await LocalParty(options: options).host(
                settings: settings, passcode: passcode, bots: bots, players: players, port: port, timeouts: timeouts)
        }
    }
}

struct PartyJoin: AsyncParsableCommand {
    static let configuration = CommandConfiguration(commandName: "join", abstract: "Find a lobby nearby and join it.")

    @OptionGroup var options: PartyOptions

    @Option(help: "The lobby to join: its id or its host's name (without it: choose from the list).")
    var lobby: String?

    @Option(help: "The passcode of a private lobby.")
    var passcode: String?

    @Option(help: "Connect to HOST:PORT instead of finding the lobby by discovery (needs --lobby ID).")
    var address: String?

    @Option(help: "Seconds to look for lobbies before giving up.")
    var wait = 15

    @Option(help: "Hybrid mode: the Parlor server to play through (with --code).")
    var server: String?

    @Option(help: "Hybrid mode: the invite code the host was given.")
    var code: String?

    func validate() throws {
        guard wait >= 1 else { throw ValidationError("--wait must be at least 1") }
        guard address == nil || lobby != nil else { throw ValidationError("--address needs --lobby ID") }
        guard (server == nil) == (code == nil) else { throw ValidationError("--server and --code go together") }
    }

    func run() async throws {
        try await reportingFailures {
            if let server, let code {
                try await HybridParty(options: options, server: server).join(code: code)
                return
            }
            try await LocalParty(options: options).join(lobby: lobby, passcode: passcode, address: address, wait: .seconds(wait))
        }
    }
}

struct PartyList: AsyncParsableCommand {
    static let configuration = CommandConfiguration(commandName: "list", abstract: "List the lobbies announced nearby.")

    @OptionGroup var options: PartyOptions

    @Option(help: "Seconds to listen.")
    var wait = 3

    func run() async throws {
        try await reportingFailures {
            let lobbies = try await options.discovery.browse()
            let collector = Task {
                var latest: [DiscoveredLobby] = []
                for await list in lobbies { latest = list }
                return latest
            }
            try? await Task.sleep(for: .seconds(max(wait, 1)))
            collector.cancel()
            let latest = await collector.value
            if latest.isEmpty { say("No lobbies heard on UDP port \(options.discoveryPort).") }
            for lobby in latest { say(PartyMatchText.describe(lobby)) }
        }
    }
}
