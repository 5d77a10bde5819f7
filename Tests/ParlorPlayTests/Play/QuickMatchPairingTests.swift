import Foundation
@testable import ParlorPlay
import Testing

@Suite struct QuickMatchPairingTests {
    typealias Entry = QuickMatchEntry<String>
    let now = Date(timeIntervalSince1970: 1_800_000_000)

    /// An entry that has waited `waited` seconds by `now`.
    func entry(_ id: String, _ rating: Int, waited: TimeInterval = 0) -> Entry {
        Entry(id: id, rating: rating, enqueuedAt: now.addingTimeInterval(-waited))
    }

    func ids(_ groups: [[Entry]]) -> [[String]] { groups.map { $0.map(\.id) } }

    @Test func windowWidensInStepsUpToTheMaximumThenOpens() {
        let window = QuickMatchWindow.standard
        #expect(window.width(afterWaiting: 0) == 100)
        #expect(window.width(afterWaiting: 4.9) == 100)
        #expect(window.width(afterWaiting: 5) == 150)
        #expect(window.width(afterWaiting: 30) == 400)
        #expect(window.width(afterWaiting: 59.9) == 650)
        #expect(window.width(afterWaiting: 60) == nil)
        #expect(window.width(afterWaiting: -30) == 100, "a clock behind the queue counts as no wait")
        let capped = QuickMatchWindow(initial: 100, widening: 50, wideningInterval: 5, maximum: 300, anyoneAfter: 60)
        #expect(capped.width(afterWaiting: 59) == 300)
    }

    @Test func closeRatingsPairAtOnce() {
        let groups = QuickMatchPairing.groups(from: [entry("a", 1200), entry("b", 1290)], size: 2, now: now)
        #expect(ids(groups) == [["a", "b"]])
    }

    @Test func playersWhereOneBlocksTheOtherAreNeverGroupedTogether() {
        let queue = [entry("a", 1200, waited: 3), entry("b", 1210, waited: 2), entry("c", 1220, waited: 1), entry("d", 1230)]
        // a blocks b: a is grouped with the next one it may meet, and b with the rest.
        let groups = QuickMatchPairing.groups(from: queue, size: 2, now: now) { $0 == "a" && $1 == "b" }
        #expect(ids(groups) == [["a", "c"], ["b", "d"]])
        // The block counts both ways.
        #expect(ids(QuickMatchPairing.groups(from: queue, size: 2, now: now) { $0 == "b" && $1 == "a" }) == [["a", "c"], ["b", "d"]])
        #expect(ids(QuickMatchPairing.groups(from: queue, size: 4, now: now) { $0 == "d" && $1 == "a" }).isEmpty)
    }

    @Test func farRatingsPairOnlyAfterWaiting() {
        let queue = [entry("a", 1200), entry("b", 1500)]
        #expect(QuickMatchPairing.groups(from: queue, size: 2, now: now).isEmpty)
        // 300 points apart: both windows reach 300 after 20 s (100 + 4 × 50).
        let later = now.addingTimeInterval(19)
        #expect(QuickMatchPairing.groups(from: queue, size: 2, now: later).isEmpty)
        #expect(ids(QuickMatchPairing.groups(from: queue, size: 2, now: now.addingTimeInterval(20))) == [["a", "b"]])
        // Very far apart: only once both have waited 60 s and anyone will do.
        let far = [entry("c", 400), entry("d", 2400)]
        #expect(QuickMatchPairing.groups(from: far, size: 2, now: now.addingTimeInterval(59)).isEmpty)
        #expect(QuickMatchPairing.groups(from: far, size: 2, now: now.addingTimeInterval(60)).count == 1)
    }

    @Test func bothWindowsMustAccept() {
        // The old player would accept anyone, but the newcomer's window does not reach them yet.
        let queue = [entry("veteran", 1000, waited: 90), entry("newcomer", 1400)]
        #expect(QuickMatchPairing.groups(from: queue, size: 2, now: now).isEmpty)
        let queue2 = [entry("veteran", 1000, waited: 90), entry("newcomer", 1400, waited: 30)]
        #expect(ids(QuickMatchPairing.groups(from: queue2, size: 2, now: now)) == [["veteran", "newcomer"]])
    }

