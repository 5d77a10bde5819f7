import Crypto
import Foundation
import Hummingbird
import NIOCore
import Synchronization

/// A fake of Apple's token endpoints (`appleid.apple.com`) on loopback over TLS:
/// `POST /auth/token` trades a code the test made for a refresh token, `POST /auth/revoke`
/// revokes one. Both check the client secret as Apple does: an ES256 JWT signed by the app's key
/// (``privateKeyPEM``, the `.p8`), `kid` ``keyID``, `iss` ``teamID``, `sub` the form's
/// `client_id`, `aud` `https://appleid.apple.com`, issued now and not expired. Every request is recorded.
public final class FakeAppleID: Sendable {
    /// A request as the fake saw it.
    public struct Received: Sendable, Equatable {
        public var path: String
        public var clientID: String
        /// The code (`/auth/token`) or token (`/auth/revoke`) sent.
        public var value: String
        public var tokenTypeHint: String?
        /// Whether the client secret verified with every claim as expected.
        public var secretValid: Bool
        /// What the fake answered.
        public var status: Int
    }

    /// `https://127.0.0.1:<port>`.
    public let url: URL
    /// The TLS root an HTTP client must trust to reach the fake.
    public let tlsRootPEM: String
    public let teamID = "TEAMAPPLE1"
    public let keyID = "SIWAKEY001"
    /// The Sign in with Apple key, as the `.p8` file holds it.
    public var privateKeyPEM: String { state.key.pemRepresentation }

    let state: FakeAppleIDState

    init(port: Int, tlsRootPEM: String, state: FakeAppleIDState) {
        // Built from a port number, so it always parses.
        url = URL(string: "https://127.0.0.1:\(port)")!
        self.tlsRootPEM = tlsRootPEM
        self.state = state
    }

    /// A new authorization code the fake will trade (once) for the refresh token it returns.
    public func authorizationCode() -> (code: String, refreshToken: String) {
        let code = "c." + UUID().uuidString
        let token = "r." + UUID().uuidString
        state.codes.withLock { $0[code] = token }
        return (code, token)
    }

    /// The next `count` revocations answer 503 (after the secret is checked).
    public func failRevocations(_ count: Int) { state.failuresLeft.withLock { $0 = count } }

    public var received: [Received] { state.received.withLock { $0 } }
    public var exchanges: [Received] { received.filter { $0.path == "/auth/token" } }
    public var revocations: [Received] { received.filter { $0.path == "/auth/revoke" } }

    public static func run<Result: Sendable>(
        isolation: isolated (any Actor)? = #isolation, _ body: (FakeAppleID) async throws -> Result
    ) async throws -> Result {
        let state = FakeAppleIDState(teamID: "TEAMAPPLE1", keyID: "SIWAKEY001")
        return try await LoopbackServer.runTLS(router: state.router(), label: "Fake Apple ID") { port, tlsRoot in
            try await body(FakeAppleID(port: port, tlsRootPEM: tlsRoot, state: state))
        }
    }
}

/// The fake's key, codes, scripted failures and what it received.
final class FakeAppleIDState: Sendable {
    let key = P256.Signing.PrivateKey()
    let teamID: String
    let keyID: String
    let codes = Mutex<[String: String]>([:])
    let failuresLeft = Mutex(0)
    let received = Mutex<[FakeAppleID.Received]>([])

    init(teamID: String, keyID: String) {
        self.teamID = teamID
        self.keyID = keyID
    }

    func router() -> Router<BasicRequestContext> {
        let router = Router()
        router.post("/auth/token") { request, _ -> Response in
            let form = Self.form(try await request.body.collect(upTo: 1 << 16))
            let clientID = form["client_id"] ?? ""
            let secretValid = self.verify(secret: form["client_secret"] ?? "", clientID: clientID)
            let code = form["code"] ?? ""
            let token = secretValid && form["grant_type"] == "authorization_code" ? self.codes.withLock { $0.removeValue(forKey: code) } : nil
            let status = !secretValid ? 401 : token == nil ? 400 : 200
            self.record(.init(path: "/auth/token", clientID: clientID, value: code, tokenTypeHint: nil, secretValid: secretValid, status: status))
            if !secretValid { return Self.json(400, #"{"error":"invalid_client"}"#) }
            guard let token else { return Self.json(400, #"{"error":"invalid_grant"}"#) }
            return Self.json(200, #"{"access_token":"a.\#(UUID().uuidString)","token_type":"Bearer","expires_in":3600,"refresh_token":"\#(token)","id_token":"x.y.z"}"#)
        }
        router.post("/auth/revoke") { request, _ -> Response in
            let form = Self.form(try await request.body.collect(upTo: 1 << 16))
            let clientID = form["client_id"] ?? ""
            let secretValid = self.verify(secret: form["client_secret"] ?? "", clientID: clientID)
            let failing = secretValid && self.failuresLeft.withLock { left in
                guard left > 0 else { return false }
                left -= 1
                return true
            }
            let status = !secretValid ? 400 : failing ? 503 : 200
            self.record(
                .init(path: "/auth/revoke", clientID: clientID, value: form["token"] ?? "", tokenTypeHint: form["token_type_hint"], secretValid: secretValid,
                    status: status))
            if !secretValid { return Self.json(400, #"{"error":"invalid_client"}"#) }
            return failing ? Self.json(503, "{}") : Response(status: .ok)
        }
        return router
    }

    private func record(_ received: FakeAppleID.Received) { self.received.withLock { $0.append(received) } }

    /// Whether `secret` is an ES256 JWT from our key with Apple's expected header and claims for `clientID`.
    func verify(secret: String, clientID: String) -> Bool {
        let parts = secret.split(separator: ".", omittingEmptySubsequences: false).map(String.init)
        guard parts.count == 3, let header = FakeAPNsState.json(parts[0]), let claims = FakeAPNsState.json(parts[1]),
            header["alg"] as? String == "ES256", header["kid"] as? String == keyID,
            claims["iss"] as? String == teamID, claims["sub"] as? String == clientID, !clientID.isEmpty,
            claims["aud"] as? String == "https://appleid.apple.com",
            let iat = claims["iat"] as? Int, let exp = claims["exp"] as? Int,
            let signature = FakeAPNsState.base64URL(parts[2]),
            let ecdsa = try? P256.Signing.ECDSASignature(rawRepresentation: signature),
            key.publicKey.isValidSignature(ecdsa, for: Data("\(parts[0]).\(parts[1])".utf8))
        else { return false }
        let now = Int(Date().timeIntervalSince1970)
        return iat <= now + 60 && exp > now && exp - iat <= 180 * 86400
    }

    static func form(_ body: ByteBuffer) -> [String: String] {
        var components = URLComponents()
        components.percentEncodedQuery = String(buffer: body).replacingOccurrences(of: "+", with: "%20")
        var fields: [String: String] = [:]
        for item in components.queryItems ?? [] { fields[item.name] = item.value ?? "" }
        return fields
    }

    static func json(_ status: Int, _ body: String) -> Response {
        Response(status: .init(code: status), headers: [.contentType: "application/json"], body: .init(byteBuffer: ByteBuffer(string: body)))
    }
}
