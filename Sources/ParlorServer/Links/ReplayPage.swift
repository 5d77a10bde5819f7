import Foundation
import GameCore
import ParlorAccounts
import ParlorDatabase
import ParlorLinks
import ParlorPlay

/// `/r/{game}`: a finished game, one picture per position (the start, then after each move),
/// drawn from the stored record with the game's own rules. Shown only when every player of the
/// game lets their replays be shared (``ReplaySharing``): one player saying no hides it.
struct ReplayPage {
    enum Answer {
        case shown(LinkPage)
        case `private`(LinkPage)
        case missing(LinkPage)
    }

    let links: LinksAPI

    func page(for text: String) async throws -> Answer {
        guard let id = LinkID.parse(text) else { return missing("Replay not found", "“\(text)” is not a game link. Check the link you were sent.") }
        guard let game = try await links.game(id) else { return missing("Replay not found", "There is no such game.") }
        let gameName = game.engine.catalogEntry.displayName
        guard let renderer = links.configuration.replayRenderer(for: game.row.gameType) else {
            return missing("No replay for \(gameName)", "A replay is not available for this game: \(gameName) games have no pictures to show.")
        }
        guard game.row.status == .completed else {
            return missing("Not finished yet", "This \(gameName) game is still being played; its replay appears when it ends.")
        }
        let refusing = try await links.database.withConnection { sql in try await ReplaySharing.refusing(among: game.seats.map(\.user), on: sql) }
        guard refusing.isEmpty else {
            return .private(LinkPage(
                brand: gameName, title: "This replay is private",
                blocks: [.paragraph("A player in this game keeps their replays private, so it cannot be shown here.")]))
        }
        guard let frames = try frames(of: game, renderer) else {
            return missing("No replay for \(gameName)", "A replay is not available for this game: its pictures could not be drawn.")
        }
        let players = game.players.map(\.name)
        let moves = frames.count - 1
        return .shown(LinkPage(
            brand: gameName, title: "\(gameName): \(players.joined(separator: " vs "))",
            blocks: [
                .paragraph("\(Self.result(of: game)) \(moves) \(moves == 1 ? "move" : "moves"), \(frames.count) frames."),
                // The links first: on a phone the pictures run on far below.
                links.actions(.replay(id), in: LinkApp.forInvite(gameType: game.row.gameType)),
                .frames(frames),
            ]))
    }

    /// The start and the position after each recorded move, replayed with the game's rules; nil
    /// when a view cannot be drawn (a renderer registered for another game's views).
    private func frames(of game: LiveGame, _ renderer: ReplayRenderer) throws -> [(caption: String, svg: String)]? {
        var state = try game.engine.start(settings: game.row.settings, seed: game.row.seed, seats: game.players)
        guard let start = renderer.svg(of: try game.engine.view(of: state, seat: nil)) else { return nil }
        var frames = [(caption: "Start", svg: start)]
        for entry in game.entries {
            state = try game.engine.replay(action: entry.action, by: entry.seat, on: state)
            guard let svg = renderer.svg(of: try game.engine.view(of: state, seat: nil)) else { return nil }
            frames.append((caption: "Move \(entry.seq)", svg: svg))
        }
        return frames
    }

    private static func result(of game: LiveGame) -> String {
        let winners = (game.row.outcome?.winners ?? []).compactMap { game.user(at: $0)?.name }
        return winners.isEmpty ? "Nobody won." : "Won by \(winners.joined(separator: " and "))."
    }

    private func missing(_ title: String, _ message: String) -> Answer {
        .missing(LinkPage(brand: "Parlor", title: title, blocks: [.paragraph(message)]))
    }
}
