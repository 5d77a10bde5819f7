import ParlorDatabase
import ServerTestSupport
import BestBall
import Foundation
import HTTPTypes
import HummingbirdTesting
import NIOCore
@testable import ParlorTopDog
import Testing
import TestSupport

/// Whole drafts over real sockets: twelve bots, one silent. The clock (10 s) is long enough for
/// the bots on a loaded CI machine; the silent team runs it out once and is then autopicked.
@Suite("TopDog live drafts", .timeLimit(.minutes(5)))
struct LiveDraftTests {
    @Test("twelve bots draft 216 picks; a silent team is autopicked; every socket sees every event once, in order; no queue is ever sent")
    func fullDraft() async throws {
        try await withTopDogServer { server in
            let tournament = try await server.tournament(extra: #","speed":"custom","pick_seconds":10,"countdown_seconds":0"#)
            let guests = try await (0..<12).asyncMap { _ in try await server.guest() }
            let pool = PlayerPool(SyntheticPool.players())
            let settings = try await server.database.withConnection { sql in try #require(try await TournamentStore.find(tournament, on: sql)).draft }
            guard let port = server.client.port else { throw TestSetupError("no port") }
            // Every socket is open, and all but the last bot follow the room, before its twelfth
            // entry starts the first pick's clock: no bot can miss a pick because it came late.
            let sockets = guests.map { TestSocket(url: "ws://127.0.0.1:\(port)/ws", token: $0.token) }
            defer { sockets.forEach { $0.close() } }
            for socket in sockets { _ = try await socket.next("welcome") }
            var entries: [String] = []
            var room = ""
            for (index, guest) in guests.enumerated() {
                let joined = try await server.join(tournament, as: guest)
                let entry = try #require((joined.json["entries"] as? [[String: Any]])?.first)
                entries.append(try #require(entry["id"] as? String))
                // Slots are dealt by the entry that fills the room, and its answer carries its own.
                #expect((entry["slot"] as? Int != nil) == (index == 11))
                room = try #require(entry["room_id"] as? String)
                if index == 0 {
                    // A queue only its owner may ever see: a marker no frame to anyone may hold.
                    let queued = try await server.call(.put, "/topdog/drafts/\(room)/queue", as: guest, body: #"{"player_ids":\#(Self.json(Self.queue(pool)))}"#)
                    #expect(queued.status == 200)
                }
                if index < 11 {
                    DraftBot(guest: guest, socket: sockets[index]).subscribe(room: room)
                    try await Self.wait { sockets[index].texts.contains { $0.contains(#""type":"draft_state""#) } }
                }
            }
            DraftBot(guest: guests[11], socket: sockets[11]).subscribe(room: room)
            let (theRoom, theEntries) = (room, entries)
            // Guest 0 never picks: its time runs out once, then it is autopicked from its queue.
            let results = try await withThrowingTaskGroup(of: (Int, Int?, [DraftBot.Event]).self) { group in
                for index in guests.indices {
                    group.addTask {
                        let bot = DraftBot(guest: guests[index], socket: sockets[index])
                        let (slot, events) = try await bot.draft(
                            room: theRoom, entry: theEntries[index], server: server, pool: pool, settings: settings, silent: index == 0)
                        return (index, slot, events)
                    }
                }
                var results: [Int: (slot: Int?, events: [DraftBot.Event])] = [:]
                for try await (index, slot, events) in group { results[index] = (slot, events) }
                return results
            }
            let logs = results.mapValues(\.events)
            let seated = try guests.indices.map { try #require(results[$0]?.slot) }
            #expect(Set(seated) == Set(0..<12))
            let reference = try #require(logs[0])
            let picks = reference.compactMap(\.pick)
            #expect(picks.count == 216)
            #expect(picks.map(\.number) == Array(1...216))
            #expect(Set(picks.map(\.player.id)).count == 216)
            for (index, log) in logs {
                let seqs = log.map(\.seq)
                #expect(seqs == Array(seqs.sorted()) && Set(seqs).count == seqs.count, "guest \(index) saw an event twice or out of order")
                #expect(log.compactMap(\.pick).map(\.number) == Array(1...216), "guest \(index) missed a pick")
            }
            // The silent team was drafted for, all 18 rounds; the others picked for themselves.
            for index in 0..<12 {
                let automatic = picks.filter { $0.slot == seated[index] }.map(\.auto)
                #expect(automatic == Array(repeating: index == 0, count: 18), "guest \(index)")
            }
            // Guest 0's autopicks took its queue first, in order (nobody else wanted those players).
            let firstPicks = picks.filter { $0.slot == seated[0] }.prefix(5).map(\.player.id)
            #expect(firstPicks == Self.queue(pool))
            for (index, socket) in sockets.enumerated() {
                let bytes = socket.texts.joined()
                #expect(!bytes.contains("player_ids") && !bytes.contains("queue"), "socket \(index) received queue data")
            }
            let final = try await server.call(.get, "/topdog/drafts/\(room)", as: guests[5])
            #expect(final.json["status"] as? String == "complete")
            #expect((final.json["picks"] as? [Any])?.count == 216)
            let teams = try await server.call(.get, "/topdog/teams", as: guests[5])
            let roster = try #require(((teams.json["teams"] as? [[String: Any]])?.first)?["roster"] as? [Any])
            #expect(roster.count == 18)
        }
    }

    /// Guest 0's queue: wide receivers (no cap turns one away), the last five by ADP, worst first.
    static func queue(_ pool: PlayerPool) -> [String] {
        Array(pool.players.filter { $0.position == .wr }.suffix(5).map(\.id).reversed())
    }

    /// Polls `condition` every 10 ms for up to 60 s, a bound on a hang.
    static func wait(until condition: () throws -> Bool) async throws {
        let deadline = ContinuousClock.now + .seconds(60)
        while try !condition() {
            guard ContinuousClock.now < deadline else { throw TestSetupError("timed out") }
            try await Task.sleep(for: .milliseconds(10))
        }
    }

    static func json(_ ids: [String]) -> String {
        String(decoding: (try? JSONEncoder().encode(ids)) ?? Data("[]".utf8), as: UTF8.self)
    }
}
