@testable import ParlorEvents
import Testing

/// The ledger that lets a node hear its own notices once: the writer's copy, delivered as its
/// write commits, with the echo from PostgreSQL dropped (or held until then, when it comes back
/// first). Each test plays a script of events and reads what reaches subscribers.
struct OwnNoticeLedgerTests {
    enum Event {
        case writing(String), notWritten(String), committed(String), heard(String)
    }

    /// What subscribers hear, in order (`writer` for the writer's copy at commit, `echo` for a
    /// notification delivered as heard, `held` for one held and delivered at `notWritten`), and
    /// how many entries remain.
    static func play(_ events: [Event], capacity: Int = 65_536) -> (heard: [String], left: Int) {
        var ledger = OwnNoticeLedger(capacity: capacity)
        var heard: [String] = []
        for event in events {
            switch event {
            case .writing(let payload): ledger.writing(payload)
            case .notWritten(let payload): if ledger.notWritten(payload) { heard.append("held \(payload)") }
            case .committed(let payload):
                ledger.committed(payload)
                heard.append("writer \(payload)")
            case .heard(let payload): if ledger.heard(payload) { heard.append("echo \(payload)") }
            }
        }
        return (heard, ledger.count)
    }

    /// The writer's copy goes out, its echo is dropped and closes the entry; a later repeat of
    /// the same notice is delivered (never lost).
    @Test func theWritersCopyGoesFirstAndItsEchoIsDropped() {
        let run = Self.play([.writing("m3"), .committed("m3"), .heard("m3"), .heard("m3")])
        #expect(run.heard == ["writer m3", "echo m3"])
        #expect(run.left == 0)
    }

    /// An echo that beats the writer's answer waits for it: subscribers hear the writer's copy,
    /// after what the writer keeps of the change is in place.
    @Test func anEchoBeforeTheWritersAnswerIsHeldAndTheWritersCopyDelivered() {
        let run = Self.play([.writing("m3"), .heard("m3"), .committed("m3"), .heard("m3")])
        #expect(run.heard == ["writer m3", "echo m3"], "the held echo is spent; a later one is a new notice")
        #expect(run.left == 0)
    }

    /// A write that did not commit drops nothing: an identical notice held meanwhile is heard.
    @Test func aWriteThatDidNotCommitDropsNothing() {
        let run = Self.play([
            .writing("m3"), .notWritten("m3"), .heard("m3"),
            .writing("m4"), .heard("m4"), .notWritten("m4"), .heard("m4"),
        ])
        #expect(run.heard == ["echo m3", "held m4", "echo m4"])
        #expect(run.left == 0)
    }

    /// Only a notice's own echo is dropped: not another game's, not an earlier or later one.
    @Test func onlyTheNoticesOwnEchoIsDropped() {
        let run = Self.play([.writing("m5"), .heard("m4"), .heard("other m5"), .committed("m5"), .heard("m4"), .heard("m6"), .heard("m5")])
        #expect(run.heard == ["echo m4", "echo other m5", "writer m5", "echo m4", "echo m6"])
        #expect(run.left == 0)
    }

    /// The next notice is written before the echo of the one before is back (the usual case
    /// under load): each echo is still dropped, whichever copy of the second comes first.
    @Test func theNextWriteBeforeTheLastEchoStillDropsEachEcho() {
        let writerFirst = Self.play([.writing("m1"), .committed("m1"), .writing("m2"), .heard("m1"), .committed("m2"), .heard("m2")])
        #expect(writerFirst.heard == ["writer m1", "writer m2"])
        #expect(writerFirst.left == 0)
        let echoFirst = Self.play([.writing("m1"), .committed("m1"), .writing("m2"), .heard("m1"), .heard("m2"), .committed("m2")])
        #expect(echoFirst.heard == ["writer m1", "writer m2"])
        #expect(echoFirst.left == 0)
    }

    /// The same notice written twice at once (a presence change from two sockets): each write's
    /// copy reaches subscribers, and neither echo does.
    @Test func identicalNoticesWrittenTogetherAreEachHeardOnce() {
        let run = Self.play([.writing("p"), .writing("p"), .committed("p"), .heard("p"), .heard("p"), .committed("p")])
        #expect(run.heard == ["writer p", "writer p"])
        #expect(run.left == 0)
    }

    /// Full, the ledger starts afresh: what it forgot is delivered twice, never dropped.
    @Test func aFullLedgerStartsAfreshAndOnlyRepeats() {
        let run = Self.play(["a", "b", "c"].map { .writing($0) } + [.committed("a"), .heard("a"), .committed("c"), .heard("c")], capacity: 2)
        #expect(run.heard == ["writer a", "echo a", "writer c"])
        #expect(run.left == 0)
    }
}
