import ApplePush
import Crypto
import Foundation
import Testing

@Suite struct ProviderTokenTests {
    let key = P256.Signing.PrivateKey()
    var provider: APNsProviderToken { APNsProviderToken(keyID: "ABC123DEFG", teamID: "TEAM456789", key: key) }

    static func decode(_ part: Substring) throws -> [String: Any] {
        var base64 = part.replacingOccurrences(of: "-", with: "+").replacingOccurrences(of: "_", with: "/")
        while base64.count % 4 != 0 { base64 += "=" }
        let data = try #require(Data(base64Encoded: base64))
        return try #require(try JSONSerialization.jsonObject(with: data) as? [String: Any])
    }

    @Test func aTokenIsAnES256JWTWithKidIssAndIatThatTheKeyVerifies() throws {
        let token = try provider.make(issuedAt: 1_800_000_000)
        let parts = token.split(separator: ".", omittingEmptySubsequences: false)
        #expect(parts.count == 3)
        let header = try Self.decode(parts[0])
        let claims = try Self.decode(parts[1])
        #expect(header["alg"] as? String == "ES256" && header["kid"] as? String == "ABC123DEFG")
        #expect(claims["iss"] as? String == "TEAM456789" && claims["iat"] as? Int == 1_800_000_000)
        var signature = String(parts[2]).replacingOccurrences(of: "-", with: "+").replacingOccurrences(of: "_", with: "/")
        while signature.count % 4 != 0 { signature += "=" }
        let raw = try #require(Data(base64Encoded: signature))
        #expect(raw.count == 64)
        let ecdsa = try P256.Signing.ECDSASignature(rawRepresentation: raw)
        #expect(key.publicKey.isValidSignature(ecdsa, for: Data("\(parts[0]).\(parts[1])".utf8)))
        #expect(!P256.Signing.PrivateKey().publicKey.isValidSignature(ecdsa, for: Data("\(parts[0]).\(parts[1])".utf8)))
    }

    @Test func aTokenIsReusedUntilFiftyMinutesAndRenewedWhenExpired() throws {
        var cache = APNsProviderTokenCache()
        let first = try cache.token(at: 1000, from: provider)
        #expect(try cache.token(at: 1000 + 49 * 60, from: provider) == first)
        // APNs says it expired, but it is younger than a renewal may be: kept (renewing would be refused).
        #expect(try cache.token(at: 1000 + 10 * 60, expired: true, from: provider) == first)
        let renewed = try cache.token(at: 1000 + 25 * 60, expired: true, from: provider)
        #expect(renewed != first && cache.issuedAt == 1000 + 25 * 60)
        let aged = try cache.token(at: 1000 + 25 * 60 + 50 * 60, from: provider)
        #expect(aged != renewed)
        // A clock that went backwards makes a new token rather than trusting an age below zero.
        #expect(try cache.token(at: 10, from: provider) != aged)
    }

    @Test func aKeyFileIsReadFromPEM() throws {
        let parsed = try APNsProviderToken(keyID: "K", teamID: "T", pem: key.pemRepresentation)
        #expect(try parsed.make(issuedAt: 1).split(separator: ".").count == 3)
        #expect(throws: (any Error).self) { try APNsProviderToken(keyID: "K", teamID: "T", pem: "not a key") }
    }
}

@Suite struct RequestAndPayloadTests {
    let token = String(repeating: "ab", count: 32)

