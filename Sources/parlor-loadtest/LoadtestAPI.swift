import Foundation
import ParlorAPI
import ParlorClient

/// A REST call that failed; `kind` is the key it is counted under (`http_409`, `http_unreachable`).
struct LoadtestFailure: Error, CustomStringConvertible {
    let kind: String
    let message: String
    var description: String { message }

    /// The SDK's typed error, counted by HTTP status, or as unreachable when no answer came.
    init(_ error: ParlorError, _ operation: String) {
        kind = error.status.map { "http_\($0)" } ?? "http_unreachable"
        message = error.status.map { "\(operation) answered HTTP \($0): \(error.message)" } ?? "\(operation) failed: \(error.message)"
    }

    init(kind: String, message: String) {
        self.kind = kind
        self.message = message
    }
}

/// The REST calls of the load test, through the SDK: its session signs every call and renews
/// an expired access token by itself (the run may outlast the token's 15 minutes).
enum LoadtestAPI {
    /// `POST /auth/guest`; the same device id signs in to the same guest again.
    static func signIn(_ client: ParlorClient, deviceID: String, name: String) async throws(LoadtestFailure) {
        try await call("guest sign-in") { () async throws(ParlorError) in
            _ = try await client.signIn(.guest(deviceID: deviceID, displayName: name))
        }
    }

    /// `POST /games`: a private real-time game; its id and invite code.
    static func createGame(_ client: ParlorClient, game: String, players: Int) async throws(LoadtestFailure) -> (id: UUID, code: String) {
        let body = Components.Schemas.CreateGameRequest(gameType: game, players: players, mode: "realtime")
        let created = try await call("creating a game") { () async throws(ParlorError) in
            try await parlorCall { try await client.api.createGame(body: .json(body)).created.body.json }
        }
        guard let id = UUID(uuidString: created.id), let code = created.inviteCode else {
            throw LoadtestFailure(kind: "http_body", message: "creating a game answered no id or invite code")
        }
        return (id, code)
    }

    /// `POST /games/join` with an invite code.
    static func join(_ client: ParlorClient, code: String) async throws(LoadtestFailure) {
        try await call("joining a game") { () async throws(ParlorError) in
            _ = try await parlorCall { try await client.api.joinGameByCode(body: .json(.init(code: code))).ok }
        }
    }

    private static func call<Value>(_ operation: String, _ body: () async throws(ParlorError) -> Value) async throws(LoadtestFailure) -> Value {
        do {
            return try await body()
        } catch {
            throw LoadtestFailure(error, operation)
        }
    }
}
