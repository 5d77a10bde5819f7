import Foundation
import SwiftASN1
import X509

/// Game Center key certificates, fetched from the URL GameKit names and cached by that URL.
///
/// A certificate is kept for its answer's `Cache-Control: max-age` (default one day; Apple's keys
/// change rarely and under a new URL). The URL's host has been checked before anything is fetched,
/// and the cache holds at most `capacity` URLs, so made-up URLs can neither reach other hosts nor
/// grow memory. Concurrent callers for one URL share one request. What is cached is only the parsed
/// certificate: its chain and validity are checked on every sign-in, at that moment.
actor GameCenterKeyCache {
    private struct Entry: Sendable {
        var certificate: Certificate
        var expiresAt: Date
    }

    static let defaultMaxAge: Double = 24 * 60 * 60
    static let capacity = 32

    private let http: ProviderHTTP
    private let now: @Sendable () -> Date
    private var entries: [String: Entry] = [:]
    private var inFlight: [String: Task<Result<Entry, SignInError>, Never>] = [:]

    init(http: ProviderHTTP, now: @escaping @Sendable () -> Date) {
        self.http = http
        self.now = now
    }

    /// The certificate published at `url`.
    func certificate(at url: URL) async throws(SignInError) -> Certificate {
        let key = url.absoluteString
        if let cached = entries[key], now() < cached.expiresAt { return cached.certificate }
        let task: Task<Result<Entry, SignInError>, Never>
        if let running = inFlight[key] {
            task = running
        } else {
            let (http, now) = (self.http, self.now)
            task = Task { await Self.fetch(url: url, http: http, now: now) }
            inFlight[key] = task
        }
        let result = await task.value
        if inFlight[key] == task { inFlight[key] = nil }
        let entry = try result.get()
        store(entry, for: key)
        return entry.certificate
    }

    private func store(_ entry: Entry, for key: String) {
        let time = now()
        entries = entries.filter { $0.value.expiresAt > time }
        if entries.count >= Self.capacity, entries[key] == nil,
            let oldest = entries.min(by: { $0.value.expiresAt < $1.value.expiresAt })?.key
        {
            entries[oldest] = nil
        }
        entries[key] = entry
    }

    private static func fetch(url: URL, http: ProviderHTTP, now: @Sendable () -> Date) async -> Result<Entry, SignInError> {
        do throws(SignInError) {
            let response = try await http.get(url.absoluteString, provider: .gamecenter, step: "public key")
            // The URL is the client's choice: a missing key is a bad credential, Apple being down is not.
            if response.isClientError {
                throw .invalidCredential(provider: .gamecenter, reason: "public key URL answered HTTP \(response.status)")
            }
            guard response.isSuccess else {
                throw .providerUnavailable(provider: .gamecenter, reason: "public key answered HTTP \(response.status)")
            }
            guard let certificate = parse(response.body) else {
                throw .invalidCredential(provider: .gamecenter, reason: "public key URL does not serve a certificate")
            }
            let maxAge = CacheControl.maxAge(response.header("Cache-Control"), default: defaultMaxAge)
            return .success(Entry(certificate: certificate, expiresAt: now().addingTimeInterval(maxAge)))
        } catch {
            return .failure(error)
        }
    }

    /// Apple serves DER (`.cer`); PEM is accepted as well.
    private static func parse(_ body: [UInt8]) -> Certificate? {
        if let certificate = try? Certificate(derEncoded: body) { return certificate }
        guard let text = String(validating: body, as: UTF8.self) else { return nil }
        return try? Certificate(pemEncoded: text)
    }
}
