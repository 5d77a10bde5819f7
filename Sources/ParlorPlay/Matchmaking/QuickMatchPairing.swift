import Foundation
import ParlorHTTP

/// One player waiting for a quick match.
struct QuickMatchEntry<ID: Hashable & Comparable & Sendable>: Sendable, Equatable {
    var id: ID
    var rating: Int
    var enqueuedAt: Date

    init(id: ID, rating: Int, enqueuedAt: Date) {
        self.id = id
        self.rating = rating
        self.enqueuedAt = enqueuedAt
    }
}

/// How far from their own rating a waiting player accepts opponents, as a function of time waited.
///
/// A narrow window first makes fair games; widening it as the wait grows keeps anyone from waiting
/// forever when few players of their strength are online. The window grows in steps: `initial`
/// points, plus `widening` points for every whole `wideningInterval` waited, at most `maximum`;
/// from `anyoneAfter` on it is unlimited.
struct QuickMatchWindow: Sendable, Equatable {
    var initial: Int
    var widening: Int
    var wideningInterval: TimeInterval
    var maximum: Int
    var anyoneAfter: TimeInterval

    /// 100 points, +50 every 5 s, at most 800, anyone after 60 s.
    static let standard = QuickMatchWindow(initial: 100, widening: 50, wideningInterval: 5, maximum: 800, anyoneAfter: 60)

    init(initial: Int, widening: Int, wideningInterval: TimeInterval, maximum: Int, anyoneAfter: TimeInterval) {
        self.initial = initial
        self.widening = widening
        self.wideningInterval = wideningInterval
        self.maximum = maximum
        self.anyoneAfter = anyoneAfter
    }

    /// The largest rating difference accepted after waiting `waited` seconds; nil for unlimited.
    /// A negative wait (a clock behind the enqueue time) counts as no wait.
    func width(afterWaiting waited: TimeInterval) -> Int? {
        let waited = waited.isFinite ? max(0, waited) : 0
        if waited >= anyoneAfter { return nil }
        guard wideningInterval > 0 else { return maximum }
        let steps = (waited / wideningInterval).rounded(.down)
        return Int(min(Double(maximum), Double(initial) + Double(widening) * steps))
    }

    /// Whether a player rated `rating` who has waited `waited` seconds accepts one rated `other`.
    func accepts(_ other: Int, from rating: Int, afterWaiting waited: TimeInterval) -> Bool {
        guard let width = width(afterWaiting: waited) else { return true }
        let (difference, overflow) = other.subtractingReportingOverflow(rating)
        return !overflow && difference.magnitude <= UInt(max(0, width))
    }
}

/// Forms quick-match groups from the waiting queue: a pure function of the queue and the time, so
/// every node (and every test) makes the same groups from the same rows.
///
/// Fairness: whoever has waited longest is served first (after prioritized players, in the same order). Entries are taken oldest first (ties by id);
/// each one not yet grouped is an anchor, and joins the `size − 1` oldest other ungrouped entries
/// that both accept each other with the anchor (the anchor's window holds their rating and theirs
/// holds the anchor's). Members are matched against the anchor only, so a group's spread is at most
/// twice the anchor's window. An anchor without enough partners waits, and the next one is tried.
/// Quadratic in the queue's length, which is fine for the hundreds a queue holds.
enum QuickMatchPairing {
    /// Group sizes a game can have.
    static let sizes = 2...6

    /// The longest an entry waits, in seconds: an older one is never paired (its player has most
    /// likely given up) and the pairing pass removes it. Ten times the wait after which anyone is
    /// accepted (``QuickMatchWindow/standard``), so it only ends waits nobody could answer.
    static let longestWait: TimeInterval = 10 * 60

    /// Disjoint groups of `size` entries (each ordered anchor first, then by wait), oldest anchor
    /// first. Empty for a size outside ``sizes``. An id listed twice counts once (its oldest entry).
    /// Two entries `apart` (one blocks the other) never share a group.
    static func groups<ID>(
        from entries: [QuickMatchEntry<ID>], size: Int, now: Date, window: QuickMatchWindow = .standard,
        apart: (ID, ID) -> Bool = { _, _ in false }, prioritized: Set<ID> = []
    ) -> [[QuickMatchEntry<ID>]] {
        guard sizes.contains(size) else { return [] }
        let entries = entries.filter { now.timeIntervalSince($0.enqueuedAt) <= longestWait }
        // Prioritized players (a subscription's benefit) are served first, then everyone by wait.
        let queue = deduplicated(entries.sorted(by: servedBefore)).sorted { prioritized.contains($0.id) && !prioritized.contains($1.id) }
        guard queue.count >= size else { return [] }
        var grouped = Array(repeating: false, count: queue.count)
        var groups: [[QuickMatchEntry<ID>]] = []
        for (anchorIndex, anchor) in queue.enumerated() where !grouped[anchorIndex] {
            var members = [anchorIndex]
            for (index, candidate) in queue.enumerated() where index != anchorIndex && !grouped[index] {
                guard compatible(anchor, candidate, now: now, window: window),
                    !members.contains(where: { apart(queue[$0].id, candidate.id) || apart(candidate.id, queue[$0].id) })
                else { continue }
                members.append(index)
                if members.count == size { break }
            }
            guard members.count == size else { continue }
            for index in members { grouped[index] = true }
            groups.append(members.map { queue[$0] })
        }
        return groups
    }

    /// The anchor accepts the candidate and the candidate accepts the anchor, each after their wait.
    static func compatible<ID>(
        _ anchor: QuickMatchEntry<ID>, _ candidate: QuickMatchEntry<ID>, now: Date, window: QuickMatchWindow
    ) -> Bool {
        window.accepts(candidate.rating, from: anchor.rating, afterWaiting: now.timeIntervalSince(anchor.enqueuedAt))
            && window.accepts(anchor.rating, from: candidate.rating, afterWaiting: now.timeIntervalSince(candidate.enqueuedAt))
    }

    /// Oldest first; equal enqueue times by id.
    private static func servedBefore<ID>(_ a: QuickMatchEntry<ID>, _ b: QuickMatchEntry<ID>) -> Bool {
        a.enqueuedAt != b.enqueuedAt ? a.enqueuedAt < b.enqueuedAt : a.id < b.id
    }

    private static func deduplicated<ID>(_ sorted: [QuickMatchEntry<ID>]) -> [QuickMatchEntry<ID>] {
        var seen = Set<ID>()
        return sorted.filter { seen.insert($0.id).inserted }
    }
}
