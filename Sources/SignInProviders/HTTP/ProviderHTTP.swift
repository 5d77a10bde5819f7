import AsyncHTTPClient
import Foundation
import Logging
import NIOCore
import NIOHTTP1

/// Sends requests to providers with the server's shared client.
///
/// Every exchange has one deadline covering connect, headers and body, and every body is capped, so a
/// slow or hostile provider can neither hold a sign-in request open nor make the server buffer without
/// bound. Transport failures all become `providerUnavailable`: the user did nothing wrong.
struct ProviderHTTP: Sendable {
    /// Real provider answers are a few kilobytes; anything near this is not a real answer.
    static let maximumBodyBytes = 1 << 20

    let client: HTTPClient
    let timeout: Duration
    let logger: Logger

    func get(
        _ url: String, bearer: String? = nil, provider: SignInProvider, step: String
    ) async throws(SignInError) -> ProviderResponse {
        var request = HTTPClientRequest(url: url)
        request.method = .GET
        request.headers.add(name: "Accept", value: "application/json")
        if let bearer { request.headers.add(name: "Authorization", value: "Bearer \(bearer)") }
        return try await send(request, provider: provider, step: step)
    }

    func postForm(
        _ url: String, form: [(String, String)], provider: SignInProvider, step: String
    ) async throws(SignInError) -> ProviderResponse {
        var request = HTTPClientRequest(url: url)
        request.method = .POST
        request.headers.add(name: "Accept", value: "application/json")
        request.headers.add(name: "Content-Type", value: "application/x-www-form-urlencoded")
        request.body = .bytes(Array(FormEncoding.encode(form).utf8))
        return try await send(request, provider: provider, step: step)
    }

    private enum Outcome: Sendable {
        case answered(ProviderResponse)
        case failed(String)
        case timedOut
    }

    private func send(
        _ request: HTTPClientRequest, provider: SignInProvider, step: String
    ) async throws(SignInError) -> ProviderResponse {
        let client = self.client
        let timeout = self.timeout
        // Race the exchange against a timer: AsyncHTTPClient's own deadline stops at the response head,
        // and the body must be bounded in time as well as in size. Its deadline, a little later than
        // ours, is only a backstop; the timer is what callers see.
        let backstop = TimeAmount(timeout) + .seconds(1)
        let outcome = await withTaskGroup(of: Outcome.self) { group in
            group.addTask {
                do {
                    let response = try await client.execute(request, timeout: backstop)
                    let body = try await response.body.collect(upTo: Self.maximumBodyBytes)
                    return .answered(
                        ProviderResponse(
                            status: response.status.code, headers: response.headers, body: Array(body.readableBytesView)))
                } catch {
                    return .failed(Self.describe(error))
                }
            }
            group.addTask {
                try? await Task.sleep(for: timeout)
                return .timedOut
            }
            let first = await group.next() ?? .timedOut
            group.cancelAll()
            return first
        }
        switch outcome {
        case .answered(let response):
            return response
        case .failed(let reason):
            throw .providerUnavailable(provider: provider, reason: "\(step) request failed: \(reason)")
        case .timedOut:
            throw .providerUnavailable(provider: provider, reason: "\(step) request timed out")
        }
    }

    /// A short description that names the failure without echoing the request (its URL may hold a token).
    private static func describe(_ error: any Error) -> String {
        switch error {
        case is NIOTooManyBytesError:
            "response larger than \(maximumBodyBytes) bytes"
        case let error as HTTPClientError:
            "\(error)"
        case is CancellationError:
            "cancelled"
        case let error as IOError:
            "\(error)"
        case let error as ChannelError:
            "\(error)"
        default:
            "\(type(of: error))"
        }
    }
}
