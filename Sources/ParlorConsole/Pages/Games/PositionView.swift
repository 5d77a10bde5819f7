import Foundation

/// The position as the page draws it: the server's SVG when the game has a renderer, Crazy
/// Eights' table from its spectator view, or a note that it cannot be drawn.
struct PositionView {
    /// Server-made SVG; the template inserts it unescaped, so it must only ever come from a
    /// renderer that escapes every text it writes (Quortex's does).
    var svg: String?
    var table: CrazyEightsTable?
    var undrawable: Bool
    /// The game has ended: the picture is where it stopped (its own caption may still name a
    /// player to move).
    var over: Bool

    /// `over`: the game has ended, whatever its last position says (a resignation or an
    /// operator ends a game the rules would have gone on with).
    init(_ position: ConsoleGamePosition, over: Bool) {
        svg = position.svg.flatMap { $0.hasPrefix("<svg") ? $0 : nil }
        table = svg == nil && position.gameType == "crazy-eights" ? CrazyEightsTable(json: position.spectatorView, over: over) : nil
        undrawable = svg == nil && table == nil
        self.over = over
    }
}
