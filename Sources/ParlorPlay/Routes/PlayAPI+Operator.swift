import Foundation
import ParlorAccounts
import ParlorAPI
import ParlorHTTP

/// Staff's actions on a game: resign a seat, end the game (``MoveService/resign(seat:of:by:)``,
/// ``GameService/end(_:by:)``).
extension PlayAPI {
    package func adminResignSeat(_ input: Operations.AdminResignSeat.Input) async throws -> Operations.AdminResignSeat.Output {
        let staff = try await accounts.requireStaff()
        let id = try gameKey(input.path.gameID)
        guard case .json(let body) = input.body else { throw APIError.invalidFields([FieldError(field: "reason", message: "required")]) }
        let action = StaffAction(actor: staff.userID, reason: try Self.staffReason(body.reason))
        let game = try await play.moves.resign(seat: input.path.seat, of: id, by: action)
        return .ok(.init(body: .json(.init(game.row, seats: game.seats))))
    }

    package func adminEndGame(_ input: Operations.AdminEndGame.Input) async throws -> Operations.AdminEndGame.Output {
        let staff = try await accounts.requireStaff()
        let id = try gameKey(input.path.gameID)
        guard case .json(let body) = input.body else { throw APIError.invalidFields([FieldError(field: "reason", message: "required")]) }
        let action = StaffAction(actor: staff.userID, reason: try Self.staffReason(body.reason))
        let game = try await play.games.end(id, by: action)
        return .ok(.init(body: .json(.init(game.row, seats: game.seats))))
    }

    /// An audit reason as the schema bounds it, blank counting as none.
    static func staffReason(_ text: String) throws -> String {
        let reason = text.trimmingCharacters(in: .whitespacesAndNewlines)
        guard !reason.isEmpty, reason.count <= 500 else {
            throw APIError.invalidFields([FieldError(field: "reason", message: "must be 1–500 characters")])
        }
        return reason
    }
}
