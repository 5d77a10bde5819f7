import DurableFiles
import Foundation
import OpenAPIRuntime
import ParlorAPI

/// Moves made while the device was offline, kept on disk until the server has them: sent in the
/// order they were made, each with its client move id, so a retry after a dropped answer never
/// plays twice (the server answers the same move id with the move it already applied). A move
/// the server refuses is handed back with its error, never silently dropped; the moves queued
/// after it in the same game are handed back with it, since they were made on a position the
/// server never reached.
public actor OfflineMoveQueue {
    /// A move waiting to be sent.
    public struct Move: Codable, Sendable, Equatable {
        public var game: String
        public var moveID: String
        /// The game's own action JSON (as `MoveRequest.action`).
        public var action: Data
        /// The seq the move was made at, so the server refuses it if the game moved on meanwhile.
        public var seq: Int?

        public init(game: String, moveID: String = UUID().uuidString, action: Data, seq: Int?) {
            self.game = game
            self.moveID = moveID
            self.action = action
            self.seq = seq
        }
    }

    /// What one flush did.
    public struct Flush: Sendable, Equatable {
        public var delivered: [Move] = []
        /// Refused by the server, with the moves of the same game queued after it.
        public var refused: [(move: Move, error: ParlorError, dropped: [Move])] = []
        /// Still queued: the server could not be reached.
        public var pending: Int = 0

        public init() {}

        public static func == (a: Flush, b: Flush) -> Bool {
            a.delivered == b.delivered && a.pending == b.pending && a.refused.map(\.move) == b.refused.map(\.move)
                && a.refused.map(\.error) == b.refused.map(\.error) && a.refused.map(\.dropped) == b.refused.map(\.dropped)
        }
    }

    let file: URL?
    private var moves: [Move]

    /// A queue kept in `file` (nil: in memory only), with whatever a previous run left in it.
    public init(file: URL?) throws {
        self.file = file
        if let file, let data = try DurableFile.read(file) {
            moves = try JSONDecoder().decode([Move].self, from: data)
        } else {
            moves = []
        }
    }

    public var queued: [Move] { moves }

    /// Keeps `move` until it is delivered.
    public func enqueue(_ move: Move) throws {
        moves.append(move)
        try persist()
    }

    /// Sends the queued moves in order through `client` (a client that throws ``ParlorError``s
    /// for answers outside 2xx, as ``ParlorClient/api``), until the queue is empty or the server
    /// cannot be reached.
    public func flush(through client: Client) async throws -> Flush {
        var flush = Flush()
        while let move = moves.first {
            let action: OpenAPIValueContainer
            do {
                action = try JSONDecoder().decode(OpenAPIValueContainer.self, from: move.action)
            } catch {
                try refuse(move, ParlorError(kind: .invalidInput, code: "unreadable_action", message: "\(error)"), into: &flush)
                continue
            }
            switch await Self.send(move, action: action, through: client) {
            case .success:
                moves.removeFirst()
                try persist()
                flush.delivered.append(move)
            case .failure(let error) where error.status == nil || error.kind == .serverError || error.kind == .rateLimited:
                // Not the move's fault: keep it, and everything after it, for the next flush.
                flush.pending = moves.count
                return flush
            case .failure(let error):
                try refuse(move, error, into: &flush)
            }
        }
        return flush
    }

    private static func send(_ move: Move, action: OpenAPIValueContainer, through client: Client) async -> Result<Void, ParlorError> {
        do {
            _ = try await parlorCall {
                try await client.submitMove(path: .init(gameID: move.game), body: .json(.init(moveId: move.moveID, action: action, seq: move.seq)))
            }
            return .success(())
        } catch {
            return .failure(error)
        }
    }

    private func refuse(_ move: Move, _ error: ParlorError, into flush: inout Flush) throws {
        moves.removeFirst()
        let dropped = moves.filter { $0.game == move.game }
        moves.removeAll { $0.game == move.game }
        try persist()
        flush.refused.append((move, error, dropped))
    }

    private func persist() throws {
        guard let file else { return }
        try DurableFile.createDirectory(file.deletingLastPathComponent())
        let temporary = file.deletingLastPathComponent().appendingPathComponent(".\(file.lastPathComponent).tmp")
        try DurableFile.replace(file, with: try JSONEncoder().encode(moves), through: temporary)
    }
}
