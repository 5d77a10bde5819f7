import Foundation
import HTTPTypes
import Logging
import Synchronization
import WSClient

/// One child process of `--idle`: opens its sockets 200 at a time (each authenticated on the
/// upgrade, then subscribed to the game), prints "HELD FAILED" once all are settled, holds them
/// silent (answering the server's pings), and on a line or the end of its standard input (the
/// parent is done or gone) prints how many held sockets the server closed meanwhile and exits.
enum LoadtestIdleWorker {
    static let openAtOnce = 200

    static func run(count: Int, webSocket: URL, game: UUID, token: String) async {
        let (settled, settle) = AsyncStream.makeStream(of: Bool.self)
        let ended = Counter()
        let holders = Task {
            await withTaskGroup(of: Void.self) { group in
                for _ in 0..<count { group.addTask { await hold(webSocket, game: game, token: token, settle: settle, ended: ended) } }
            }
        }
        var held = 0
        var failed = 0
        for await ok in settled {
            if ok { held += 1 } else { failed += 1 }
            if held + failed == count { break }
        }
        FileHandle.standardOutput.write(Data("\(held) \(failed)\n".utf8))
        _ = await LoadtestIdle.firstLine(of: FileHandle.standardInput)
        FileHandle.standardOutput.write(Data("\(ended.value.load(ordering: .relaxed))\n".utf8))
        holders.cancel()
        exit(0)
    }

    /// Limits how many sockets are opening at once, so the burst does not overflow the server's accept queue.
    private static let opening = OpeningGate(limit: openAtOnce)

    private static func hold(_ url: URL, game: UUID, token: String, settle: AsyncStream<Bool>.Continuation, ended: Counter) async {
        await opening.enter()
        var logger = Logger(label: "parlor.loadtest.idle")
        logger.logLevel = .critical
        var headers = HTTPFields()
        headers[.authorization] = "Bearer \(token)"
        let subscribe = #"{"type":"subscribe","game":"\#(game.uuidString)"}"#
        let reported = Reported()
        do {
            try await WebSocketClient.connect(url: url.absoluteString, configuration: .init(additionalHeaders: headers), logger: logger) {
                inbound, outbound, _ in
                try await outbound.write(.text(subscribe))
                for try await message in inbound.messages(maxSize: 1 << 20) {
                    guard !reported.value.load(ordering: .relaxed), case .text(let text) = message, text.contains(#""type":"state""#) else {
                        continue
                    }
                    reported.value.store(true, ordering: .relaxed)
                    settle.yield(true)
                    await opening.leave()
                }
            }
        } catch {}
        // Ended before the parent let go: the server closed a socket that was answering its pings.
        if reported.value.load(ordering: .relaxed), !Task.isCancelled { ended.value.add(1, ordering: .relaxed) }
        if !reported.value.load(ordering: .relaxed) {
            settle.yield(false)
            await opening.leave()
        }
    }
}

/// A counting gate: at most `limit` holders between `enter` and `leave`.
actor OpeningGate {
    private var available: Int
    private var waiting: [CheckedContinuation<Void, Never>] = []

    init(limit: Int) { available = limit }

    func enter() async {
        if available > 0 {
            available -= 1
            return
        }
        await withCheckedContinuation { waiting.append($0) }
    }

    func leave() {
        if waiting.isEmpty {
            available += 1
        } else {
            waiting.removeFirst().resume()
        }
    }
}

/// Whether a socket has said it is subscribed; its reading closure runs concurrently with the code after it.
private final class Reported: Sendable {
    let value = Atomic<Bool>(false)
}

/// Sockets that ended while held.
private final class Counter: Sendable {
    let value = Atomic<Int>(0)
}
