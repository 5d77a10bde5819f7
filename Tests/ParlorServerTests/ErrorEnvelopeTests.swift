import Foundation
import HTTPTypes
import HummingbirdTesting
import NIOCore
import NIOFoundationCompat
import ParlorHTTP
import ParlorServer
import Testing

@Suite struct ErrorEnvelopeTests {
    @Test func unknownRouteIs404Envelope() async throws {
        try await withLiveServer { client in
            let response = try await client.execute(uri: "/nope", method: .get)
            #expect(response.status == .notFound)
            #expect(response.headers[.contentType]?.hasPrefix("application/json") == true)
            let envelope = try decodeEnvelope(response.body)
            #expect(envelope.error.code == "not_found")
            #expect(envelope.error.message.contains("/nope"))
        }
    }

    @Test func wrongMethodIs405WithAllow() async throws {
        try await withLiveServer(additionalRoutes: moveRoute) { client in
            let onHealth = try await client.execute(uri: "/health", method: .delete)
            #expect(onHealth.status == .methodNotAllowed)
            #expect(onHealth.headers[.allow] == "GET, HEAD")
            #expect(try decodeEnvelope(onHealth.body).error.code == "method_not_allowed")

            let onMoves = try await client.execute(uri: "/test/moves", method: .get)
            #expect(onMoves.status == .methodNotAllowed)
            #expect(onMoves.headers[.allow] == "POST")

            // A literal segment wins over a parameter, as in the router: GET /games/join is not
            // GET /games/{gameID}, and nothing is listed twice.
            let onJoin = try await client.execute(uri: "/games/join", method: .get)
            #expect(onJoin.status == .methodNotAllowed)
            #expect(onJoin.headers[.allow] == "POST")
            let onCatalogue = try await client.execute(uri: "/games/catalogue", method: .put)
            #expect(onCatalogue.headers[.allow] == "GET, HEAD")
            let onGame = try await client.execute(uri: "/games/\(UUID())", method: .put)
            #expect(onGame.headers[.allow] == "GET, HEAD")
        }
    }

    @Test func validJSONIsAccepted() async throws {
        try await withLiveServer(additionalRoutes: moveRoute) { client in
            let response = try await client.execute(
                uri: "/test/moves", method: .post, headers: [.contentType: "application/json"], body: json(#"{"tile":3,"rotation":5}"#)
            )
            #expect(response.status == .created)
        }
    }

    @Test(arguments: [
        (#"{"tile":3,"#, "malformed_json", "not valid JSON"),
        (#"{"tile":3}"#, "malformed_json", "missing field 'rotation'"),
        (#"{"tile":"three","rotation":1}"#, "malformed_json", "wrong type at 'tile'"),
        ("", "malformed_json", "empty"),
    ])
    func badJSONIs400(body: String, code: String, message: String) async throws {
        try await withLiveServer(additionalRoutes: moveRoute) { client in
            let response = try await client.execute(
                uri: "/test/moves", method: .post, headers: [.contentType: "application/json"], body: json(body)
            )
            #expect(response.status == .badRequest)
            let envelope = try decodeEnvelope(response.body)
            #expect(envelope.error.code == code)
            #expect(envelope.error.message.contains(message), "\(envelope.error.message)")
        }
    }

    @Test(arguments: ["text/plain", "application/x-www-form-urlencoded", nil] as [String?])
    func wrongContentTypeIs415(contentType: String?) async throws {
        try await withLiveServer(additionalRoutes: moveRoute) { client in
            var headers: HTTPFields = [:]
            if let contentType { headers[.contentType] = contentType }
            let response = try await client.execute(uri: "/test/moves", method: .post, headers: headers, body: json(#"{"tile":1,"rotation":1}"#))
            #expect(response.status == .unsupportedMediaType)
            #expect(try decodeEnvelope(response.body).error.code == "unsupported_media_type")
        }
    }

    @Test func bodyOverTheLimitIs413() async throws {
        let configuration = ServerConfiguration(port: 0, maxBodyBytes: 64)
        try await withLiveServer(configuration: configuration, additionalRoutes: moveRoute) { client in
            let padding = String(repeating: " ", count: 100)
            let response = try await client.execute(
                uri: "/test/moves", method: .post, headers: [.contentType: "application/json"], body: json(#"{"tile":1,"rotation":1}"# + padding)
            )
            #expect(response.status == .contentTooLarge)
            let envelope = try decodeEnvelope(response.body)
            #expect(envelope.error.code == "payload_too_large")
            #expect(envelope.error.message.contains("64 bytes"))

            // Also on routes that never read a body, and on unknown ones: the declared size is enough.
            let onUnknown = try await client.execute(uri: "/nope", method: .post, body: json(padding))
            #expect(onUnknown.status == .contentTooLarge)
        }
    }

    @Test func defaultLimitIsOneMebibyte() async throws {
        #expect(ServerConfiguration().maxBodyBytes == 1_048_576)
        try await withLiveServer(additionalRoutes: moveRoute) { client in
            let big = ByteBuffer(repeating: UInt8(ascii: " "), count: 1_048_577)
            let response = try await client.execute(uri: "/test/moves", method: .post, headers: [.contentType: "application/json"], body: big)
            #expect(response.status == .contentTooLarge)
        }
    }

    @Test func unexpectedErrorIs500WithoutDetails() async throws {
        try await withLiveServer(additionalRoutes: moveRoute) { client in
            let response = try await client.execute(uri: "/test/crash", method: .get)
            #expect(response.status == .internalServerError)
            let envelope = try decodeEnvelope(response.body)
            #expect(envelope.error.code == "internal_error")
            #expect(!envelope.error.message.contains("hunter2"))
            let requestID = try #require(response.headers[.requestID])
            #expect(envelope.error.message.contains(requestID), "the message points at the log line")
        }
    }
}
