import Foundation
import ParlorEvents
import Synchronization
import Testing

/// A bus's receivers on one node: called in the order they subscribed, on the delivering task,
/// until cancelled; ended once when the bus stops.
@Suite struct NoticeReceiversTests {
    @Test func receiversHearEveryNoticeInSubscriptionOrderUntilCancelled() async {
        let bus = LocalEventBus()
        let heard = Mutex<[String]>([])
        let game = UUID()
        let first = bus.subscribe { notice in heard.withLock { $0.append("first \(notice.as(TestNotice.self)?.seq ?? -1)") } }
        let second = bus.subscribe { notice in heard.withLock { $0.append("second \(notice.as(TestNotice.self)?.seq ?? -1)") } }
        await bus.publish(TestNotice(game: game, seq: 1))
        // Delivered on the publisher's task: heard before `publish` returns.
        #expect(heard.withLock { $0 } == ["first 1", "second 1"])

        first.cancel()
        first.cancel()
        await bus.publish(TestNotice(game: game, seq: 2))
        second.cancel()
        await bus.publish(TestNotice(game: game, seq: 3))
        #expect(heard.withLock { $0 } == ["first 1", "second 1", "second 2"])
        #expect(bus.receivers.count == 0)
    }

    @Test func stoppingEndsEveryReceiverOnceAndLaterOnesAtOnce() async {
        let receivers = NoticeReceivers()
        let ends = Mutex(0)
        let heard = Mutex(0)
        let kept = receivers.add({ _ in heard.withLock { $0 += 1 } }, end: { ends.withLock { $0 += 1 } })
        let cancelled = receivers.add({ _ in heard.withLock { $0 += 1 } }, end: { ends.withLock { $0 += 1 } })
        cancelled.cancel()
        receivers.stop()
        #expect(ends.withLock { $0 } == 1, "only the receiver still subscribed is ended")
        receivers.deliver(Notice(TestNotice(game: UUID(), seq: 1)))
        #expect(heard.withLock { $0 } == 0, "a stopped bus delivers nothing")

        _ = receivers.add({ _ in heard.withLock { $0 += 1 } }, end: { ends.withLock { $0 += 1 } })
        #expect(ends.withLock { $0 } == 2, "a receiver added after the stop is ended at once")
        #expect(receivers.count == 0)
        kept.cancel()
    }

    @Test func aStreamOfNoticesEndsWhenTheBusStopsAndLeavesWhenDropped() async {
        let bus = LocalEventBus()
        let game = UUID()
        do {
            let dropped = bus.notices()
            _ = dropped
        }
        #expect(bus.receivers.count == 0, "a dropped stream is no longer a receiver")

        let notices = bus.notices()
        await bus.publish(TestNotice(game: game, seq: 1))
        await bus.publish(TestNotice(game: game, seq: 2))
        bus.receivers.stop()
        var seqs: [Int] = []
        for await notice in notices { seqs.append(notice.as(TestNotice.self)?.seq ?? -1) }
        #expect(seqs == [1, 2], "buffered notices are kept, then the stream ends")
    }
}
