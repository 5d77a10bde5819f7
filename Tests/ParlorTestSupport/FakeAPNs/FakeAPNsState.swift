import Crypto
import Foundation
import HTTPTypes
import Hummingbird
import NIOCore
import Synchronization

/// What the fake APNs keeps: its provider key, the scripted answers and the requests received.
final class FakeAPNsState: Sendable {
    let providerKey = P256.Signing.PrivateKey()
    let script = Mutex<[String: [(status: Int, reason: String?)]]>([:])
    let received = Mutex<[FakeAPNs.Received]>([])
    let expiredBefore = Mutex<Int64>(0)

    func router(teamID: String, keyID: String) -> Router<BasicRequestContext> {
        let router = Router()
        router.post("/3/device/:token") { request, context -> Response in
            let token = context.parameters.get("token") ?? ""
            let body = try await request.body.collect(upTo: 1 << 20)
            var headers: [String: String] = [:]
            for field in request.headers { headers[field.name.canonicalName] = field.value }
            let bearer = headers["authorization"].flatMap { $0.hasPrefix("bearer ") ? String($0.dropFirst(7)) : nil }
            let issuedAt = bearer.flatMap { self.verify($0, teamID: teamID, keyID: keyID) }
            self.received.withLock {
                $0.append(.init(token: token, headers: headers, payload: Data(body.readableBytesView), http2: request.head.scheme != nil, issuedAt: issuedAt))
            }
            guard let issuedAt else { return Self.answer(403, "InvalidProviderToken") }
            if issuedAt < self.expiredBefore.withLock({ $0 }) { return Self.answer(403, "ExpiredProviderToken") }
            guard headers["apns-topic"] != nil else { return Self.answer(400, "MissingTopic") }
            guard body.readableBytes <= 4096 else { return Self.answer(413, "PayloadTooLarge") }
            let next = self.script.withLock { answers -> (status: Int, reason: String?)? in
                guard var queue = answers[token], !queue.isEmpty else { return nil }
                let first = queue.removeFirst()
                answers[token] = queue
                return first
            }
            guard let next, next.status != 200 else {
                var fields = HTTPFields()
                if let id = headers["apns-id"], let name = HTTPField.Name("apns-id") { fields[name] = id }
                return Response(status: .ok, headers: fields)
            }
            return Self.answer(next.status, next.reason ?? "InternalServerError")
        }
        return router
    }

    static func answer(_ status: Int, _ reason: String) -> Response {
        var json = #"{"reason":"\#(reason)""#
        if status == 410 { json += #","timestamp":\#(Int64(Date().timeIntervalSince1970 * 1000))"# }
        json += "}"
        return Response(
            status: .init(code: status), headers: [.contentType: "application/json"], body: .init(byteBuffer: ByteBuffer(string: json)))
    }

    /// The token's `iat` when it is an ES256 JWT with `kid` and `iss` as expected, signed by the provider key.
    func verify(_ token: String, teamID: String, keyID: String) -> Int64? {
        let parts = token.split(separator: ".", omittingEmptySubsequences: false).map(String.init)
        guard parts.count == 3, let header = Self.json(parts[0]), let claims = Self.json(parts[1]),
            header["alg"] as? String == "ES256", header["kid"] as? String == keyID, claims["iss"] as? String == teamID,
            let iat = claims["iat"] as? Int, let signature = Self.base64URL(parts[2]),
            let ecdsa = try? P256.Signing.ECDSASignature(rawRepresentation: signature),
            providerKey.publicKey.isValidSignature(ecdsa, for: Data("\(parts[0]).\(parts[1])".utf8))
        else { return nil }
        return Int64(iat)
    }

    static func json(_ part: String) -> [String: Any]? {
        base64URL(part).flatMap { try? JSONSerialization.jsonObject(with: $0) as? [String: Any] }
    }

    static func base64URL(_ text: String) -> Data? {
        var base64 = text.replacingOccurrences(of: "-", with: "+").replacingOccurrences(of: "_", with: "/")
        while base64.count % 4 != 0 { base64 += "=" }
        return Data(base64Encoded: base64)
    }
}
