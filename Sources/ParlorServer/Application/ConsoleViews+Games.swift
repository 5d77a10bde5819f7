import Foundation
import GameCore
import ParlorConsole
import ParlorPlay

/// The console's pictures of games. The server knows no game, so it draws a position with the
/// renderers it was handed for replays (Quortex's SVG) and hands the console the spectator view
/// itself, which by every engine's contract holds nothing hidden.
extension ConsoleViews {
    func drawingGames(play: PlayServices, links: LinkConfiguration) -> ConsoleViews {
        var views = self
        views.gamePosition = { id in
            let game = try await play.games.live(id)
            guard let state = game.current else { return nil }
            let view = try game.engine.view(of: state, seat: nil)
            return ConsoleGamePosition(
                gameType: game.row.gameType, svg: links.replayRenderer(for: game.row.gameType)?.svg(of: view),
                spectatorView: try game.engine.viewJSON(of: state, seat: nil))
        }
        return views
    }
}
