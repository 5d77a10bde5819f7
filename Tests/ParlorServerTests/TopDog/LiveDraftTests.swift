import BestBall
import Foundation
import HTTPTypes
import HummingbirdTesting
import NIOCore
import ParlorDatabase
import ParlorServer
import ParlorTestSupport
@testable import ParlorTopDog
import Testing

/// Whole drafts over real sockets: twelve bots, one silent. The clock (10 s) is long enough for
/// the bots on a loaded CI machine; the silent team runs it out once and is then autopicked.
@Suite("TopDog live drafts", .timeLimit(.minutes(5)))
struct LiveDraftTests {
    @Test("twelve bots draft 216 picks; a silent team is autopicked; every socket sees every event once, in order; no queue is ever sent")
    func fullDraft() async throws {
        try await withTopDogServer { server in
            let tournament = try await server.tournament(extra: #","speed":"custom","pick_seconds":10,"countdown_seconds":0"#)
            let guests = try await (0..<12).asyncMap { _ in try await server.guest() }
            let room = try await server.fillRoom(tournament, with: guests)
            let pool = PlayerPool(SyntheticPool.players())
            // A queue only its owner may ever see: a marker no frame to anyone may hold.
            // (Wide receivers, so no cap turns one away: the last five by ADP are quarterbacks.)
            let queue = Array(pool.players.filter { $0.position == .wr }.suffix(5).map(\.id).reversed())
            let queued = try await server.call(.put, "/topdog/drafts/\(room)/queue", as: guests[0], body: #"{"player_ids":\#(Self.json(queue))}"#)
            #expect(queued.status == 200)
            var slots: [Int] = []
            for guest in guests {
                let read = try await server.call(.get, "/topdog/drafts/\(room)", as: guest)
                slots.append(try #require(read.json["my_slot"] as? Int))
            }
            #expect(Set(slots) == Set(0..<12))
            let seated = slots
            let settings = try await server.database.withConnection { sql in try #require(try await TournamentStore.find(tournament, on: sql)).draft }
            guard let port = server.client.port else { throw TestSetupError("no port") }
            let sockets = guests.map { TestSocket(url: "ws://127.0.0.1:\(port)/ws", token: $0.token) }
            defer { sockets.forEach { $0.close() } }
            // Guest 0 never picks: its time runs out once, then it is autopicked from its queue.
            let logs = try await withThrowingTaskGroup(of: (Int, [DraftBot.Event]).self) { group in
                for index in guests.indices {
                    group.addTask {
                        let bot = DraftBot(guest: guests[index], socket: sockets[index])
                        return (index, try await bot.draft(room: room, slot: seated[index], server: server, pool: pool, settings: settings, silent: index == 0))
                    }
                }
                var logs: [Int: [DraftBot.Event]] = [:]
                for try await (index, events) in group { logs[index] = events }
                return logs
            }
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
            #expect(firstPicks == queue)
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

    static func json(_ ids: [String]) -> String {
        String(decoding: (try? JSONEncoder().encode(ids)) ?? Data("[]".utf8), as: UTF8.self)
    }
}
