import ArgumentParser
import CrazyEights
import Foundation
import GameCore
import Quortex
import TerminalPlay

/// `parlor play quortex|crazy-eights`: a person plays in the terminal, offline against bots or
/// online (`--server`) against people.
struct PlayCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "play", abstract: "Play a game in the terminal, against bots or online.",
        subcommands: [PlayQuortex.self, PlayCrazyEights.self])
}

/// How strong the bots are.
enum BotLevel: String, CaseIterable, ExpressibleByArgument {
    case easy, medium, hard
}

/// What both games' `play` commands take.
struct PlayOptions: ParsableArguments {
    @Option(help: "Bots' strength offline: easy, medium or hard.")
    var bots: BotLevel = .medium

    @Option(help: "Players at the table, you included.")
    var players = 2

    @Option(help: "Seed of the offline game (a random one when left out).")
    var seed: UInt64?

    @Option(help: "Milliseconds a bot waits before its move, so its moves can be followed.")
    var botPause = 600

    @Option(help: "Play online on this server (http(s)://host:port) instead of against bots.")
    var server: String?

    @Option(help: "Online: join the private game with this invite code.")
    var code: String?

    @Flag(help: "Online: create a private game and wait for friends to join with its code.")
    var invite = false

    @Option(help: "Online: the name of the guest account to play as, kept in .parlor/play/.")
    var profile = "default"

    @Flag(help: "No colours (also when NO_COLOR is set or output is not a terminal).")
    var noColor = false

    func validate() throws {
        guard botPause >= 0 else { throw ValidationError("--bot-pause cannot be negative") }
        guard !(invite && code != nil) else { throw ValidationError("use --invite to create a game or --code to join one, not both") }
        guard server != nil || (!invite && code == nil) else { throw ValidationError("--invite and --code need --server") }
        guard profile.range(of: "^[A-Za-z0-9_-]{1,40}$", options: .regularExpression) != nil else {
            throw ValidationError("--profile is 1 to 40 letters, digits, '-' or '_'")
        }
    }

    var offlineSeed: GameSeed { GameSeed(seed ?? UInt64.random(in: 0...UInt64(UInt32.max))) }
}

struct PlayQuortex: AsyncParsableCommand {
    static let configuration = CommandConfiguration(commandName: "quortex", abstract: "Play Quortex in the terminal.")

    @OptionGroup var options: PlayOptions

    func validate() throws {
        guard (2...6).contains(options.players) else { throw ValidationError("Quortex is for 2 to 6 players, not \(options.players)") }
    }

    func run() async throws {
        try await reportingFailures {
            let labels = "bot (\(options.bots.rawValue))"
            if let server = options.server {
                try await OnlinePlay(options: options, server: server).play(QuortexScreen.self) { QuortexScreen(seatLabels: $0, quitPrompt: $1) }
                return
            }
            let kind: QuortexBotKind =
                switch options.bots {
                case .easy: .random
                case .medium: .heuristic
                case .hard: .lookahead
                }
            let bot = kind.bot
            let table = try BotTable<Quortex>(
                players: offlinePlayers(options.players), humanSeat: 0, settings: Quortex.defaultSettings(playerCount: options.players),
                seed: options.offlineSeed, pause: .milliseconds(options.botPause)
            ) { state, _, random in bot.choosePlacement(in: state.position, random: &random).map(QuortexAction.place) }
            let seats = Dictionary(uniqueKeysWithValues: (1..<options.players).map { ($0, labels) })
            await playOffline(table, QuortexScreen(seatLabels: seats), options: options)
        }
    }
}

struct PlayCrazyEights: AsyncParsableCommand {
    static let configuration = CommandConfiguration(commandName: "crazy-eights", abstract: "Play Crazy Eights in the terminal.")

    @OptionGroup var options: PlayOptions

    @Option(help: "Offline: the score that ends the match.")
    var target = 100

    func validate() throws {
        guard (2...8).contains(options.players) else { throw ValidationError("Crazy Eights is for 2 to 8 players, not \(options.players)") }
        guard target >= 1 else { throw ValidationError("--target must be at least 1") }
    }

    func run() async throws {
        try await reportingFailures {
            if let server = options.server {
                try await OnlinePlay(options: options, server: server).play(CrazyEightsScreen.self) { CrazyEightsScreen(seatLabels: $0, quitPrompt: $1) }
                return
            }
            // Crazy Eights has two bots; "hard" plays the heuristic bot, as "medium" does.
            let bot = (options.bots == .easy ? CrazyEightsBotKind.random : .heuristic).bot
            var settings = CrazyEights.defaultSettings(playerCount: options.players)
            settings.targetScore = target
            let table = try BotTable<CrazyEights>(
                players: offlinePlayers(options.players), humanSeat: 0, settings: settings, seed: options.offlineSeed,
                pause: .milliseconds(options.botPause)
            ) { state, seat, random in bot.chooseAction(in: CrazyEights.view(of: state, for: .player(seat: seat)), random: &random) }
            let seats = Dictionary(uniqueKeysWithValues: (1..<options.players).map { ($0, "bot (\(options.bots.rawValue))") })
            await playOffline(table, CrazyEightsScreen(seatLabels: seats), options: options)
        }
    }
}

func offlinePlayers(_ count: Int) -> [GamePlayer] {
    [GamePlayer(id: "you", name: "You")] + (1..<count).map { GamePlayer(id: "bot-\($0)", name: "Bot \($0)") }
}

/// Plays an offline game to its end (or until the player leaves) and says how it ended.
func playOffline<Screen: TerminalScreen>(_ table: BotTable<Screen.Module>, _ screen: Screen, options: PlayOptions) async {
    let terminal = Terminal(colour: !options.noColor)
    await table.start()
    let (ending, model) = await TableDriver<Screen>(endpoint: table, style: terminal.style, write: terminal.write).run(screen, keys: terminal.keys())
    await table.stop()
    terminal.restore()
    print(await ending.summary(of: model))
}
