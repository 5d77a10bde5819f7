import Foundation
import HTTPTypes
import Hummingbird
import NIOCore

/// The fake's HTTP surface: one router, a path prefix per provider, and the fault middleware in front.
enum FakeProviderRoutes {
    static func router(state: FakeProviderState) -> Router<BasicRequestContext> {
        let router = Router()
        router.add(middleware: FaultMiddleware(state: state))

        // Apple
        router.get("apple/auth/keys") { _, _ in
            let (keys, maxAge) = await state.appleKeySet()
            return json(200, keys, headers: [.cacheControl: "public, max-age=\(maxAge)"])
        }

        // Discord
        router.post("discord/api/oauth2/token") { request, _ in
            guard request.headers[.contentType]?.hasPrefix("application/x-www-form-urlencoded") == true else {
                return json(400, ["error": "invalid_request", "error_description": "expected a form body"])
            }
            let body = try await request.body.collect(upTo: 64 * 1024)
            guard let form = try? URLEncodedFormDecoder().decode(FakeDiscordTokenForm.self, from: String(buffer: body)) else {
                return json(400, ["error": "invalid_request"])
            }
            let (status, answer) = await state.discordExchange(form)
            return json(status, answer)
        }
        router.get("discord/api/users/@me") { request, _ in
            let (status, answer) = await state.discordUser(authorization: request.headers[.authorization])
            return json(status, answer)
        }

        // Facebook Graph
        router.get("facebook/v19.0/debug_token") { request, _ in
            let query = request.uri.queryParameters
            let (status, answer) = await state.facebookDebugToken(
                inputToken: query["input_token"].map(String.init), appAccessToken: query["access_token"].map(String.init))
            return json(status, answer)
        }
        router.get("facebook/v19.0/me") { request, _ in
            let query = request.uri.queryParameters
            let (status, answer) = await state.facebookMe(
                accessToken: query["access_token"].map(String.init), appSecretProof: query["appsecret_proof"].map(String.init))
            return json(status, answer)
        }

        // Facebook Limited Login
        router.get("facebook-limited/.well-known/oauth/openid/jwks") { _, _ in
            json(200, await state.facebookLimitedKeySet(), headers: [.cacheControl: "public, max-age=3600"])
        }
        return router
    }

    static func json(_ status: Int, _ body: FakeJSON, headers: HTTPFields = [:]) -> Response {
        var headers = headers
        headers[.contentType] = "application/json; charset=utf-8"
        return Response(
            status: HTTPResponse.Status(code: status), headers: headers,
            body: ResponseBody(byteBuffer: ByteBuffer(bytes: body.data())))
    }

    /// Counts requests and applies the fault the test chose.
    struct FaultMiddleware: RouterMiddleware {
        typealias Context = BasicRequestContext
        let state: FakeProviderState

        func handle(_ request: Request, context: Context, next: (Request, Context) async throws -> Response) async throws -> Response {
            switch await state.recordRequest() {
            case .healthy:
                return try await next(request, context)
            case .down:
                return Response(
                    status: .serviceUnavailable, headers: [.contentType: "text/plain"],
                    body: ResponseBody(byteBuffer: ByteBuffer(string: "upstream connect error or disconnect/reset before headers")))
            case .garbage:
                return Response(
                    status: .ok, headers: [.contentType: "text/html"],
                    body: ResponseBody(byteBuffer: ByteBuffer(string: "<html><body>Sorry, something went wrong.</body></html>")))
            case .oversized:
                return Response(
                    status: .ok, headers: [.contentType: "application/json"],
                    body: ResponseBody(byteBuffer: ByteBuffer(repeating: UInt8(ascii: " "), count: 2 << 20)))
            case .slow(let delay):
                try await Task.sleep(for: delay)
                return try await next(request, context)
            }
        }
    }
}
