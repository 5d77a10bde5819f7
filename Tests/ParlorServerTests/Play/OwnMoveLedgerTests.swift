import Foundation
@testable import ParlorPlay
import Testing

/// The ledger that lets a node hear its own moves once, from whichever copy comes first. Each
/// test plays a script of events and reads the ledger's answers to `committed` (deliver the
/// writer's copy?) and `heard` (deliver the notification?), and how many entries remain.
struct OwnMoveLedgerTests {
    enum Event {
        case writing(UUID, Int), notWritten(UUID, Int), committed(UUID, Int), heard(UUID, Int)
    }

    static let game = UUID()
    static let other = UUID()

    static func play(_ events: [Event], capacity: Int = 65_536) -> (answers: [Bool], left: Int) {
        var ledger = OwnMoveLedger(capacity: capacity)
        var answers: [Bool] = []
        for event in events {
            switch event {
            case .writing(let game, let seq): ledger.writing(game: game, seq: seq)
            case .notWritten(let game, let seq): ledger.notWritten(game: game, seq: seq)
            case .committed(let game, let seq): answers.append(ledger.committed(game: game, seq: seq))
            case .heard(let game, let seq): answers.append(ledger.heard(game: game, seq: seq))
            }
        }
        return (answers, ledger.count)
    }

    /// The writer's copy goes out, its echo is dropped and closes the entry; a later repeat of
    /// the same notice is delivered (never lost).
    @Test func theWritersCopyGoesFirstAndItsEchoIsDropped() {
        let run = Self.play([.writing(Self.game, 3), .committed(Self.game, 3), .heard(Self.game, 3), .heard(Self.game, 3)])
        #expect(run.answers == [true, false, true])
        #expect(run.left == 0)
    }

    @Test func anEchoBeforeTheWritersAnswerIsDeliveredAndTheWritersCopyDropped() {
        let run = Self.play([.writing(Self.game, 3), .heard(Self.game, 3), .committed(Self.game, 3)])
        #expect(run.answers == [true, false])
        #expect(run.left == 0)
    }

    /// A write that did not commit drops nothing, even when its echo came first (the write
    /// committed but its answer was lost).
    @Test func aWriteThatDidNotCommitDropsNothing() {
        let run = Self.play([
            .writing(Self.game, 3), .notWritten(Self.game, 3), .heard(Self.game, 3),
            .writing(Self.game, 4), .heard(Self.game, 4), .notWritten(Self.game, 4), .heard(Self.game, 4),
        ])
        #expect(run.answers == [true, true, true])
        #expect(run.left == 0)
    }

    /// Only what a delivered move covers is dropped: an earlier move of the game (receivers render
    /// everything up to the later one), not a later one nor another game's.
    @Test func onlyMovesADeliveredOneCoversAreDropped() {
        let run = Self.play([
            .writing(Self.game, 5), .heard(Self.game, 4), .heard(Self.other, 5), .committed(Self.game, 5),
            .heard(Self.game, 4), .heard(Self.game, 6), .heard(Self.game, 5),
        ])
        #expect(run.answers == [true, true, true, false, true, false])
        #expect(run.left == 0)
    }

    /// The game's next move is written before the echo of the one before is back (the usual
    /// case under load): that echo is still dropped, and so is the next move's, whichever copy of
    /// it comes first.
    @Test func theNextWriteBeforeTheLastEchoStillDropsEachEcho() {
        let writerFirst = Self.play([
            .writing(Self.game, 1), .committed(Self.game, 1), .writing(Self.game, 2), .heard(Self.game, 1),
            .committed(Self.game, 2), .heard(Self.game, 2),
        ])
        #expect(writerFirst.answers == [true, false, true, false])
        #expect(writerFirst.left == 0)
        let echoFirst = Self.play([
            .writing(Self.game, 1), .committed(Self.game, 1), .writing(Self.game, 2), .heard(Self.game, 1),
            .heard(Self.game, 2), .committed(Self.game, 2),
        ])
        #expect(echoFirst.answers == [true, false, true, false])
        #expect(echoFirst.left == 0)
    }

    /// A second write of one game before the first is answered (a server-side move racing a
    /// player's): the first's copies are both delivered, a harmless repeat, and the second's once.
    @Test func overlappingWritesOfOneGameRepeatRatherThanLose() {
        let run = Self.play([
            .writing(Self.game, 5), .writing(Self.game, 6), .committed(Self.game, 5), .heard(Self.game, 5),
            .committed(Self.game, 6), .heard(Self.game, 6),
        ])
        #expect(run.answers == [true, true, true, false])
        #expect(run.left == 0)
    }

    /// Full, the ledger starts afresh: what it forgot is delivered twice, never dropped.
    @Test func aFullLedgerStartsAfreshAndOnlyRepeats() {
        let games = [UUID(), UUID(), UUID()]
        let run = Self.play(
            games.map { .writing($0, 1) } + [.committed(games[0], 1), .heard(games[0], 1), .committed(games[2], 1), .heard(games[2], 1)],
            capacity: 2)
        #expect(run.answers == [true, true, true, false])
        #expect(run.left == 0)
    }
}
