import GameCore

/// A game's table model: its own state and intents over the shared ``GameTableModel``. A face
/// (the terminal's table driver, a SwiftUI screen) follows the session through `table` and
/// renders the game's model.
@MainActor
public protocol GameTableFeature: AnyObject, Sendable {
    associatedtype Module: GameModule
    var table: GameTableModel<Module> { get }
}
