import BestBall
import Foundation
import ParlorAPI
import ParlorClient
import Synchronization

/// One bot of the simulation: follows its room over a socket with its own copy of the draft, picks
/// the best available player that fits when on the clock, and reports when each pick reached it.
struct SimulatedDrafter: Sendable {
    let token: String
    let room: String
    let http: SimulationHTTP
    let pool: PlayerPool
    let recorder: PickRecorder
    /// The mean think time; each pick waits a uniform 0.5 to 1.5 times it.
    let thinkMillis: Int

    private struct Frame: Decodable {
        struct Room: Decodable {
            struct Pick: Decodable {
                var slot: Int
                var player: Player
            }

            struct Caps: Decodable { var qb, rb, wr, te: Int }

            var teams: Int
            var rounds: Int
            var caps: Caps
            var picks: [Pick]
            var clock: Clock?
            var mySlot: Int?
            enum CodingKeys: String, CodingKey { case teams, rounds, caps, picks, clock, mySlot = "my_slot" }
        }

        struct Player: Decodable { var id: String }
        struct Clock: Decodable { var pick: Int; var slot: Int }
        struct Pick: Decodable { var number: Int; var slot: Int; var auto: Bool; var player: Player }
        struct Event: Decodable { var kind: String; var clock: Clock?; var pick: Pick? }

        var type: String
        var draft: Room?
        var event: Event?
        var code: String?
        var message: String?
    }

    func draft(socketURL: URL) async throws {
        let connection = RealtimeConnection(configuration: RealtimeConnectionConfiguration(url: socketURL, accessToken: { [token] in token }))
        await connection.start()
        defer { Task { await connection.close() } }
        var state: DraftState?
        var slot: Int?
        for await inbound in connection.inbound {
            let frame = try JSONDecoder().decode(Frame.self, from: inbound.data)
            var clock: Frame.Clock?
            switch frame.type {
            case "welcome":
                try await connection.send(RealtimeDraftSubscribe(room: UUID(uuidString: room) ?? UUID()))
            case "draft_state":
                guard let draft = frame.draft else { continue }
                var fresh = DraftState(settings: DraftSettings(
                    teams: draft.teams, rounds: draft.rounds, caps: PositionCounts(qb: draft.caps.qb, rb: draft.caps.rb, wr: draft.caps.wr, te: draft.caps.te)))
                for pick in draft.picks { try fresh.pick(pick.player.id, by: pick.slot, in: pool, at: 0) }
                state = fresh
                slot = draft.mySlot
                clock = draft.clock
            case "draft_event":
                guard let event = frame.event else { continue }
                if let pick = event.pick {
                    try state?.pick(pick.player.id, by: pick.slot, in: pool, at: 0)
                    recorder.received(room: room, pick: pick.number, at: inbound.receivedAt, auto: pick.auto)
                }
                if event.kind == "draft_starting" {
                    // Slots are dealt as the room fills: read ours again.
                    try await connection.send(RealtimeDraftSubscribe(room: UUID(uuidString: room) ?? UUID()))
                }
                if event.kind == "draft_complete" { return }
                if event.kind == "on_the_clock" { clock = event.clock }
            case "error":
                throw SimulationError(message: "\(frame.code ?? "error"): \(frame.message ?? "")")
            default:
                continue
            }
            if let clock, let slot, clock.slot == slot, let state, let choice = Autopick.choice(for: slot, in: state, queue: [], pool: pool) {
                if thinkMillis > 0 { try await Task.sleep(for: .milliseconds(Int.random(in: thinkMillis / 2...thinkMillis * 3 / 2))) }
                recorder.sent(room: room, pick: clock.pick)
                try await http.pick(choice.id, room: room, token: token)
            }
        }
    }
}

struct SimulationError: Error, CustomStringConvertible {
    var message: String
    var description: String { message }
}

/// When each pick was sent and when each of its room's sockets read it.
final class PickRecorder: Sendable {
    private struct State {
        var sent: [String: ContinuousClock.Instant] = [:]
        var receipts: [String: (count: Int, last: ContinuousClock.Instant, auto: Bool)] = [:]
        var latencies: [Duration] = []
        var autopicks = 0
    }

    private let state = Mutex(State())

    func sent(room: String, pick: Int) {
        state.withLock { $0.sent["\(room)/\(pick)"] = .now }
    }

    func received(room: String, pick: Int, at time: ContinuousClock.Instant, auto: Bool) {
        state.withLock { state in
            let key = "\(room)/\(pick)"
            var receipt = state.receipts[key] ?? (0, time, auto)
            receipt.count += 1
            receipt.last = max(receipt.last, time)
            state.receipts[key] = receipt
            guard receipt.count == 12 else { return }
            if let sent = state.sent[key], !auto { state.latencies.append(receipt.last - sent) } else { state.autopicks += 1 }
        }
    }

    func report(rooms: Int, elapsed: Duration) -> String {
        state.withLock { state in
            let sorted = state.latencies.sorted()
            func percentile(_ p: Double) -> String {
                guard !sorted.isEmpty else { return "-" }
                let value = sorted[min(sorted.count - 1, Int((Double(sorted.count) * p).rounded(.up)) - 1)]
                return String(format: "%.1f ms", Double(value.components.attoseconds) / 1e15 + Double(value.components.seconds) * 1000)
            }
            let seconds = Double(elapsed.components.seconds) + Double(elapsed.components.attoseconds) / 1e18
            return """
                rooms: \(rooms), picks timed: \(sorted.count), autopicks: \(state.autopicks), wall time: \(String(format: "%.1f", seconds)) s
                pick to all 12 sockets: p50 \(percentile(0.5)), p90 \(percentile(0.9)), p99 \(percentile(0.99)), max \(percentile(1))
                """
        }
    }
}
