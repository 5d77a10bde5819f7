import Foundation
import GameCore
import OpenAPIRuntime
import ParlorAccounts
import ParlorAPI
import ParlorHTTP

/// How a game looks on the REST wire, to a given user.
extension LiveGame {
    /// `rematch` is the rematch someone asked for, when the caller looked it up (a game read by id).
    func representation(for user: String, withView: Bool = false, rematch: UUID? = nil) throws -> Components.Schemas.Game {
        let seat = seat(of: user)
        let isPlayer = seatRow(of: user) != nil
        let view: OpenAPIObjectContainer? =
            if withView, let current { try .decoding(try engine.viewJSON(of: current, seat: seat)) } else { nil }
        return Components.Schemas.Game(
            id: PlayStore.key(id), gameType: row.gameType, mode: row.mode == .realtime ? .realtime : .turnBased,
            status: Components.Schemas.GameStatus(rawValue: row.status.rawValue) ?? .waiting, players: row.players,
            inviteCode: isPlayer && row.status == .waiting ? row.inviteCode : nil,
            seats: seats.map { seat in
                Components.Schemas.GameSeat(
                    seat: seat.seat, user: seat.user, name: seat.name, present: seat.connections > 0, resigned: seat.resigned,
                    rating: seat.ratingAfter)
            },
            yourSeat: seat, seq: row.seq, currentSeats: current.map { engine.turnSeats(in: $0) },
            turnDeadline: row.deadlineAt.map(Date.init(millis:)), createdAt: Date(millis: row.createdAt),
            startedAt: row.startedAt.map(Date.init(millis:)), endedAt: row.endedAt.map(Date.init(millis:)),
            outcome: row.outcome.map { Components.Schemas.GameOutcomeBody(winners: $0.winners, winType: $0.winType.rawValue) },
            settings: try .decoding(try engine.wireSettings(row.settings)), turnSeconds: row.turnSeconds,
            timeoutPolicy: row.timeoutPolicy == .botMove ? .botMove : .forfeit, rematch: rematch.map(PlayStore.key), view: view)
    }
}

extension OpenAPIObjectContainer {
    /// A JSON object as the generated types hold it; a game's settings that are not an object are wrapped.
    static func decoding(_ json: Data) throws -> OpenAPIObjectContainer {
        if let object = try? JSONDecoder().decode(OpenAPIObjectContainer.self, from: json) { return object }
        return try JSONDecoder().decode(OpenAPIObjectContainer.self, from: Data(#"{"value":"#.utf8) + json + Data("}".utf8))
    }
}
