import Foundation
import HTTPTypes
import ServerTestSupport
import Testing

/// A private three-seat game its host made and one player joined by code; a third user stays out.
struct WaitingTable {
    var host: OnlinePlayServer.Guest
    var player: OnlinePlayServer.Guest
    var stranger: OnlinePlayServer.Guest
    var game: String
    var code: String

    init(on server: OnlinePlayServer) async throws {
        (host, player, stranger) = (try await server.guest(), try await server.guest(), try await server.guest())
        let created = try await server.call(.post, "/games", as: host, body: #"{"game_type":"quortex","players":3,"mode":"turn_based"}"#)
        game = try #require(created.json["id"] as? String)
        code = try #require(created.json["invite_code"] as? String)
        #expect(try await server.call(.post, "/games/join", as: player, body: #"{"code":"\#(code)"}"#).status == 200)
    }
}
