import AppFoundation
import Foundation
import GameCore
import GameSession
import ParlorAPI
import ParlorClient
import ParlorTestSupport
import Quortex
import ServerTestSupport
import Testing

@testable import QuortexFeature
import TestSupport

/// The board against the real server on an ephemeral port: a tile dropped on a legal cell shows
/// at once and the server's view confirms it; a placement the rules refuse is refused by the
/// server in the very words the table says for it offline, and the board shows the server's view.
@MainActor
@Suite(.timeLimit(.minutes(2)), .liveEffects)
struct QuortexBoardLiveTests {
    static let canvas = Size(width: 390, height: 520)

    static func signedIn(_ server: URL) async throws -> ParlorClient {
        let client = ParlorClient(serverURL: server, store: MemoryCredentialStore())
        _ = try await client.signIn(.guest(deviceID: UUID().uuidString))
        return client
    }

    /// A player's endpoint on game `id`, over REST (the socket's prediction is the same code).
    static func endpoint(_ client: ParlorClient, game id: UUID) async throws -> OnlineGameEndpoint<Quortex> {
        let endpoint = OnlineGameEndpoint<Quortex>(client: client, game: id)
        try await endpoint.start(following: nil)
        return endpoint
    }

    @Test func aDroppedTileShowsAtOnceTheServerConfirmsItAndRefusesWhatTheRulesRefuse() async throws {
        try await withLiveParlorServer(games: GameRegistry([Quortex.self])) { server in
            let hanaClient = try await Self.signedIn(server)
            let olgaClient = try await Self.signedIn(server)
            let created = try await hanaClient.api.createGame(body: .json(.init(gameType: "quortex", players: 2, mode: "turn_based")))
                .created.body.json
            _ = try await olgaClient.api.joinGameByCode(body: .json(.init(code: try #require(created.inviteCode)))).ok
            let id = try #require(UUID(uuidString: created.id))
            let hanaGate = await GatedEndpoint(try await Self.endpoint(hanaClient, game: id))
            let olgaGate = await GatedEndpoint(try await Self.endpoint(olgaClient, game: id))
            let hana = QuortexTableModel(endpoint: hanaGate)
            let olga = QuortexTableModel(endpoint: olgaGate)
            await hana.refresh()
            await olga.refresh()
            #expect(hana.isMyTurn != olga.isMyTurn, "one of them moves first")
            let (mover, moverGate, other, otherGate) = hana.isMyTurn ? (hana, hanaGate, olga, olgaGate) : (olga, olgaGate, hana, hanaGate)

            // The mover drags the tile onto a legal cell: it shows while the server is asked.
            let cell = try #require(mover.legalCells.sorted().first)
            let tile = PlacedTile(try #require(mover.drawnTile), rotation: mover.cursor.rotation)
            let centre = QuortexBoardLayout.geometry(for: Self.canvas).centre(of: cell)
            mover.dragChanged(to: centre, canvas: Self.canvas)
            #expect(mover.drag?.isLegal == true)
            let drop = Task { await mover.dragEnded(at: centre, canvas: Self.canvas) }
            #expect(await eventually { await moverGate.isHolding })
            #expect(mover.board?.mark(of: cell)?.tile == tile && mover.isAwaitingAuthority)
            #expect(mover.view?.position.board[cell] == nil, "not the server's yet")
            await moverGate.open()
            await drop.value
            #expect(mover.view?.position.board[cell] == tile, "the server took it")
            #expect(!mover.isAwaitingAuthority && mover.table.message == nil && !mover.isMyTurn)

            // The other player sees it, their turn now.
            #expect(await eventually {
                await otherGate.pull()
                return await otherGate.snapshot().view?.position.board[cell] != nil
            })
            await other.refresh()
            #expect(other.view?.position.board[cell] == tile && other.isMyTurn)
            // Felt: the turn coming round, unless the tile closed a flow at a side, which weighs more.
            let closed = other.view?.flows.contains { $0.exitSide != nil } ?? false
            #expect(other.feedback?.event == (closed ? .flowCompleted : .yourTurn))
            #expect(other.lastMoveCells[cell] != nil)

            // They try the occupied cell: the server refuses, in the words the table says offline.
            let placement = Placement(cell: cell, rotation: other.cursor.rotation)
            let offline = try #require(other.refusal(for: placement))
            other.select(cell)
            await otherGate.open()
            await other.place()
            #expect(other.table.message == offline)
            #expect(other.table.refusal?.code == .invalidAction)
            #expect(other.view?.position.board[cell] == tile && other.pendingPlacement == nil && other.isMyTurn)
            #expect(other.feedback?.event == .refused)
        }
    }
}

/// An endpoint that holds each move until the test opens the gate, then passes it on: the table
/// is seen while its move is on the way to the real server. It shows the inner endpoint's
/// snapshot as last pulled (after each move, and when the test asks).
actor GatedEndpoint: GameSessionEndpoint {
    let inner: OnlineGameEndpoint<Quortex>
    nonisolated let changes: AsyncStream<Void>
    private var latest: SessionSnapshot<Quortex>
    private var gate: CheckedContinuation<Void, Never>?
    private var isOpen = false
    var isHolding: Bool { gate != nil }

    init(_ inner: OnlineGameEndpoint<Quortex>) async {
        self.inner = inner
        changes = inner.changes
        latest = await inner.snapshot()
    }

    func snapshot() -> SessionSnapshot<Quortex> { latest }

    /// Reads the game from the server again (this endpoint follows no socket) and shows it.
    func pull() async {
        try? await inner.reload()
        latest = await inner.snapshot()
    }

    func perform(_ action: QuortexAction) async throws(GameError) {
        if !isOpen { await withCheckedContinuation { gate = $0 } }
        isOpen = false
        do {
            try await inner.perform(action)
        } catch {
            latest = await inner.snapshot()
            throw error
        }
        latest = await inner.snapshot()
    }

    /// Lets the move waiting (or the next one) through.
    func open() {
        if let gate {
            gate.resume()
            self.gate = nil
        } else {
            isOpen = true
        }
    }
}
