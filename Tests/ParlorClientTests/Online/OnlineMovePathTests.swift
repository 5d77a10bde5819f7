import Foundation
import GameCore
import GameSession
import ParlorClient
import Quortex
import ServerTestSupport
import Synchronization
import Testing
import TestSupport

/// The SDK's one path for a move: one `move` message on the socket, the answer and the other
/// players' moves adopted from the frames, REST only where the frames cannot serve.
@Suite("Client move path", .timeLimit(.minutes(2)))
struct OnlineMovePathTests {
    @Test("each move costs its mover one socket message and no REST request, and the other player none either")
    func happyPath() async throws {
        try await withOnlinePlayServer { server in
            let table = try await SDKTable.make(on: server)
            var (mover, waiter) = (table.mover, table.waiter)
            let seqBefore = try await table.serverSeq()
            for turn in 0..<4 {
                let before = try await mover.view()
                let action = try SDKTable.placement(in: before, seed: GameSeed(UInt64(turn + 1)))
                guard case .place(let placement) = action else { throw TestSetupError("not a placement") }
                let (moverCosts, waiterCosts) = (await mover.costs(), await waiter.costs())
                try await mover.endpoint.perform(action)
                let shown = await mover.endpoint.snapshot()
                #expect(shown.lastError == nil && !shown.isWaitingForHost, "turn \(turn): answered and adopted")
                #expect(shown.view?.position.board[placement.cell] != nil && shown.view?.currentSeat != before.currentSeat)
                let moverAfter = await mover.costs()
                #expect(moverAfter.requests == moverCosts.requests, "turn \(turn): no REST request for the mover")
                #expect(moverAfter.messages == moverCosts.messages + 1, "turn \(turn): one socket message")
                // The other player's store follows from the `move_made`, without asking.
                let waiterEndpoint = waiter.endpoint
                #expect(await eventually(timeout: .seconds(20)) { await waiterEndpoint.snapshot().view?.position.board[placement.cell] != nil })
                let waiterAfter = await waiter.costs()
                #expect(waiterAfter.requests == waiterCosts.requests, "turn \(turn): no REST request for the other player")
                #expect(waiterAfter.messages == waiterCosts.messages, "turn \(turn): nothing sent by the other player")
                swap(&mover, &waiter)
            }
            #expect(try await table.serverSeq() == seqBefore + 4, "each move played once")
            await table.close()
        }
    }

    @Test("a move out of turn is refused on the socket: rolled back, in lastError, thrown, no REST request")
    func refusal() async throws {
        try await withOnlinePlayServer { server in
            let table = try await SDKTable.make(on: server)
            let shown = try await table.waiter.view()
            let action = try SDKTable.placement(in: try await table.mover.view(), seed: 3)
            let costs = await table.waiter.costs()
            do {
                try await table.waiter.endpoint.perform(action)
                Issue.record("a move out of turn was accepted")
            } catch let error as GameError {
                #expect(error.code == .notYourTurn)
            }
            let snapshot = await table.waiter.endpoint.snapshot()
            #expect(snapshot.lastError?.code == .notYourTurn)
            #expect(snapshot.view == shown, "the prediction is rolled back")
            #expect(!snapshot.isWaitingForHost)
            let after = await table.waiter.costs()
            #expect(after.requests == costs.requests && after.messages == costs.messages + 1)
            await table.close()
        }
    }

    @Test("a frame that skips a sequence number costs one REST read, and the server's view stays shown")
    func gap() async throws {
        try await withOnlinePlayServer { server in
            let table = try await SDKTable.make(on: server)
            let events = try #require(table.waiter.events)
            let shown = try await table.waiter.view()
            let seq = try await table.serverSeq()
            let before = table.waiter.transport.operations
            // As the connection would hand it on: a move two numbers ahead of the one shown.
            let frame = #"{"type":"move_made","game":"\#(table.game.uuidString.lowercased())","seq":\#(seq + 2),"seat":0,"kind":"action","view":{}}"#
            let inbound = try #require(RealtimeInbound.parse(Data(frame.utf8))?.inbound)
            await events.route(inbound)
            let transport = table.waiter.transport
            #expect(await eventually(timeout: .seconds(20)) { transport.operations.count > before.count })
            try await Task.sleep(for: .milliseconds(200))
            #expect(Array(transport.operations.dropFirst(before.count)) == ["getGame"], "one read")
            #expect(try await table.waiter.view() == shown)
            await table.close()
        }
    }

