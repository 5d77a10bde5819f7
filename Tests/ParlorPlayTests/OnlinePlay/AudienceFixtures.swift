import Foundation
import GameCore
import HTTPTypes
import HummingbirdTesting
import Quortex
import ServerTestSupport
import Testing
import TestSupport

/// The sockets, frames and games the audience tests share.
enum Audience {
    static let presenceTypes: Set<String> = ["player_joined", "player_left", "player_reconnected"]

    static func socket(_ server: OnlinePlayServer, _ guest: OnlinePlayServer.Guest) async throws -> TestSocket {
        let socket = TestSocket(url: "ws://127.0.0.1:\(try #require(server.client.port))/ws", token: guest.token)
        _ = try await socket.next("welcome")
        return socket
    }

    static func chat(_ game: UUID, _ text: String) -> String {
        #"{"type":"chat","game":"\#(game.uuidString.lowercased())","text":"\#(text)"}"#
    }

    /// Subscribes and answers the `state` or `error` frame the subscription got, as JSON.
    static func subscribe(_ socket: TestSocket, _ game: UUID) async throws -> [String: Any] {
        socket.send(#"{"type":"subscribe","game":"\#(game.uuidString.lowercased())"}"#)
        while true {
            let text = try await socket.nextText()
            guard let frame = try JSONSerialization.jsonObject(with: Data(text.utf8)) as? [String: Any] else { continue }
            let type = frame["type"] as? String
            if type == "state" || type == "error", (frame["game"] as? String).flatMap(UUID.init(uuidString:)) == game { return frame }
        }
    }

    /// Waits for the chat line `text` (skipping others): the test's premise is that it arrives.
    static func hear(_ socket: TestSocket, _ text: String) async throws {
        while try await socket.next("chat_message").text != text {}
    }

    /// Whose presence (joined, left, back) `frames` tell, in order.
    static func presence(in frames: [[String: Any]]) -> [String] {
        frames.filter { presenceTypes.contains($0["type"] as? String ?? "") }.compactMap { $0["user"] as? String }
    }

    /// The next text frame of `type`.
    static func nextText(_ socket: TestSocket, _ type: String) async throws -> String {
        while true {
            let text = try await socket.nextText()
            if text.contains(#""type":"\#(type)""#) { return text }
        }
    }

    /// Returns once the server has sent `socket` everything already on its way to it: a notice
    /// is queued on every follower's connection before anyone hears it, and ahead of this ping.
    static func settle(_ socket: TestSocket) async throws { try await socket.settle() }

    /// Every frame `socket` received about `game`, in order.
    static func frames(_ socket: TestSocket, about game: UUID) -> [[String: Any]] {
        socket.texts.compactMap { text in
            guard let frame = try? JSONSerialization.jsonObject(with: Data(text.utf8)) as? [String: Any],
                (frame["game"] as? String).flatMap(UUID.init(uuidString:)) == game
            else { return nil }
            return frame
        }
    }

    /// A public game of `type` for two, made by quick match.
    static func quickMatch(_ server: OnlinePlayServer, _ type: String, _ first: OnlinePlayServer.Guest, _ second: OnlinePlayServer.Guest) async throws -> UUID {
        for guest in [first, second] {
            let queued = try await server.call(.post, "/matchmaking/quick", as: guest, body: #"{"game_type":"\#(type)","players":2,"mode":"turn_based"}"#)
            guard queued.status == 200 else { throw TestSetupError("quick match refused: \(queued)") }
        }
        let deadline = ContinuousClock.now + .seconds(30)
        while ContinuousClock.now < deadline {
            let status = try await server.call(.get, "/matchmaking/quick", as: first)
            if let match = (status.json["match"] as? String).flatMap(UUID.init(uuidString:)) { return match }
            try await Task.sleep(for: .milliseconds(50))
        }
        throw TestSetupError("no quick match for \(type)")
    }

    /// A Crazy Eights view with nothing hidden in it: no hand, no actions, yet cards in play.
    static func expectSpectatorsView(_ view: Any?) throws {
        let view = try #require(view as? [String: Any])
        #expect((view["hand"] as? [Any])?.isEmpty == true, "\(view)")
        #expect((view["legal_actions"] as? [Any])?.isEmpty == true, "\(view)")
        #expect(((view["hand_counts"] as? [Int]) ?? []).reduce(0, +) > 0, "\(view)")
    }

    /// Plays the first legal action of whoever's turn it is, over REST.
    static func playCrazyEights(_ server: OnlinePlayServer, _ game: UUID, _ players: [OnlinePlayServer.Guest]) async throws {
        let id = game.uuidString.lowercased()
        for player in players {
            let mine = try await server.call(.get, "/games/\(id)", as: player)
            guard let action = ((mine.json["view"] as? [String: Any])?["legal_actions"] as? [Any])?.first else { continue }
            let body = String(decoding: try JSONSerialization.data(withJSONObject: ["move_id": UUID().uuidString, "action": action]), as: UTF8.self)
            let moved = try await server.call(.post, "/games/\(id)/moves", as: player, body: body)
            guard moved.status == 200 else { throw TestSetupError("move failed: \(moved)") }
            return
        }
        throw TestSetupError("no one could move in \(id)")
    }
}

/// Quortex under another name, for a kind of game that has no spectators.
enum Unwatched: GameModule {
    typealias Settings = Quortex.Settings
    typealias State = Quortex.State
    typealias Action = Quortex.Action
    typealias View = Quortex.View

    static let gameType: GameType = "unwatched"
    static let engineVersion = 1
    static let catalogEntry = GameCatalogEntry(id: gameType, displayName: "Unwatched", symbol: "eye.slash", minPlayers: 2, maxPlayers: 6, difficulty: .medium)
    static let policy = GamePolicy(minPlayers: 2, maxPlayers: 6, isTurnBased: true, allowsRejoin: true, supportsSpectators: false)

    static func defaultSettings(playerCount: Int) -> Settings { Quortex.defaultSettings(playerCount: playerCount) }
    static func initialState(players: [GamePlayer], settings: Settings, seed: GameSeed) throws(GameError) -> State {
        try Quortex.initialState(players: players, settings: settings, seed: seed)
    }
    static func reduce(_ state: State, _ action: Action, by seat: Int) throws(GameError) -> State { try Quortex.reduce(state, action, by: seat) }
    static func legalActions(in state: State, for seat: Int) -> [Action]? { Quortex.legalActions(in: state, for: seat) }
    static func outcome(of state: State) -> GameOutcome? { Quortex.outcome(of: state) }
    static func view(of state: State, for viewer: Viewer) -> View { Quortex.view(of: state, for: viewer) }
    static func outcome(in view: View) -> GameOutcome? { Quortex.outcome(in: view) }
    static func turnSeats(in state: State) -> [Int] { Quortex.turnSeats(in: state) }
}
