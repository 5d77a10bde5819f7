import BestBall
import Foundation
import HTTPTypes
import HummingbirdTesting
import NIOCore
import ParlorDatabase
import ParlorServer
import Testing

/// One participant of a draft over a real socket: it follows the room's events, keeps its own copy
/// of the draft with the shared rules, and (unless silent) picks over REST when on the clock.
struct DraftBot: Sendable {
    struct Event: Decodable, Sendable {
        struct Clock: Decodable, Sendable {
            var pick: Int
            var slot: Int
        }

        struct Pick: Decodable, Sendable {
            var number: Int
            var slot: Int
            var auto: Bool
            var player: DraftPlayer
        }

        var seq: Int
        var kind: String
        var clock: Clock?
        var pick: Pick?
    }

    struct Room: Decodable, Sendable {
        struct Pick: Decodable, Sendable {
            var slot: Int
            var player: DraftPlayer
        }

        var picks: [Pick]
        var clock: Event.Clock?
    }

    struct Frame: Decodable, Sendable {
        var type: String
        var room: String?
        var seq: Int?
        var event: Event?
        var draft: Room?
        var missed: [Event]?
        var code: String?
    }

    let guest: OnlinePlayServer.Guest
    let socket: TestSocket

    /// Follows `room` until `draft_complete`, picking when on the clock unless `silent`; returns
    /// every event seen, in the order received.
    func draft(room: String, slot: Int, server: OnlinePlayServer, pool: PlayerPool, settings: DraftSettings, silent: Bool) async throws -> [Event] {
        // `since: 0`: however late this socket subscribes, the state brings every event from the first.
        socket.send(#"{"type":"draft_subscribe","room":"\#(room)","since":0}"#)
        var state = DraftState(settings: settings)
        var events: [Event] = []
        let decoder = JSONDecoder()
        while true {
            let text = try await socket.nextText(timeout: .seconds(60))
            let frame = try decoder.decode(Frame.self, from: Data(text.utf8))
            let batch = frame.type == "draft_state" ? frame.missed ?? [] : frame.type == "draft_event" ? frame.event.map { [$0] } ?? [] : []
            var clock: Event.Clock?
            for event in batch {
                events.append(event)
                if let pick = event.pick { try state.pick(pick.player.id, by: pick.slot, in: pool, at: 0) }
                if event.kind == "draft_complete" { return events }
                if event.kind == "on_the_clock" { clock = event.clock }
            }
            // Only the clock of the pick still to be made counts (a state's log may end past it).
            if clock?.pick != state.currentPick { clock = nil }
            if let clock, !silent, clock.slot == slot, let choice = Autopick.choice(for: slot, in: state, queue: [], pool: pool) {
                let answer = try await server.call(.post, "/topdog/drafts/\(room)/picks", as: guest, body: #"{"player_id":"\#(choice.id)"}"#)
                #expect(answer.status == 200, "pick \(clock.pick): \(answer)")
            }
        }
    }
}
