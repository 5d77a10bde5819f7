import Foundation
import HTTPTypes
import Logging
import Synchronization
import WSClient

/// One child process of `--idle`: opens its sockets 200 at a time (each authenticated on the
/// upgrade, then subscribed to the game), prints "HELD FAILED" once all are settled, holds them
/// silent, and exits when its standard input closes (the parent is done or gone).
enum LoadtestIdleWorker {
    static let openAtOnce = 200

    static func run(count: Int, webSocket: URL, game: UUID, token: String) async {
        let (settled, settle) = AsyncStream.makeStream(of: Bool.self)
        let holders = Task {
            await withTaskGroup(of: Void.self) { group in
                for _ in 0..<count { group.addTask { await hold(webSocket, game: game, token: token, settle: settle) } }
            }
        }
        var held = 0
        var failed = 0
        for await ok in settled {
            if ok { held += 1 } else { failed += 1 }
            if held + failed == count { break }
        }
        FileHandle.standardOutput.write(Data("\(held) \(failed)\n".utf8))
        _ = await LoadtestIdle.firstLine(of: FileHandle.standardInput)  // until the parent closes it
        holders.cancel()
        exit(0)
    }

    /// Limits how many sockets are opening at once, so the burst does not overflow the server's accept queue.
    private static let opening = OpeningGate(limit: openAtOnce)

    private static func hold(_ url: URL, game: UUID, token: String, settle: AsyncStream<Bool>.Continuation) async {
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