    @Test("after the socket drops while the other player moves, the resubscription's state brings the move, with no REST request")
    func resume() async throws {
        try await withOnlinePlayServer { server in
            let table = try await SDKTable.make(on: server, reconnectDelay: .milliseconds(300))
            let connection = try #require(table.waiter.events?.connection)
            let costs = await table.waiter.costs()
            await connection.killSocket()
            let action = try SDKTable.placement(in: try await table.mover.view(), seed: 8)
            guard case .place(let placement) = action else { throw TestSetupError("not a placement") }
            try await table.mover.endpoint.perform(action)
            let waiter = table.waiter.endpoint
            #expect(await eventually(timeout: .seconds(20)) { await waiter.snapshot().view?.position.board[placement.cell] != nil })
            #expect(await connection.statistics.disconnects >= 1)
            #expect(table.waiter.transport.operations.count == costs.requests, "resumed from the socket alone")
            await table.close()
        }
    }

    @Test("with the socket down a move goes over REST; unanswered, it is queued, then delivered once")
    func socketDown() async throws {
        try await withOnlinePlayServer { server in
            try await withTemporaryDirectory { directory in
                let queues = [
                    try OfflineMoveQueue(file: directory.appendingPathComponent("0.json")), try OfflineMoveQueue(file: directory.appendingPathComponent("1.json")),
                ]
                // A connection that stays down once its socket is killed.
                let table = try await SDKTable.make(on: server, queues: queues, reconnectDelay: .seconds(600))
                let connection = try #require(table.mover.events?.connection)
                await connection.killSocket()
                #expect(await eventually(timeout: .seconds(20)) { await !connection.isConnected })
                let seqBefore = try await table.serverSeq()
                let action = try SDKTable.placement(in: try await table.mover.view(), seed: 5)
                guard case .place(let placement) = action else { throw TestSetupError("not a placement") }
                let costs = await table.mover.costs()

                // The server gets the move, its answer is lost: shown, queued, no error.
                table.mover.transport.state.withLock { $0 = .losingAnswers }
                try await table.mover.endpoint.perform(action)
                var snapshot = await table.mover.endpoint.snapshot()
                #expect(snapshot.isWaitingForHost && snapshot.lastError == nil)
                #expect(snapshot.view?.position.board[placement.cell] != nil, "shown at once")
                #expect(await table.mover.endpoint.queuedMoves == 1)
                #expect(Array(table.mover.transport.operations.dropFirst(costs.requests)) == ["submitMove"])
                #expect(await table.mover.costs().messages == costs.messages, "nothing on the dead socket")

                // Back: sent again with the same move id, played once.
                table.mover.transport.state.withLock { $0 = .up }
                let flush = try #require(await table.mover.endpoint.deliverQueued())
                #expect(flush.delivered.count == 1 && flush.refused.isEmpty && flush.pending == 0)
                #expect(try await table.serverSeq() == seqBefore + 1, "played exactly once")
                snapshot = await table.mover.endpoint.snapshot()
                #expect(!snapshot.isWaitingForHost && snapshot.lastError == nil)
                #expect(snapshot.view?.position.board[placement.cell] != nil)
                #expect(await table.mover.endpoint.queuedMoves == 0)
                await table.close()
            }
        }
    }

    @Test("without a real-time connection a move goes over REST, one request")
    func withoutRealtime() async throws {
        try await withOnlinePlayServer { server in
            let table = try await SDKTable.make(on: server, realtime: false)
            let action = try SDKTable.placement(in: try await table.mover.view(), seed: 2)
            let before = table.mover.transport.operations.count
            try await table.mover.endpoint.perform(action)
            #expect(Array(table.mover.transport.operations.dropFirst(before)) == ["submitMove"])
            let snapshot = await table.mover.endpoint.snapshot()
            #expect(snapshot.lastError == nil && !snapshot.isWaitingForHost)
            await table.close()
        }
    }
}
