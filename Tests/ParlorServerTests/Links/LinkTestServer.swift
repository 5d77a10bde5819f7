import Foundation
import GameCore
import HTTPTypes
import HummingbirdTesting
import NIOCore
import ParlorLinks
import ParlorServer
import ParlorTestSupport
import Quortex
import ServerTestSupport
import TestSupport

/// A live server with the link pages configured as an operator would, and what the link tests
/// make on it: games with invite codes, finished games, tournaments.
struct LinkTestServer {
    static let quortexAppID = "ABCDE12345.com.parlor.quortex"
    static let partyAppID = "ABCDE12345.com.parlor.oneforboys"
    static let topDogAppID = "ABCDE12345.com.parlor.topdog"
    static let quortexStore = URL(string: "https://apps.apple.com/app/id1234567890")

    static let configuration = LinkConfiguration(
        apps: [
            .init(appID: quortexAppID, app: .quortex), .init(appID: partyAppID, app: .party), .init(appID: topDogAppID, app: .topdog),
        ],
        storeURLs: quortexStore.map { [.quortex: $0] } ?? [:],
        replays: [ReplayRenderer(gameType: "quortex") { (view: QuortexView) in QuortexSVG.render(view, options: .init(hexSize: 24, showsCellNames: false)) }])

    let play: OnlinePlayServer

    /// A page as a browser gets it.
    struct Page {
        var status: Int
        var headers: HTTPFields
        var text: String
    }

    func page(_ path: String) async throws -> Page {
        let response = try await play.client.executeRequest(uri: path, method: .get, headers: [:], body: nil)
        return Page(status: Int(response.status.code), headers: response.headers, text: String(buffer: response.body))
    }

    func rename(_ guest: LiveGuest, to name: String) async throws {
        let body = String(decoding: try JSONSerialization.data(withJSONObject: ["display_name": name]), as: UTF8.self)
        let renamed = try await play.call(.put, "/users/me", as: guest, body: body)
        guard renamed.status == 200 else { throw TestSetupError("rename failed: \(renamed)") }
    }

    func setSharing(_ shares: Bool, for guest: LiveGuest) async throws {
        let changed = try await play.call(.put, "/users/me", as: guest, body: #"{"preferences":{"share_replays":\#(shares),"theme":"dark"}}"#)
        guard changed.status == 200 else { throw TestSetupError("preferences failed: \(changed)") }
    }

    /// A waiting game made by `host`; its invite code.
    func invite(_ game: String = "quortex", by host: LiveGuest, players: Int = 2) async throws -> (id: String, code: String) {
        let created = try await play.call(.post, "/games", as: host, body: #"{"game_type":"\#(game)","players":\#(players),"mode":"turn_based"}"#)
        guard created.status == 201, let id = created.json["id"] as? String, let code = created.json["invite_code"] as? String else {
            throw TestSetupError("create failed: \(created)")
        }
        return (id, code)
    }

    /// A turn-based Quortex game between `guests`, `turns` moves played and then resigned by the
    /// last guest; the id and the number of positions a replay shows (the start and each move).
    func finishedGame(_ guests: [LiveGuest], turns: Int) async throws -> (id: UUID, frames: Int) {
        let id = try await play.table(game: "quortex", players: guests, mode: "turn_based")
        var random = GameRandom(seed: GameSeed(7))
        for _ in 0..<turns { try await play.playTurn(id, guests: guests, random: &random) }
        let game = id.uuidString.lowercased()
        let resigned = try await play.call(.post, "/games/\(game)/resign", as: guests[guests.count - 1], body: #"{"move_id":"\#(UUID().uuidString)"}"#)
        guard resigned.status == 200 else { throw TestSetupError("resign failed: \(resigned)") }
        let state = try await play.call(.get, "/games/\(game)", as: guests[0])
        guard state.json["status"] as? String == "completed" else { throw TestSetupError("the game did not end: \(state.json)") }
        let moves = try await play.call(.get, "/games/\(game)/moves", as: guests[0])
        return (id, ((moves.json["moves"] as? [Any])?.count ?? 0) + 1)
    }
}

/// Runs `body` against a live server with ``LinkTestServer/configuration`` (or `links`).
func withLinkServer(
    kind: TestDatabaseKind = .sqlite, links: LinkConfiguration = LinkTestServer.configuration,
    _ body: @escaping @Sendable (LinkTestServer) async throws -> Void
) async throws {
    try await withServer(.onlinePlay(kind: kind) { $0.links = links }) { server in try await body(LinkTestServer(play: OnlinePlayServer(server))) }
}
