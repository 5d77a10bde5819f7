import Foundation

/// A game's position as the server hands it to the console: a picture when the game has a
/// renderer, and the spectator view's JSON (what anyone watching may see) for the rest.
package struct ConsoleGamePosition: Sendable {
    package var gameType: String
    /// A complete SVG document made by the server's renderer, every text in it escaped.
    package var svg: String?
    /// The engine's view for no seat, encoded as JSON.
    package var spectatorView: Data

    package init(gameType: String, svg: String?, spectatorView: Data) {
        self.gameType = gameType
        self.svg = svg
        self.spectatorView = spectatorView
    }
}
