import GameCore

import struct Foundation.Data

/// A deterministic network of session peers in one process, for tests and simulations.
///
/// Time is virtual (`clock`): `run(for:)` moves it in steps, delivers the frames that are due and
/// ticks every peer that is not in the background. Faults (`FaultPlan`) are drawn from a seeded
/// generator, so a failing schedule replays exactly. Peers can be disconnected, reconnected and
/// sent to the background (a suspended app: it neither sends, receives nor ticks).
public actor InMemoryTransportHub {
    private struct InFlight {
        var deliverAt: SessionInstant
        var order: Int
        var from: PeerID
        var to: PeerID
        var frame: Data
    }

    public nonisolated let clock: ManualSessionClock
    public var faults: FaultPlan
    private var random: GameRandom
    private var peers: [PeerID: any SessionPeer] = [:]
    private var links: Set<Link> = []
    private var backgrounded: Set<PeerID> = []
    private var inFlight: [InFlight] = []
    private var nextOrder = 0
    /// Every frame each peer has been handed, in order: what a test inspects for leaks.
    public private(set) var delivered: [PeerID: [Data]] = [:]
    public private(set) var counts = DeliveryCounts()

    public init(seed: GameSeed, faults: FaultPlan = .none, clock: ManualSessionClock = ManualSessionClock()) {
        self.clock = clock
        self.faults = faults
        self.random = GameRandom(seed: seed, stream: 0x6e6574)
    }

    public nonisolated func transport(for peer: PeerID) -> InMemoryTransport {
        InMemoryTransport(localPeer: peer, hub: self)
    }

    public func attach(_ peer: any SessionPeer, as id: PeerID) {
        peers[id] = peer
    }

    public func setFaults(_ faults: FaultPlan) {
        self.faults = faults
    }

    /// Links two peers; both are told.
    public func connect(_ first: PeerID, _ second: PeerID) async {
        guard links.insert(Link(first, second)).inserted else { return }
        await peers[first]?.connected(second)
        await peers[second]?.connected(first)
    }

    /// Cuts every link of `peer`; it and its former partners are told. Frames in flight are lost.
    public func disconnect(_ peer: PeerID) async {
        let cut = links.filter { $0.contains(peer) }.sorted()
        links.subtract(cut)
        for link in cut {
            let other = link.other(than: peer)
            await peers[other]?.disconnected(peer)
            await peers[peer]?.disconnected(other)
        }
    }

    public func background(_ peer: PeerID) { backgrounded.insert(peer) }
    public func foreground(_ peer: PeerID) { backgrounded.remove(peer) }

    func enqueue(_ frame: Data, from: PeerID, to: PeerID) {
        counts.sent += 1
        guard !backgrounded.contains(from), links.contains(Link(from, to)) else {
            counts.undeliverable += 1
            return
        }
        if chance(faults.dropRate) {
            counts.dropped += 1
            return
        }
        let copies = chance(faults.duplicateRate) ? 2 : 1
        counts.duplicated += copies - 1
        for _ in 0..<copies {
            inFlight.append(InFlight(deliverAt: clock.now + delay(), order: nextOrder, from: from, to: to, frame: frame))
            nextOrder += 1
        }
    }

    /// Moves virtual time forward by `duration` in steps of `step`.
    public func run(for duration: Duration, step: Duration = .milliseconds(50)) async {
        let end = clock.now + duration
        while clock.now < end {
            await advance(by: step)
        }
    }

    /// Moves time forward until `condition` holds, or `limit` passes; returns whether it held.
    public func run(
        until condition: @Sendable () async -> Bool, limit: Duration, step: Duration = .milliseconds(50)
    ) async -> Bool {
        let end = clock.now + limit
        while clock.now < end {
            if await condition() { return true }
            await advance(by: step)
        }
        return await condition()
    }

    /// Delivers what is due now, without moving time.
    public func flush() async {
        while let index = nextDue() {
            let frame = inFlight.remove(at: index)
            // A link cut or an app suspended while the frame was in flight loses it.
            guard links.contains(Link(frame.from, frame.to)), !backgrounded.contains(frame.to),
                let receiver = peers[frame.to]
            else {
                counts.undeliverable += 1
                continue
            }
            counts.delivered += 1
            delivered[frame.to, default: []].append(frame.frame)
            await receiver.received(frame.frame, from: frame.from)
        }
    }

    private func advance(by step: Duration) async {
        clock.advance(by: step)
        await flush()
        for id in peers.keys.sorted(by: { $0.rawValue < $1.rawValue }) where !backgrounded.contains(id) {
            await peers[id]?.tick()
        }
        await flush()
    }

    private func nextDue() -> Int? {
        let now = clock.now
        var best: Int?
        for index in inFlight.indices where inFlight[index].deliverAt <= now {
            if let current = best,
                (inFlight[current].deliverAt, inFlight[current].order) <= (inFlight[index].deliverAt, inFlight[index].order)
            {
                continue
            }
            best = index
        }
        return best
    }

    private func chance(_ probability: Double) -> Bool {
        guard probability > 0 else { return false }
        return Double(random.next() >> 11) / Double(1 << 53) < probability
    }

    private func delay() -> Duration {
        let spread = faults.maximumDelay - faults.minimumDelay
        let spreadMicroseconds = Int(spread / .microseconds(1))
        guard spreadMicroseconds > 0 else { return faults.minimumDelay }
        return faults.minimumDelay + .microseconds(random.nextInt(below: spreadMicroseconds + 1))
    }
}

/// What happened to the frames sent through a hub.
public struct DeliveryCounts: Hashable, Sendable {
    public var sent = 0
    public var delivered = 0
    public var dropped = 0
    public var duplicated = 0
    /// Sent over a missing link, from or to a suspended app, or cut off in flight.
    public var undeliverable = 0
}

/// One peer's end of an `InMemoryTransportHub`.
public struct InMemoryTransport: GameTransport {
    public let localPeer: PeerID
    let hub: InMemoryTransportHub

    public func send(_ frame: Data, to peer: PeerID) async {
        await hub.enqueue(frame, from: localPeer, to: peer)
    }
}

/// An undirected link between two peers.
struct Link: Hashable, Comparable {
    let low: PeerID
    let high: PeerID

    init(_ first: PeerID, _ second: PeerID) {
        (low, high) = first.rawValue <= second.rawValue ? (first, second) : (second, first)
    }

    func contains(_ peer: PeerID) -> Bool { low == peer || high == peer }
    func other(than peer: PeerID) -> PeerID { low == peer ? high : low }

    static func < (lhs: Link, rhs: Link) -> Bool {
        (lhs.low.rawValue, lhs.high.rawValue) < (rhs.low.rawValue, rhs.high.rawValue)
    }
}