    @Test func oldestIsServedFirstWhenThreeCompete() {
        // x, y and z all fit with anchor a; only one can join, and it is the one waiting longest.
        let queue = [entry("z", 1210, waited: 1), entry("a", 1200, waited: 30), entry("x", 1190, waited: 3), entry("y", 1205, waited: 2)]
        let groups = QuickMatchPairing.groups(from: queue, size: 2, now: now)
        #expect(ids(groups) == [["a", "x"], ["y", "z"]])
        let three = Array(queue.prefix(3))
        #expect(ids(QuickMatchPairing.groups(from: three, size: 2, now: now)) == [["a", "x"]], "z waits")
    }

    @Test func aCloserButNewerEntryDoesNotJumpTheQueue() {
        let queue = [entry("anchor", 1500, waited: 10), entry("older", 1590, waited: 8), entry("closer", 1500, waited: 1)]
        #expect(ids(QuickMatchPairing.groups(from: queue, size: 2, now: now)) == [["anchor", "older"]])
    }

    @Test func equalWaitsAreOrderedById() {
        let queue = [entry("c", 1200), entry("b", 1200), entry("a", 1200)]
        #expect(ids(QuickMatchPairing.groups(from: queue, size: 2, now: now)) == [["a", "b"]])
        #expect(ids(QuickMatchPairing.groups(from: queue.reversed(), size: 2, now: now)) == [["a", "b"]])
    }

    @Test func groupsOfFourAndSix() {
        let queue = (0..<14).map { entry("p\($0)", 1000 + 10 * $0, waited: Double(100 - $0)) }
        let fours = QuickMatchPairing.groups(from: queue, size: 4, now: now)
        #expect(ids(fours) == [["p0", "p1", "p2", "p3"], ["p4", "p5", "p6", "p7"], ["p8", "p9", "p10", "p11"]])
        let sixes = QuickMatchPairing.groups(from: queue, size: 6, now: now)
        #expect(sixes.count == 2 && sixes.allSatisfy { $0.count == 6 })
        // Six who have not waited: only those within 100 of the anchor.
        let fresh = [1200, 1250, 1300, 1150, 1100, 1290, 1700].enumerated().map { entry("f\($0.offset)", $0.element, waited: Double(10 - $0.offset) / 10) }
        #expect(ids(QuickMatchPairing.groups(from: fresh, size: 6, now: now)) == [["f0", "f1", "f2", "f3", "f4", "f5"]])
        #expect(QuickMatchPairing.groups(from: Array(fresh.dropFirst()), size: 6, now: now).isEmpty)
    }

    @Test func nobodyIsInTwoGroups() {
        var state: UInt64 = 42
        func next(_ bound: UInt64) -> UInt64 {
            state = state &* 6364136223846793005 &+ 1442695040888963407
            return (state >> 33) % bound
        }
        for _ in 0..<200 {
            let queue = (0..<Int(next(40))).map { entry("q\($0)", 800 + Int(next(1200)), waited: Double(next(90))) }
            let duplicated = queue + queue.prefix(3).map { Entry(id: $0.id, rating: $0.rating, enqueuedAt: now) }
            for size in 2...6 {
                let groups = QuickMatchPairing.groups(from: duplicated, size: size, now: now)
                let members = groups.flatMap { $0.map(\.id) }
                #expect(Set(members).count == members.count)
                #expect(groups.allSatisfy { $0.count == size })
                for group in groups {
                    let anchor = group[0]
                    #expect(group.dropFirst().allSatisfy { QuickMatchPairing.compatible(anchor, $0, now: now, window: .standard) })
                }
            }
        }
    }

    @Test func emptyShortAndInvalidQueues() {
        #expect(QuickMatchPairing.groups(from: [Entry](), size: 2, now: now).isEmpty)
        #expect(QuickMatchPairing.groups(from: [entry("a", 1200)], size: 2, now: now).isEmpty)
        #expect(QuickMatchPairing.groups(from: [entry("a", 1200), entry("b", 1200), entry("c", 1200)], size: 4, now: now).isEmpty)
        let pair = [entry("a", 1200), entry("b", 1200)]
        #expect(QuickMatchPairing.groups(from: pair, size: 1, now: now).isEmpty)
        #expect(QuickMatchPairing.groups(from: pair, size: 7, now: now).isEmpty)
        #expect(QuickMatchPairing.groups(from: [entry("a", 1200), entry("a", 1200, waited: 5)], size: 2, now: now).isEmpty, "one player listed twice is one player")
        #expect(QuickMatchPairing.groups(from: [entry("a", .max), entry("b", .min)], size: 2, now: now).isEmpty)
    }
}
