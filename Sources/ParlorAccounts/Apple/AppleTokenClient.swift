import AsyncHTTPClient
import Foundation
import NIOCore
import NIOHTTP1
import ParlorHTTP

/// Apple's `/auth/token` (authorization code → refresh token) and `/auth/revoke`.
struct AppleTokenClient: Sendable {
    /// How one call to Apple ended.
    enum Outcome: Sendable, Equatable {
        case done
        /// Worth another try later: Apple was unreachable or answered 5xx or 429.
        case retry(String)
        /// Apple refused it for good (a 4xx): trying again changes nothing.
        case refused(String)
    }

    static let maximumBodyBytes = 64 * 1024

    let client: HTTPClient
    let configuration: AppleTokenConfiguration
    let now: @Sendable () -> Date

    /// The refresh token Apple gives for `code`, or why not.
    func exchange(code: String, clientID: String) async -> Result<String, ExchangeFailure> {
        let form = [("client_id", clientID), ("client_secret", ""), ("code", code), ("grant_type", "authorization_code")]
        switch await post(configuration.tokenURL, form: form, clientID: clientID) {
        case .failure(let failure):
            return .failure(failure)
        case .success(let (status, body)):
            guard (200..<300).contains(status) else { return .failure(ExchangeFailure(reason: "Apple answered HTTP \(status)")) }
            struct Answer: Decodable { var refresh_token: String? }
            guard let token = (try? JSONDecoder().decode(Answer.self, from: Data(body)))?.refresh_token, !token.isEmpty else {
                return .failure(ExchangeFailure(reason: "Apple's answer holds no refresh token"))
            }
            return .success(token)
        }
    }

    /// Revokes `refreshToken` of `clientID`.
    func revoke(refreshToken: String, clientID: String) async -> Outcome {
        let form = [("client_id", clientID), ("client_secret", ""), ("token", refreshToken), ("token_type_hint", "refresh_token")]
        switch await post(configuration.revokeURL, form: form, clientID: clientID) {
        case .failure(let failure):
            return .retry(failure.reason)
        case .success(let (status, _)):
            if (200..<300).contains(status) { return .done }
            if status == 429 || status >= 500 { return .retry("Apple answered HTTP \(status)") }
            return .refused("Apple answered HTTP \(status)")
        }
    }

    struct ExchangeFailure: Error, Sendable { var reason: String }

    /// Posts `form` with a fresh client secret in place of the empty `client_secret`.
    private func post(_ url: String, form: [(String, String)], clientID: String) async -> Result<(UInt, [UInt8]), ExchangeFailure> {
        let secret: String
        do {
            secret = try AppleClientSecret.make(clientID: clientID, configuration: configuration, now: now())
        } catch {
            return .failure(ExchangeFailure(reason: "could not sign the client secret"))
        }
        let fields = form.map { ($0.0, $0.0 == "client_secret" ? secret : $0.1) }
        var request = HTTPClientRequest(url: url)
        request.method = .POST
        request.headers.add(name: "Content-Type", value: "application/x-www-form-urlencoded")
        request.headers.add(name: "Accept", value: "application/json")
        request.body = .bytes(Array(Self.encode(fields).utf8))
        do {
            let response = try await client.execute(request, timeout: TimeAmount(configuration.timeout))
            let body = try await response.body.collect(upTo: Self.maximumBodyBytes)
            return .success((response.status.code, Array(body.readableBytesView)))
        } catch {
            // Never the request: its body holds the code or the token.
            return .failure(ExchangeFailure(reason: "request to Apple failed: \(type(of: error))"))
        }
    }

    static func encode(_ form: [(String, String)]) -> String {
        var allowed = CharacterSet.alphanumerics
        allowed.insert(charactersIn: "-._~")
        return form.map { key, value in
            (key.addingPercentEncoding(withAllowedCharacters: allowed) ?? "") + "=" + (value.addingPercentEncoding(withAllowedCharacters: allowed) ?? "")
        }.joined(separator: "&")
    }
}
