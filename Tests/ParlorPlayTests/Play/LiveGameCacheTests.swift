import Foundation
import GameCore
import ParlorEvents
@testable import ParlorPlay
import Quortex
import Testing

/// How a node's copy of a game follows notices: advanced by a noticed move, not served while
/// behind, patched for presence.
@Suite struct LiveGameCacheTests {
    @Test func aNoticedMoveAdvancesTheCopyByTheRules() throws {
        let cache = LiveGameCache()
        let game = try Self.activeGame()
        cache.put(game)
        let (moved, entry) = try Self.played(game)
        let notice = GameNotice.moved(game: game.id, seq: 1, move: NoticedMove(entry, deadline: 123))
        let advanced = try #require(cache.advance(by: notice))
        #expect(advanced.row.seq == 1 && advanced.row.deadlineAt == 123 && advanced.row.lastMoveAt == entry.at)
        #expect(advanced.entries == moved.entries)
        let views = try [advanced, moved].map { game in
            try GameJSON.decoder().decode(QuortexView.self, from: game.engine.viewJSON(of: #require(game.current), seat: 0))
        }
        #expect(views[0] == views[1])
        #expect(cache.get(game.id)?.row.seq == 1)

        // Only from the seq just before it: a repeat or a notice two ahead changes nothing.
        #expect(cache.advance(by: notice) == nil)
        #expect(cache.advance(by: GameNotice.moved(game: game.id, seq: 3, move: NoticedMove(entry, deadline: nil))) == nil)
        // A move the rules refuse (seat 0 again) is not applied either.
        #expect(cache.advance(by: GameNotice.moved(game: game.id, seq: 2, move: NoticedMove(entry, deadline: nil))) == nil)
    }

    @Test func theNoticeOfAnExpectedMoveAdoptsThisNodesVersionInsteadOfReplayingIt() throws {
        let game = try Self.activeGame()
        var (expected, entry) = try Self.played(game)
        // A mark the replay cannot produce: it keeps the held copy's seats.
        expected.seats[0].name = "expected"
        let notice = GameNotice.moved(game: game.id, seq: 1, move: NoticedMove(entry, deadline: nil))

        let adopting = LiveGameCache()
        adopting.put(game)
        adopting.expect(expected)
        #expect(adopting.advance(by: notice)?.seats[0].name == "expected")
        #expect(adopting.get(game.id)?.seats[0].name == "expected")
        #expect(adopting.advance(by: notice) == nil, "adopted once, and already at seq 1")

        var other = entry
        other.moveID = "m-other"
        let replaying = LiveGameCache()
        replaying.put(game)
        replaying.expect(expected)
        let replayed = replaying.advance(by: GameNotice.moved(game: game.id, seq: 1, move: NoticedMove(other, deadline: nil)))
        #expect(replayed?.row.seq == 1 && replayed?.seats[0].name == "u0", "another node's move with that seq is replayed")

        let withdrawn = LiveGameCache()
        withdrawn.put(game)
        withdrawn.expect(expected)
        withdrawn.withdraw(expected)
        #expect(withdrawn.advance(by: notice)?.seats[0].name == "u0", "a withdrawn version is not adopted")

        let empty = LiveGameCache()
        empty.expect(expected)
        #expect(empty.get(game.id) == nil, "an expected version is not served before its notice")
        #expect(empty.advance(by: notice)?.seats[0].name == "expected", "the notice proves it committed")

        let answered = LiveGameCache()
        answered.expect(expected)
        answered.put(expected)
        answered.remove(game.id)
        #expect(answered.advance(by: notice) == nil, "the append's own answer settled it")
    }

    @Test func aCopyBehindTheNewestNoticeIsNotServedUntilItCatchesUp() throws {
        let cache = LiveGameCache()
        let game = try Self.activeGame()
        cache.put(game)
        cache.noticed(GameNotice.moved(game: game.id, seq: 1))
        #expect(cache.get(game.id) == nil, "behind seq 1, and the notice carries no move")
        let (moved, _) = try Self.played(game)
        cache.put(moved)
        #expect(cache.get(game.id)?.row.seq == 1, "this node's own write catches it up")
        cache.noticed(GameNotice.moved(game: game.id, seq: 1))
        #expect(cache.get(game.id)?.row.seq == 1, "an old notice changes nothing")
    }

    @Test func aCopyLoadedBeforeTheStartDoesNotReplaceTheStartedGame() throws {
        let cache = LiveGameCache()
        let started = try Self.activeGame()
        var waiting = LiveGame(row: started.row, seats: started.seats, engine: started.engine, entries: [])
        waiting.row.status = .waiting
        cache.put(started)
        cache.put(waiting)
        #expect(cache.get(started.id)?.row.status == .active, "same seq, an earlier stage: kept out")
        let (moved, _) = try Self.played(started)
        cache.put(moved)
        cache.put(started)
        #expect(cache.get(started.id)?.row.seq == 1, "an earlier seq: kept out")
    }

    @Test func presenceIsPatchedIntoTheCopy() throws {
        let cache = LiveGameCache()
        let game = try Self.activeGame()
        cache.put(game)
        let user = try #require(game.seats.first?.user)
        cache.noticed(GameNotice.left(game: game.id, user: user, seat: nil, at: 5_000))
        #expect(cache.get(game.id)?.seatRow(of: user)?.connections == 0)
        #expect(cache.get(game.id)?.seatRow(of: user)?.awaySince == 5_000)
        cache.noticed(GameNotice.reconnected(game: game.id, user: user, seat: nil))
        #expect(cache.get(game.id)?.seatRow(of: user)?.connections == 1)
        #expect(cache.get(game.id)?.seatRow(of: user)?.awaySince == nil)
        cache.noticed(GameNotice.started(game: game.id))
        cache.noticed(GameNotice.joined(game: game.id, user: "u1"))
        #expect(cache.get(game.id) != nil, "a copy that already shows the start and the seat is kept")
        cache.noticed(GameNotice.joined(game: game.id, user: "someone"))
        #expect(cache.get(game.id) == nil, "seats changed: the next read loads the game")
        var waiting = game
        waiting.row.status = .waiting
        cache.put(waiting)
        cache.noticed(GameNotice.started(game: game.id))
        #expect(cache.get(game.id) == nil, "a copy from before the start is dropped")
    }

    @Test func aCopyWhoseSeatsChangedIsDropped() throws {
        let cache = LiveGameCache()
        let game = try Self.activeGame()
        cache.put(game)
        cache.noticed(GameNotice.chat(game: game.id, line: ChatLine(user: "u0", seat: 0, name: "n", text: "hi", at: 1)))
        #expect(cache.get(game.id) != nil)
        cache.noticed(GameNotice.seatsChanged(game: game.id))
        #expect(cache.get(game.id) == nil, "a deleted account's name is in the copy: the next read loads the game")
        let wire = try JSONEncoder().encode(GameNotice.seatsChanged(game: game.id))
        #expect(try JSONDecoder().decode(GameNotice.self, from: wire) == .seatsChanged(game: game.id))
        let presence = try JSONEncoder().encode(GameNotice.presenceChanged(user: "u1"))
        #expect(try JSONDecoder().decode(GameNotice.self, from: presence) == .presenceChanged(user: "u1"))
        #expect(GameNotice.presenceChanged(user: "u1").game == nil && GameNotice.presenceChanged(user: "u1").audience == .followers(of: "u1"))
    }

    /// A started two-player Quortex game at seq 0.
    static func activeGame() throws -> LiveGame {
        let engine = Quortex.engine
        var row = GameRow(
            id: UUID(), gameType: "quortex", engineVersion: engine.engineVersion, mode: .realtime, players: 2, inviteCode: nil,
            settings: try engine.settings(nil, players: 2), seed: 42, turnSeconds: 60, graceSeconds: 30, timeoutPolicy: .botMove,
            createdBy: "u0", createdAt: 0)
        row.status = .active
        var seats = ["u0", "u1"].enumerated().map { index, user in SeatRow(user: user, joined: index, name: user) }
        for index in seats.indices {
            seats[index].seat = index
            seats[index].connections = 1
        }
        var game = LiveGame(row: row, seats: seats, engine: engine, entries: [])
        game.keep(try engine.start(settings: row.settings, seed: row.seed, seats: game.players), at: 0)
        return game
    }

    /// `game` after its first player's bot move, and that move's entry.
    static func played(_ game: LiveGame) throws -> (LiveGame, MoveEntry) {
        let state = try #require(game.current)
        let quortex = try #require(state.value as? QuortexState)
        var random = GameRandom(seed: game.row.seed)
        let action = try #require(Quortex.autopilotAction(for: quortex.currentSeat, in: quortex, random: &random))
        let canonical = String(decoding: try JSONEncoder().encode(action), as: UTF8.self)
        let seat = quortex.currentSeat
        let next = try game.engine.replay(action: canonical, by: seat, on: state)
        let entry = MoveEntry(seq: 1, seat: seat, kind: .action, action: canonical, moveID: "m-1", at: 1_000)
        var moved = game
        moved.append(entry, state: next)
        moved.row.lastMoveAt = entry.at
        return (moved, entry)
    }
}
