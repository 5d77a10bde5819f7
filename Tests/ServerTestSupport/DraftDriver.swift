import BestBall
import Foundation
import HTTPTypes
import Testing
import TestSupport

/// Drives a room over REST for tests that need picks made quickly: whoever is on the clock picks
/// the best available player that fits.
public struct DraftDriver: Sendable {
    public let server: OnlinePlayServer
    public let room: String
    public let guests: [OnlinePlayServer.Guest]
    public let pool = PlayerPool(SyntheticPool.players())

    public init(server: OnlinePlayServer, room: String, guests: [OnlinePlayServer.Guest]) {
        self.server = server
        self.room = room
        self.guests = guests
    }

    /// The room as `guest` reads it.
    public func read(as guest: OnlinePlayServer.Guest) async throws -> [String: Any] {
        try await server.call(.get, "/topdog/drafts/\(room)", as: guest).json
    }

    /// Waits (up to 30 s, a bound on a hang) until the room is active, and returns who is on the clock.
    public func onTheClock() async throws -> (guest: OnlinePlayServer.Guest, slot: Int, state: DraftState)? {
        let deadline = ContinuousClock.now + .seconds(30)
        while ContinuousClock.now < deadline {
            let room = try await read(as: guests[0])
            if room["status"] as? String == "complete" { return nil }
            if let clock = room["clock"] as? [String: Any], let slot = clock["slot"] as? Int {
                var state = DraftState(settings: DraftSettings(teams: room["teams"] as? Int ?? 12, rounds: room["rounds"] as? Int ?? 18, caps: caps(room)))
                for pick in room["picks"] as? [[String: Any]] ?? [] {
                    guard let player = (pick["player"] as? [String: Any])?["id"] as? String, let team = pick["slot"] as? Int else { continue }
                    try state.pick(player, by: team, in: pool, at: 0)
                }
                for guest in guests where try await read(as: guest)["my_slot"] as? Int == slot { return (guest, slot, state) }
            }
            try await Task.sleep(for: .milliseconds(20))
        }
        throw TestSetupError("the room never put anyone on the clock")
    }

    /// Makes `count` picks, each by the team on the clock.
    public func pick(_ count: Int) async throws {
        for _ in 0..<count {
            guard let (guest, slot, state) = try await onTheClock(), let choice = Autopick.choice(for: slot, in: state, queue: [], pool: pool) else { return }
            let answer = try await server.call(.post, "/topdog/drafts/\(room)/picks", as: guest, body: #"{"player_id":"\#(choice.id)"}"#)
            #expect(answer.status == 200, "\(answer)")
        }
    }

    private func caps(_ room: [String: Any]) -> PositionCounts {
        let caps = room["caps"] as? [String: Int] ?? [:]
        return PositionCounts(qb: caps["qb"] ?? 4, rb: caps["rb"] ?? 9, wr: caps["wr"] ?? 10, te: caps["te"] ?? 5)
    }
}
