import AppFoundation
import GameCore
import GameSession

/// TerminalPlay: games played by a person in a terminal. A screen is a renderer of a game's table
/// model (QuortexFeature, PartyFeature): it turns keys into the model's intents and the model's
/// state into text, and decides nothing itself, so the same model drives a SwiftUI screen. The
/// screen value holds only what the model is made with (seat names, the leave prompt), so a
/// command can name a screen before its session exists; ``TableDriver`` makes the model.
public protocol TerminalScreen: Sendable {
    associatedtype Module: GameModule
    associatedtype Model: GameTableFeature where Model.Module == Module

    /// The model for a game on `endpoint`, with this screen's seat names and leave prompt.
    @MainActor func makeModel(endpoint: any GameSessionEndpoint<Module>, finalOutcome: GameTableModel<Module>.FinalOutcome?) -> Model

    /// Sends `key`'s intent to the model.
    @MainActor func handle(_ key: Key, _ model: Model) async

    /// The whole screen, one string per line (styled with `style`).
    @MainActor func render(_ model: Model, style: TerminalStyle) -> [String]

    /// Whether the last frame stays until a key once the game is over (Quortex's board shows
    /// the winning path there).
    var holdsFinalFrame: Bool { get }
}

extension TerminalScreen {
    public var holdsFinalFrame: Bool { false }
}

/// The keys every table shares, to the shared model's intents: `?` shows the rules (any key
/// goes back), `q` or Escape asks to leave, `y` confirms and any other key stays.
enum TableKeys {
    /// True when `key` was one of these (or answered the rules or the leave question).
    @MainActor static func intercept<Module>(_ key: Key, _ table: GameTableModel<Module>) -> Bool {
        table.dismissMessage()
        if table.showsRules {
            table.hideRules()
            return true
        }
        if table.isConfirmingLeave {
            if key == .character("y") || key == .character("Y") { table.confirmLeave() } else { table.stay() }
            return true
        }
        switch key {
        case .character("?"):
            table.showRules()
            return true
        case .character("q"), .character("Q"), .escape:
            table.requestLeave()
            return true
        default:
            return false
        }
    }

    static let unknown = "Unknown key. Press ? for the rules and keys."
}
