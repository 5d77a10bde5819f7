import Foundation
import JWTKit
import Logging

/// One provider's signing keys, fetched from its JWKS URL and cached.
///
/// The set is kept for the response's `Cache-Control: max-age` (default one hour). A token whose `kid`
/// is not in the set triggers one refetch, since the provider may have rotated keys, but such refetches
/// happen at most once per cooldown: otherwise anyone could make us hammer the provider with made-up kids.
/// Concurrent callers that need a fetch share one request.
actor JWKSCache {
    /// A fetched key set and the time until which it may be used without asking again.
    private struct Snapshot: Sendable {
        var keys: JWTKeyCollection
        /// kid → the one algorithm that key may verify; keys we cannot use are left out.
        var algorithms: [String: String]
        var expiresAt: Date
    }

    static let defaultMaxAge: Double = 60 * 60
    static let unknownKeyCooldown: Double = 60

    private let provider: SignInProvider
    private let url: URL
    private let http: ProviderHTTP
    private let now: @Sendable () -> Date
    private var snapshot: Snapshot?
    private var inFlight: Task<Result<Snapshot, SignInError>, Never>?
    private var lastUnknownKeyFetch: Date?

    init(provider: SignInProvider, url: URL, http: ProviderHTTP, now: @escaping @Sendable () -> Date) {
        self.provider = provider
        self.url = url
        self.http = http
        self.now = now
    }

    /// The key published as `kid`, ready to verify a signature made with `algorithm`.
    func key(for kid: String, algorithm: String) async throws(SignInError) -> any JWTAlgorithm {
        var current: Snapshot
        var fetchedForThisCall = false
        if let cached = snapshot, now() < cached.expiresAt {
            current = cached
        } else {
            do {
                current = try await refresh()
                fetchedForThisCall = true
            } catch {
                // Keys rarely change: while the provider is unreachable, expired keys beat no sign-in at
                // all. They are kept for one more cooldown so that each sign-in does not wait on a timeout.
                guard var stale = snapshot else { throw error }
                http.logger.warning(
                    "Keeping expired signing keys; refresh failed",
                    metadata: ["provider": "\(provider.rawValue)", "reason": "\(error)"])
                stale.expiresAt = now().addingTimeInterval(Self.unknownKeyCooldown)
                snapshot = stale
                current = stale
            }
        }

        if current.algorithms[kid] == nil, !fetchedForThisCall, mayFetchForUnknownKey() {
            lastUnknownKeyFetch = now()
            current = try await refresh()
        }

        guard let published = current.algorithms[kid] else {
            throw .invalidCredential(provider: provider, reason: "unknown signing key")
        }
        guard published == algorithm else {
            throw .invalidCredential(provider: provider, reason: "signing key does not match token algorithm")
        }
        do {
            return try await current.keys.getKey(for: JWKIdentifier(string: kid), alg: algorithm)
        } catch {
            throw .providerUnavailable(provider: provider, reason: "published signing key is unusable")
        }
    }

    private func mayFetchForUnknownKey() -> Bool {
        guard let last = lastUnknownKeyFetch else { return true }
        return now().timeIntervalSince(last) >= Self.unknownKeyCooldown
    }

    private func refresh() async throws(SignInError) -> Snapshot {
        let task: Task<Result<Snapshot, SignInError>, Never>
        if let running = inFlight {
            task = running
        } else {
            let (provider, url, http, now) = (self.provider, self.url, self.http, self.now)
            task = Task { await Self.fetch(provider: provider, url: url, http: http, now: now) }
            inFlight = task
        }
        let result = await task.value
        if inFlight == task { inFlight = nil }
        let fresh = try result.get()
        snapshot = fresh
        return fresh
    }

    private static func fetch(
        provider: SignInProvider, url: URL, http: ProviderHTTP, now: @Sendable () -> Date
    ) async -> Result<Snapshot, SignInError> {
        do throws(SignInError) {
            let response = try await http.get(url.absoluteString, provider: provider, step: "signing keys")
            guard response.isSuccess else {
                throw .providerUnavailable(provider: provider, reason: "signing keys answered HTTP \(response.status)")
            }
            guard let set = response.decode(KeySet.self) else {
                throw .providerUnavailable(provider: provider, reason: "signing keys answer is not a key set")
            }
            let keys = JWTKeyCollection()
            var algorithms: [String: String] = [:]
            for case let jwk? in set.keys {
                guard let kid = jwk.keyIdentifier?.string, let algorithm = supportedAlgorithm(of: jwk) else { continue }
                // One malformed key must not take the provider's other keys down with it.
                guard (try? await keys.add(jwk: jwk)) != nil else { continue }
                algorithms[kid] = algorithm
            }
            guard !algorithms.isEmpty else {
                throw .providerUnavailable(provider: provider, reason: "signing keys answer holds no usable key")
            }
            let maxAge = CacheControl.maxAge(response.header("Cache-Control"), default: defaultMaxAge)
            http.logger.debug(
                "Fetched signing keys",
                metadata: ["provider": "\(provider.rawValue)", "keys": "\(algorithms.count)", "max_age": "\(Int(maxAge))"])
            return .success(Snapshot(keys: keys, algorithms: algorithms, expiresAt: now().addingTimeInterval(maxAge)))
        } catch {
            return .failure(error)
        }
    }

    /// RS256 for RSA keys and ES256 for P-256 keys; a key that declares another `alg` is not used.
    private static func supportedAlgorithm(of jwk: JWK) -> String? {
        let algorithm: String
        if jwk.keyType == .rsa {
            algorithm = "RS256"
        } else if jwk.keyType == .ecdsa, jwk.curve?.rawValue == "P-256" {
            algorithm = "ES256"
        } else {
            return nil
        }
        if let declared = jwk.algorithm, declared.rawValue != algorithm { return nil }
        return algorithm
    }

    /// `{"keys": [...]}`, skipping entries JWTKit cannot read instead of rejecting the whole set.
    private struct KeySet: Decodable {
        var keys: [JWK?]

        private struct LenientKey: Decodable {
            var jwk: JWK?
            init(from decoder: any Decoder) throws { jwk = try? JWK(from: decoder) }
        }

        private enum CodingKeys: String, CodingKey { case keys }

        init(from decoder: any Decoder) throws {
            let container = try decoder.container(keyedBy: CodingKeys.self)
            keys = try container.decode([LenientKey].self, forKey: .keys).map(\.jwk)
        }
    }
}
