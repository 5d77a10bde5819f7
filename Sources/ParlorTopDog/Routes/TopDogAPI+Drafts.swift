import BestBall
import Foundation
import OpenAPIRuntime
import ParlorAccounts
import ParlorAPI
import ParlorHTTP

/// The draft room over REST: read it, pick, the private queue, autopick; and the user's live rooms.
extension TopDogAPI {
    package func listMyDrafts(_ input: Operations.ListMyDrafts.Input) async throws -> Operations.ListMyDrafts.Output {
        let caller = try await accounts.authenticate()
        let drafts = try await topDog.drafts.live(for: caller.userID).map { live in
            let order = live.tournament.draft.order
            let until = live.entry.slot.flatMap { slot in live.room.status == .active ? order.picksUntil(team: slot, from: live.picks + 1) : nil }
            return Components.Schemas.DraftSummary(
                roomId: live.room.id, tournamentId: live.tournament.id, tournamentTitle: live.tournament.title,
                status: .init(rawValue: live.room.status.rawValue) ?? .filling, entry: live.entry.id, slot: live.entry.slot, seats: live.room.seats,
                picksMade: live.picks, totalPicks: order.totalPicks, picksUntilMyTurn: until, startsAt: live.room.startsAt.map(Date.init(millis:)))
        }
        return .ok(.init(body: .json(.init(drafts: drafts))))
    }

    package func getDraftRoom(_ input: Operations.GetDraftRoom.Input) async throws -> Operations.GetDraftRoom.Output {
        let caller = try await accounts.authenticate()
        let snapshot = try await topDog.drafts.snapshot(of: input.path.roomID.lowercased(), for: caller.userID)
        return .ok(.init(body: .json(.init(snapshot))))
    }

    package func makeDraftPick(_ input: Operations.MakeDraftPick.Input) async throws -> Operations.MakeDraftPick.Output {
        let caller = try await accounts.authenticate()
        guard case .json(let body) = input.body else { throw APIError.unsupportedMediaType(nil) }
        let room = input.path.roomID.lowercased()
        let made = try await topDog.drafts.pick(body.playerId, by: caller.userID, in: room)
        let (pick, order) = (made.pick, made.order)
        guard let player = try await topDog.pool.pool()[pick.playerID] else { throw APIError.draftNotFound(room) }
        let rendered = Components.Schemas.DraftPickBody(
            number: pick.number, label: order.label(of: pick.number), round: order.round(of: pick.number), pickInRound: order.pickInRound(of: pick.number),
            slot: pick.team, entry: made.entry, player: .init(player), auto: pick.auto, at: Date(millis: pick.at))
        return .ok(.init(body: .json(.init(pick: rendered, repeated: made.repeated))))
    }

    package func getDraftQueue(_ input: Operations.GetDraftQueue.Input) async throws -> Operations.GetDraftQueue.Output {
        let caller = try await accounts.authenticate()
        let queue = try await topDog.drafts.queue(of: caller.userID, in: input.path.roomID.lowercased())
        return .ok(.init(body: .json(.init(playerIds: queue))))
    }

    package func setDraftQueue(_ input: Operations.SetDraftQueue.Input) async throws -> Operations.SetDraftQueue.Output {
        let caller = try await accounts.authenticate()
        guard case .json(let body) = input.body else { throw APIError.unsupportedMediaType(nil) }
        let queue = try await topDog.drafts.setQueue(body.playerIds, of: caller.userID, in: input.path.roomID.lowercased())
        return .ok(.init(body: .json(.init(playerIds: queue))))
    }

    package func setDraftAutopick(_ input: Operations.SetDraftAutopick.Input) async throws -> Operations.SetDraftAutopick.Output {
        let caller = try await accounts.authenticate()
        guard case .json(let body) = input.body else { throw APIError.unsupportedMediaType(nil) }
        let enabled = try await topDog.drafts.setAutopick(body.enabled, by: caller.userID, in: input.path.roomID.lowercased())
        return .ok(.init(body: .json(.init(enabled: enabled))))
    }
}
