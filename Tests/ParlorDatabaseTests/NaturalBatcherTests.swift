@testable import ParlorDatabase
import Synchronization
import Testing

@Suite(.timeLimit(.minutes(3))) struct NaturalBatcherTests {
    struct Refused: Error, Equatable { var item: Int }

    /// Records every batch it runs; each run waits for `gate` to open when one is given.
    final class Runner: Sendable {
        let batches = Mutex<[[Int]]>([])
        let gate: AsyncStream<Void>?
        init(gate: AsyncStream<Void>? = nil) { self.gate = gate }

        func run(_ items: [Int]) async -> [Result<Int, any Error>] {
            batches.withLock { $0.append(items) }
            if let gate { _ = await gate.first { true } }
            return items.map { $0 < 0 ? .failure(Refused(item: $0)) : .success($0 * 10) }
        }
    }

    @Test func aLoneRequestRunsAloneAtOnce() async throws {
        let runner = Runner()
        let batcher = NaturalBatcher<Int, Int>(maxInFlight: 1, maxBatch: 8) { await runner.run($0) }
        #expect(try await batcher.submit(4) == 40)
        #expect(try await batcher.submit(5) == 50)
        #expect(runner.batches.withLock { $0 } == [[4], [5]])
    }

    /// While one batch runs, later requests wait and then go together, oldest first, each caller
    /// getting its own result or error; incompatible ones wait for the batch after.
    @Test func requestsArrivingDuringABatchShareTheNextOne() async throws {
        let (gate, open) = AsyncStream<Void>.makeStream()
        let runner = Runner(gate: gate)
        // Items with equal tens (12 and 15) never share a batch, like two moves of one game.
        let batcher = NaturalBatcher<Int, Int>(
            maxInFlight: 1, maxBatch: 3, compatible: { item, batch in !batch.contains { $0 / 10 == item / 10 } }
        ) { await runner.run($0) }
        try await withThrowingTaskGroup(of: (Int, Result<Int, Refused>).self) { group in
            group.addTask { (1, .success(try await batcher.submit(1))) }
            try await Self.waitUntil { runner.batches.withLock { $0.count } == 1 }
            for item in [12, -3, 15, 27, 31] {
                group.addTask {
                    do { return (item, .success(try await batcher.submit(item))) } catch let error as Refused { return (item, .failure(error)) }
                }
                // Queued in this order before the gate opens.
                try await Task.sleep(for: .milliseconds(20))
            }
            for _ in 0..<3 { open.yield() }
            var results: [Int: Result<Int, Refused>] = [:]
            for try await (item, result) in group { results[item] = result }
            #expect(results[1] == .success(10))
            #expect(results[12] == .success(120) && results[15] == .success(150) && results[27] == .success(270))
            #expect(results[-3] == .failure(Refused(item: -3)))
        }
        #expect(runner.batches.withLock { $0 } == [[1], [12, -3, 27], [15, 31]])
    }

    /// Many concurrent callers: every request runs exactly once, no batch is larger than allowed,
    /// and no more batches run at once than allowed.
    @Test func everyRequestRunsExactlyOnceUnderConcurrency() async throws {
        let running = Mutex((now: 0, most: 0))
        let seen = Mutex<[Int]>([])
        let runs = Mutex(0)
        let batcher = NaturalBatcher<Int, Int>(maxInFlight: 3, maxBatch: 16) { items in
            runs.withLock { $0 += 1 }
            running.withLock { $0.now += 1; $0.most = max($0.most, $0.now) }
            seen.withLock { $0.append(contentsOf: items) }
            try? await Task.sleep(for: .milliseconds(1))
            #expect(items.count <= 16)
            running.withLock { $0.now -= 1 }
            return items.map { .success($0 + 1) }
        }
        let sum = try await withThrowingTaskGroup(of: Int.self) { group in
            for item in 0..<2_000 { group.addTask { try await batcher.submit(item) - 1 } }
            return try await group.reduce(0, +)
        }
        #expect(sum == (0..<2_000).reduce(0, +))
        #expect(seen.withLock { $0.sorted() } == Array(0..<2_000))
        #expect(running.withLock { $0.most } <= 3)
        #expect(seen.withLock { $0.count } == 2_000)
        #expect(runs.withLock { $0 } < 1_000, "requests that waited were run together")
    }

    /// A request that coalesces with the last waiting one shares its place, run and result; one
    /// that matches an earlier waiting request does not jump the queue to join it.
    @Test func aRequestCoalescesOnlyWithTheLastWaitingOne() async throws {
        let (gate, open) = AsyncStream<Void>.makeStream()
        let runner = Runner(gate: gate)
        let batcher = NaturalBatcher<Int, Int>(
            maxInFlight: 1, maxBatch: 8, compatible: { item, batch in !batch.contains(item) },
            coalesces: { item, last in item == last }
        ) { await runner.run($0) }
        try await withThrowingTaskGroup(of: (Int, Int).self) { group in
            group.addTask { (0, try await batcher.submit(1)) }
            try await Self.waitUntil { runner.batches.withLock { $0.count } == 1 }
            for (order, item) in [2, 2, 2, 3, 2].enumerated() {
                group.addTask { (order + 1, try await batcher.submit(item)) }
                try await Task.sleep(for: .milliseconds(20))
            }
            for _ in 0..<3 { open.yield() }
            var results: [Int: Int] = [:]
            for try await (order, result) in group { results[order] = result }
            #expect(results == [0: 10, 1: 20, 2: 20, 3: 20, 4: 30, 5: 20])
        }
        // The three 2s in a row ran once; the 2 after the 3 waited for a batch of its own.
        #expect(runner.batches.withLock { $0 } == [[1], [2, 3], [2]])
    }

    @Test func aRunnerAnsweringTheWrongNumberOfResultsFailsTheWholeBatch() async throws {
        let batcher = NaturalBatcher<Int, Int>(maxInFlight: 1, maxBatch: 4) { _ in [] }
        await #expect(throws: NaturalBatcher<Int, Int>.BatchError.resultCountMismatch) { try await batcher.submit(1) }
        // The batcher is still usable: the failed batch released its place.
        await #expect(throws: NaturalBatcher<Int, Int>.BatchError.resultCountMismatch) { try await batcher.submit(2) }
    }

    static func waitUntil(_ condition: @Sendable () -> Bool) async throws {
        for _ in 0..<500 where !condition() { try await Task.sleep(for: .milliseconds(5)) }
        #expect(condition())
    }
}