    @Test func headersCarryEverythingAPNsReads() throws {
        let id = UUID()
        let request = APNsRequest(
            deviceToken: token, topic: "com.parlor.topdog", pushType: .alert, priority: .immediate, expiration: 1_800_000_100,
            collapseID: "draft-1", id: id, payload: APNsAlert(title: "Your Turn!", body: "Pick 2.05").payload())
        try request.validate()
        let headers = Dictionary(uniqueKeysWithValues: request.headers(providerToken: "jwt").map { ($0.name, $0.value) })
        #expect(request.path == "/3/device/\(token)")
        #expect(headers == [
            "authorization": "bearer jwt", "apns-topic": "com.parlor.topdog", "apns-push-type": "alert", "apns-priority": "10",
            "apns-id": id.uuidString.lowercased(), "apns-expiration": "1800000100", "apns-collapse-id": "draft-1",
        ])
    }

    @Test func whatAPNsWouldRefuseIsCaughtBeforeSending() {
        func request(token: String? = nil, type: APNsRequest.PushType = .alert, priority: APNsRequest.Priority = .immediate, bytes: Int = 10, collapse: String? = nil)
            -> APNsRequest
        {
            APNsRequest(
                deviceToken: token ?? self.token, topic: "t", pushType: type, priority: priority, collapseID: collapse, id: UUID(),
                payload: Data(repeating: 32, count: bytes))
        }
        #expect(throws: APNsRequest.Problem.payloadTooLarge(bytes: 4097)) { try request(bytes: 4097).validate() }
        #expect(throws: Never.self) { try request(bytes: 4096).validate() }
        #expect(throws: APNsRequest.Problem.badDeviceToken) { try request(token: "xyz").validate() }
        #expect(throws: APNsRequest.Problem.collapseIDTooLong) { try request(collapse: String(repeating: "c", count: 65)).validate() }
        #expect(throws: APNsRequest.Problem.backgroundNeedsPriorityFive) { try request(type: .background).validate() }
    }

    @Test func alertPayloadsAreStableJSON() throws {
        var alert = APNsAlert(title: "Your Turn!", body: "Pick 2.05 - 30 \"seconds\"", category: "DRAFT_PICK", custom: [
            "data": .object(["type": .string("on_the_clock"), "room_id": .string("r1"), "pick": .int(17)])
        ])
        alert.badge = 1
        let text = String(decoding: alert.payload(), as: UTF8.self)
        #expect(text == #"{"aps":{"alert":{"body":"Pick 2.05 - 30 \"seconds\"","title":"Your Turn!"},"badge":1,"category":"DRAFT_PICK","sound":"default"},"data":{"pick":17,"room_id":"r1","type":"on_the_clock"}}"#)
        #expect(try JSONSerialization.jsonObject(with: alert.payload()) is [String: Any])
    }

    @Test func liveActivityUpdatesCarryTheDraftTimerContentState() throws {
        let state = DraftTimerContentState(timeRemaining: 30, pickNumber: 17, round: 2, pickInRound: 5, isMyTurn: true, currentPlayerName: "Sam")
        let push = LiveActivityPush(event: .update, contentState: state.value, timestamp: 1_800_000_000, staleDate: 1_800_000_032)
        let json = try #require(try JSONSerialization.jsonObject(with: push.payload()) as? [String: Any])
        let aps = try #require(json["aps"] as? [String: Any])
        #expect(aps["event"] as? String == "update" && aps["timestamp"] as? Int == 1_800_000_000 && aps["stale-date"] as? Int == 1_800_000_032)
        let content = try #require(aps["content-state"] as? [String: Any])
        #expect(content["timeRemaining"] as? Int == 30 && content["isMyTurn"] as? Bool == true && content["pickInRound"] as? Int == 5)
        #expect(content["currentPlayerPosition"] == nil)
        let end = LiveActivityPush(event: .end, contentState: state.value, timestamp: 1_800_000_100, dismissalDate: 1_800_000_400)
        #expect(String(decoding: end.payload(), as: UTF8.self).contains(#""dismissal-date":1800000400,"event":"end""#))
    }
}

@Suite struct DispositionTests {
    func body(_ reason: String, timestamp: Int64? = nil) -> Data {
        Data((timestamp.map { #"{"reason":"\#(reason)","timestamp":\#($0)}"# } ?? #"{"reason":"\#(reason)"}"#).utf8)
    }

    @Test func everyAnswerHasItsMeaning() {
        #expect(APNsDisposition(status: 200, body: nil) == .delivered)
        #expect(APNsDisposition(status: 410, body: body("Unregistered", timestamp: 1_800_000_000_000)) == .deactivateToken(unregisteredAt: 1_800_000_000_000))
        #expect(APNsDisposition(status: 400, body: body("BadDeviceToken")) == .deactivateToken(unregisteredAt: nil))
        #expect(APNsDisposition(status: 403, body: body("ExpiredProviderToken")) == .renewProviderToken)
        #expect(APNsDisposition(status: 429, body: body("TooManyRequests")) == .retry)
        #expect(APNsDisposition(status: 500, body: body("InternalServerError")) == .retry)
        #expect(APNsDisposition(status: 503, body: nil) == .retry)
        #expect(APNsDisposition(status: 400, body: body("PayloadTooLarge")) == .drop(reason: "PayloadTooLarge"))
        #expect(APNsDisposition(status: 403, body: body("BadCertificate")) == .drop(reason: "BadCertificate"))
        #expect(APNsDisposition(status: 404, body: Data("not json".utf8)) == .drop(reason: "HTTP 404"))
    }

    @Test func backoffGrowsWithFullJitterUpToFiveMinutes() {
        #expect(APNsDisposition.backoff(afterAttempts: 0, unit: 1) == .seconds(1))
        #expect(APNsDisposition.backoff(afterAttempts: 3, unit: 1) == .seconds(8))
        #expect(APNsDisposition.backoff(afterAttempts: 3, unit: 0.5) == .seconds(4))
        #expect(APNsDisposition.backoff(afterAttempts: 30, unit: 1) == .seconds(300))
        #expect(APNsDisposition.backoff(afterAttempts: 5, unit: 0) == .zero)
    }
}
