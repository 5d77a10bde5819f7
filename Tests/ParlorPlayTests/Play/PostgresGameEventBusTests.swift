import Foundation
import GameCore
import Logging
import ParlorDatabase
import ParlorEvents
@testable import ParlorPlay
import ParlorTestSupport
import ServiceLifecycle
import Testing
import TestSupport

/// Two nodes (two `Database` instances on one PostgreSQL database), each with its own bus.
@Suite(.timeLimit(.minutes(3))) struct PostgresGameEventBusTests {
    static let postgres = TestDatabaseKind.available.contains(.postgres)
    static let game = UUID(uuidString: "6F0E8F5C-6C1B-4E43-9C52-0D1D2A8C3B11") ?? UUID()

    /// Every notice reaches both nodes, in the order published, well under 100 ms.
    @Test(.enabled(if: postgres)) func noticesReachEveryNodeQuicklyAndInOrder() async throws {
        try await withTwoBusNodes { busA, busB in
            let count = 20
            let streams = [("A", busA.gameNotices()), ("B", busB.gameNotices())]
            let clock = ContinuousClock()
            let measured = try await withThrowingTaskGroup(of: (String, [(Int, ContinuousClock.Instant)]).self) { group in
                for (node, stream) in streams {
                    group.addTask {
                        var arrivals: [(Int, ContinuousClock.Instant)] = []
                        for await notice in stream.prefix(count) { arrivals.append((notice.seq ?? -1, clock.now)) }
                        return (node, arrivals)
                    }
                }
                var sent: [ContinuousClock.Instant] = []
                for seq in 0..<count {
                    sent.append(clock.now)
                    await busA.publish(GameNotice.moved(game: Self.game, seq: seq))
                    try await Task.sleep(for: .milliseconds(10))
                }
                var latencies: [String: [Duration]] = [:]
                for try await (node, arrivals) in group {
                    #expect(arrivals.map(\.0) == Array(0..<count), "one publisher's order is kept on node \(node)")
                    latencies[node] = arrivals.map { seq, at in at - sent[max(0, min(seq, count - 1))] }
                }
                return latencies
            }
            for (node, latencies) in measured.sorted(by: { $0.key < $1.key }) {
                let sorted = latencies.sorted()
                let median = sorted[sorted.count / 2]
                let worst = sorted.last ?? .zero
                print("PostgresEventBus published on A, received on \(node): median \(median), max \(worst) over \(count) notices")
                // 1.4 ms alone on this machine; the bound allows for a loaded CI box (targets are benchmarks).
                #expect(median < .seconds(2))
            }
        }
    }

    /// Notices published at once go out in batches; none is lost, and each publisher's order is
    /// kept. Identical ones published at once may be heard fewer times, but at least once.
    @Test(.enabled(if: postgres)) func aBurstOfNoticesArrivesWholeIdenticalOnesAtLeastOnce() async throws {
        try await withTwoBusNodes { busA, busB in
            let publishers = 8
            let each = 25
            let stream = busB.gameNotices()
            let received = Task {
                var notices: [GameNotice] = []
                for await notice in stream {
                    notices.append(notice)
                    if notice == .presenceChanged(user: "after") { break }
                }
                return notices
            }
            await withTaskGroup(of: Void.self) { group in
                for publisher in 0..<publishers {
                    group.addTask {
                        for seq in 0..<each { await busA.publish(GameNotice.moved(game: Self.game, seq: publisher * 1_000 + seq)) }
                    }
                    // The same notice from every publisher at once.
                    group.addTask { await busA.publish(GameNotice.presenceChanged(user: "same")) }
                }
            }
            // Published after every other, so heard after every other.
            await busA.publish(GameNotice.presenceChanged(user: "after"))
            // A lost notice ends the wait after 20 s (the stream ends when its task is cancelled).
            let timeout = Task {
                try await Task.sleep(for: .seconds(20))
                received.cancel()
            }
            let notices = await received.value
            timeout.cancel()
            #expect(notices.count(where: { if case .moved = $0 { true } else { false } }) == publishers * each)
            #expect((1...publishers).contains(notices.count { $0 == .presenceChanged(user: "same") }))
            #expect(notices.last == .presenceChanged(user: "after"))
            for publisher in 0..<publishers {
                let seqs = notices.compactMap { notice -> Int? in
                    guard case .moved(_, let seq, _) = notice, seq / 1_000 == publisher else { return nil }
                    return seq
                }
                #expect(seqs == (0..<each).map { publisher * 1_000 + $0 }, "publisher \(publisher)'s order")
            }
        }
    }

    @Test(.enabled(if: postgres)) func everyFieldRoundTrips() async throws {
        try await withTwoBusNodes { busA, busB in
            let chat = GameNotice.chat(
                game: Self.game,
                line: ChatLine(user: "user-7", seat: 3, name: "Zoë", text: "gg \"wp\" — ünïcödé 🎲\nline two \\ ' ;", at: 1_767_225_600_123))
            let entry = MoveEntry(seq: 41, seat: 2, kind: .timeout, action: #"{"play":"7h"}"#, moveID: nil, at: 1_767_225_600_000)
            let every: [GameNotice] = [
                chat,
                .moved(game: Self.game, seq: 41, move: NoticedMove(entry, deadline: 1_767_225_630_000)),
                .moved(game: Self.game, seq: 42),
                .started(game: Self.game),
                .ended(game: Self.game, seq: 43),
                .joined(game: Self.game, user: "u1"),
                .left(game: Self.game, user: "u1", seat: 0, at: 5),
                .left(game: Self.game, user: "u2", seat: nil, at: 6),
                .reconnected(game: Self.game, user: "u1", seat: 0),
                .matched(game: Self.game, user: "u3"),
                .invited(game: Self.game, user: "u4", invitation: "inv-1", from: "u1", expiresAt: 1_767_312_000_000),
            ]
            var onB = busB.gameNotices().makeAsyncIterator()
            for notice in every {
                await busA.publish(notice)
                #expect(await onB.next() == notice)
            }
        }
    }

    @Test(.enabled(if: postgres)) func everyLocalStreamGetsEveryNotice() async throws {
        try await withTwoBusNodes { busA, busB in
            let streams = (0..<3).map { _ in busB.gameNotices() }
            await busA.publish(GameNotice.joined(game: Self.game, user: "u1"))
            await busA.publish(GameNotice.started(game: Self.game))
            for stream in streams {
                let kinds = await stream.prefix(2).reduce(into: []) { $0.append($1.kind) }
                #expect(kinds == ["joined", "started"])
            }
        }
    }

    @Test(.enabled(if: postgres)) func overLongChatIsTrimmedAndDelivered() async throws {
        try await withTwoBusNodes { busA, busB in
            let long = String(repeating: "é\"", count: 6_000)
            var onB = busB.gameNotices().makeAsyncIterator()
            await busA.publish(GameNotice.chat(game: Self.game, line: ChatLine(user: "u1", seat: 0, name: "U", text: long, at: 1)))
            await busA.publish(GameNotice.chat(game: Self.game, line: ChatLine(user: String(repeating: "u", count: 9_000), seat: 0, name: "", text: "", at: 1)))
            await busA.publish(GameNotice.moved(game: Self.game, seq: 2))
            let trimmed = await onB.next()
            guard case .chat(_, let line)? = trimmed else {
                Issue.record("expected the trimmed chat, got \(String(describing: trimmed))")
                return
            }
            #expect(long.hasPrefix(line.text) && line.text.count > 1_000)
            #expect(await onB.next()?.seq == 2, "the notice that cannot fit is dropped, later ones still flow")
        }
    }

    @Test func payloadStaysBelowTheLimit() throws {
        let notice = GameNotice.chat(game: Self.game, line: ChatLine(user: "u", seat: nil, name: "n", text: String(repeating: "\u{1}é", count: 5_000), at: 1))
        let payload = try #require(gamePayload(notice, logger: .quiet))
        #expect(payload.utf8.count <= Database.maximumNotificationPayloadBytes)
        #expect(payload.utf8.count > Database.maximumNotificationPayloadBytes - 12, "as much text as fits is kept")
        let decoded = try gameNotice(from: payload)
        guard case .chat(_, let line) = decoded else {
            Issue.record("expected a chat notice, got \(decoded)")
            return
        }
        #expect(line.name == "n" && line.user == "u")

        let small = GameNotice.left(game: Self.game, user: "u", seat: 1, at: 2)
        #expect(try gameNotice(from: gamePayload(small, logger: .quiet) ?? "") == small)
        // A move is only a shortcut for receivers: one too long to carry is left out, not the notice.
        let entry = MoveEntry(seq: 3, seat: 1, kind: .action, action: "\"" + String(repeating: "x", count: 9_000) + "\"", moveID: "m", at: 7)
        let heavy = GameNotice.moved(game: Self.game, seq: 3, move: NoticedMove(entry, deadline: 9))
        let light = try gameNotice(from: gamePayload(heavy, logger: .quiet) ?? "")
        #expect(light == .moved(game: Self.game, seq: 3))
        var move = NoticedMove(entry, deadline: 9)
        move.action = #""d4r2""#
        let carried = GameNotice.moved(game: Self.game, seq: 3, move: move)
        #expect(try gameNotice(from: gamePayload(carried, logger: .quiet) ?? "") == carried)
        let hopeless = GameNotice.left(game: Self.game, user: String(repeating: "u", count: 8_000), seat: nil, at: 1)
        #expect(gamePayload(hopeless, logger: .quiet) == nil)
    }

    @Test func aMoveTravelsInItsCompactFormWhateverItsTextsHold() throws {
        let texts: [(action: String?, moveID: String?)] = [
            (#"{"place":"d4r2"}"#, "m-1"), (nil, nil), (#""é\t|""#, "tab\tand\u{1}é🎲"), ("", ""), (#"{"a":1}"#, nil), (nil, "only an id"),
        ]
        for (index, text) in texts.enumerated() {
            let entry = MoveEntry(
                seq: index + 1, seat: index % 3, kind: index == 1 ? .resign : .action, action: text.action, moveID: text.moveID, at: 1_700_000_000_000)
            for deadline in [nil, Int64(1_700_000_030_000)] {
                let notice = GameNotice.moved(game: Self.game, seq: index + 1, move: NoticedMove(entry, deadline: deadline))
                let payload = try #require(gamePayload(notice, logger: .quiet))
                #expect(payload.hasPrefix("m\t"), "a move with its entry is not JSON")
                #expect(try gameNotice(from: payload) == notice, "\(text)")
            }
        }
        // Every other notice, and a move without its entry, is still JSON.
        #expect(gamePayload(.moved(game: Self.game, seq: 4), logger: .quiet)?.first == "{")
        #expect(try gameNotice(from: #"{"kind":"moved","game":"\#(Self.game)","seq":4}"#) == .moved(game: Self.game, seq: 4))

        let good = try #require(Self.movePayload(action: "[1]", moveID: "x"))
        #expect(try gameNotice(from: good).seq == 2)
        let broken = [
            "m\t", "m\tnot-a-uuid\t2\t0\taction\t5\t6\t3\t1\t[1]x",
            good.replacingOccurrences(of: "\t3\t1\t", with: "\t99\t1\t"), good.replacingOccurrences(of: "\t3\t1\t", with: "\t3\t7\t"),
            good.replacingOccurrences(of: "\t3\t1\t", with: "\t-2\t1\t"), good.replacingOccurrences(of: "\t3\t1\t", with: "\t3\t0\t"),
            good.replacingOccurrences(of: "\taction\t", with: "\tdance\t"), good.replacingOccurrences(of: "\t6\t3\t", with: "\tsix\t3\t"),
        ]
        for payload in broken {
            #expect(throws: MovePayloadError.self, "\(payload)") { try gameNotice(from: payload) }
        }
        // A length that cuts a character in two is refused, not read as a shorter text.
        let accented = try #require(Self.movePayload(action: "é", moveID: nil))
        #expect(throws: MovePayloadError.self) { try gameNotice(from: accented.replacingOccurrences(of: "\t6\t2\t0\t", with: "\t6\t1\t0\t")) }
    }

    /// The payload of move 2 by seat 0 at 5, deadline 6.
    static func movePayload(action: String, moveID: String?) -> String? {
        let entry = MoveEntry(seq: 2, seat: 0, kind: .action, action: action, moveID: moveID, at: 5)
        return gamePayload(.moved(game: game, seq: 2, move: NoticedMove(entry, deadline: 6)), logger: .quiet)
    }

    @Test(.enabled(if: postgres)) func runReturnsOnCancellationAndEndsStreams() async throws {
        try await TestDatabaseKind.postgres.withFreshLocation { location in
            try await Database.withOpened(location, logger: .quiet) { database in
                let bus = PostgresEventBus(database: database, catalog: NoticeCatalog([GameNotice.self]), logger: .quiet)
                let stream = bus.gameNotices()
                let (listening, ready) = AsyncStream<Void>.makeStream()
                let running = Task { try await bus.run(whenListening: { ready.yield() }) }
                _ = await listening.first { true }
                running.cancel()
                try await running.value
                #expect(await stream.first { _ in true } == nil, "subscribers' streams end with the bus")
                #expect(await bus.gameNotices().first { _ in true } == nil, "a stopped bus hands out ended streams")
            }
        }
    }

    @Test(.enabled(if: postgres)) func stopsOnGracefulShutdown() async throws {
        try await TestDatabaseKind.postgres.withFreshLocation { location in
            try await Database.withOpened(location, logger: .quiet) { database in
                let bus = PostgresEventBus(database: database, catalog: NoticeCatalog([GameNotice.self]), logger: .quiet)
                let group = ServiceGroup(services: [bus], logger: .quiet)
                let running = Task { try await group.run() }
                var onBus = bus.gameNotices().makeAsyncIterator()
                // Publish until the listener is up (notices before it are not heard).
                let sender = Task {
                    for seq in 0..<100 {
                        await bus.publish(GameNotice.moved(game: Self.game, seq: seq))
                        try await Task.sleep(for: .milliseconds(50))
                    }
                }
                #expect(await onBus.next()?.kind == "moved")
                sender.cancel()
                await group.triggerGracefulShutdown()
                try await running.value
            }
        }
    }
}
