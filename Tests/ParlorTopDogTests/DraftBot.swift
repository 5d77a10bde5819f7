import BestBall
import Foundation
import HTTPTypes
import HummingbirdTesting
import NIOCore
import ServerTestSupport
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

        struct Participant: Decodable, Sendable {
            var entry: String
            var slot: Int?
        }

        var seq: Int
        var kind: String
        var clock: Clock?
        var pick: Pick?
        var participants: [Participant]?
    }

    struct Room: Decodable, Sendable {
        struct Pick: Decodable, Sendable {
            var slot: Int
            var player: DraftPlayer
        }

        var picks: [Pick]
        var clock: Event.Clock?
        var mySlot: Int?

        enum CodingKeys: String, CodingKey {
            case picks, clock
            case mySlot = "my_slot"
        }
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

    /// Subscribes to `room` (where this bot holds `entry`) and waits for the answer.
    func subscribe(room: String) {
        // `since: 0`: however late this socket subscribes, the state brings every event from the first.
        socket.send(#"{"type":"draft_subscribe","room":"\#(room)","since":0}"#)
    }

    /// Follows `room` until `draft_complete`, picking when on the clock unless `silent`; returns the
    /// slot it was dealt and every event seen, in the order received.
    func draft(room: String, entry: String, server: OnlinePlayServer, pool: PlayerPool, settings: DraftSettings, silent: Bool) async throws
        -> (slot: Int?, events: [Event])
    {
        var state = DraftState(settings: settings)
        var slot: Int?
        var events: [Event] = []
        let decoder = JSONDecoder()
        while true {
            let text = try await socket.nextText(timeout: .seconds(60))
            let frame = try decoder.decode(Frame.self, from: Data(text.utf8))
            let batch = frame.type == "draft_state" ? frame.missed ?? [] : frame.type == "draft_event" ? frame.event.map { [$0] } ?? [] : []
            slot = slot ?? frame.draft?.mySlot
            var clock: Event.Clock?
            for event in batch {
                events.append(event)
                slot = slot ?? event.participants?.first { $0.entry == entry }?.slot
                if let pick = event.pick { try state.pick(pick.player.id, by: pick.slot, in: pool, at: 0) }
                if event.kind == "draft_complete" { return (slot, events) }
                if event.kind == "on_the_clock" { clock = event.clock }
            }
            // Only the clock of the pick still to be made counts (a state's log may end past it).
            if clock?.pick != state.currentPick { clock = nil }
            if let clock, !silent, let slot, clock.slot == slot, let choice = Autopick.choice(for: slot, in: state, queue: [], pool: pool) {
                let answer = try await server.call(.post, "/topdog/drafts/\(room)/picks", as: guest, body: #"{"player_id":"\#(choice.id)"}"#)
                #expect(answer.status == 200, "pick \(clock.pick): \(answer)")
            }
        }
    }
}
