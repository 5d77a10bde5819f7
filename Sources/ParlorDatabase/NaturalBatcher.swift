import Synchronization

/// Runs concurrent requests in batches that form by themselves: while `maxInFlight` batches are
/// running, new requests wait, and each time a batch finishes, the oldest waiting request leads
/// the next one, taking along every other waiting request that may join it.
///
/// An idle system runs each request alone at once, so batching adds no latency when there is no
/// load; under load, a batch holds whatever arrived during the one before, so one round trip
/// serves many requests. No task is spawned: each batch runs on the task of the request leading it.
///
/// A request that `coalesces` with the last waiting one rides along with it instead of waiting on
/// its own: it shares that request's place, run and result. Only the last may take it, so no
/// request overtakes another.
package final class NaturalBatcher<Item: Sendable, Output: Sendable>: Sendable {
    /// Runs one batch; answers one result per item, in the items' order.
    package typealias Run = @Sendable ([Item]) async -> [Result<Output, any Error>]
    /// Whether `item` may run in one batch with `batch` (say, not two writes of one row).
    package typealias Compatible = @Sendable (_ item: Item, _ batch: [Item]) -> Bool

    /// Whether `item` may share the run and result of `last`, the last waiting request (say, a
    /// notice identical to the one just before it, which listeners need only once).
    package typealias Coalesces = @Sendable (_ item: Item, _ last: Item) -> Bool

    private typealias Continuation = CheckedContinuation<Signal, Never>

    private enum Signal: Sendable {
        case finished(Result<Output, any Error>)
        /// Run a batch; `riders` share the leader's result.
        case lead(riders: [Continuation])
    }

    private struct Waiting: Sendable {
        var item: Item
        var continuation: Continuation
        /// Requests coalesced with this one: they get its result.
        var riders: [Continuation] = []

        func finish(_ result: Result<Output, any Error>) {
            continuation.resume(returning: .finished(result))
            for rider in riders { rider.resume(returning: .finished(result)) }
        }
    }

    private struct State: Sendable {
        var waiting: [Waiting] = []
        var inFlight = 0
    }

    let maxInFlight: Int
    let maxBatch: Int
    private let run: Run
    private let compatible: Compatible
    private let coalesces: Coalesces
    private let state = Mutex(State())

    package init(
        maxInFlight: Int, maxBatch: Int, compatible: @escaping Compatible = { _, _ in true },
        coalesces: @escaping Coalesces = { _, _ in false }, run: @escaping Run
    ) {
        self.maxInFlight = max(1, maxInFlight)
        self.maxBatch = max(1, maxBatch)
        self.compatible = compatible
        self.coalesces = coalesces
        self.run = run
    }

    /// `item`'s result, once a batch holding it has run.
    package func submit(_ item: Item) async throws -> Output {
        let signal = await withCheckedContinuation { (continuation: Continuation) in
            let leads = state.withLock { state in
                if state.inFlight < maxInFlight {
                    state.inFlight += 1
                    return true
                }
                if let last = state.waiting.indices.last, coalesces(item, state.waiting[last].item) {
                    state.waiting[last].riders.append(continuation)
                } else {
                    state.waiting.append(Waiting(item: item, continuation: continuation))
                }
                return false
            }
            if leads { continuation.resume(returning: .lead(riders: [])) }
        }
        let riders: [Continuation]
        switch signal {
        case .finished(let result): return try result.get()
        case .lead(let those): riders = those
        }

        let followers = state.withLock { takeFollowers(of: item, from: &$0.waiting) }
        var results = await run([item] + followers.map(\.item))
        if results.count != followers.count + 1 {
            results = Array(repeating: .failure(BatchError.resultCountMismatch), count: followers.count + 1)
        }
        for (follower, result) in zip(followers, results.dropFirst()) { follower.finish(result) }
        for rider in riders { rider.resume(returning: .finished(results[0])) }
        let next = state.withLock { state -> Waiting? in
            guard !state.waiting.isEmpty else {
                state.inFlight -= 1
                return nil
            }
            return state.waiting.removeFirst()
        }
        next?.continuation.resume(returning: .lead(riders: next?.riders ?? []))
        return try results[0].get()
    }

    /// The oldest waiting requests that may join a batch led by `leader`, removed from `waiting`;
    /// the others keep their places.
    private func takeFollowers(of leader: Item, from waiting: inout [Waiting]) -> [Waiting] {
        var batch = [leader]
        var taken: [Waiting] = []
        var kept: [Waiting] = []
        kept.reserveCapacity(waiting.count)
        for request in waiting {
            // A full batch takes no more: the rest keep their places without being asked.
            if batch.count < maxBatch, compatible(request.item, batch) {
                batch.append(request.item)
                taken.append(request)
            } else {
                kept.append(request)
            }
        }
        waiting = kept
        return taken
    }

    enum BatchError: Error {
        case resultCountMismatch
    }
}

extension NaturalBatcher {
    /// The results of `items` written by one call of `write`; when that call fails, each item is
    /// written alone, so that only an offending one fails (`retrying` hears the first error).
    package static func together(
        _ items: [Item], retrying: (any Error) -> Void = { _ in }, _ write: ([Item]) async throws -> [Output]
    ) async -> [Result<Output, any Error>] {
        do {
            let outputs = try await write(items)
            guard outputs.count == items.count else { throw BatchError.resultCountMismatch }
            return outputs.map { .success($0) }
        } catch {
            guard items.count > 1 else { return [.failure(error)] }
            retrying(error)
            var results: [Result<Output, any Error>] = []
            for item in items {
                do {
                    let outputs = try await write([item])
                    guard let output = outputs.first, outputs.count == 1 else { throw BatchError.resultCountMismatch }
                    results.append(.success(output))
                } catch {
                    results.append(.failure(error))
                }
            }
            return results
        }
    }
}
