import GameCore
import GameSession

/// TerminalPlay: games played by a person in a terminal. A screen turns keys into actions and a
/// session snapshot into text; it holds no rules, so the same screen plays offline against bots
/// (``BotTable``) and online (the SDK's `OnlineGameEndpoint`). Everything here is pure or an actor
/// over pure code, so it is tested without a terminal; the `parlor play` command adds the tty.
public protocol TerminalScreen: Sendable {
    associatedtype Module: GameModule

    /// What the screen wants done for `key`, given what the player sees now.
    mutating func handle(_ key: Key, in snapshot: SessionSnapshot<Module>) -> ScreenCommand<Module.Action>

    /// The whole screen, one string per line (styled with `style`).
    func render(_ snapshot: SessionSnapshot<Module>, style: TerminalStyle) -> [String]

    /// Seat names, the message line and the shared keys.
    var chrome: ScreenChrome { get set }

    /// Why a move was refused, in the screen's own words (a card drawn as the screen draws it).
    func explain(_ error: GameError) -> String
}

extension TerminalScreen {
    /// Shown under the board until the next key: why a move was refused, a prompt, a hint.
    public var message: String? {
        get { chrome.message }
        set { chrome.message = newValue }
    }

    var seatLabels: [Int: String] { chrome.seatLabels }

    public func explain(_ error: GameError) -> String { ScreenChrome.explain(error) }
}

/// What a key asks the driver to do.
public enum ScreenCommand<Action: Sendable>: Sendable {
    /// Nothing beyond redrawing.
    case none
    /// Play `action`; a refusal comes back as the screen's message.
    case perform(Action)
    /// Leave the game (after the player confirmed; online the driver resigns first).
    case quit
}

/// What every screen shares: the names shown for seats, the message line, and the keys `?`
/// (the rules), `q` (asks to leave) and `y` (confirms).
public struct ScreenChrome: Sendable, Equatable {
    /// Shown for seats, e.g. "bot (hard)"; the player's own seat is "you".
    public var seatLabels: [Int: String]
    /// The prompt when leaving mid-game (online it says the game is resigned).
    public var quitPrompt: String
    public var message: String?
    public var showsRules = false
    public var confirmingQuit = false
    /// How the game ended when the player's view cannot say (a resignation the server recorded
    /// outside the game's rules): the driver asks the authority and puts it here.
    public var outcome: GameOutcome?

    public init(seatLabels: [Int: String] = [:], quitPrompt: String = "Leave the game? y to leave, any other key to stay.") {
        self.seatLabels = seatLabels
        self.quitPrompt = quitPrompt
    }

    /// How the game ended, in the words every screen uses and `parlor play` prints after the
    /// terminal is given back: "Game over: you won (resignation)." or "Game over: P2 Olga won
    /// (flow).". A seat is named by its label, else by `playerNames` (the view's), else by number.
    public func verdict(_ outcome: GameOutcome, viewer: Int?, playerNames: [String] = []) -> String {
        let winners: String
        if outcome.winners.isEmpty {
            winners = "nobody"
        } else if let viewer, outcome.winners.contains(viewer) {
            winners = "you"
        } else {
            winners = outcome.winners.map { seat in
                let name = seatLabels[seat] ?? (playerNames.indices.contains(seat) ? playerNames[seat] : "")
                return name.isEmpty ? "P\(seat + 1)" : "P\(seat + 1) \(name)"
            }.joined(separator: " and ")
        }
        return "Game over: \(winners) won (\(outcome.winType.rawValue))."
    }

    /// A refusal as every screen words it, unless the screen has words of its own.
    public static func explain(_ error: GameError) -> String {
        switch error {
        case .notYourTurn(let message): "Not your turn: \(message)"
        case .invalidAction(let message): "Not allowed: \(message)"
        case .gameOver: "The game is over."
        default: "Refused: \(error.message)"
        }
    }

    /// Clears the message and handles the keys every screen shares; nil when `key` is the screen's own.
    mutating func intercept<Action>(_ key: Key, gameOver: Bool) -> ScreenCommand<Action>? {
        message = nil
        if showsRules {
            showsRules = false
            return ScreenCommand.none
        }
        if confirmingQuit {
            confirmingQuit = false
            if key == .character("y") || key == .character("Y") { return .quit }
            message = "Staying in the game."
            return ScreenCommand.none
        }
        switch key {
        case .character("?"):
            showsRules = true
            return ScreenCommand.none
        case .character("q"), .character("Q"), .escape:
            if gameOver { return .quit }
            confirmingQuit = true
            message = quitPrompt
            return ScreenCommand.none
        default:
            return nil
        }
    }
}
