import Foundation
import ParlorAPI

/// The games pages: the list, a game's page, and what staff do to a game (remove a chat line,
/// resign a seat, end the game), each through the admin API with the operator's reason.
extension ConsoleRoutes {
    func registerGames() {
        page("/console/games") { request in .page(try await GameListPage.load(request)) }
        page("/console/games/:id") { request in .page(try await GamePage.load(request)) }
        action("/console/games/:id/chat/:line/delete", back: GamePage.back) { request in
            let (id, line) = (try request.parameter("id"), try request.parameter("line"))
            let reason = try request.form.required("reason", label: "A reason")
            let removed = try await request.call { api in
                try await api.adminDeleteChatLine(.init(path: .init(gameID: id, lineID: line), body: .json(.init(reason: reason)))).ok.body.json
            }
            return .redirect(GamePage.back(request), notice: "Removed \(removed.name)’s line: players no longer see it.")
        }
        action("/console/games/:id/seats/:seat/resign", back: GamePage.back) { request in
            let id = try request.parameter("id")
            // The form only offers real seats; any other text names none.
            guard let seat = Int(try request.parameter("seat")), (0...63).contains(seat) else { throw ConsoleNotFound("That game has no such seat.") }
            let reason = try request.form.required("reason", label: "A reason")
            let game = try await request.call { api in
                try await api.adminResignSeat(.init(path: .init(gameID: id, seat: seat), body: .json(.init(reason: reason)))).ok.body.json
            }
            let name = game.players.first { $0.seat == seat }?.name ?? "Seat \(seat + 1)"
            let after = game.status == .completed ? " The game is over." : game.status == .active ? " The game goes on." : ""
            return .redirect(GamePage.back(request), notice: "\(name) (seat \(seat + 1)) resigned.\(after)")
        }
        action("/console/games/:id/end", back: GamePage.back) { request in
            let id = try request.parameter("id")
            let reason = try request.form.required("reason", label: "A reason")
            _ = try await request.call { api in
                try await api.adminEndGame(.init(path: .init(gameID: id), body: .json(.init(reason: reason)))).ok.body.json
            }
            return .redirect(GamePage.back(request), notice: "Game ended with no result; its players were told.")
        }
    }
}
