import Foundation
import ParlorAccounts
import ParlorDatabase
import GameCore
import ParlorLinks
import ParlorPlay

/// `/i/{code}`: the invite a friend sent, for someone who does not have the app open: who
/// invited, to which game, the code to type, and the links to the app.
struct InvitePage {
    let links: LinksAPI

    func page(for text: String) async throws -> FoundPage {
        guard let code = InviteCodeRule.normalise(text) else {
            return missing("“\(text)” is not an invite code. Check the link you were sent.")
        }
        guard let id = try await links.play.games.game(inviteCode: code), let game = try await links.game(id), game.row.status == .waiting else {
            return missing("The invite code \(code) is unknown or has expired: the game may have started or ended. Ask for a new invite.")
        }
        let inviter = try await links.database.withConnection { sql in try await UserDirectory.displayName(of: game.row.createdBy, on: sql) }
        let gameName = links.engines.engine(game.row.gameType)?.catalogEntry.displayName ?? game.row.gameType
        let app = LinkApp.forInvite(gameType: game.row.gameType)
        let seated = game.seats.count
        let page = LinkPage(
            brand: Self.brand(app), title: "\(inviter) invited you to play \(gameName)",
            blocks: [
                .paragraph("Open the invite in the app, or enter this code under Join a game:"),
                .code(code),
                .facts([("Game", gameName), ("Invited by", inviter), ("Players", "\(seated) of \(game.row.players) joined")]),
                links.actions(.invite(code: code), in: app),
            ])
        return FoundPage(found: true, page: page)
    }

    private func missing(_ message: String) -> FoundPage {
        FoundPage(found: false, page: LinkPage(brand: "Parlor", title: "Invite not found", blocks: [.paragraph(message)]))
    }

    static func brand(_ app: LinkApp) -> String {
        switch app {
        case .quortex: "Quortex"
        case .party: "OneForTheBoys"
        case .topdog: "TopDog"
        }
    }
}
