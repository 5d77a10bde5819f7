import Foundation
import OpenAPIAsyncHTTPClient
import OpenAPIRuntime
import ParlorAPI
import ParlorClient

/// A REST call that failed; `kind` is the key it is counted under (`http_409`, `http_unreachable`).
struct LoadtestFailure: Error, CustomStringConvertible {
    let kind: String
    let message: String
    var description: String { message }

    static func status(_ status: Int, _ operation: String) -> LoadtestFailure {
        LoadtestFailure(kind: "http_\(status)", message: "\(operation) answered HTTP \(status)")
    }
}

/// The REST calls of the load test, through the client generated from `openapi.yaml`.
struct LoadtestAPI: Sendable {
    let server: URL
    let transport: AsyncHTTPClientTransport

    private func client(token: String?) -> Client {
        Client(serverURL: server, transport: transport, middlewares: [BearerTokenMiddleware { token }])
    }

    /// `POST /auth/guest`; the same device id signs in to the same guest again (a fresh token).
    func signIn(deviceID: String, name: String) async throws(LoadtestFailure) -> String {
        let output = try await call("guest sign-in") {
            try await client(token: nil).signInAsGuest(body: .json(.init(deviceId: deviceID, displayName: name)))
        }
        switch output {
        case .ok(let ok):
            guard let session = try? ok.body.json else { throw LoadtestFailure(kind: "http_body", message: "guest sign-in answered no session") }
            return session.accessToken
        case .tooManyRequests: throw .status(429, "guest sign-in")
        case .badRequest: throw .status(400, "guest sign-in")
        case .conflict: throw .status(409, "guest sign-in")
        case .default(let status, _): throw .status(status, "guest sign-in")
        }
    }

    /// `POST /games`: a private real-time game; its id and invite code.
    func createGame(token: String, game: String, players: Int) async throws(LoadtestFailure) -> (id: UUID, code: String) {
        let body = Components.Schemas.CreateGameRequest(gameType: game, players: players, mode: "realtime")
        let output = try await call("creating a game") { try await client(token: token).createGame(body: .json(body)) }
        switch output {
        case .created(let created):
            guard let game = try? created.body.json, let id = UUID(uuidString: game.id), let code = game.inviteCode else {
                throw LoadtestFailure(kind: "http_body", message: "creating a game answered no id or invite code")
            }
            return (id, code)
        case .badRequest: throw .status(400, "creating a game")
        case .unauthorized: throw .status(401, "creating a game")
        case .default(let status, _): throw .status(status, "creating a game")
        }
    }

    /// `POST /games/join` with an invite code.
    func join(token: String, code: String) async throws(LoadtestFailure) {
        let output = try await call("joining a game") {
            try await client(token: token).joinGameByCode(body: .json(.init(code: code)))
        }
        switch output {
        case .ok: return
        case .badRequest: throw .status(400, "joining a game")
        case .unauthorized: throw .status(401, "joining a game")
        case .notFound: throw .status(404, "joining a game")
        case .conflict: throw .status(409, "joining a game")
        case .default(let status, _): throw .status(status, "joining a game")
        }
    }

    /// Transport failures (refused, reset, timed out) become `http_unreachable`.
    private func call<Output>(_ operation: String, _ body: () async throws -> Output) async throws(LoadtestFailure) -> Output {
        do {
            return try await body()
        } catch {
            let reason = (error as? ClientError).map { String(describing: $0.underlyingError) } ?? String(describing: error)
            throw LoadtestFailure(kind: "http_unreachable", message: "\(operation) at \(server) failed: \(reason)")
        }
    }
}
